"""E164: a counter name given as official from the CR must be written in a rule the counter cites; E166: as the
current quote of that rule writes it, citing that quote's source."""

from counterpedia.checks import cr_names
from counterpedia.model.knowledge import KnowledgeBase, Record


def kb_with(counter: dict) -> KnowledgeBase:
    kb = KnowledgeBase()
    kb.add(Record("source", "cr", {"type": "comprehensive-rules", "publisher": "Wizards of the Coast"}))
    kb.add(Record("source", "cr-ja", {"type": "comprehensive-rules", "publisher": "Wizards of the Coast"}))
    kb.add(Record("source", "cr-ja-20260116", {"type": "comprehensive-rules", "publisher": "Wizards of the Coast"}))
    kb.add(
        Record(
            "rule",
            "counters",
            {
                "section": "122",
                "rules": [
                    {
                        "number": "122.1a",
                        "text": {
                            "en": {
                                "text": "A +X/+Y counter on a creature … Similarly, -X/-Y counters subtract from power and toughness.",
                                "source": "cr",
                            },
                            "ja": {
                                "text": "クリーチャーの上に置かれている+X/+Y カウンター(X、Yはそれぞれ数字である)は…",
                                "source": "cr-ja-20260116",
                            },
                        },
                    },
                    {
                        "number": "122.1b",
                        "text": {
                            "en": {
                                "text": "The keywords that a keyword counter can be are flying, reach, and vigilance.",
                                "source": "cr",
                            }
                        },
                    },
                ],
            },
        )
    )
    kb.add(Record("counter", "x", counter))
    return kb


def official(text: str, source: str = "cr") -> dict:
    return {"text": text, "status": "official", "source": source, "version": "20260116"}


def codes(kb: KnowledgeBase, code: str = "E164") -> list[str]:
    return [d.message for d in cr_names.check(kb) if d.code == code]


def test_a_keyword_counter_name_is_in_no_rule():
    found = codes(kb_with({"names": {"en": official("vigilance counter")}, "rules": ["122.1b"]}))
    assert len(found) == 1 and "'vigilance counter'" in found[0] and "122.1b" in found[0]


def test_a_name_the_cited_rule_writes_passes_plural_width_and_spacing_aside():
    assert (
        codes(
            kb_with(
                {
                    "names": {"en": official("+X/+Y counter"), "ja": official("+X/+Yカウンター", "cr-ja")},
                    "rules": ["122.1a"],
                }
            )
        )
        == []
    )


def test_a_name_is_written_as_the_current_quote_writes_it_and_cites_its_source():
    assert (
        codes(
            kb_with(
                {
                    "names": {"en": official("+X/+Y counter"), "ja": official("+X/+Y カウンター", "cr-ja-20260116")},
                    "rules": ["122.1a"],
                }
            ),
            "E166",
        )
        == []
    )
    # the space the rule writes is left out
    found = codes(
        kb_with({"names": {"ja": official("+X/+Yカウンター", "cr-ja-20260116")}, "rules": ["122.1a"]}), "E166"
    )
    assert len(found) == 1 and "not written as the rules it cites write it" in found[0]
    # an older edition, read through a wiki, where the current official text is quoted
    found = codes(kb_with({"names": {"ja": official("+X/+Y カウンター", "cr-ja")}, "rules": ["122.1a"]}), "E166")
    assert len(found) == 1 and "cr-ja-20260116" in found[0]


def test_only_the_rules_the_counter_cites_count():
    assert len(codes(kb_with({"names": {"en": official("+X/+Y counter")}, "rules": []}))) == 1


def test_names_from_a_card_or_in_our_own_words_are_not_concerned():
    community = dict(official("vigilance counter"), status="community")
    assert codes(kb_with({"names": {"en": community}, "rules": ["122.1b"]})) == []
