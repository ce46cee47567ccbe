"""Hostile names and texts in Chromium: no script from the data runs, on a page or in search results."""

from __future__ import annotations

import pytest

from ..hostile import SCRIPT
from .conftest import PREFIX, url

pytestmark = pytest.mark.browser
PAGES = [
    "cards/struggle-for-project-purity.html",
    "counters/rad.html",
    "sources.html",
    "rulings/index.html",
    "index.html",
    "cards/index.html",
    "rulings/by-counter.html",
    "rulings/counters/rad.html",
    "rulings/2024.html",
]


def watch_dialogs(page) -> list[str]:
    """Every alert/confirm/prompt a page opens (each would be a script from the data running)."""
    opened: list[str] = []

    def seen(dialog):
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", seen)
    return opened


@pytest.mark.parametrize("lang", list(PREFIX))
def test_no_script_from_the_data_runs_on_its_pages(hostile_site, page, lang):
    opened = watch_dialogs(page)
    for path in PAGES:
        page.goto(url(hostile_site, lang, path))
        page.wait_for_load_state("load")
        page.wait_for_timeout(50)
    assert not opened, opened
    page.goto(url(hostile_site, lang, "cards/struggle-for-project-purity.html"))
    assert SCRIPT in page.locator("body").inner_text()


def test_no_script_runs_from_search_results(hostile_site, page):
    opened = watch_dialogs(page)
    page.goto(url(hostile_site, "en", "index.html"))
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("script alert")
    box.press("End")
    page.wait_for_selector(".md-search-result__item", timeout=15_000)
    page.wait_for_timeout(200)
    assert not opened, opened
    assert "<script>" in page.locator(".md-search-result").inner_text()
