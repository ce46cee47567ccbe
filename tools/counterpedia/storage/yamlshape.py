"""Limits on what a record file may build, checked before and after the general loader (the event reader of
counterpedia.storage.yamlevents checks them itself as it reads).

A record nests a few levels deep and holds a few hundred values. Hostile or broken YAML can nest
100,000 levels (the C loader then crashes the process, the round-trip one recurses past Python's
limit), or use aliases that expand a few lines into billions of values (an alias bomb: every check
would walk them all). These are found cheaply on the text and on the loaded data; only when one is
found is the file parsed event by event (iteratively) to tell where."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import AliasEvent, CollectionEndEvent, CollectionStartEvent, ScalarEvent
from ruamel.yaml.nodes import ScalarNode

MAX_DEPTH = 32  # our records nest 7 levels at most
MAX_VALUES = 200_000  # the largest record holds about 500 values
_FLOW = re.compile(r"[\[\]{}]")
_OPEN = frozenset("[{")
_BLOCK_RUN = re.compile(r"(?:[-?][ \t]+){8,}")
_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class ShapeProblem:
    code: str  # E006 (too deep), E009 (aliases), E013 (too many values) or E001 (not a character)
    message: str
    position: tuple[int, int] = (0, 0)  # 0-based line, column


def might_be_too_deep(source: str) -> bool:
    """A cheap upper bound on the nesting of `source`: True when it could exceed MAX_DEPTH."""
    bound = 0
    if source.count("[") + source.count("{") > MAX_DEPTH // 2:
        depth = deepest = 0
        for match in _FLOW.finditer(source):
            depth += 1 if match.group() in _OPEN else -1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH // 2:
                    return True
        bound += deepest
    runs = max((len(m.group()) for m in _BLOCK_RUN.finditer(source)), default=0)
    need = MAX_DEPTH // 2 - bound - runs + 1  # the indentation (of any line) that makes it too deep
    return need <= 0 or _indented(need).search(source) is not None


@cache
def _indented(width: int) -> re.Pattern[str]:
    """A line (as str.splitlines cuts them) that starts with `width` blanks or more."""
    return re.compile(rf"(?:\A|(?<=[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]))[ \t]{{{width}}}")


def depth_problem(source: str) -> ShapeProblem | None:
    """Where the nesting of `source` exceeds MAX_DEPTH, read event by event (no recursion)."""
    depth = 0
    try:
        for event in YAML(typ="safe", pure=True).parse(source):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    mark = event.start_mark
                    return ShapeProblem(
                        "E006", f"values nest more than {MAX_DEPTH} levels deep here", (mark.line, mark.column)
                    )
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except YAMLError:
        return None  # the loader reports the syntax error itself
    return None


def data_problem(data: object) -> str | None:
    """What is wrong with the shape of loaded data, without recursion: a value that contains itself,
    too many values once aliases are expanded, nesting too deep, a string that is not text."""
    sizes: dict[int, int] = {}
    depths: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[object, bool]] = [(data, False)]
    while stack:
        node, leaving = stack.pop()
        if isinstance(node, str):
            if not node.isascii() and _SURROGATE.search(node):
                return "surrogate"
            continue
        if not isinstance(node, (dict, list)):
            continue
        key = id(node)
        children = [*node.keys(), *node.values()] if isinstance(node, dict) else node
        if leaving:
            on_path.discard(key)
            sizes[key] = 1 + sum(sizes.get(id(c), 1) for c in children)
            depths[key] = 1 + max((depths.get(id(c), 0) for c in children), default=0)
            if sizes[key] > MAX_VALUES:
                return "values"
            if depths[key] > MAX_DEPTH:
                return "depth"
            continue
        if key in sizes:
            continue
        if key in on_path:
            return "cycle"
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in children)
    return None


def alias_problem(source: str, kind: str) -> ShapeProblem:
    """Where aliases make a value contain itself or expand past MAX_VALUES, read event by event."""
    sizes: dict[str, int] = {}
    open_anchors: set[str] = set()
    stack: list[list[Any]] = []  # [anchor, size] of each open collection
    expanded = 0
    seen_alias = False
    first_alias = (0, 0)
    try:
        for event in YAML(typ="safe", pure=True).parse(source):
            mark = event.start_mark
            if isinstance(event, AliasEvent):
                seen_alias = True
                where = (mark.line, mark.column)
                first_alias = first_alias if first_alias != (0, 0) else where
                if event.anchor in open_anchors:
                    return ShapeProblem(
                        "E009",
                        f"the alias *{event.anchor} is inside the value it names: a value cannot contain itself",
                        where,
                    )
                size = sizes.get(event.anchor, 1)
            elif isinstance(event, (ScalarEvent, CollectionStartEvent)):
                size = 1
                if isinstance(event, CollectionStartEvent):
                    if event.anchor:
                        open_anchors.add(event.anchor)
                    stack.append([event.anchor, 1])
                    expanded += 1
                    continue
                if event.anchor:
                    sizes[event.anchor] = 1
            elif isinstance(event, CollectionEndEvent):
                anchor, size = stack.pop()
                if anchor:
                    open_anchors.discard(anchor)
                    sizes[anchor] = size
                if stack:
                    stack[-1][1] += size
                continue
            else:
                continue
            expanded += size
            if stack:
                stack[-1][1] += size
            if expanded > MAX_VALUES and not seen_alias:
                return ShapeProblem(
                    "E013",
                    f"this record holds more than {MAX_VALUES:,} values (the largest holds "
                    "about 500): it is not a record",
                    (mark.line, mark.column),
                )
            if expanded > MAX_VALUES:
                return ShapeProblem(
                    "E009",
                    f"aliases expand this record past {MAX_VALUES:,} values here (an alias bomb?)",
                    (mark.line, mark.column),
                )
    except YAMLError:
        pass
    if kind == "depth":
        return ShapeProblem("E006", f"values nest more than {MAX_DEPTH} levels deep", first_alias)
    return ShapeProblem("E009", f"aliases expand this record past {MAX_VALUES:,} values or into itself", first_alias)


def unreadable_scalar(source: str) -> tuple[int, int]:
    """Where the loader's constructor gave up on a plain value: the first plain scalar it cannot convert
    (a number too long for Python's int, a date out of range); (0, 0) when none is found."""
    safe = YAML(typ="safe", pure=True)
    try:
        for event in safe.parse(source):
            if isinstance(event, ScalarEvent) and event.style is None:
                node = safe.resolver.resolve(ScalarNode, event.value, event.implicit)
                try:
                    safe.constructor.construct_object(ScalarNode(node, event.value, event.start_mark, event.end_mark))
                except (ValueError, OverflowError, YAMLError):
                    return (event.start_mark.line, event.start_mark.column)
    except YAMLError:
        pass
    return (0, 0)


def problem_of(data: object, source: str) -> ShapeProblem | None:
    """The shape problem of a loaded record, located in its source; None when it is fine."""
    found = data_problem(data)
    if found is None:
        return None
    if found == "surrogate":
        return ShapeProblem(
            "E001",
            "a text holds half of a UTF-16 surrogate pair (such as \\ud800), "
            "which is not a character: write the character itself",
        )
    if found == "depth":
        return depth_problem(source) or alias_problem(source, found)
    if found == "values" and "&" not in source:
        # No anchor, so no alias: a plain list of millions of items, not an alias bomb (and reading it again
        # event by event to tell where would take a minute).
        return ShapeProblem(
            "E013",
            f"this record holds more than {MAX_VALUES:,} values (the largest holds about 500): it is not a record",
        )
    return alias_problem(source, found)
