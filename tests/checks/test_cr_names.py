"""E164: a counter name given as official from the CR must be written in a rule the counter cites."""

from counterpedia.checks import cr_names
from counterpedia.model.knowledge import KnowledgeBase, Record


def kb_with(counter: dict) -> KnowledgeBase:
    kb = KnowledgeBase()
    kb.add(Record("source", "cr", {"type": "comprehensive-rules", "publisher": "Wizards of the Coast"}))
    kb.add(Record("source", "cr-ja", {"type": "comprehensive-rules", "publisher": "Wizards of the Coast"}))
    kb.add(Record("rule", "counters", {"section": "122", "rules": [
        {"number": "122.1a", "text": {
            "en": {"text": "A +X/+Y counter on a creature … Similarly, -X/-Y counters subtract from power and toughness."},
            "ja": {"text": "クリーチャーの上に置かれている+X/+Y カウンター(X、Yはそれぞれ数字である)は…"}}},
        {"number": "122.1b", "text": {"en": {"text": "The keywords that a keyword counter can be are flying, reach, and vigilance."}}},
    ]}))
    kb.add(Record("counter", "x", counter))
    return kb


def official(text: str, source: str = "cr") -> dict:
    return {"text": text, "status": "official", "source": source, "version": "20260116"}


def codes(kb: KnowledgeBase) -> list[str]:
    return [d.message for d in cr_names.check(kb)]


def test_a_keyword_counter_name_is_in_no_rule():
    found = codes(kb_with({"names": {"en": official("vigilance counter")}, "rules": ["122.1b"]}))
    assert len(found) == 1 and "'vigilance counter'" in found[0] and "122.1b" in found[0]


def test_a_name_the_cited_rule_writes_passes_plural_width_and_spacing_aside():
    assert codes(kb_with({"names": {"en": official("+X/+Y counter"), "ja": official("+X/+Yカウンター", "cr-ja")},
                          "rules": ["122.1a"]})) == []


def test_only_the_rules_the_counter_cites_count():
    assert len(codes(kb_with({"names": {"en": official("+X/+Y counter")}, "rules": []}))) == 1


def test_names_from_a_card_or_in_our_own_words_are_not_concerned():
    community = dict(official("vigilance counter"), status="community")
    assert codes(kb_with({"names": {"en": community}, "rules": ["122.1b"]})) == []
