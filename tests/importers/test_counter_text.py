"""counterpedia.importers.counter_text: which counters a text uses (the rule that selects the imported cards)."""

from __future__ import annotations

import pytest

from counterpedia.importers.counter_text import CounterKind, CounterScanner

KINDS = [
    CounterKind("plus1-plus1", "+1/+1"),
    CounterKind("minus1-minus1", "-1/-1"),
    CounterKind("age", "age"),
    CounterKind("flying", "flying"),
    CounterKind("first-strike", "first strike"),
    CounterKind("lifelink", "lifelink"),
    CounterKind("double-strike", "double strike"),
    CounterKind("loyalty", "loyalty"),
]
SCANNER = CounterScanner(KINDS, excluded=["hour"])


@pytest.mark.parametrize(
    "text, kinds, any_counter",
    [
        ("Put a +1/+1 counter on target creature.", {"plus1-plus1"}, False),
        ("Remove two -1/-1 counters from it.", {"minus1-minus1"}, False),
        ("This deals damage equal to its power.", set(), False),  # "age" is not in "damage"
        (
            "Put a flying, first strike, or lifelink counter on target creature.",
            {"flying", "first-strike", "lifelink"},
            False,
        ),
        (
            "Choose a kind of counter at random from among flying, first strike, and lifelink.",
            {"flying", "first-strike", "lifelink"},
            True,
        ),
        ("Put a double strike counter on it.", {"double-strike"}, False),
        ("Remove a counter from target permanent.", set(), True),
        ("Creatures with no counters on them get -2/-2.", set(), True),
        ("Double the number of each kind of counter on target permanent.", set(), True),
        (
            "Choose any number of permanents and/or players, then give each another counter of each kind already there.",
            set(),
            True,
        ),
        ("Put a +1/+1 counter on it. Then double the number of those counters.", {"plus1-plus1"}, False),  # anaphoric
    ],
)
def test_kinds_and_counters_of_any_kind(text, kinds, any_counter):
    scan = SCANNER.scan(text)
    assert (scan.kinds, scan.any_counter) == (kinds, any_counter)


@pytest.mark.parametrize(
    "text, names",
    [
        ("Counter target spell.", ()),
        ("Counter up to one target creature spell.", ()),
        ("If a player does, counter Dash Hopes.", ("Dash Hopes",)),
        ("This spell can't be countered.", ()),
        ("Counter all other spells.", ()),
        ('Whenever an opponent says "spell" or "counter," you may say "Gotcha!"', ("Spell Counter",)),
    ],
)
def test_the_verb_and_the_word_are_not_counters(text, names):
    scan = SCANNER.scan(text, names)
    assert not scan.kinds and not scan.any_counter and not scan.unknown


def test_kinds_outside_the_catalogue_are_reported():
    scan = SCANNER.scan("At the beginning of each upkeep, put an hour counter on it. Put a shoe counter on it.")
    assert scan.excluded == {"hour"} and scan.unknown == {"shoe"} and not scan.kinds
