"""counterpedia.importers.about: a ruling is about what its own text shows, nothing more."""

from __future__ import annotations

from counterpedia.importers.about import AboutFinder
from counterpedia.importers.counter_text import CounterKind, CounterScanner
from counterpedia.model.knowledge import KnowledgeBase, Record


def finder() -> AboutFinder:
    kb = KnowledgeBase()
    kb.add(
        Record(
            "rule",
            "counters",
            {"section": "122", "rules": [{"number": "122.3", "text": {"en": {"text": "…", "version": "20260116"}}}]},
        )
    )
    kb.add(Record("mechanic", "proliferate", {"names": {"en": {"text": "Proliferate"}}}))
    kb.add(Record("mechanic", "double", {"names": {"en": {"text": "Double"}}}))
    return AboutFinder(kb, CounterScanner([CounterKind("plus1-plus1", "+1/+1"), CounterKind("minus1-minus1", "-1/-1")]))


def test_counters_rules_and_mechanics_shown_by_the_text():
    about = finder().about(
        "If a +1/+1 counter and a -1/-1 counter are on it, they're removed (rule 122.3). You may proliferate.",
        "2026-02-01",
        keywords=["Proliferate"],
    )
    assert about.counters == ["minus1-minus1", "plus1-plus1"]
    assert about.rules == ["122.3"] and about.mechanics == ["proliferate"]


def test_an_older_numbering_and_a_word_that_is_not_the_card_s_keyword_are_not_claimed():
    about = finder().about("See rule 122.3. It has double strike.", "2018-01-19", keywords=["Double strike"])
    assert about.rules == [] and about.older_rules == ["122.3"]
    assert about.mechanics == []  # "double" is the card's double strike, not the keyword action double
    assert finder().about("Rule 999.1 is not quoted.", "2026-02-01").rules == []
