"""A reader filters a counter's rulings to the official ones: a checkbox, in CSS alone (from disk, no script)."""

from __future__ import annotations

import pytest

from .conftest import PREFIX, url

pytestmark = pytest.mark.browser


def _mixed_counter(site, lang: str) -> str:
    """A counter page whose rulings are shown in full, some official and some not (found in the built site)."""
    for path in sorted((site / PREFIX[lang] / "counters").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        if 'class="cp-ruling cp-ruling--official"' in text and 'class="cp-ruling cp-ruling--unproven"' in text:
            return f"counters/{path.name}"
    pytest.skip(f"no counter page of the {lang} site shows official and unproven rulings together")


@pytest.mark.parametrize("lang", list(PREFIX))
def test_the_official_only_checkbox_hides_the_unproven_rulings(site, page, lang):
    counter = _mixed_counter(site, lang)
    for path in (counter, "rulings/" + counter):
        page.goto(url(site, lang, path))
        official = page.locator(".cp-ruling--official").count()
        assert page.locator(".cp-ruling--unproven:visible").count() > 0
        assert page.locator(".cp-ruling-provenance:visible").count() == page.locator(".cp-ruling").count()
        page.locator(".cp-official-filter__input").check()
        assert page.locator(".cp-ruling--unproven:visible").count() == 0, path
        assert page.locator(".cp-ruling--official:visible").count() == official > 0
        page.locator(".cp-official-filter__input").uncheck()
        assert page.locator(".cp-ruling--unproven:visible").count() > 0
