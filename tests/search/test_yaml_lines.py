"""The line of a text in its record, without a YAML parser (counterpedia.search.yaml_lines)."""

from __future__ import annotations

import pytest

from counterpedia.search import corpus
from counterpedia.search.yaml_lines import line_of

SOURCE = """# a comment
id: x
names:
  ja: {text: 名前, status: official}
  en:
    text: |
      name:
        not: a key
    status: official
rules:
  - number: "1.1"
    text:
      en:
        text: first
  - number: "1.2"
    examples:
      - en: {text: example}
      - en:
          text: second example
"""


@pytest.mark.parametrize(
    "keys, line",
    [
        (("names", "ja"), 4),
        (("names", "en"), 5),
        (("names", "fr"), 3),  # missing: the deepest key found
        (("rules", 0, "text", "en"), 13),
        (("rules", 1, "examples", 1, "en"), 18),
        (("rules", 2, "text"), 10),
        (("nothing",), 1),
    ],
)
def test_line_of(keys, line):
    assert line_of(SOURCE, keys) == line


def test_agrees_with_ruamel_on_the_real_records(real_kb):
    kb = real_kb
    checked = 0
    for number, unit in enumerate(corpus.units(kb)):
        record = kb.get(unit.kind, unit.id)
        if number % 3:
            continue  # a third of the records: ruamel's positions take seconds to parse
        if record is None or record.document is None:
            continue
        for entry in unit.entries:
            # an entry's keys lead from the top of its file (a card's ruling: rulings.N.text.LANG in the card's file)
            assert line_of(record.document.source, entry.keys) == record.document.position(entry.keys)[0] + 1, (
                unit.path,
                entry.keys,
            )
            checked += 1
    assert checked > 300
