"""The direct writer of record trees: ruamel's round-trip text, byte for byte, or a decline (then ruamel writes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from counterpedia.storage import format as fmt
from counterpedia.storage.emit import emit
from counterpedia.storage.load import parse_document, schema_kind

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"


def ruamel(tree) -> str:
    return fmt._dump(tree)


def mapping(*pairs) -> CommentedMap:
    out = CommentedMap()
    for key, value in pairs:
        out[key] = value
    return out


def _leaves(tree, keys: dict, values: dict) -> None:
    """Every key and every scalar of a tree, by type and value (a double-quoted "1" is not the string "1")."""
    if isinstance(tree, dict):
        for key, value in tree.items():
            keys[(type(key), key)] = key
            _leaves(value, keys, values)
    elif isinstance(tree, list):
        for value in tree:
            _leaves(value, keys, values)
    else:
        values[(type(tree), tree)] = tree


def _written(value) -> bool:
    return emit(mapping(("key", value))) is not None


def _ordered(found: dict) -> list:
    return [found[k] for k in sorted(found, key=lambda k: (k[0].__name__, str(k[1])))]


@pytest.mark.skipif(not DATA.is_dir(), reason="no data/")
def test_every_shipped_record_is_written_as_ruamel_writes_it():
    """Every record of data/ is written directly (a decline costs only time, but a writer that declines much would
    leave `fmt` and the imports slow), and every key and scalar they hold is written as ruamel writes it. ruamel's
    emitter (pure Python) writes each distinct key and scalar once, in one tree (64,000 scalars rather than the
    760,000 of the records; its style for a scalar depends on the scalar alone, and no line comes near the width
    that would make it depend on the column): how the records' mappings and lists are laid out around them is
    test_any_record_tree_is_written_as_ruamel_writes_it_or_declined's."""
    files = sorted(DATA.rglob("*.yaml"))
    declined = []
    keys: dict = {}
    values: dict = {}
    for path in files:
        kind = schema_kind(path, DATA)
        # read as `fmt` reads it (the event reader: the fast loader's data in a fifth of its time)
        document, problems = parse_document(path.read_text(encoding="utf-8"), path.name, path.stem, kind)
        assert document is not None, problems
        tree = fmt._build(document.data, fmt._schema_node(kind), {})
        if emit(tree) is None:
            declined.append(path.name)
        _leaves(tree, keys, values)
    assert len(declined) * 20 <= len(files), declined
    tree = mapping(
        ("keys", mapping(*((key, 0) for key in _ordered(keys) if _written(key) and isinstance(key, str)))),
        ("values", CommentedSeq(value for value in _ordered(values) if _written(value))),
    )
    text = emit(tree)
    assert text is not None
    expected = ruamel(tree)
    assert [(a, b) for a, b in zip(text.splitlines(), expected.splitlines()) if a != b][:5] == []
    assert text == expected


def test_a_record_is_laid_out_by_the_rules_of_the_style():
    tree = mapping(
        ("id", "x"),
        ("names", mapping(("en", mapping(("text", "Yes: it's #1"), ("version", DoubleQuotedScalarString("1")))))),
        ("holders", CommentedSeq(["player", mapping(("a", "b"), ("c", CommentedSeq(["d"])))])),
        ("empty", CommentedSeq()),
        ("none", CommentedMap()),
        ("flag", True),
        ("text", 'a\n"b"\t\\'),
        ("date", "2024-01-01"),
    )
    expected = (
        "id: x\n"
        "names:\n"
        "  en:\n"
        '    text: "Yes: it\'s #1"\n'
        '    version: "1"\n'
        "holders:\n"
        "  - player\n"
        "  - a: b\n"
        "    c:\n"
        "      - d\n"
        "empty: []\n"
        "none: {}\n"
        "flag: true\n"
        'text: "a\\n\\"b\\"\\t\\\\"\n'
        'date: "2024-01-01"\n'
    )
    assert emit(tree) == expected == ruamel(tree)


@pytest.mark.parametrize(
    "value",
    [
        "a\u2028b",  # a line break of its own that ruamel escapes: not reproduced
        "\ufeffbom",
        "bell\x07",
        "carriage\rreturn",
        1.5,  # a float: ruamel's representation of floats is its own
        CommentedSeq([CommentedSeq(["a"])]),  # a list in a list
        "x" * 4090,  # long enough for ruamel to fold it
    ],
    ids=repr,
)
def test_what_it_is_not_certain_to_write_as_ruamel_is_declined(value):
    assert emit(mapping(("key", value))) is None


def test_a_shared_list_is_declined_for_ruamel_writes_an_anchor():
    shared = CommentedSeq(["a"])
    assert emit(mapping(("one", shared), ("two", shared))) is None


def test_a_long_or_multi_line_key_is_declined():
    assert emit(mapping(("k" * 123, "v"))) is None  # ruamel: `? kkk…` then `: v`
    assert emit(mapping(("a\nb", "v"))) is None
    assert emit(mapping(("k" * 100, "v"))) == ruamel(mapping(("k" * 100, "v")))


def test_a_declined_record_is_formatted_by_ruamel_with_the_same_result():
    text = 'id: x\nnames:\n  en:\n    text: "a\\Lb"\n'  # U+2028, as ruamel escapes it
    assert fmt.format_text(None, text) == text


# -- any record-like tree -------------------------------------------------------------------------------------------------
HOSTILE = [
    "",
    " ",
    "~",
    "a",
    "-",
    "?",
    ":",
    "#",
    ",",
    "[",
    "]",
    "{",
    "}",
    "&",
    "*",
    "!",
    "|",
    ">",
    "'",
    '"',
    "%",
    "@",
    "`",
    "\\",
    ": ",
    " #",
    "- ",
    "? ",
    "---",
    "...",
    "<<",
    "=",
    "yes",
    "no",
    "null",
    "Null",
    "NULL",
    "true",
    "True",
    "FALSE",
    "1e3",
    "0x1",
    "0o7",
    "0b1",
    "1_000",
    "+1",
    "-1",
    ".5",
    ".inf",
    "-.Inf",
    ".nan",
    "2024-01-01",
    "2024-01-01 10:00:00",
    "1:30",
    "é",
    "日本語",
    "\xa0",
    "😀",
    "\t",
    "\n",
]
UNCERTAIN = ["\x85", "\u2028", "\ufeff", "\x00", "\r"]  # what ruamel escapes besides `"`, `\\`, tab and line break
printable = st.text(st.characters(exclude_categories=("Cs", "Cc")) | st.sampled_from("\t\n"), max_size=12)
strings = st.one_of(
    st.lists(st.sampled_from(HOSTILE), max_size=5).map("".join),
    printable,
    st.lists(st.sampled_from(HOSTILE + UNCERTAIN), max_size=3).map("".join),
)
scalars = st.one_of(
    strings,
    strings.map(DoubleQuotedScalarString),
    st.booleans(),
    st.none(),
    st.integers(min_value=-(10**20), max_value=10**20),
)
keys = st.one_of(
    st.lists(st.sampled_from(HOSTILE), min_size=1, max_size=4).map("".join).filter(lambda k: k and "\n" not in k),
    printable.filter(lambda k: k and "\n" not in k),
)


def _as_mapping(pairs: list) -> CommentedMap:
    return mapping(*pairs)


def _containers(children):
    mappings = st.lists(st.tuples(keys, children), max_size=4).map(_as_mapping)
    return mappings | st.lists(scalars | mappings, max_size=4).map(CommentedSeq)  # a list in a list: declined


trees = st.recursive(scalars, _containers, max_leaves=20)
records = st.lists(st.tuples(keys, trees), min_size=1, max_size=5).map(_as_mapping)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records)
@example(mapping(("a", CommentedSeq([None, mapping(("b", None)), mapping(("c", CommentedSeq(["d"])))]))))
@example(mapping(("k", "x" * 3990), ("n", mapping(("m", CommentedSeq(["y" * 3990, "z " * 1999]))))))
def test_any_record_tree_is_written_as_ruamel_writes_it_or_declined(tree):
    text = emit(tree)
    if text is not None:
        assert text == ruamel(tree)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(HOSTILE), max_size=6))
def test_any_string_of_printable_characters_is_written_not_declined(parts):
    tree = mapping(("key", "".join(parts)), ("quoted", DoubleQuotedScalarString("".join(parts))))
    assert emit(tree) == ruamel(tree)
