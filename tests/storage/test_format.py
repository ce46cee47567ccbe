"""The formatter: schema key order, one quoting style, one indentation, every comment kept where it belongs."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from counterpedia.storage import format as fmt
from counterpedia.storage import schema_model
from counterpedia.storage.format import FormatError, comments, format_data, format_text
from counterpedia.storage.yamlio import fast_loader

from ..records_strategy import records


def load(text: str):
    return fast_loader().load(text)


def test_keys_follow_the_schema_order_at_every_depth():
    text = (
        "sources: [cr]\nholders: [player]\n"
        "names:\n  fr: {version: '2026-01-01', source: cr, status: official, text: b}\n"
        "  en: {text: a, version: '20260116', status: official, source: cr}\n"
        "id: x\n"
    )
    out = format_text("counter", text)
    assert out == (
        "id: x\n"
        "names:\n"
        '  en:\n    text: a\n    status: official\n    source: cr\n    version: "20260116"\n'
        '  fr:\n    text: b\n    status: official\n    source: cr\n    version: "2026-01-01"\n'
        "holders:\n  - player\n"
        "sources:\n  - cr\n"
    )


def test_unknown_keys_follow_the_known_ones_in_their_own_order():
    out = format_text("card", "zeta: 1\nid: x\nalpha: 2\nnames: {}\n")
    assert [line.split(":")[0] for line in out.splitlines()] == ["id", "names", "zeta", "alpha"]


def test_key_order_comes_from_the_schema_not_from_code(monkeypatch):
    """A field added to a schema is placed where the schema puts it, with no change in the formatter."""
    root = schema_model.root("term")
    props = dict(root.schema["properties"])
    reordered = {"note": props.pop("note"), **props, "extra": {"type": "string"}}
    monkeypatch.setattr(
        schema_model, "root", lambda kind: schema_model.Node({**root.schema, "properties": reordered}, root.base)
    )
    out = format_text("term", "id: x\nextra: e\nnote: {}\nnames: {}\n")
    assert [line.split(":")[0] for line in out.splitlines()] == ["note", "id", "names", "extra"]


@pytest.mark.parametrize(
    "field, value, written",
    [
        ("version", "'20260116'", '"20260116"'),  # versions: always double-quoted
        ("version", '"2026-01-02"', '"2026-01-02"'),
        ("text", "'plain words'", "plain words"),  # texts: plain when YAML reads them back the same
        ("text", '"it\'s: here"', '"it\'s: here"'),  # else double-quoted, never single
        ("text", "'#1 pick'", '"#1 pick"'),
        ("text", "|\n      two\n      lines", '"two\\nlines\\n"'),  # line breaks: double-quoted with \n
        ("text", "'123'", '"123"'),  # a number look-alike keeps its quotes (it is a string)
    ],
)
def test_one_quoting_style_per_kind_of_value(field, value, written):
    text = 'id: x\nnames:\n  en:\n    text: a\n    status: official\n    source: cr\n    version: "20260116"\n'
    text = text.replace(
        f"    {field}: {'a' if field == 'text' else chr(34) + '20260116' + chr(34)}\n", f"    {field}: {value}\n"
    )
    out = format_text("card", text)
    assert f"    {field}: {written}\n" in out
    assert load(out) == load(text)


def test_cr_numbers_sections_and_hashes_are_double_quoted():
    text = (
        "id: r\nsection: '704'\ntitle: {en: {text: t, status: official, source: cr, version: '20260116'}}\n"
        "rules:\n- number: 704.5a\n  text: {en: {text: t, status: official, source: cr, version: '20260116'}}\n"
    )
    out = format_text("rule", text)
    assert 'section: "704"' in out and '  - number: "704.5a"' in out


def test_indentation_mapping_2_sequence_4_offset_2():
    out = format_text("counter", "id: x\nrules:\n- '122.1f'\nrelated:\n    counters:\n    -   a\n")
    assert out == 'id: x\nrules:\n  - "122.1f"\nrelated:\n  counters:\n    - a\n'


COMMENTED = """\
# head: what this file is
# head, second line
names:   # end of line, on a key holding a mapping
  # before fr: moves with fr
  fr:
    text: marqueur   # end of line, on a text
    version: '2026-11-29'
    status: machine
    source: counterpedia-mt
    translates: {lang: en, version: "20260116", hash: "sha256:a88ded07dc71c340"}
  en:
    # between keys: before en.text
    text: poison counter
    status: official
    source: cr
    version: "20260116"
    # closes en (deeper than the next key)
# before id, which moves to the top
id: poison
holders:
  - player  # end of line, on a list item
  # before a list item
  - permanent
  # closes the list (a commented-out item)
sources: [cr, # inside a flow list
  mtgwiki-ja-counter]
# last line of the file
"""

EXPECTED = """\
# head: what this file is
# head, second line
# before id, which moves to the top
id: poison
names:  # end of line, on a key holding a mapping
  en:
    # between keys: before en.text
    text: poison counter
    status: official
    source: cr
    version: "20260116"
    # closes en (deeper than the next key)
  # before fr: moves with fr
  fr:
    text: marqueur  # end of line, on a text
    status: machine
    source: counterpedia-mt
    version: "2026-11-29"
    translates:
      lang: en
      version: "20260116"
      hash: "sha256:a88ded07dc71c340"
holders:
  - player  # end of line, on a list item
  # before a list item
  - permanent
  # closes the list (a commented-out item)
sources:
  - cr  # inside a flow list
  - mtgwiki-ja-counter
# last line of the file
"""


def test_comments_at_every_position_are_kept_and_travel_with_their_key():
    out = format_text("counter", COMMENTED)
    assert out == EXPECTED
    assert load(out) == load(COMMENTED)
    assert sorted(c.text for c in comments(out)) == sorted(c.text for c in comments(COMMENTED))


def test_formatting_is_idempotent_on_comments():
    assert format_text("counter", EXPECTED) == EXPECTED


def test_a_hash_inside_a_string_is_not_a_comment():
    text = 'id: x\nnames:\n  en:\n    text: "a # b"  # real\n    status: official\n    source: cr\n    version: "1"\n'
    found = comments(text)
    assert [c.text for c in found] == ["# real"]
    assert format_text("card", text).count("# real") == 1


def test_a_comment_after_a_multi_line_value_stays_after_it():
    text = (
        "id: x\nnames: {}\nnote:\n  en:\n    text: one\n      two  # eol\n    status: community\n"
        '    source: s\n    version: "2026-01-01"\n'
    )
    out = format_text("term", text)
    assert "    text: one two  # eol\n" in out
    assert load(out) == load(text)


def test_an_end_of_line_comment_after_a_literal_block_goes_after_the_value():
    text = "id: x\nnames: {}\nnote:\n  en:\n    text: |-  # eol\n      one\n      two\n    status: community\n    source: s\n    version: '1'\n"
    out = format_text("term", text)
    assert '    text: "one\\ntwo"  # eol\n' in out
    assert load(out) == load(text)


def test_bad_yaml_gets_the_validators_diagnostic():
    with pytest.raises(FormatError) as raised:
        format_text("counter", "id: x\nnames: [\n", "data/counters/x.yaml")
    (problem,) = raised.value.diagnostics
    assert problem.code == "E001" and problem.path == "data/counters/x.yaml" and problem.line >= 2


@pytest.mark.parametrize("text, code", [("id: a\nid: b\n", "E002"), ("- a\n", "E003"), ("", "E003")])
def test_unreadable_records_are_refused(text, code):
    with pytest.raises(FormatError) as raised:
        format_text("counter", text)
    assert [d.code for d in raised.value.diagnostics] == [code]


@pytest.mark.parametrize(
    "result",
    [
        "id: other\nnames: {}\n",
        "id: &a other\nnames: {}\n",  # an anchor: read back by the fast loader, not the event reader
        "id: x\nnames: [\n",  # not YAML
        "id: x\nnames: {}\nextra: 1\n",
    ],
)
def test_a_result_that_would_change_the_data_is_refused(monkeypatch, result):
    monkeypatch.setattr(fmt, "_emit", lambda tree, placement: result)
    with pytest.raises(FormatError) as raised:
        format_text("card", "id: x\nnames: {}\n")
    assert [d.code for d in raised.value.diagnostics] == ["E400"]


def test_aliases_keep_their_meaning():
    text = "id: x\nnames: &n {en: {text: a, status: official, source: cr, version: '1'}}\nrelated: {}\nnote: *n\n"
    out = format_text("term", text)
    assert load(out) == load(text)
    assert format_text("term", out) == out


def test_crlf_and_bom_are_normalized():
    out = format_text("card", "\ufeffid: x\r\nnames: {}\r\n")
    assert out == "id: x\nnames: {}\n"


def test_format_data_formats_a_record_built_in_memory():
    text = format_data("card", {"names": {}, "id": "x"}, "# Added by a test.\n")
    assert text == "# Added by a test.\nid: x\nnames: {}\n"


# Characters a YAML stream may not hold raw, or reads as a line break inside a quoted scalar.
NOT_RAW = re.compile("[^\x09\x0a\x0d\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")


def as_yaml_flow(record) -> str:
    """A faithful YAML text of any record: JSON (flow style), with the characters YAML needs escaped."""
    return NOT_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", json.dumps(record, ensure_ascii=False))


KINDS = ["counter", "rule", "ruling", "card", "mechanic", "term", "source", "excluded-counters"]


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_any_valid_record_survives_load_fmt_load_and_fmt_is_idempotent(kind, data):
    record = data.draw(records(kind))
    text = as_yaml_flow(record)
    before = load(text)
    assert before == record
    once = format_text(kind, text)
    assert load(once) == before
    assert format_text(kind, once) == once


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_a_record_built_in_memory_is_laid_out_as_its_dump_would_be(kind, data):
    """format_data lays out a record without comments directly: the text fmt makes of the record's dump."""
    record = data.draw(records(kind))
    header = "# Added by a test.\n# Second line.\n"
    assert format_data(kind, record, header) == format_text(kind, header + fmt._dump(record))
    tree = fast_loader().load(format_text(kind, as_yaml_flow(record)))  # plain dicts, as the importers' own
    assert format_data(kind, tree) == format_text(kind, fmt._dump(tree))


def test_a_record_with_comments_keeps_them():
    from ruamel.yaml.comments import CommentedMap

    record = CommentedMap([("names", {}), ("id", "x")])
    record.yaml_add_eol_comment("# the id", "id")
    assert format_data("card", record, "# Header.\n") == "# Header.\nid: x  # the id\nnames: {}\n"


COMMENT_TEXT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp"), blacklist_characters="\x85\ufeff"),
    max_size=12,
)


@pytest.mark.parametrize("kind", ["counter", "rule", "ruling"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_comments_anywhere_are_never_lost_and_a_second_run_changes_nothing(kind, data):
    record = data.draw(records(kind))
    lines = format_text(kind, as_yaml_flow(record)).splitlines()
    out = []
    for line in lines:
        for _ in range(data.draw(st.integers(0, 1))):  # a comment line, at any indentation, before this line
            out.append(" " * data.draw(st.integers(0, 8)) + "#" + data.draw(COMMENT_TEXT).rstrip())
        if data.draw(st.booleans()):
            line += "  #" + data.draw(COMMENT_TEXT).rstrip()  # an end-of-line comment
        out.append(line)
    text = "\n".join(out) + "\n"
    once = format_text(kind, text)
    assert load(once) == load(text) == record
    assert sorted(c.text for c in comments(once)) == sorted(c.text for c in comments(text))
    assert format_text(kind, once) == once


@pytest.mark.parametrize(
    "text",
    [
        COMMENTED,
        EXPECTED,
        "a: |-  # eol\n  one # not\n  two\n# after\nb: 1\n",
        "a: >\n  folded # x\n\n  more\n# out\nb: [1, # c\n  2]\n",
        "- - a\n  - b # c\n-\n- # null item\n- {x: 1, y: [2, 3]}  # flow\n",
        "a: word\n  continued # c\n  # line\nb: 'it''s # not'\nc: \"q # not\" # yes\n",
        "a:\n  - b: 1 # c\n    c: 2\n  - # empty\n    d: 3\n",
        'é😀: "é😀 # x" # ✓\nb: 😀#x # y\n',
        "a: &x 1\nb: *x # c\n",  # an anchor: the round trip's reading
        "a: !tag x # c\n",
        "%YAML 1.2\n---\na: 1 # c\n",
        "1: a # c\nnull: b\n",  # keys that are not strings
    ],
)
def test_comments_and_positions_from_the_c_parser_are_the_pure_scanners_and_round_trips(text, monkeypatch):
    """comments() and the positions of keys and items are read from the C parser's events, the pure-Python
    scanner and round trip being the fallback for what the events may not say alike: both readings agree."""
    lines = text.split("\n")
    assert fmt._located(text, lines) == fmt._nodes(fmt.yaml_loader().load(text), lines)
    found = comments(text)
    monkeypatch.setattr(fmt, "_event_spans", lambda source: None)
    assert found == comments(text) and found
