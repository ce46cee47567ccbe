"""The compiled schema predicate never passes a record that jsonschema refuses (the validator then skips
jsonschema for it: a record it passed wrongly would lose its diagnostics), and passes the valid ones."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from counterpedia import kinds
from counterpedia.checks import schema
from counterpedia.checks.schema_fast import Unsure, compile_schema, is_valid
from counterpedia.diagnostics import render_all
from counterpedia.model.knowledge import Record
from tests.records_strategy import records

KINDS = list(kinds.names())

# Values YAML may give where the schema expects something else: true is not 1, 2.0 is an integer,
# a date is not a text, a key may be a list (a tuple once loaded).
ODD = st.one_of(
    st.sampled_from(
        [
            None,
            True,
            False,
            0,
            1,
            2.0,
            2.5,
            -1,
            float("nan"),
            "",
            " ",
            "x",
            "official",
            "en",
            "700.1a",
            "2024-01-01",
            "sha256:0000000000000000",
            "NEO",
            "omits",
            [],
            {},
            [1, True],
            ["a", "a"],
            ["a", 1],
            [True, 1],
            {"en": None},
            {("en", "fr"): "x"},
            datetime.date(2024, 1, 1),
        ]
    ),
    st.text(max_size=4),
    st.integers(-3, 3),
    st.lists(st.sampled_from(["a", "b", 1, True]), max_size=3),
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, prefix + (index,))


@st.composite
def mutated(draw, kind: str):
    """A valid record of `kind` with one value replaced, one field added or one field deleted."""
    record = draw(records(kind))
    path = draw(st.sampled_from(list(_paths(record))))
    parent, key = record, None
    for step in path[:-1]:
        parent = parent[step]
    if not path:
        return draw(st.one_of(st.just(record), ODD))
    key = path[-1]
    action = draw(st.sampled_from(["replace", "delete", "add"]))
    if action == "delete" and isinstance(parent, dict):
        del parent[key]
    elif action == "add" and isinstance(parent[key], dict):
        parent[key][draw(st.sampled_from(["kind", "en", "text", "extra", "lang", "status"]))] = draw(ODD)
    else:
        parent[key] = draw(ODD)
    return record


def _jsonschema_valid(kind: str, data) -> bool:
    return not any(Draft202012Validator(schema.inlined(kind)).iter_errors(data))


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_agrees_with_jsonschema_on_any_mutation(kind, data):
    record = data.draw(mutated(kind))
    predicate = schema.predicate(kind)
    assert predicate is not None, f"{kind}.schema.json uses a keyword schema_fast does not implement"
    try:
        fast = predicate(record)
    except Unsure:
        return  # the validator asks jsonschema: nothing is lost
    assert fast == _jsonschema_valid(kind, record), record


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_records_drawn_from_the_schema_as_jsonschema(kind, data):
    record = data.draw(records(kind))  # valid but for the schema's `if`/`then`, which the strategy ignores
    assert is_valid(schema.predicate(kind), record) == _jsonschema_valid(kind, record)


@pytest.mark.parametrize(
    "schema_node, value, valid",
    [
        ({"const": True}, 1, False),  # jsonschema tells true from 1
        ({"const": True}, True, True),
        ({"type": "integer"}, 2.0, True),  # Draft 2020-12: 2.0 is an integer
        ({"type": "integer"}, True, False),
        ({"type": "string"}, datetime.date(2024, 1, 1), False),
        ({"minimum": 1}, True, True),  # a boolean is not a number: minimum does not apply
        ({"additionalProperties": False, "properties": {"a": {}}}, {("a", "b"): 1}, False),
        ({"if": {"properties": {"kind": {"const": "omits"}}}, "then": {"required": ["en"]}}, {"kind": "adds"}, True),
        ({"if": {"properties": {"kind": {"const": "omits"}}}, "then": {"required": ["en"]}}, {"kind": "omits"}, False),
        ({"then": {"required": ["en"]}}, {}, True),  # `then` without `if` is ignored
    ],
)
def test_edge_cases_as_jsonschema(schema_node, value, valid):
    assert Draft202012Validator(schema_node).is_valid(value) is valid
    assert compile_schema(schema_node)(value) is valid


def test_a_pattern_passes_only_the_texts_it_matches_however_often_it_is_asked():
    """A pattern remembers the texts it passed: a text it did not pass is never taken for one it did."""
    predicate = compile_schema({"type": "array", "items": {"type": "string", "pattern": "^[a-z]+$"}})
    assert predicate(["abc", "abc", "xyz"]) is True
    assert predicate(["abc", "ABC"]) is False
    assert predicate(["abc ", "abc"]) is False
    assert predicate(["xyz"]) is True
    assert predicate(["ABC"]) is False  # asked again
    assert predicate(["abc "]) is False


@pytest.mark.parametrize(
    "schema_node, value",
    [
        ({"enum": [1, 2]}, True),
        ({"uniqueItems": True}, [1, True]),
    ],
)
def test_unsure_where_jsonschema_compares_values(schema_node, value):
    assert is_valid(compile_schema(schema_node), value) is False  # not passed: jsonschema decides


def test_a_keyword_it_does_not_know_leaves_the_schema_to_jsonschema(monkeypatch):
    """A schema using a keyword the compiler lacks (here multipleOf) is not compiled, and the validator
    still reports what jsonschema finds."""
    assert compile_schema({"type": "integer", "multipleOf": 3}) is None
    card = {
        "id": "x",
        "names": {"en": {"text": "X", "status": "official", "source": "s", "version": "2024-01-01"}},
        "oracle_id": "not-an-oracle-id",
    }
    monkeypatch.setattr(schema, "predicate", lambda kind: None)
    found = list(schema.check_record(Record("card", "x", card)))
    assert [d.code for d in found] == ["E101"], render_all(found)
    assert "oracle_id" in found[0].message


def _patterns(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["pattern"]} if isinstance(node.get("pattern"), str) else set()
        return found.union(*(_patterns(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_patterns(value) for value in node))
    return set()


PATTERNS = sorted(set().union(*(_patterns(schema.inlined(kind)) for kind in KINDS)))


@pytest.mark.parametrize("pattern", PATTERNS)
@settings(max_examples=50, deadline=None)
@given(data=st.data())
def test_the_strings_drawn_for_a_pattern_match_it(pattern, data):
    """The records strategy draws a pattern's strings itself (tests/records_strategy.py): a string outside the
    pattern would make the tests above compare records that are invalid for another reason than they mean to."""
    import re

    from tests.records_strategy import _pattern

    assert re.fullmatch(pattern, data.draw(_pattern(pattern)))
