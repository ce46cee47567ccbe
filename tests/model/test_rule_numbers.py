import pytest

from counterpedia.model.rule_numbers import RuleNumberError, find_references, letter_range, parse, sort_key


def test_parse_round_trips_sections_rules_and_subrules():
    for text in ("122", "122.1", "122.1a", "704.5q", "702.190b", "704.5aa"):
        assert str(parse(text)) == text


@pytest.mark.parametrize("bad", ["122.1l", "122.1o", "12.1", "122.", "122.1A", "abc", "122.1aaa", "704.5al"])
def test_malformed_numbers_are_rejected(bad):
    with pytest.raises(RuleNumberError):
        parse(bad)


def test_letter_ranges_skip_l_and_o():
    assert letter_range("k", "p") == ["k", "m", "n", "p"]
    assert letter_range("a", "h") == list("abcdefgh")


def test_sort_key_orders_numerically():
    numbers = ["122.10", "122.2", "122.1b", "122.1", "122"]
    assert sorted(numbers, key=sort_key) == ["122", "122.1", "122.1b", "122.2", "122.10"]
    # Two-letter subrules (the 20260925 edition's 704.5aa) follow z.
    assert sorted(["704.5aa", "704.5z", "704.5b", "704.6"], key=sort_key) == ["704.5b", "704.5z", "704.5aa", "704.6"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("See rule 704.5q.", [("rule 704.5q", ("704.5q",))]),
        ("as CR:400.7 says", [("CR:400.7", ("400.7",))]),
        ("（CR:113.8）", [("CR:113.8", ("113.8",))]),
        ("rules 122.1a–c apply", [("rules 122.1a–c", ("122.1a", "122.1b", "122.1c"))]),
        ("701.13b", [("701.13b", ("701.13b",))]),
        ("see rule 122, “Counters”", [("rule 122", ("122",))]),
        ("rule 613.4c 参照", [("rule 613.4c", ("613.4c",))]),
        ("See rule 704.5aa.", [("rule 704.5aa", ("704.5aa",))]),
    ],
)
def test_references_in_prose(text, expected):
    assert [(r.text, r.numbers) for r in find_references(text)] == expected


@pytest.mark.parametrize("text", ["in 2024", "costs 3.5 mana", "version 20260116", "122.1l is not a rule", "page 12.1"])
def test_numbers_that_are_not_rule_references(text):
    assert find_references(text) == []
