"""Plain records read straight from the C parser's events: three times faster than ruamel.yaml's safe
loader, whose Python composer, resolver and constructor handle every value of every file.

A record file is plain YAML: mappings, lists, quoted and plain scalars, no tags, anchors, aliases,
merge keys, directives or repeated keys. For such a file, `load` builds what the safe loader builds,
value for value: plain scalars are resolved with ruamel.yaml's own YAML 1.2 rules and constructed by
its own constructor (true, 1, 1.5, 2024-01-01, null), everything else is a string. It also answers
what `yamlshape.problem_of` would find (no aliases, so no cycle; the values counted; the nesting; no
half of a surrogate pair). For anything else — a tag, an alias, a syntax error, a shape problem, a
list or nothing at the root — it returns UNSURE, and the caller reads the file the general way, which
reports whatever is wrong exactly as before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.resolver import VersionedResolver

from .yamlio import fast_loader
from .yamlshape import _SURROGATE, MAX_DEPTH, MAX_VALUES

try:  # the C parser of ruamel.yaml.clib: without it, every file is read the general way
    import _ruamel_yaml as _clib
    from _ruamel_yaml import CParser
except ImportError:  # pragma: no cover - the clib is a dependency
    _clib = None
    CParser = None

UNSURE = object()
_STR = "tag:yaml.org,2002:str"
# The scalar types the safe loader constructs from a plain scalar without state of its own.
_SCALARS = frozenset(
    {
        "tag:yaml.org,2002:null",
        "tag:yaml.org,2002:bool",
        "tag:yaml.org,2002:int",
        "tag:yaml.org,2002:float",
        "tag:yaml.org,2002:timestamp",
    }
)


class LightEvent(Exception):
    """An event of the C parser as the event reader takes it: the arguments the parser passed, as `args`.

    The C parser makes each event by calling the class its module names (`_ruamel_yaml.ScalarEvent`, ...): ruamel's
    own classes run three Python `__init__` for each (a million events after a clone, 0.2 s of the parse's CPU).
    BaseException's construction runs no Python code and keeps the arguments: while the reader reads a file in a
    process of one thread, the module's names are bound to these classes (`light_events`), and put back after.
    What the reader takes from `args` is at the positions FIELDS gives, those of the parser's calls (_ruamel_yaml.pyx,
    `_event_to_object`): tests/storage/test_yamlevents.py fails when ruamel.yaml.clib passes anything else."""

    __slots__ = ()


EVENTS = (
    "StreamStartEvent",
    "StreamEndEvent",
    "DocumentStartEvent",
    "DocumentEndEvent",
    "AliasEvent",
    "ScalarEvent",
    "SequenceStartEvent",
    "SequenceEndEvent",
    "MappingStartEvent",
    "MappingEndEvent",
)
LIGHT: dict[str, type[LightEvent]] = {name: type(name, (LightEvent,), {"__slots__": ()}) for name in EVENTS}
# The attributes of each of ruamel's events, in the order of the C parser's calls (_ruamel_yaml.pyx,
# `_event_to_object`, which are ruamel's constructors' orders): where `_build` finds each in a light event's `args`,
# and what makes a light event of one of ruamel's (`_lightened`, in a process of several threads, where the
# module's names are left alone).
FIELDS: dict[str, tuple[str, ...]] = {
    "StreamStartEvent": ("start_mark", "end_mark", "encoding"),
    "StreamEndEvent": ("start_mark", "end_mark"),
    "DocumentStartEvent": ("start_mark", "end_mark", "explicit", "version", "tags"),
    "DocumentEndEvent": ("start_mark", "end_mark", "explicit"),
    "AliasEvent": ("anchor", "start_mark", "end_mark"),
    "ScalarEvent": ("anchor", "tag", "implicit", "value", "start_mark", "end_mark", "style"),
    "SequenceStartEvent": ("anchor", "tag", "implicit", "start_mark", "end_mark", "flow_style"),
    "SequenceEndEvent": ("start_mark", "end_mark"),
    "MappingStartEvent": ("anchor", "tag", "implicit", "start_mark", "end_mark", "flow_style"),
    "MappingEndEvent": ("start_mark", "end_mark"),
}
_VERSION, _TAGS = (FIELDS["DocumentStartEvent"].index(name) for name in ("version", "tags"))
# A collection's anchor and tag (at the same places in a sequence's start and a mapping's); a scalar's are
# unpacked with the rest of its `args`, in FIELDS' order.
_ANCHOR, _TAG = (FIELDS["MappingStartEvent"].index(name) for name in ("anchor", "tag"))


@contextmanager
def light_events() -> Iterator[bool]:
    """While inside, the C parser makes LightEvents, when this process runs one thread (another thread may be
    parsing with ruamel's composer, which needs ruamel's events); yields whether it does."""
    if _clib is None or threading.active_count() != 1:
        yield False
        return
    names = vars(_clib)
    ruamel = {name: names[name] for name in EVENTS}
    names.update(LIGHT)
    try:
        yield True
    finally:
        names.update(ruamel)


def _lightened(event: Any) -> LightEvent:
    name = type(event).__name__
    return LIGHT[name](*(getattr(event, field) for field in FIELDS[name]))


@lru_cache(maxsize=1)
def _machinery() -> tuple[Any, ...] | None:
    """The C parser, ruamel.yaml's YAML 1.2 implicit resolvers (first character -> [(tag, regexp)]),
    and a safe constructor; None without ruamel.yaml.clib."""
    if CParser is None:  # pragma: no cover - the clib is a dependency
        return None
    resolvers = {first: tuple(found) for first, found in VersionedResolver().versioned_resolver.items()}
    # The safe loader's own constructor (its resolver says which YAML version is read): the one that
    # builds plain scalars in `fast_loader().load`.
    constructor, _parser = fast_loader().get_constructor_parser("")
    return CParser, resolvers, constructor


class _Unsure(Exception):
    pass


# Plain scalars already resolved: keys and short values repeat in every record ("text", "fr", "official").
# Only values that are immutable (strings, numbers, booleans, null, dates) are ever stored.
_RESOLVED: dict[str, object] = {}
_SHORT = 40


def _plain(value: str, resolvers: dict[Any, Any], constructor: Any) -> object:
    """A plain scalar as the safe loader constructs it."""
    if len(value) <= _SHORT:
        found = _RESOLVED.get(value, _RESOLVED)
        if found is not _RESOLVED:
            return found
        found = _resolve(value, resolvers, constructor)
        if len(_RESOLVED) < 100_000:
            _RESOLVED[value] = found
        return found
    return _resolve(value, resolvers, constructor)


def _resolve(value: str, resolvers: dict[Any, Any], constructor: Any) -> object:
    for tag, regexp in resolvers.get(value[0] if value else "", ()) + resolvers.get(None, ()):
        if regexp.match(value):
            if tag not in _SCALARS:
                raise _Unsure(tag)  # a merge key, `=`: the general loader decides
            built: object = constructor.yaml_constructors[tag](constructor, ScalarNode(tag, value, None, None))
            if hasattr(built, "__next__"):
                raise _Unsure(tag)
            return built
    return value


def load(source: str) -> Any:
    """The data of a plain record file (a mapping at the root), or UNSURE."""
    found = read(source)
    return found if found is UNSURE else found[0]


def load_any(source: str) -> Any:
    """The data the fast loader builds from `source`: by the event reader when the text is a plain record (a fifth of
    the time), else by the fast loader itself (which raises YAMLError for what is not YAML)."""
    found = load(source)
    return fast_loader().load(source) if found is UNSURE else found


def read(source: str) -> Any:
    """(data, json_ready) for a plain record file, or UNSURE (hence `Any`). `json_ready`: the data is JSON as it is (text
    keys, none starting with `$`; texts, numbers, booleans and nulls), so the parse cache stores it as it is."""
    machinery = _machinery()
    if machinery is None:
        return UNSURE
    CParser, resolvers, constructor = machinery
    with light_events() as light:
        parser = CParser(source)
        get = parser.get_event if light else lambda: _lightened(parser.get_event())
        try:
            return _build(get, resolvers, constructor)
        except Exception:  # a syntax error, anything unusual: the general loader reports it
            return UNSURE
        finally:
            parser.dispose()


_JSON_SCALARS = frozenset({str, int, float, bool, type(None)})


_Scalar, _MapStart, _MapEnd, _SeqStart, _SeqEnd = (
    LIGHT[name]
    for name in ("ScalarEvent", "MappingStartEvent", "MappingEndEvent", "SequenceStartEvent", "SequenceEndEvent")
)


def _build(get: Callable[[], Any], resolvers: dict[Any, Any], constructor: Any) -> tuple[dict[str, Any], bool]:
    """The record of a stream of LightEvents (the positions in their `args`: FIELDS)."""
    if type(get()) is not LIGHT["StreamStartEvent"]:
        raise _Unsure("stream")
    start = get()
    if type(start) is not LIGHT["DocumentStartEvent"] or start.args[_VERSION] is not None or start.args[_TAGS]:
        raise _Unsure("document")  # no document, or a %YAML or %TAG directive
    first = get()
    if type(first) is not _MapStart or first.args[_ANCHOR] is not None or first.args[_TAG] is not None:
        raise _Unsure("root")
    root: dict[str, Any] = {}
    # Each open collection: [the container, the pending key (mappings), whether a key is pending].
    stack: list[list[Any]] = [[root, None, False]]
    count = 1
    json_ready = True
    resolved, missing, short = _RESOLVED, _RESOLVED, _SHORT
    Scalar, MapStart, MapEnd, SeqStart, SeqEnd = _Scalar, _MapStart, _MapEnd, _SeqStart, _SeqEnd
    anchor_at, tag_at = _ANCHOR, _TAG
    while stack:
        event = get()
        kind = type(event)
        if kind is Scalar:
            anchor, tag, implicit, value, _start, _end, _style = event.args
            if tag is not None or anchor is not None:
                raise _Unsure("tag")
            if implicit[0]:
                found = resolved.get(value, missing) if len(value) <= short else missing
                value = _plain(value, resolvers, constructor) if found is missing else found
            cls = value.__class__
            if cls is str:
                if not value.isascii() and _SURROGATE.search(value):
                    raise _Unsure("surrogate")
            elif cls not in _JSON_SCALARS:
                json_ready = False  # a date: stored tagged
            count += 1
        elif kind is MapStart or kind is SeqStart:
            args = event.args
            if args[tag_at] is not None or args[anchor_at] is not None:
                raise _Unsure("tag")
            value = {} if kind is MapStart else []
            count += 1
            if len(stack) >= MAX_DEPTH:
                raise _Unsure("depth")
        elif kind is MapEnd or kind is SeqEnd:
            stack.pop()
            continue
        else:
            raise _Unsure(kind.__name__)  # an alias
        if count > MAX_VALUES:
            raise _Unsure("values")
        top = stack[-1]
        container = top[0]
        if container.__class__ is list:
            container.append(value)
        elif top[2]:
            container[top[1]] = value
            top[2] = False
        else:
            if value.__class__ is dict or value.__class__ is list:
                raise _Unsure("complex key")
            if value in container:
                raise _Unsure("repeated key")
            if value.__class__ is not str or value.startswith("$"):
                json_ready = False
            top[1], top[2] = value, True
            continue
        if kind is MapStart or kind is SeqStart:
            stack.append([value, None, False])
    if type(get()) is not LIGHT["DocumentEndEvent"] or type(get()) is not LIGHT["StreamEndEvent"]:
        raise _Unsure("more than one document")
    return root, json_ready
