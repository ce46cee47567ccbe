"""counterpedia.model.knowledge: a card's rulings are ruling records too, located inside the card's file."""

from __future__ import annotations

from counterpedia.model.knowledge import from_documents
from counterpedia.model.texts import title
from counterpedia.storage.load import parse_document

CARD = """id: sample-card
names:
  en: {text: Sample Card, status: official, source: cr, version: "20260116"}
rulings:
  - id: 2022-02-18-0a1b2c3d
    date: "2022-02-18"
    source: cr
    original: en
    text:
      en: {text: A ruling., status: official, source: cr, version: "2022-02-18"}
    about:
      counters: [rad]
"""


def test_embedded_rulings_are_ruling_records_located_in_their_card():
    document, problems = parse_document(CARD, "data/cards/s/sample-card.yaml", "sample-card", "card")
    assert problems == []
    kb = from_documents([document])
    [ruling] = kb.all("ruling")
    assert ruling.id == "sample-card/2022-02-18-0a1b2c3d" and ruling.local_id == "2022-02-18-0a1b2c3d"
    assert ruling.owner is kb.get("card", "sample-card")
    assert ruling.path == "data/cards/s/sample-card.yaml"
    assert ruling.position(("about", "counters", 0)) == (11, 17)  # 0-based: line 12, "rad"
    assert ruling.position(("text", "en")) == (9, 6)
    assert title(ruling, "en") == "Sample Card · 2022-02-18"


def test_a_text_s_source_is_found_only_when_it_names_a_known_source():
    source, _ = parse_document(
        "id: cr\nname: Comprehensive Rules\npublisher: wotc\n", "data/sources/cr.yaml", "cr", "source"
    )
    kb = from_documents([source])
    assert kb.source("cr") is kb.get("source", "cr") is not None
    # an unknown id, an absent value and a malformed one (a list, a mapping: unhashable) name no source
    assert [kb.source(value) for value in ("nothing", None, ["cr"], {"id": "cr"}, 3)] == [None] * 5
