"""A build's one Markdown converter gives each page what MkDocs' own converter, new for each page, gives it."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.config import load_config
from mkdocs.structure import pages
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

from counterpedia.commands.one_markdown import AnchorsInRawHTML, OneMarkdown, applies

ROOT = Path(__file__).resolve().parents[2]

# Pages whose conversion leaves state behind in a converter: link references, heading ids taken, stashed HTML,
# fenced code, abbreviations of the page before must not reach the next one.
PAGES = {
    "index.md": "# Home\n\nSee [the card][card] and [a counter](counters/shield.md#rules).\n\n[card]: cards/a.md\n",
    "cards/a.md": (
        "---\ntitle: A\n---\n\n# A\n\n## Rulings {#rulings}\n\n[not a reference][card]\n\n"
        '<div class="cp-text" markdown="1">\n\n**bold** [home](../index.md)\n\n</div>\n\n'
        "## Rulings\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n"
    ),
    "counters/shield.md": (
        "# Shield\n\n## Rules {#rules}\n\n!!! note\n    A *note*.\n\n```yaml\nid: shield\n```\n\n"
        '<p id="raw-anchor">raw</p>\n\n## Rulings\n\n<details markdown="1"><summary>More</summary>\n\nText\n</details>\n'
    ),
    "cards/b.md": (
        "# B\n\n## Rulings\n\n## Rulings\n\n[home](../index.md) [missing](../nowhere.md) [a](a.md#rulings)\n\n"
        "[shield](../counters/shield.md#rules) [shield again](../counters/shield.md#rulings) [self](#rulings)\n"
    ),
    # Links written alike in pages of one folder (rewritten once for the build), to anchors (each page's own).
    "cards/c.md": (
        "# C\n\nA valid id, a name.\n\n[shield](../counters/shield.md#rules) [a](a.md#rulings) [a](a.md) "
        "[site](https://example.org/x.md) [abs](/index.md) [mail](mailto:a@b.c) [img](../index.md?q=1#x)\n"
    ),
    "counters/other.md": (
        "# Other\n\n[shield](shield.md#rules) [a](../cards/a.md#rulings) [a](../cards/a.md) [counter a](a.md#rulings)\n"
    ),
    "counters/a.md": "# Counter A\n\n## Rulings\n",  # `a.md#rulings` here is not cards/a.md's
    # Anchors in raw HTML however written: the attribute's name in capitals, after a line break, a slash.
    "counters/anchors.md": (
        '# Anchors\n\n<p ID="upper">x</p>\n\n<div class="x"\nid="after-break">y</div>\n\n<p/id=slashed>z</p>\n\n'
        "<a\nname=named>n</a> <span title='id=no' data-id=\"no\">s</span> <p id>bare</p>\n"
    ),
}


@pytest.fixture(scope="module")
def config():
    return load_config(str(ROOT / "mkdocs.en.yml"))


def _pages(config) -> tuple[list[Page], Files]:
    files = Files([])
    for path, text in PAGES.items():
        file = File(path, src_dir=None, dest_dir=config.site_dir, use_directory_urls=config.use_directory_urls)
        file.content_string = text
        files.append(file)
    pages = []
    for file in files:
        page = Page(None, file, config)
        page.read_source(config)
        pages.append(page)
    return pages, files


def _seen(page: Page) -> tuple:
    return (
        page.content,
        [(item.id, item.title, [(c.id, c.title) for c in item.children]) for item in page.toc],
        page.title,
        page.present_anchor_ids,
        {file.src_uri: anchors for file, anchors in (page.links_to_anchors or {}).items()},
    )


def test_each_page_converts_as_with_a_converter_of_its_own(config):
    assert applies(), "commands/one_markdown.py copies Page.render of MkDocs 1.6: check it against this MkDocs"
    fresh, files = _pages(config)
    for page in fresh:
        page.render(config, files)
    one = OneMarkdown()
    for _round in range(2):  # and again, after every page went through the converter
        reused, files = _pages(config)
        for page in reused:
            one.render(page, config, files)
        for expected, got in zip(fresh, reused, strict=True):
            assert _seen(got) == _seen(expected), got.file.src_uri
    assert 'id="raw-anchor"' in fresh[2].content
    assert "raw-anchor" in fresh[2].present_anchor_ids
    anchors = next(page for page in fresh if page.file.src_uri == "counters/anchors.md").present_anchor_ids
    assert {"upper", "after-break", "slashed", "named"} <= anchors


def test_a_page_without_anchor_attributes_is_not_parsed_for_anchors():
    """The raw-HTML anchor collector gives what MkDocs' gives, also for texts it skips."""
    texts = [
        'A valid id, a name, an idea; <span class="x">no anchor</span>',
        '<p\tid="tab">',
        "<p id = 'spaced'>",
        "<a NAME=shout>",
        "<div\nid=x>",
        'id="not-in-a-tag"',
        '<p data-id="x" idx="y">',
    ]
    for text in texts:
        lines = text.split("\n")
        mkdocs = pages._RawHTMLPreprocessor()
        ours = AnchorsInRawHTML()
        assert ours.run(list(lines)) == mkdocs.run(list(lines))
        assert ours.present_anchor_ids == mkdocs.present_anchor_ids, text
