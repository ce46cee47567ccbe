"""Diffing editions: matching by content, renumbering, word diffs, speed."""

from __future__ import annotations

import time

import pytest

from counterpedia.cr.diff import align, diff, number_key, renumber_map, summary
from counterpedia.cr.parse import parse_text
from counterpedia.cr.words import new_text, old_text, to_html, to_terminal, word_diff

HEADER = [
    "Magic: The Gathering Comprehensive Rules",
    "",
    "These rules are effective as of {date}.",
    "",
    "Contents",
    "",
    "Glossary",
    "",
    "Credits",
    "",
    "1. Game Concepts",
    "",
]
FOOTER = ["", "Glossary", "", "Credits", ""]


def edition(date: str, *rules: str):
    lines = [line.format(date=date) for line in HEADER] + [x for rule in rules for x in (rule, "")] + FOOTER
    return parse_text("\r".join(lines))


OLD = edition(
    "March 8, 2024",
    "701. Keyword Actions",
    "701.1. Most actions described in a card’s rules text use the standard English definitions.",
    "701.2. Mill",
    "701.2a For a player to mill a number of cards, that player puts that many cards into their graveyard.",
    "701.2b An ability that refers to milled cards means the cards put into the graveyard this way (see rule 701.2a).",
    "701.3. Proliferate",
    "701.3a To proliferate means to choose any number of permanents and players, then give each another counter of each kind already there.",
    "725. Rad Counters",
    "725.1. Rad counters are a kind of counter a player can have.",
    "Example: A player with three rad counters mills three cards.",
    "725.2. Rules text about a doomed thing that will be removed entirely from the game in a future edition.",
)
NEW = edition(
    "June 6, 2025",
    "701. Keyword Actions",
    "701.1. Most actions described in a card’s rules text use the standard English definitions.",
    "701.2. Blight",
    "701.2a To blight N means to put N -1/-1 counters on a creature you control.",
    "701.3. Mill",
    "701.3a For a player to mill a number of cards, that player puts that many cards into their graveyard.",
    "701.3b An ability that refers to milled cards means the cards put into the graveyard this way (see rule 701.3a).",
    "701.4. Proliferate",
    "701.4a To proliferate means to choose any number of permanents and/or players, then give each another counter of each kind already there.",
    "725. The Initiative",
    "725.1. The initiative is a designation a player can have.",
    "726. Rad Counters",
    "726.1. Rad counters are a kind of counter a player can have.",
    "Example: A player with three rad counters mills three cards, one at a time.",
)


def test_renumbering_is_found_by_content():
    moved = renumber_map(OLD, NEW)
    assert moved == {
        "701.2": "701.3",
        "701.2a": "701.3a",
        "701.2b": "701.3b",  # same text, references masked
        "701.3": "701.4",
        "701.3a": "701.4a",  # moved and edited
        "725": "726",
        "725.1": "726.1",
    }
    assert align(OLD, NEW)["701.1"] == "701.1"


def test_changes_by_kind():
    changes = {(c.change, c.old, c.new): c for c in diff(OLD, NEW)}
    assert set(changes) == {
        ("renumbered", "701.2", "701.3"),
        ("renumbered", "701.2a", "701.3a"),
        ("renumbered", "701.2b", "701.3b"),
        ("renumbered", "701.3", "701.4"),
        ("renumbered", "701.3a", "701.4a"),
        ("renumbered", "725", "726"),
        ("renumbered", "725.1", "726.1"),
        ("added", None, "701.2"),
        ("added", None, "701.2a"),
        ("added", None, "725"),
        ("added", None, "725.1"),
        ("removed", "725.2", None),
    }
    assert not changes["renumbered", "701.2", "701.3"].text_changed
    assert changes["renumbered", "701.2b", "701.3b"].text_changed  # its reference moved too
    edited = changes["renumbered", "701.3a", "701.4a"]
    assert edited.text_changed and not edited.examples_changed
    assert to_terminal(list(edited.words)).count("and{+/or+} players") == 1
    rad = changes["renumbered", "725.1", "726.1"]
    assert not rad.text_changed and rad.examples_changed
    assert to_terminal(list(rad.example_words)).endswith("cards{+, one at a time+}.")


def test_changes_come_in_rule_order_and_serialize():
    changes = diff(OLD, NEW)
    keys = [number_key(c.new or c.old) for c in changes]
    assert keys == sorted(keys)
    entry = changes[0].to_json()
    assert {"change", "old", "new", "text_changed", "words"} <= set(entry)
    assert summary(changes) == {"added": 4, "removed": 1, "changed": 0, "renumbered": 7}


def test_same_number_rewritten_is_changed_and_identical_editions_have_no_changes():
    before = edition("May 1, 2024", "100. General", "100.1. Players play Magic with cards and counters.")
    after = edition("May 2, 2024", "100. Basics", "100.1. Players play Magic with cards, tokens, and counters.")
    changes = diff(before, after)
    assert [(c.change, c.old, c.new) for c in changes] == [("changed", "100", "100"), ("changed", "100.1", "100.1")]
    assert diff(before, before) == []


@pytest.mark.parametrize(
    "old, new",
    [
        ("Put a +1/+1 counter on it.", "Put two +1/+1 counters on target creature."),
        ("", "New text."),
        ("Old text.", ""),
        ("same", "same"),
        ("a b c d e", "a x c y e"),
        ("Line one.\nLine two.", "Line one.\nLine 2."),
    ],
)
def test_word_diff_round_trips(old, new):
    segments = word_diff(old, new)
    assert old_text(segments) == old and new_text(segments) == new
    assert all(text for _op, text in segments)


def test_word_diff_rendering():
    segments = word_diff("Put a counter on it.", "Put a stun counter on it.")
    assert to_terminal(segments) == "Put a {+stun +}counter on it."
    assert to_html(word_diff("a < b", "a > b")) == "a <del>&lt;</del><ins>&gt;</ins> b"
    long = " ".join(f"w{i}" for i in range(100))
    elided = to_terminal(word_diff(long, long.replace("w50", "x50")), context=3)
    assert elided == "… w47 w48 w49 [-w50-]{+x50+} w51 w52 w53 …"
    assert to_terminal(word_diff(long, long + " w100"), context=2) == "… w98 w99{+ w100+}"


# --- the nine official editions -----------------------------------------------------------


def consecutive(editions):
    ordered = list(editions.values())
    return list(zip(ordered, ordered[1:]))


def test_rad_counters_move_725_726_727(editions):
    first = renumber_map(editions["20250207"], editions["20250606"])
    second = renumber_map(editions["20250606"], editions["20251114"])
    assert first["725"] == "726" and first["725.1"] == "726.1"
    assert second["726"] == "727" and second["726.1"] == "727.1"
    kinds = {(c.change, c.old, c.new) for c in diff(editions["20250207"], editions["20250606"])}
    assert ("renumbered", "725.1", "726.1") in kinds
    kinds = {(c.change, c.old, c.new) for c in diff(editions["20250606"], editions["20251114"])}
    assert ("renumbered", "726.1", "727.1") in kinds


def test_mill_moves_701_13_to_701_17_once(editions):
    moves = [
        (old.edition, new.edition)
        for old, new in consecutive(editions)
        if renumber_map(old, new).get("701.13") == "701.17"
    ]
    assert moves == [("20250207", "20250606")]
    moved = renumber_map(editions["20250207"], editions["20250606"])
    for letter in "abcd":
        assert moved[f"701.13{letter}"] == f"701.17{letter}"


def test_known_changes(editions):
    tribal = [c for c in diff(editions["20240308"], editions["20240802"]) if c.old == "308"]
    assert [(c.change, c.new) for c in tribal] == [("changed", "308")]  # Tribals -> Kindreds
    assert to_terminal(list(tribal[0].words)) == "[-Tribals-]{+Kindreds+}"
    new = {c.new: c for c in diff(editions["20251114"], editions["20260116"]) if c.change == "added"}
    assert new["701.68"].new_rule.text == "Blight"


def test_every_rule_is_accounted_for(editions):
    for old, new in consecutive(editions):
        pairs = align(old, new)
        assert len(set(pairs.values())) == len(pairs)  # one-to-one
        changes = diff(old, new)
        counts = summary(changes)
        unchanged = sum(1 for o, n in pairs.items() if o == n and old[o] == new[n])
        assert unchanged + counts["changed"] + counts["renumbered"] + counts["removed"] == len(old.rules)
        assert unchanged + counts["changed"] + counts["renumbered"] + counts["added"] == len(new.rules)


def test_diff_is_fast(editions):
    # CPU time of this process: `make test` runs tests in parallel, and a neighbour slows the wall clock, not the work
    slowest = 0.0
    for old, new in consecutive(editions):
        start = time.process_time()
        diff(old, new)
        slowest = max(slowest, time.process_time() - start)
    assert slowest < 1.0
