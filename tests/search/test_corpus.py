"""What is searched: records as search units, for the command line and each site (counterpedia.search.corpus)."""

from __future__ import annotations

import pytest

from counterpedia.model.knowledge import KnowledgeBase, Record
from counterpedia.search import corpus


def text(value: str, status: str = "official", **extra) -> dict:
    return {"text": value, "status": status, "source": "cr", "version": "20260116", **extra}


def kb_of(*records: Record) -> KnowledgeBase:
    kb = KnowledgeBase()
    for record in records:
        kb.add(record)
    return kb


CHARGE = Record(
    "counter",
    "charge",
    {
        "id": "charge",
        "names": {
            "ja": text("蓄積カウンター", "machine", translates={"lang": "en"}),
            "en": text("charge counter"),
            "fr": text("marqueur « charge »", "machine", translates={"lang": "en"}),
        },
        "summary": {"en": text("Charge counters are named by rule 702.44a.")},
    },
)
BALLISTA = Record(
    "card",
    "walking-ballista",
    {
        "id": "walking-ballista",
        "names": {"en": text("Walking Ballista"), "ja": text("歩行バリスタ")},
        "text": {
            "en": text("Walking Ballista enters with X +1/+1 counters."),
            "ja": text("歩行バリスタは+1/+1カウンターX個が置かれた状態で戦場に出る。"),
        },
        "rulings": [
            {
                "id": "2016-08-23-1",
                "date": "2016-08-23",
                "source": "mtgjson-rulings-20220425",
                "original": "en",
                "text": {"en": text("If Walking Ballista has no counters, it dies.", "community")},
            },
        ],
    },
)
LOOSE = Record(
    "ruling",
    "2024-03-08-rad-01",
    {
        "id": "2024-03-08-rad-01",
        "date": "2024-03-08",
        "original": "en",
        "text": {"en": text("Rad counters are a kind of counter a player may have.")},
        "about": {"counters": ["charge"], "cards": ["walking-ballista"]},
    },
)
RULE = Record(
    "rule",
    "rad-counters",
    {
        "id": "rad-counters",
        "title": {"en": text("Rad Counters")},
        "rules": [{"number": "727.1", "text": {"en": text("Rad counters are a kind of counter.")}}],
    },
)


def by_id(units) -> dict:
    return {(u.kind, u.id): u for u in units}


def test_the_command_line_holds_every_language():
    units = by_id(corpus.units(kb_of(CHARGE)))
    assert {(e.role, e.lang) for e in units[("counter", "charge")].entries} == {
        ("name", "ja"),
        ("name", "en"),
        ("name", "fr"),
        ("reading", "ja"),
        ("summary", "en"),
    }


def test_a_site_holds_its_language_and_the_english_name():
    ja = by_id(corpus.units(kb_of(CHARGE), "ja"))[("counter", "charge")]
    assert [(e.role, e.lang, e.text) for e in ja.entries] == [
        ("name", "ja", "蓄積カウンター"),
        ("name", "en", "charge counter"),
        ("reading", "ja", "ちくせき かうんたー"),
        ("summary", "en", "Charge counters are named by rule 702.44a."),
    ]  # no ja summary: the page shows en
    en = by_id(corpus.units(kb_of(CHARGE), "en"))[("counter", "charge")]
    assert [e.lang for e in en.entries] == ["en", "en"]


def test_card_texts_and_embedded_rulings():
    units = corpus.units(kb_of(CHARGE, BALLISTA), "ja")
    card = by_id(units)[("card", "walking-ballista")]
    assert [e.role for e in card.entries] == ["name", "name", "reading", "text"]
    assert card.entries[2].lang == "ja"
    ruling = by_id(units)[("ruling", "walking-ballista/2016-08-23-1")]
    assert (ruling.page, ruling.anchor) == ("cards/walking-ballista.html", "ruling-2016-08-23-1")
    assert ruling.titles["en"] == "Walking Ballista · Ruling 2016-08-23"  # names its card and its date
    assert ruling.titles["ja"] == "歩行バリスタ · 裁定 2016-08-23"
    assert ruling.headings["ja"] == "裁定 2016-08-23"  # under the card on its page
    assert ruling.page_titles["ja"] == "歩行バリスタ"
    assert ruling.entries[0].keys == ("rulings", 0, "text", "en")


def test_a_loose_ruling_names_what_it_is_about_and_its_date():
    ruling = by_id(corpus.units(kb_of(CHARGE, BALLISTA, LOOSE), "en"))[("ruling", "2024-03-08-rad-01")]
    assert (ruling.page, ruling.anchor) == ("rulings/index.html", "2024-03-08-rad-01")
    assert ruling.titles["en"] == ruling.headings["en"] == "charge counter · Ruling 2024-03-08"


def test_quoted_rules_carry_their_number_and_anchor():
    unit = by_id(corpus.units(kb_of(RULE), "en"))[("rule", "rad-counters")]
    rule = unit.entries[1]
    assert (rule.role, rule.text, rule.anchor) == ("rule", "727.1 Rad counters are a kind of counter.", "727-1")


@pytest.mark.parametrize(
    "data",
    [
        {"names": ["a", "b"]},
        {"names": {"en": ["a"], "ja": 5, "fr": {"text": 7}}},
        {"names": "x", "summary": 5, "notes": 5, "text": [1], "rulings": 5},
        {"names": {"en": {"text": "ok"}}, "rulings": [5, {"text": 5, "date": []}, {"id": [], "text": {"en": "plain"}}]},
        {"title": 5, "rules": 5},
        {"title": {"en": 5}, "rules": [5, {"number": 5, "text": "x"}, {"number": "1.1", "examples": 5}]},
        {"about": 5, "text": {"en": None}},
    ],
)
@pytest.mark.parametrize("kind", ["counter", "card", "rule", "ruling", "mechanic", "term", "source"])
def test_any_value_of_any_type_is_tolerated(kind, data):
    record = Record(kind, "x", {"id": "x", **data})
    for lang in (None, "ja", "en", "fr"):
        for unit in corpus.units(kb_of(record), lang):
            assert all(isinstance(entry.text, str) and entry.text for entry in unit.entries)
            assert all(isinstance(title, str) for title in unit.titles.values())


def test_a_cards_ruling_listed_by_the_knowledge_base_too_is_indexed_once():
    from counterpedia.storage.load import Document

    document = Document("data/cards/w/walking-ballista.yaml", "card", BALLISTA.data, "walking-ballista")
    card = Record("card", "walking-ballista", BALLISTA.data, document)
    listed = Record(
        "ruling",
        "walking-ballista-2016-08-23-1",
        {**BALLISTA.data["rulings"][0]},
        Document(document.path, "card", BALLISTA.data, "walking-ballista"),
    )
    rulings = [u for u in corpus.units(kb_of(card, listed), "en") if u.kind == "ruling"]
    assert [(u.page, u.anchor) for u in rulings] == [("cards/walking-ballista.html", "ruling-2016-08-23-1")]
