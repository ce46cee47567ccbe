"""counterpedia.catalogue.crscan: which rules name a counter kind, which keywords use counters."""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.catalogue import crscan
from counterpedia.cr.parse import parse_text

from ..cr.cr_reference import reference_files

SAMPLE = (
    "\ufeffMagic: The Gathering Comprehensive Rules\r\rThese rules are effective as of January 16, 2026.\r\r"
    "Contents\r\r1. Game Concepts\r7. Additional Rules\rGlossary\rCredits\r\r"
    "1. Game Concepts\r\r122. Counters\r\r122.1. A counter is a marker placed on an object or player.\r\r"
    "122.1b A keyword counter on a permanent causes that object to gain that keyword.\r\r"
    "7. Additional Rules\r\r702. Keyword Abilities\r\r702.24. Cumulative Upkeep\r\r"
    "702.24a Cumulative upkeep means “At the beginning of your upkeep, put an age counter on this permanent.”\r\r"
    "Example: A creature has two age counters on it.\r\r"
    "702.21. Ward\r\r702.21a Ward means “counter that spell or ability unless that player pays [cost].”\r\r"
    "702.99. Damage\r\r702.99a It deals damage equal to its power. A spell with storage counters on it does nothing.\r\r"
    "Glossary\r\rAge Counter\rA counter. See rule 702.24.\r\rCredits\r\rSomebody\r"
)


@pytest.fixture
def edition():
    return parse_text(SAMPLE, "20260116")


def test_rules_mentioning_a_name_include_examples(edition):
    assert crscan.rules_mentioning(edition, "age") == ["702.24a"]
    assert crscan.rules_mentioning(edition, "storage") == ["702.99a"]
    assert crscan.glossary_mentioning(edition, "age") == ["Age Counter"]


def test_a_name_inside_a_longer_word_does_not_count():
    assert not crscan.name_pattern("age").search("damage counter")
    assert crscan.name_pattern("age").search("two age counters")
    assert crscan.name_pattern("+1/+1").search("a +1/+1 counter")
    assert not crscan.name_pattern("1/+1").search("a +1/+1 counter")
    assert crscan.name_pattern("-1/-1").search("put a -1/-1 counter")


def test_counter_the_verb_is_not_a_marker():
    assert not crscan.mentions_marker("counter that spell or ability unless that player pays [cost].")
    assert not crscan.mentions_marker("If the spell is countered, nothing happens.")
    assert crscan.mentions_marker("put an age counter on this permanent")
    assert crscan.mentions_marker("Counters and stickers remain on a permanent")


def test_keyword_rules_with_counters(edition):
    found = {r.number: r for r in crscan.keyword_rules_with_counters(edition)}
    assert set(found) == {"702.24", "702.99"}
    assert found["702.24"].title == "Cumulative Upkeep" and found["702.24"].rules == ("702.24a",)


def test_counters_named():
    names = ["+1/+1", "1/+1", "age", "charge"]
    assert crscan.counters_named("a +1/+1 counter or a charge counter", names) == ["+1/+1", "charge"]


CR = reference_files().get("20260116", Path("MagicCompRules-20260116.txt"))


@pytest.mark.skipif(not CR.is_file(), reason=f"the official CR file is not at {CR}")
def test_on_the_real_edition():
    from counterpedia.cr.parse import parse_file

    edition = parse_file(CR)
    assert crscan.rules_mentioning(edition, "age") == ["702.24a", "702.24b"]
    assert crscan.rules_mentioning(edition, "level")[:2] == ["107.8a", "107.8b"]
    keywords = {r.title for r in crscan.keyword_rules_with_counters(edition)}
    assert {"Proliferate", "Bloodthirst", "Modular", "Suspend", "Station"} <= keywords
    assert "Ward" not in keywords  # "counter that spell"
