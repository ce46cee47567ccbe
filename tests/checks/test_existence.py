"""Counters must cite a source that can show they exist (E152; a missing `sources` is E101), and a card
reference needs a card record (E110)."""

from __future__ import annotations

from pathlib import Path

from counterpedia.checks.validate import validate


def run(valid_data: Path, in_dir, name: str, text: str) -> list[tuple[str, int, int, str]]:
    (valid_data / "counters" / f"{name}.yaml").write_text(text, encoding="utf-8")
    in_dir(valid_data.parent)
    _kb, diagnostics = validate([Path("data")])
    return [(d.code, d.line, d.column, d.message) for d in diagnostics if d.path == f"data/counters/{name}.yaml"]


HEAD = (
    'id: {id}\nnames:\n  en: {{text: {id} counter, status: official, source: wotc-printed-cards, version: "2026-11-29"}}\n'
    "holders: [permanent]\n"
)


def test_no_sources_is_reported_by_name(valid_data, in_dir):
    found = run(valid_data, in_dir, "nosource", HEAD.format(id="nosource"))
    assert [(c, m) for c, _l, _c, m in found] == [("E101", "record: 'sources' is a required property")]


def test_an_empty_list_is_reported(valid_data, in_dir):
    found = run(valid_data, in_dir, "empty", HEAD.format(id="empty") + "sources: []\n")
    assert [c for c, *_ in found] == ["E101"]


def test_commentary_alone_shows_nothing(valid_data, in_dir):
    found = run(valid_data, in_dir, "hearsay", HEAD.format(id="hearsay") + "sources: [counterpedia-mt]\n")
    assert [(c, line) for c, line, _c, _m in found] == [("E152", 5)]
    assert "cannot show that a counter exists" in found[0][3]


def test_the_cr_or_a_card_text_is_enough(valid_data, in_dir):
    assert run(valid_data, in_dir, "fine", HEAD.format(id="fine") + "sources: [cr, counterpedia-mt]\n") == []


def test_a_counter_no_longer_lists_its_cards(valid_data, in_dir):
    """Layout v2: the card <-> counter link lives on the card (`counters`); a counter's old `cards` list is reported."""
    found = run(valid_data, in_dir, "carded", HEAD.format(id="carded") + "cards: [no-such-card]\nsources: [cr]\n")
    assert [(c, line, col) for c, line, col, _m in found] == [("E101", 5, 1)]
    assert "unexpected field 'cards'" in found[0][3]
