"""The card tables kept out of Markdown's way (render/set_aside.py): a page's HTML is byte for byte what
MkDocs' Markdown, with the site's extensions, makes of the whole page."""

from __future__ import annotations

from pathlib import Path

import markdown
import pytest
from mkdocs.config import load_config

from counterpedia.render import set_aside, urls
from counterpedia.render.pages import SiteRenderer

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def convert():
    config = load_config(str(ROOT / "mkdocs.yml"))

    def run(text: str) -> str:
        return markdown.Markdown(
            extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"]
        ).convert(text)

    return run


def test_a_table_set_aside_comes_back_as_markdown_would_have_written_it(real_kb, convert):
    renderer = SiteRenderer(real_kb, "ja")
    makers = renderer.page_makers()
    # The counter on the most cards, one on a few, and the index of every card (its table lists the counters too).
    pages = ["counters/plus1-plus1.md", "counters/rad.md", urls.index_page("card")]
    for page in pages:
        text = makers[page]()
        aside, tables = set_aside.set_aside(text)
        assert len(tables) == 1 and set_aside.TABLE_START not in aside, page
        assert len(aside) < len(text) / 2 or page != "counters/plus1-plus1.md"
        assert set_aside.put_back(convert(aside), tables) == convert(text), page


def test_a_page_without_a_table_is_left_as_it_is(convert):
    text = "# Title\n\nSome text with <!-- a comment --> and a `<div>`.\n"
    aside, tables = set_aside.set_aside(text)
    assert (aside, tables) == (text, [])
    assert set_aside.put_back(convert(aside), tables) == convert(text)
