"""Headless Chromium (Debian's, through Playwright) over the three sites built once per session from data/."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from counterpedia.search.browser import unavailable_reason

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}
LOCAL_SCHEMES = ("file:", "data:", "blob:", "about:")


@pytest.fixture(scope="session")
def chromium_anywhere():
    """Chromium, launched once per process. The tests that need only the search worker's JavaScript (no built
    site) take it directly: any xdist worker runs them, instead of waiting behind the site build in the browser
    worker (tests/xdist_groups.py groups the tests that use `browser`)."""
    reason = unavailable_reason()
    if reason:
        pytest.skip(f"browser tests need Chromium and Playwright: {reason}")
    from counterpedia.search.browser import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture(scope="session")
def browser(chromium_anywhere):
    """The same Chromium, for the tests that read the built sites: one worker runs them all, after it built them."""
    return chromium_anywhere


@pytest.fixture(scope="session")
def real_site_index(real_kb, real_data):
    """`real_site_index(lang)`: the search index the site build makes from data/ (`site_index.build`), made once
    per process for the tests that run the worker on it (a second or more of CPU per language). Read-only."""
    from counterpedia.catalogue.shorthands import default_path, meanings
    from counterpedia.search import site_index

    table, _problem = meanings(real_kb, default_path(real_data))

    @cache
    def build(lang: str) -> dict:
        return site_index.build(real_kb, lang, None, table)

    return build


@pytest.fixture(scope="session")
def site(built_site) -> Path:
    """The three built sites, shared with the other site tests (see tests/conftest.py)."""
    return built_site


class Recorder:
    """Every request a page makes, every console error and page error."""

    def __init__(self, page):
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("requestfailed", self.failed)

    def failed(self, request) -> None:
        # A navigation cancels what the previous page still had in flight (its favicon, say): that is
        # net::ERR_ABORTED, not a failure. Every request is still checked for leaving the machine.
        if request.failure != "net::ERR_ABORTED":
            self.errors.append(f"request failed: {request.url} ({request.failure})")

    def check(self) -> None:
        assert not self.errors, "console errors:\n" + "\n".join(self.errors)
        leaving = [url for url in self.requests if not url.startswith(LOCAL_SCHEMES)]
        assert not leaving, "requests leaving the machine:\n" + "\n".join(leaving)

    def check_and_forget(self) -> None:
        """`check`, then start afresh: a page shared by several tests is checked after each of them."""
        try:
            self.check()
        finally:
            self.errors.clear()
            self.requests.clear()


@pytest.fixture
def page(browser):
    """A fresh page (own context); at the end: no console error, no request other than file://."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.recorder = Recorder(page)
    yield page
    try:
        page.recorder.check()
    finally:
        context.close()


@pytest.fixture(scope="session")
def search_pages(browser):
    """The pages `search_page` opens, one per language, kept for the whole session in one context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    pages: dict = {}
    yield context, pages
    context.close()


@pytest.fixture
def search_page(search_pages, site):
    """`search_page(lang)`: that language's home page, to type queries in; the same page for every test that
    only searches. Opening a page and loading its index into the search worker cost a second or two of CPU
    each time, ten times what a query costs; every query clears the box and waits for its own results
    (`type_query`), as a reader typing one query after another. After the test, as `page`: no console error,
    no request other than file://."""
    context, pages = search_pages
    used = []

    def open_page(lang: str):
        home = url(site, lang, "index.html")
        page = pages.get(lang)
        if page is None:
            page = pages[lang] = context.new_page()
            page.recorder = Recorder(page)
        page.bring_to_front()  # Chromium slows the timers of a page behind another (Material's search waits on them)
        if page.url != home:  # new, or a test before this one left the page
            page.goto(home)
        used.append(page)
        return page

    yield open_page
    for page in used:
        page.recorder.check_and_forget()


def url(site: Path, lang: str, path: str) -> str:
    return (site / PREFIX[lang] / path).resolve().as_uri()
