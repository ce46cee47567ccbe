"""The three built sites, as readers get them: every counter in every language, rule references as working links."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from counterpedia.commands.linkcheck import check_site
from counterpedia.model.rule_numbers import find_references

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.site


class TextScan(HTMLParser):
    """Collects the page text, and the text inside .cp-text blocks that is not inside a link."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, in_text_block, in_link)
        self.all_text: list[str] = []
        self.unlinked: list[str] = []

    def handle_starttag(self, tag, attrs):
        in_block, in_link = self.stack[-1][1:] if self.stack else (False, False)
        classes = (dict(attrs).get("class") or "").split()
        in_block = in_block or "cp-text__main" in classes or "cp-text__canonical" in classes
        if tag in ("br", "img", "input", "meta", "link", "hr"):
            return
        self.stack.append((tag, in_block, in_link or tag == "a"))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        self.all_text.append(data)
        if self.stack and self.stack[-1][1] and not self.stack[-1][2] and self.stack[-1][0] not in ("script", "style"):
            self.unlinked.append(data)


def scan(path: Path) -> TextScan:
    parser = TextScan()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


TEXT_BLOCK = "cp-text__"


def unlinked_text(path: Path) -> list[str]:
    """The text of the page's .cp-text blocks outside any link. Only the page's <article> is parsed when every
    text block is inside it (the theme's header and navs are three quarters of a page: 17,000 pages of the
    three languages take a minute to parse whole). Parsing a part never hides a fragment: without the article's
    ancestors, a fragment can only seem outside a link when it is not, never the reverse."""
    page = path.read_text(encoding="utf-8")
    start, end = page.find("<article"), page.rfind("</article>")
    if start < 0 or end < start or page.count(TEXT_BLOCK) != page.count(TEXT_BLOCK, start, end):
        start, end = 0, len(page)
    parser = TextScan()
    parser.feed(page[start:end])
    return parser.unlinked


def site_root(site: Path, lang: str) -> Path:
    return site if lang == "ja" else site / lang


@pytest.mark.parametrize("lang", ["ja", "en", "fr"])
def test_every_counter_has_a_page_with_its_names(built_site, real_kb, lang):
    for counter in real_kb.all("counter"):
        page = site_root(built_site, lang) / "counters" / f"{counter.id}.html"
        assert page.is_file(), page
        text = "".join(scan(page).all_text)
        for name_lang, entry in (counter.data.get("names") or {}).items():
            assert entry["text"] in text, f"{lang} page of {counter.id} lacks its {name_lang} name"


@pytest.mark.parametrize("lang", ["ja", "en", "fr"])
def test_rule_references_in_texts_are_links(built_site, lang):
    unlinked = []
    for page in sorted(site_root(built_site, lang).rglob("*.html")):
        if lang == "ja" and page.relative_to(built_site).parts[0] in ("en", "fr"):
            continue
        for fragment in unlinked_text(page):
            for ref in find_references(fragment):
                unlinked.append(f"{page.relative_to(built_site)}: {ref.text}")
    assert unlinked == []


def test_every_link_and_anchor_resolves_across_languages(built_site):
    assert check_site(built_site) == []


def test_the_language_switcher_points_to_the_same_page(built_site, real_kb):
    counter = real_kb.all("counter")[0]
    page = (built_site / "en" / "counters" / f"{counter.id}.html").read_text(encoding="utf-8")
    assert f'href="../../counters/{counter.id}.html" hreflang="ja"' in page
    assert f'href="../../fr/counters/{counter.id}.html" hreflang="fr"' in page
