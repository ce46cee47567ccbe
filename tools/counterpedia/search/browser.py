"""Headless Chromium for the browser tests and the benchmark: Debian's build, driven by Playwright.

Playwright's own browser download does not work here; the system's Chromium is used instead."""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from urllib.parse import unquote, urlsplit

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]


def chromium_path() -> str | None:
    explicit = os.environ.get("COUNTERPEDIA_CHROMIUM")
    for candidate in ((explicit,) if explicit else ()) + CHROMIUM_CANDIDATES:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("chromium")


def unavailable_reason() -> str | None:
    """Why the browser cannot run here (None when it can)."""
    try:  # start-up: Playwright (an optional test dependency) is loaded only when a browser is wanted
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if chromium_path() is None:
        return "no Chromium found at /usr/bin/chromium (Debian: apt-get install chromium fonts-noto-cjk)"
    return None


@contextmanager
def chromium():
    """A launched browser, closed on exit (Playwright gives each launch a fresh temporary profile)."""
    # start-up: Playwright (an optional test dependency) is loaded only when a browser is wanted
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


FIRST_RESULT_PROBE = """
(() => {
  const start = performance.now();
  const seen = () => {
    if (window.__cpFirstResult === undefined && document.querySelector('.md-search-result__item')) {
      window.__cpFirstResult = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {childList: true, subtree: true});
})();
"""


def first_result_ms(page, url: str, timeout: float = 15_000) -> dict[str, float]:
    """Open `url` (with ?q=…, Material's deep link) and time the first search result shown.

    `navigation`: ms from the start of navigation; `load`: ms after the page's load event ended
    (the page is usable); `query`: ms from typing the query again, once the index is ready, to its result."""
    page.add_init_script(FIRST_RESULT_PROBE)
    page.goto(url)
    page.wait_for_function("window.__cpFirstResult !== undefined", timeout=timeout)
    first = float(page.evaluate("window.__cpFirstResult"))
    loaded = float(page.evaluate("performance.getEntriesByType('navigation')[0].loadEventEnd"))
    query = page.locator("input.md-search__input")
    typed = query.input_value()
    query.fill("")
    query.press("End")
    page.wait_for_function("!document.querySelector('.md-search-result__item')", timeout=timeout)
    start = float(page.evaluate("performance.now()"))
    query.fill(typed)
    query.press("End")
    page.wait_for_function("document.querySelector('.md-search-result__item')", timeout=timeout)
    again = float(page.evaluate("performance.now()")) - start
    return {"navigation": first, "load": max(0.0, first - loaded), "query": again}


# Material's "no results" line in the three languages (partials/languages/*.html).
NOTHING_FOUND = ("何も見つかりませんでした", "No matching documents", "Aucun document trouvé")
RESULTS_SHOWN = (
    "document.querySelector('.md-search-result__item') || "
    f"{list(NOTHING_FOUND)!r}.includes(document.querySelector('.md-search-result__meta').textContent.trim())"
)
NO_RESULTS = "!document.querySelector('.md-search-result__item')"


def type_query(page, query: str, timeout: float = 15_000) -> list[dict]:
    """Type `query` in the search box and return the results shown, in order: for each link, its href,
    its title's text, its text and its HTML (the article of each result, then its sections)."""
    box = page.locator("input.md-search__input")
    box.click()
    if box.input_value():
        box.fill("")
        box.press("End")  # Material reads the query on keyup: the empty query clears the results
        page.wait_for_function(NO_RESULTS, timeout=timeout)
    box.fill(query)
    box.press("End")
    page.wait_for_function(RESULTS_SHOWN, timeout=timeout)
    return page.eval_on_selector_all(
        ".md-search-result__item a.md-search-result__link",
        """links => links.map(a => ({href: a.href, title: (a.querySelector('h1,h2') || {}).textContent || '',
            text: a.textContent, html: a.innerHTML}))""",
    )


def site_location(root: str, href: str) -> str:
    """counters/rad.html#x from a result's file:// URL, under the site root `root` (a file:// URL)."""

    parts = urlsplit(href)
    base = unquote(urlsplit(root).path).rstrip("/") + "/"
    path = unquote(parts.path)
    path = path[len(base) :] if path.startswith(base) else path
    return path + (f"#{parts.fragment}" if parts.fragment else "")
