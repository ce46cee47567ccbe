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

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from ruamel.yaml.events import (
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.resolver import VersionedResolver

from .yamlio import fast_loader
from .yamlshape import _SURROGATE, MAX_DEPTH, MAX_VALUES

try:  # the C parser of ruamel.yaml.clib: without it, every file is read the general way
    from _ruamel_yaml import CParser
except ImportError:  # pragma: no cover - the clib is a dependency
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


@lru_cache(maxsize=1)
def _machinery() -> tuple[Any, ...] | None:
    """The C parser, ruamel.yaml's YAML 1.2 implicit resolvers (first character -> [(tag, regexp)]),
    and a safe constructor; None without ruamel.yaml.clib."""
    if CParser is None:  # pragma: no cover - the clib is a dependency
        return None
    resolvers = {first: tuple(found) for first, found in VersionedResolver().versioned_resolver.items()}
    events = (
        ScalarEvent,
        MappingStartEvent,
        MappingEndEvent,
        SequenceStartEvent,
        SequenceEndEvent,
        DocumentStartEvent,
        DocumentEndEvent,
        StreamStartEvent,
        StreamEndEvent,
    )
    # The safe loader's own constructor (its resolver says which YAML version is read): the one that
    # builds plain scalars in `fast_loader().load`.
    constructor, _parser = fast_loader().get_constructor_parser("")
    return CParser, resolvers, constructor, events


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
    CParser, resolvers, constructor, events = machinery
    parser = CParser(source)
    try:
        return _build(parser.get_event, resolvers, constructor, *events)
    except Exception:  # a syntax error, anything unusual: the general loader reports it
        return UNSURE
    finally:
        parser.dispose()


_JSON_SCALARS = frozenset({str, int, float, bool, type(None)})


def _build(
    get: Callable[[], Any],
    resolvers: dict[Any, Any],
    constructor: Any,
    Scalar: Any,
    MapStart: Any,
    MapEnd: Any,
    SeqStart: Any,
    SeqEnd: Any,
    DocStart: Any,
    DocEnd: Any,
    StreamStart: Any,
    StreamEnd: Any,
) -> tuple[dict[str, Any], bool]:
    if type(get()) is not StreamStart:
        raise _Unsure("stream")
    start = get()
    if type(start) is not DocStart or start.version is not None or start.tags:
        raise _Unsure("document")  # no document, or a %YAML or %TAG directive
    first = get()
    if type(first) is not MapStart or first.tag is not None or first.anchor is not None:
        raise _Unsure("root")
    root: dict[str, Any] = {}
    # Each open collection: [the container, the pending key (mappings), whether a key is pending].
    stack: list[list[Any]] = [[root, None, False]]
    count = 1
    json_ready = True
    resolved, missing, short = _RESOLVED, _RESOLVED, _SHORT
    while stack:
        event = get()
        kind = type(event)
        if kind is Scalar:
            if event.tag is not None or event.anchor is not None:
                raise _Unsure("tag")
            value = event.value
            if event.implicit[0]:
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
            if event.tag is not None or event.anchor is not None:
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
    if type(get()) is not DocEnd or type(get()) is not StreamEnd:
        raise _Unsure("more than one document")
    return root, json_ready
