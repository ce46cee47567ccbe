"""Full-rules pages and edition-aware links, when the official CR files are available."""

from __future__ import annotations

import pytest

from counterpedia.cr.archive import RulesArchive
from counterpedia.model.knowledge import load
from counterpedia.render.markup import Linker
from counterpedia.render.pages import SiteRenderer

from ..cr.cr_reference import CR_PATH, EDITION_IDS, reference_files


@pytest.fixture(scope="module")
def archive():
    """The nine official editions (20231117 to 20260116): the small valid data set quotes 20260116."""
    from counterpedia.cr.parse import parse_file

    found = reference_files()
    if not all(e in found for e in EDITION_IDS):
        pytest.skip(f"the official CR files are not in {CR_PATH}; set COUNTERPEDIA_CR_DIR")
    return RulesArchive([parse_file(found[e]) for e in EDITION_IDS])


def test_a_reference_in_an_older_numbering_links_to_the_rule_it_meant(valid_data, archive):
    kb, _ = load(valid_data)
    linker = Linker(kb, "en", archive)
    text = linker.to_markdown("mills the rest (CR:701.13b).", "counters/rad.md", edition="20240308")
    assert "(../cr/701.md#701-17b" in text and "→ 701.17b" in text
    today = linker.to_markdown("mills the rest (CR:701.17b).", "counters/rad.md", edition="20260116")
    assert "(../cr/701.md#701-17b" in today and "→" not in today
    # 701.13b does not exist today: a text in today's numbering cannot link it to the full rules.
    assert "(https://magic.wizards.com/en/rules" in linker.to_markdown(
        "CR:701.13b", "counters/rad.md", edition="20260116"
    )


def test_unquoted_rules_link_to_the_full_rules_and_quoted_ones_to_their_quote(valid_data, archive):
    kb, _ = load(valid_data)
    linker = Linker(kb, "ja", archive)
    assert linker.rule_link("index.md", "400.7") == "cr/400.md#400-7"
    assert linker.rule_link("index.md", "727.1") == "rules/rad-counters.md#727-1"
    assert linker.rule_link("index.md", "727.1", prefer_full=True) == "cr/727.md#727-1"


def test_full_rules_and_what_changed_pages(valid_data, archive):
    kb, _ = load(valid_data)
    pages = SiteRenderer(kb, "fr", archive).all_pages()
    assert "cr/index.md" in pages and "cr/727.md" in pages and "cr/changes/index.md" in pages
    section = pages["cr/727.md"]
    assert 'id="727-1a"' in section and "renumérotée (anciennement 726.1)" in section
    assert "search:\n  exclude: true" in section  # the full text would drown search results
    changes = pages["cr/changes/20250207-20250606.md"]
    assert 'id="c-726-1"' in changes and "725.1 → [726.1]" in changes
    assert "<del>" in pages["cr/changes/20251114-20260116.md"] or "<ins>" in pages["cr/changes/20251114-20260116.md"]


def test_without_cr_files_the_home_page_says_so(valid_data):
    kb, _ = load(valid_data)
    pages = SiteRenderer(kb, "en").all_pages()
    assert "built without the Comprehensive Rules files" in pages["index.md"]
    assert not any(path.startswith("cr/") for path in pages)
