"""Which counter kinds a rule covers by pattern, found from the rules' own text (never from their numbers)."""

from counterpedia.model.knowledge import KnowledgeBase, Record
from counterpedia.model.rule_patterns import coverage, keywords_of, pattern_rules

KEYWORD_RULE = (
    "A keyword counter on a permanent or on a card in a zone other than the battlefield causes that object "
    "to gain that keyword. The keywords that a keyword counter can be are flying, first strike, double "
    "strike, deathtouch, decayed, exalted, haste, hexproof, indestructible, lifelink, menace, reach, "
    "shadow, trample, and vigilance, as well as any variants of those keywords. See rule 613.1f."
)
POWER_RULE = (
    "A +X/+Y counter on a creature or on a creature card in a zone other than the battlefield, where X and Y "
    "are numbers, adds X to that object’s power and Y to that object’s toughness. Similarly, -X/-Y counters "
    "subtract from power and toughness. See rule 613.4c."
)


def kb_quoting(**rules: str) -> KnowledgeBase:
    kb = KnowledgeBase()
    kb.add(
        Record(
            "rule",
            "counters",
            {
                "section": "122",
                "rules": [
                    {"number": number.replace("_", "."), "text": {"en": {"text": text}}}
                    for number, text in rules.items()
                ],
            },
        )
    )
    return kb


def test_the_keyword_list_is_read_from_the_rule():
    keywords = keywords_of(KEYWORD_RULE)
    assert keywords[:3] == ["flying", "first strike", "double strike"]
    assert keywords[-1] == "vigilance" and len(keywords) == 15


def test_the_rules_are_found_by_their_text_whatever_their_number():
    rules = pattern_rules(kb_quoting(**{"122_1a": POWER_RULE, "122_1b": KEYWORD_RULE}))
    assert rules[:2] == ("122.1a", "122.1b")
    renumbered = pattern_rules(kb_quoting(**{"123_4c": POWER_RULE}))
    assert renumbered[:2] == ("123.4c", None)


def test_which_names_are_covered():
    rules = pattern_rules(kb_quoting(**{"122_1a": POWER_RULE, "122_1b": KEYWORD_RULE}))
    for name in ("+2/+2 counter", "-0/-1 counter", "+X/+Y counter", "+1/+1 counters"):
        assert coverage(name, rules).number == "122.1a", name
    for name in ("first strike counter", "vigilance counter", "keyword counter"):
        assert coverage(name, rules).number == "122.1b", name
    for name in ("+1/-1 counter", "charge counter", "flying", "shield counter", "fly counter"):
        assert coverage(name, rules) is None, name


def test_without_the_rules_nothing_is_covered():
    assert coverage("+2/+2 counter", pattern_rules(KnowledgeBase())) is None
