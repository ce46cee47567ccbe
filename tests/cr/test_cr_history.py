"""Following one rule through the editions."""

from __future__ import annotations

import pytest

from counterpedia.cr.history import RuleNotFound, changed_in, history


def test_rad_counters_727_1(editions):
    steps = history("727.1", list(editions.values()))
    assert [(s.edition, s.number, s.change) for s in steps] == [
        ("20231117", None, "absent"),
        ("20240206", None, "absent"),
        ("20240308", "725.1", "added"),
        ("20240802", "725.1", "unchanged"),
        ("20241108", "725.1", "unchanged"),
        ("20250207", "725.1", "unchanged"),
        ("20250606", "726.1", "renumbered"),
        ("20251114", "727.1", "renumbered"),
        ("20260116", "727.1", "unchanged"),
    ]
    assert {s.number for s in steps if s.number} == {"725.1", "726.1", "727.1"}
    assert [s.edition for s in changed_in(steps)] == ["20240308", "20250606", "20251114"]


def test_editions_in_any_order_and_an_older_number(editions):
    shuffled = list(reversed(editions.values()))
    # 725.1 is the initiative in the newest editions: anchor it in 2024 to mean rad counters.
    steps = history("725.1", shuffled, anchor="20240308")
    assert steps[-1].number == "727.1"
    assert history("725.1", shuffled)[-1].rule.text.startswith("The initiative")


def test_text_changes_are_flagged(editions):
    steps = {s.edition: s for s in history("122.1i", list(editions.values()))}
    assert steps["20250606"].change == "changed" and steps["20250606"].text_changed
    assert "726" in steps["20250606"].rule.text
    assert not steps["20250207"].text_changed


def test_mill_follows_its_renumbering(editions):
    steps = history("701.13b", list(editions.values()), anchor="20231117")
    assert steps[0].change == "present"
    assert [s.number for s in steps][-1] == "701.17b"
    assert steps[-1].to_json()["number"] == "701.17b"


def test_unknown_rule_or_edition(editions):
    with pytest.raises(RuleNotFound, match="999.9 is in none of the 9 editions"):
        history("999.9", list(editions.values()))
    with pytest.raises(RuleNotFound, match="edition 20000101 is not among"):
        history("100.1", list(editions.values()), anchor="20000101")
    with pytest.raises(RuleNotFound, match="not in edition 20231117"):
        history("701.68a", list(editions.values()), anchor="20231117")
    with pytest.raises(RuleNotFound):
        history("100.1", [])
