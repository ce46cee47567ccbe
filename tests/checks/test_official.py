"""E161: an official text cites what the publisher published; E162: `via` names a copy."""

from counterpedia.checks import official
from counterpedia.model.knowledge import KnowledgeBase, Record

SOURCES = {
    "wotc-printed-cards": {"type": "card-text", "publisher": "Wizards of the Coast"},
    "mtgjson": {"type": "dataset", "publisher": "MTGJSON"},
    "mtgwiki": {"type": "wiki", "publisher": "MTG Wiki"},
    "counterpedia": {"type": "editorial", "publisher": "Counterpedia"},
    "counterpedia-mt": {"type": "machine-translation", "publisher": "Counterpedia"},
}


def diagnostics(name: dict) -> list[tuple[str, str]]:
    kb = KnowledgeBase()
    for source_id, data in SOURCES.items():
        kb.add(Record("source", source_id, dict(data, id=source_id)))
    kb.add(Record("card", "c", {"names": {"ja": name}}))
    return [(d.code, d.message) for d in official.check(kb)]


def text(**fields) -> dict:
    return {"text": "名前", "status": "official", "version": "2022-04-25", **fields}


def test_a_printed_name_read_from_a_dataset_is_fine():
    assert diagnostics(text(source="wotc-printed-cards", via="mtgjson")) == []
    assert diagnostics(text(source="wotc-printed-cards")) == []  # read from the card itself


def test_official_from_a_copy_is_reported_even_with_a_via():
    assert [c for c, _m in diagnostics(text(source="mtgwiki"))] == ["E161"]
    found = diagnostics(text(source="mtgjson", via="mtgwiki"))
    assert [c for c, _m in found] == ["E161"] and "(dataset, published by MTGJSON)" in found[0][1]


def test_a_lower_status_may_cite_a_copy():
    assert diagnostics(text(source="mtgwiki", status="community", translates={"lang": "en"})) == []


def test_via_names_a_copy():
    assert [c for c, _m in diagnostics(text(source="wotc-printed-cards", via="counterpedia-mt"))] == ["E162"]
    assert [c for c, _m in diagnostics(text(source="wotc-printed-cards", via="counterpedia"))] == ["E162"]
    found = diagnostics(text(source="wotc-printed-cards", via="wotc-printed-cards"))
    assert [c for c, _m in found] == ["E162"] and "its own source" in found[0][1]
