"""Hostile names and texts show on every page exactly as written, and nothing in them becomes markup or script."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from .hostile import ENTITIES, FRONT_MATTER, HOSTILE_TEXTS, IMG, MARKDOWN, SCRIPT

pytestmark = pytest.mark.site
LANGS = {"ja": "", "en": "en/", "fr": "fr/"}


class Page(HTMLParser):
    """The text a reader sees (whitespace collapsed), the <title>, and anything that could run."""

    def __init__(self, source: str):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.title = ""
        self.runnable: list[str] = []
        self._stack: list[str] = []
        self.feed(source)
        self.close()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on") or (
                name in ("href", "src") and (value or "").strip().lower().startswith("javascript:")
            ):
                self.runnable.append(f"<{tag} {name}={value!r}>")
        if tag == "img" and dict(attrs).get("src") == "x":
            self.runnable.append("<img src=x>")
        if tag not in ("br", "img", "input", "meta", "link", "hr"):
            self._stack.append(tag)

    def handle_endtag(self, tag):
        while self._stack:
            if self._stack.pop() == tag:
                break

    def handle_data(self, data):
        where = self._stack[-1] if self._stack else ""
        if where == "script":
            if "alert(" in data:
                self.runnable.append(f"<script>{data[:80]}")
            return
        if where == "title":
            self.title += data
        if where not in ("style",):
            self.texts.append(data)

    @property
    def text(self) -> str:
        return " ".join(" ".join(self.texts).split())


def shown(text: str) -> str:
    """How a text reads once HTML has collapsed its whitespace."""
    return " ".join(text.split())


def pages(site: Path):
    for path in sorted(site.rglob("*.html")):
        yield path, Page(path.read_text(encoding="utf-8"))


def test_nothing_from_the_data_can_run_on_any_page(hostile_site):
    found = [
        f"{path.relative_to(hostile_site)}: {item}" for path, page in pages(hostile_site) for item in page.runnable
    ]
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_named_like_a_script_shows_its_name_as_written(hostile_site, lang):
    page = Page((hostile_site / LANGS[lang] / "cards" / "struggle-for-project-purity.html").read_text(encoding="utf-8"))
    assert shown(SCRIPT) in page.text
    assert shown(IMG + " " + ENTITIES) in page.text
    title = {"en": SCRIPT, "ja": HOSTILE_TEXTS["card_ja"], "fr": FRONT_MATTER}[lang]
    assert page.title.startswith(shown(title) + " - "), page.title


@pytest.mark.parametrize("lang", LANGS)
def test_a_cards_texts_and_rulings_show_as_written(hostile_site, lang):
    page = Page((hostile_site / LANGS[lang] / "cards" / "struggle-for-project-purity.html").read_text(encoding="utf-8"))
    for line in HOSTILE_TEXTS["card_text_en"].split("\n"):  # the Oracle text, shown on every language's page
        if "\x02" not in line:  # control characters cannot be shown (they become U+FFFD)
            assert shown(line) in page.text, line
    assert shown(HOSTILE_TEXTS["card_text_ja"]) in page.text or lang != "ja"
    assert shown(HOSTILE_TEXTS["card_ruling_en"]) in page.text


def test_entities_in_a_text_show_literally(hostile_site):
    page = Page((hostile_site / "en" / "counters" / "rad.html").read_text(encoding="utf-8"))
    assert "&amp; &lt;b&gt; &#60;i&#62;" in page.text
    assert "& <b> <i>" not in page.text


def test_markdown_syntax_in_a_text_stays_text(hostile_site):
    source = (hostile_site / "en" / "counters" / "rad.html").read_text(encoding="utf-8")
    page = Page(source)
    for line in MARKDOWN.split("\n"):
        if "\x02" not in line:  # control characters cannot be shown (they become U+FFFD)
            assert shown(line) in page.text, line
    summary = source.split('id="summary"', 1)[1].split("<h2", 1)[0]
    for tag in ("<ol", "<ul", "<li", "<hr", "<pre", "<blockquote", "<details", "<em", "<code", "<h1", "admonition"):
        assert tag not in summary, tag


def test_a_name_cannot_add_keys_to_the_front_matter(hostile_site):
    page = Page((hostile_site / "fr" / "cards" / "struggle-for-project-purity.html").read_text(encoding="utf-8"))
    assert shown(FRONT_MATTER) in page.text  # the whole name, `template:` and `---` included, is the title
    assert page.title.startswith(shown(FRONT_MATTER))


def test_a_source_address_that_is_not_a_web_address_is_not_a_link(hostile_site):
    page = Page((hostile_site / "en" / "sources.html").read_text(encoding="utf-8"))
    assert "javascript:alert('url')" in page.text
    assert shown(HOSTILE_TEXTS["source_title"]) in page.text


def test_search_index_titles_are_escaped(hostile_site):
    index = (hostile_site / "en" / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "<script>" not in index and not re.search(r"<img[^>]*onerror", index)
