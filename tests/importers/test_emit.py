"""counterpedia.importers.emit writes new records exactly as ruamel's round trip (yamlio.dumps) would."""

from __future__ import annotations

import pytest
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from counterpedia import yamlio
from counterpedia.importers import emit
from counterpedia.importers.merge import ruling_record, text_entry
from counterpedia.importers.model import ImportedRuling, Printed, Printing

TEXTS = [
    "Ao, the Dawn Sky", "+1/+1 counters on it have no effect.", "-1/-1", "{E} is the energy symbol.",
    "Note: something", "It's: quoted", "Flying, vigilance\nWhen it dies, choose one —\n• Put two +1/+1 counters.",
    "夜明けの空、猗旺", "yes", "123", "2022-01-01", "- a list?", "a #comment", "a#b", "Trailing space ", " leading",
    "multi\n\nparagraph", "quote \" inside", "back\\slash", "tab\there", "\n//\n第二面", "[bracketed]", "x: y", "@at",
    "Ümlaut", "non\u00a0breaking", "ends with colon:",
]


@pytest.mark.parametrize("text", TEXTS)
def test_every_text_is_written_as_ruamel_writes_it(text):
    record = CommentedMap()
    record["id"] = "x"
    names = CommentedMap()
    names["ja"] = text_entry(text, "official", "wotc-printed-cards", "2022-02-18", via="mtgjson-20220425",
                             printing=Printed(text, Printing("NEO", "2a", "2022-02-18")))
    names["en"] = text_entry(text, "official", "wotc-oracle", "2022-04-25")
    record["names"] = names
    record["counters"] = CommentedSeq(["plus1-plus1", "age"])
    record["any_counter"] = True
    record["rulings"] = CommentedSeq([ruling_record(ImportedRuling("2022-02-18", text, "mtgjson-rulings-20220425",
                                                                   "community", counters=["age"], rules=["704.5q"]))])
    assert emit.dumps(record, "# header\n") == yamlio.dumps(record, "# header\n")


def test_it_is_used_for_plain_records():
    """No fallback for the usual record: the point is speed."""
    record = CommentedMap()
    record["id"] = "x"
    record["names"] = CommentedMap(en=text_entry("Ao, the Dawn Sky", "official", "wotc-oracle", "2022-04-25"))
    out: list[str] = []
    emit._mapping(record, 0, out)
    assert out[0] == "id: x"
