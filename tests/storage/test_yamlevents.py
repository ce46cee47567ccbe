"""The event reader builds exactly what ruamel.yaml's safe loader builds, or leaves the file to it."""

from __future__ import annotations

import datetime
import io
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from counterpedia.storage import yamlevents
from counterpedia.storage.yamlevents import UNSURE, load, load_any
from counterpedia.storage.yamlio import fast_loader
from counterpedia.storage.yamlshape import MAX_DEPTH, depth_problem
from tests.records_strategy import TRICKY, records

ROOT = Path(__file__).resolve().parents[2]


def _same(one, two) -> bool:
    """Equal values of the same types, keys in the same order (True is not 1, 1.0 is not 1)."""
    if type(one) is not type(two):
        return False
    if isinstance(one, dict):
        return list(map(repr, one)) == list(map(repr, two)) and all(_same(one[k], two[k]) for k in one)
    if isinstance(one, list):
        return len(one) == len(two) and all(_same(a, b) for a, b in zip(one, two))
    return one == two or (one != one and two != two)  # nan


def _agrees(source: str) -> None:
    mine = load(source)
    if mine is UNSURE:
        return
    assert _same(mine, fast_loader().load(source)), source


def _files():
    for folder in (
        "tests/fixtures/valid",
        "tests/fixtures/invalid",
        "tests/fixtures/malformed",
        "data/counters",
        "data/rules",
        "data/sources",
    ):
        yield from sorted((ROOT / folder).rglob("*.yaml"))


@pytest.mark.parametrize("path", list(_files()), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_fixture_and_record_reads_as_the_safe_loader_reads_it(path):
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8: the loader reports it before parsing")
    _agrees(source)


PLAIN = st.one_of(
    TRICKY,
    st.sampled_from(
        [
            "true",
            "True",
            "TRUE",
            "false",
            "yes",
            "no",
            "on",
            "null",
            "Null",
            "~",
            "0",
            "-1",
            "+1",
            "007",
            "0o17",
            "0x1F",
            "1_000",
            "1.5",
            "-.5",
            ".inf",
            "-.INF",
            ".nan",
            "1e3",
            "6.02e+23",
            "2024-01-01",
            "2024-1-1",
            "2024-01-01T10:00:00Z",
            "2024-01-01 10:00:00.5+02:00",
            "1:20",
            "=",
            "a b",
            "é",
            "12a",
            "0.",
            "- x",
        ]
    ),
    st.text(alphabet="0123456789.-+:eEtTxXoO_ ", max_size=8),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=PLAIN, value=PLAIN, other=PLAIN)
def test_plain_scalars_resolve_as_the_safe_loader_resolves_them(key, value, other):
    for source in (
        f"{key}: {value}\nz: [{other}, {value}]\n",
        f"a:\n  - {value}\n  - {other}: {key}\n",
        f"a: '{value}'\n{other}: \"{key}\"\n",
    ):
        _agrees(source)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), flow=st.sampled_from([False, True, None]))
def test_records_written_in_any_style_read_the_same(data, flow):
    record = data.draw(records(data.draw(st.sampled_from(["counter", "card", "rule", "ruling", "source"]))))
    yaml = YAML(typ="rt")
    yaml.default_flow_style = flow
    stream = io.StringIO()
    yaml.dump(record, stream)
    source = stream.getvalue()
    try:
        expected = fast_loader().load(source)
    except YAMLError:
        return  # ruamel.yaml writes some texts in flow style that it cannot read back ("{text: 0?, …}")
    mine = load(source)
    assert mine is not UNSURE  # a plain record: read by the event reader
    assert _same(mine, expected), source


@pytest.mark.parametrize(
    "source",
    [
        "a: !!str 1\n",
        "a: &x 1\nb: *x\n",
        "base: &b {x: 1}\nc:\n  <<: *b\n",
        "a: 1\na: 2\n",
        "1: x\ntrue: y\n",
        "%YAML 1.1\n---\na: yes\n",
        "a: 1\n---\nb: 2\n",
        "- a\n",
        "just text\n",
        "",
        "# nothing\n",
        "? [a, b]\n: c\n",
        "a: =\n",
        'a: "\\ud800"\n',
        "a: [1\n",
        "a: 1\n b: 2\n",
        "a: 1" + "0" * 5000 + "\n",
    ],
)
def test_what_it_does_not_build_is_left_to_the_safe_loader(source):
    assert load(source) is UNSURE


def test_plain_values_are_typed_as_yaml_1_2_says():
    source = (
        "a: yes\nb: 2024-01-01\nc: 0o17\nd: ~\ne: 1.0\nf: true\ng: -.inf\nh: 1e3\ni: 0x1F\nj: 1:20\n"
        "k: 2024-01-01T10:00:00Z\nl: .nan\nm: 1_000\nn: +12\n"
    )
    data = load(source)
    assert data is not UNSURE
    assert _same(data, fast_loader().load(source))
    assert data["a"] == "yes" and data["b"] == datetime.date(2024, 1, 1) and data["e"] == 1.0 and data["j"] == "1:20"


@pytest.mark.parametrize(
    "source",
    [
        "a: " + "[" * 1_000_000,
        "a: " + "{a: " * 500_000,
        "a: " + "[" * 200_000 + "]" * 200_000 + "\n",
        "a:\n  " + "- " * 1_000_000 + "x\n",
        "".join(" " * depth + f"k{depth}:\n" for depth in range(2_000)),
        "? " * 500_000 + "x\n",
    ],
    ids=["flow lists", "flow mappings", "closed", "one line of dashes", "indented keys", "complex keys"],
)
def test_nesting_of_any_depth_is_left_to_the_general_path_without_a_crash(source):
    # The loader reads a file with the event reader before any depth guard: libyaml's parser keeps its own
    # stack (no recursion), and the reader gives up past MAX_DEPTH.
    assert load(source) is UNSURE


def _nested(depth: int, flow: bool) -> str:
    if flow:
        return "a: " + "[" * (depth - 1) + "x" + "]" * (depth - 1) + "\n"
    return "".join(" " * level + f"k{level}:\n" for level in range(depth - 1)) + " " * (depth - 1) + "k: x\n"


@pytest.mark.parametrize("flow", [False, True])
@pytest.mark.parametrize("depth", [MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, MAX_DEPTH + 2])
def test_the_event_reader_reads_exactly_what_the_depth_guard_lets_through(depth, flow):
    source = _nested(depth, flow)
    assert (depth_problem(source) is None) == (depth <= MAX_DEPTH)
    assert (load(source) is UNSURE) == (depth > MAX_DEPTH)


def test_load_any_reads_what_the_event_reader_is_unsure_of_with_the_fast_loader():
    assert load_any("id: a\nn: 1\n") == {"id": "a", "n": 1}
    assert load_any("id: &x a\nother: *x\n") == {"id": "a", "other": "a"}  # an alias: the fast loader
    with pytest.raises(YAMLError):
        load_any("id: [a\n")


# Every kind of event the C parser makes: directives, an explicit document, anchors, an alias, tags, every scalar
# style, flow and block collections, a second document.
EVERY_EVENT = """%YAML 1.1
%TAG !e! tag:example.com,2000:
---
plain: text
"double": 'single'
literal: |
  a
folded: >
  b
anchored: &a [1, {x: y}]
alias: *a
tagged: !e!thing {k: !!str 1}
block:
  - - nested
  - ~
...
---
second: 2
"""


def _ruamel_events(source: str) -> list:
    from _ruamel_yaml import CParser

    parser = CParser(source)
    found = []
    while (event := parser.get_event()) is not None:
        found.append(event)
    return found


def _light_events(source: str, monkeypatch) -> list:
    import threading

    from _ruamel_yaml import CParser

    # Another test of this pytest worker may have left a thread alive (a local server's, the browser's): none
    # parses YAML, and this test is about the events' arguments, not about the guard (which has its own test).
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    with yamlevents.light_events() as light:
        assert light
        parser = CParser(source)
        found = []
        while (event := parser.get_event()) is not None:
            found.append(event)
    return found


def _attributes(event) -> dict:
    names = {name for cls in type(event).__mro__ for name in getattr(cls, "__slots__", ())} | {"tag"}
    found = {}
    for name in sorted(names):
        found[name] = _comparable(getattr(event, name, None))
    return found


def _comparable(value):
    if hasattr(value, "line") and hasattr(value, "column"):  # a mark: by where it is
        return (value.index, value.line, value.column)
    return value


def test_light_events_carry_what_ruamels_events_carry_where_the_reader_looks(monkeypatch):
    # The C parser calls the class its module names with positional arguments: the reader swaps in light classes
    # that keep them. This fails when ruamel.yaml.clib passes other arguments, in another order, or when
    # ruamel.yaml's events take them otherwise: the reader's FIELDS must then be brought up to date.
    ruamel, light = _ruamel_events(EVERY_EVENT), _light_events(EVERY_EVENT, monkeypatch)
    assert {type(event).__name__ for event in ruamel} == set(yamlevents.EVENTS)
    assert [type(event).__name__ for event in light] == [type(event).__name__ for event in ruamel]
    for theirs, mine in zip(ruamel, light):
        name = type(theirs).__name__
        assert isinstance(mine, yamlevents.LightEvent)
        assert _attributes(type(theirs)(*mine.args)) == _attributes(theirs), name
        for position, attribute in enumerate(yamlevents.FIELDS[name]):
            assert _comparable(mine.args[position]) == _comparable(getattr(theirs, attribute)), (name, attribute)
        assert _attributes(type(theirs)(*yamlevents._lightened(theirs).args)) == _attributes(theirs), name
    # The reader unpacks a scalar's `args` in this order, and finds a sequence's anchor and tag where a mapping's are.
    assert yamlevents.FIELDS["ScalarEvent"][:4] == ("anchor", "tag", "implicit", "value")
    assert yamlevents.FIELDS["SequenceStartEvent"][:2] == yamlevents.FIELDS["MappingStartEvent"][:2]


def test_the_parser_makes_ruamels_events_again_after_the_reader():
    from _ruamel_yaml import CParser

    load("a: 1\n")
    load("a: [1\n")  # a syntax error, raised while the light events are in place
    assert all(type(event).__module__ == "ruamel.yaml.events" for event in _ruamel_events(EVERY_EVENT))
    assert fast_loader().load("a: &x 1\nb: *x\n") == {"a": 1, "b": 1}  # ruamel's composer reads its own events
    assert type(CParser("a: 1\n").get_event()).__name__ == "StreamStartEvent"


def test_in_a_process_of_several_threads_the_reader_leaves_the_parsers_classes_alone(monkeypatch):
    import threading

    import _ruamel_yaml

    seen = []
    original = yamlevents._build

    def spy(get, *rest):
        seen.append(_ruamel_yaml.ScalarEvent.__module__)
        return original(get, *rest)

    monkeypatch.setattr(threading, "active_count", lambda: 2)
    monkeypatch.setattr(yamlevents, "_build", spy)
    source = "id: a\nn: [1, {b: true}]\nd: 2024-01-01\n"
    assert _same(load(source), fast_loader().load(source))
    assert seen == ["ruamel.yaml.events"]
