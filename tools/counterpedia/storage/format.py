"""The one layout of every record: key order from the schemas, one quoting style per kind of value,
one indentation; comments kept, each with the key it belongs to.

`format_text(kind, text)` is what `counterpedia fmt` runs on each file and what every writer of
records (`import`, `cr sync`, `new`) runs on what it writes, so that a formatted data set stays
formatted. The layout:

- keys in the order of the `properties` of the kind's JSON Schema, at every depth (keys the schema
  does not know follow, in their own order);
- strings plain when YAML reads them back as the same string, double-quoted otherwise; the strings
  the schema marks `x-yaml-style: double-quoted` (versions, dates, CR numbers, sections, editions,
  hashes, collector numbers) always double-quoted; a text with line breaks double-quoted with `\\n`;
- mappings indented by 2, sequences by 4 with the dash at 2, lines up to 4096 characters, no blank
  lines, block style (an empty list or mapping is `[]` or `{}`);
- comments kept: the comments before the first key stay at the top of the file; a comment on its own
  line belongs to the key or list item below it and moves with it; an end-of-line comment belongs to
  the key or item on its line (written as `value  # comment`); a comment indented deeper than the
  next key closes the block above it and stays at the end of that block.

Only the layout changes: the data read back is equal to the data before, and every comment is still
there (checked on every file; a file that would fail the check is left alone with an error).
"""

from __future__ import annotations

import bisect
import functools
import io
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.emitter import RoundTripEmitter
from ruamel.yaml.error import YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionStartEvent,
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
from ruamel.yaml.scalarstring import DoubleQuotedScalarString
from ruamel.yaml.tokens import AliasToken, AnchorToken, DirectiveToken, ScalarToken, TagToken

from .. import diagnostics as diag
from . import schema_model, yamlevents
from .emit import emit
from .load import Document, Keys, parse_document
from .yamlio import round_trip_yaml, yaml_loader

try:  # the C parser of ruamel.yaml.clib (a dependency); without it, the pure-Python scanner and round trip
    from _ruamel_yaml import CParser
except ImportError:  # pragma: no cover
    CParser = None


class FormatError(Exception):
    """The text cannot be formatted: the diagnostics say where and why."""

    def __init__(self, diagnostics: list[diag.Diagnostic]):
        super().__init__("; ".join(d.render() for d in diagnostics))
        self.diagnostics = diagnostics


class _Emitter(RoundTripEmitter):
    """ruamel's round-trip emitter, with one quoted style: double quotes where it would pick single."""

    def choose_scalar_style(self) -> Any:
        style = super().choose_scalar_style()
        return '"' if style == "'" else style


def _dumper() -> YAML:
    """The project's round-trip style (yamlio), with the one quoted style."""
    yaml = round_trip_yaml()
    yaml.Emitter = _Emitter
    return yaml


# -- positions and comments of the input ---------------------------------------------------------------
@dataclass(frozen=True)
class _Node:
    line: int
    col: int  # where the line's structure starts: a key's column, or a list item's dash
    path: Keys


@dataclass(frozen=True)
class Comment:
    line: int
    col: int
    text: str  # from `#` to the end of the line, trailing blanks removed
    full_line: bool


def _dash_column(lines: list[str], line: int, col: int) -> int:
    """The column of the `-` that introduces the list item whose value starts at (line, col)."""
    text = lines[line] if 0 <= line < len(lines) else ""
    i = min(col, len(text)) - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i if i >= 0 and text[i] == "-" else col


def _nodes(tree: Any, lines: list[str]) -> list[_Node]:
    """Every key and list item with its position, in document order (a line's outer node first)."""
    found: list[_Node] = []
    seen: set[int] = set()

    def walk(node: Any, path: Keys) -> None:
        if id(node) in seen:  # an alias: its content was visited where the anchor is
            return
        if isinstance(node, CommentedMap):
            seen.add(id(node))
            for key in node:
                line, col = node.lc.key(key)
                found.append(_Node(line, col, path + (key,)))
                walk(node[key], path + (key,))
        elif isinstance(node, CommentedSeq):
            seen.add(id(node))
            for index in range(len(node)):
                line, col = node.lc.item(index)
                found.append(_Node(line, _dash_column(lines, line, col), path + (index,)))
                walk(node[index], path + (index,))

    walk(tree, ())
    found.sort(key=lambda n: (n.line, len(n.path)))
    return found


def comments(source: str) -> list[Comment]:
    """Every comment of a YAML text (a `#` inside a scalar, quoted or block, is not one)."""
    lines = source.split("\n")
    if all(line.find("#") <= 0 for line in lines):  # only comments that start their line: no scan needed
        return [Comment(i, 0, line.rstrip(), True) for i, line in enumerate(lines) if line.startswith("#")]
    spans = _event_spans(source)
    if spans is None:
        spans = _scanned_spans(source)
    spans.sort()
    starts = [s for s, _ in spans]
    found = []
    offset = 0
    for number, line in enumerate(lines):
        col = line.find("#")
        while col >= 0:
            index = offset + col
            inside = bisect.bisect_right(starts, index) - 1
            in_token = inside >= 0 and spans[inside][0] <= index < spans[inside][1]
            if not in_token and (col == 0 or line[col - 1] in " \t"):
                found.append(Comment(number, col, line[col:].rstrip(), not line[:col].strip()))
                break
            col = line.find("#", col + 1)
        offset += len(line) + 1
    return found


def _scanned_spans(source: str) -> list[tuple[int, int]]:
    """Where the scalars, anchors, aliases, tags and directives of a YAML text are, by ruamel's pure-Python scanner."""
    spans = []
    for token in YAML(typ="safe", pure=True).scan(source):
        if isinstance(token, (ScalarToken, AnchorToken, AliasToken, TagToken, DirectiveToken)):
            start = token.start_mark.index
            if isinstance(token, ScalarToken) and token.style in ("|", ">"):
                # a block scalar's header line (`|-  # comment`) may end with a comment
                start = source.find("\n", start) + 1 or token.end_mark.index
            spans.append((start, token.end_mark.index))
    return spans


class _Unusual(Exception):
    """The text holds what the C parser's events do not locate as ruamel's round trip does."""


def _plain_events(source: str) -> Generator[Any, None, None]:
    """The C parser's events of a text without directive, anchor, alias or tag (else _Unusual), ten times faster
    than ruamel's pure-Python scanner and round trip; a syntax error raises (the callers fall back on those)."""
    if CParser is None or source.startswith("%") or "\n%" in source:  # a directive: not an event's span
        raise _Unusual
    parser = CParser(source)
    try:
        while not isinstance(event := parser.get_event(), StreamEndEvent):
            if isinstance(event, AliasEvent):
                raise _Unusual
            if isinstance(event, (ScalarEvent, CollectionStartEvent)) and (event.anchor or event.tag):
                raise _Unusual
            yield event
    finally:
        parser.dispose()


def _event_spans(source: str) -> list[tuple[int, int]] | None:
    """_scanned_spans from the C parser's events, or None where they may not say the same."""
    spans = []
    try:
        for event in _plain_events(source):
            if isinstance(event, ScalarEvent):
                start = event.start_mark.index
                if event.style in ("|", ">"):
                    start = source.find("\n", start) + 1 or event.end_mark.index
                spans.append((start, event.end_mark.index))
    except Exception:  # noqa: BLE001 - unusual, or not YAML: the scanner's reading, and its error
        return None
    return spans


@functools.cache
def _plain_key_is_text(value: str) -> bool:
    """Whether a plain key reads as a string (not null, true, 1...), as the round trip's keys are compared."""
    return bool(VersionedResolver().resolve(ScalarNode, value, (True, False)) == "tag:yaml.org,2002:str")


def _located(text: str, lines: list[str]) -> list[_Node]:
    """_nodes of the text's round-trip tree, from the C parser's events (ruamel's round trip, pure Python, was
    most of the time of laying out a record with comments); the round trip itself where the events may not say
    the same (an anchor, an alias, a tag, a key that is not a string, a repeated key) or the text is not YAML
    (it raises YAMLError)."""
    try:
        return _event_nodes(text, lines)
    except Exception:  # noqa: BLE001 - unusual, or not YAML: the round trip's reading, and its error
        return _nodes(yaml_loader().load(text), lines)


def _event_nodes(text: str, lines: list[str]) -> list[_Node]:
    events = _plain_events(text)
    found: list[_Node] = []

    def walk(event: Any, path: Keys) -> None:
        if isinstance(event, ScalarEvent):
            return
        if isinstance(event, MappingStartEvent):
            seen = set()
            while not isinstance(key := next(events), MappingEndEvent):
                if not isinstance(key, ScalarEvent) or (not key.style and not _plain_key_is_text(key.value)):
                    raise _Unusual
                if key.value in seen:
                    raise _Unusual  # the round trip reports it
                seen.add(key.value)
                found.append(_Node(key.start_mark.line, key.start_mark.column, path + (key.value,)))
                walk(next(events), path + (key.value,))
        elif isinstance(event, SequenceStartEvent):
            index = 0
            while not isinstance(item := next(events), SequenceEndEvent):
                line, col = item.start_mark.line, item.start_mark.column
                found.append(_Node(line, _dash_column(lines, line, col), path + (index,)))
                walk(item, path + (index,))
                index += 1
        else:
            raise _Unusual

    try:
        if not isinstance(next(events), StreamStartEvent) or not isinstance(next(events), DocumentStartEvent):
            raise _Unusual
        walk(next(events), ())
        if not isinstance(next(events), DocumentEndEvent):
            raise _Unusual
        for _more in events:  # a second document: the round trip refuses it
            raise _Unusual
    finally:
        events.close()
    found.sort(key=lambda n: (n.line, len(n.path)))
    return found


@dataclass
class _Placement:
    head: list[str] = field(default_factory=list)
    before: dict[Keys, list[str]] = field(default_factory=dict)
    end: dict[Keys, list[str]] = field(default_factory=dict)  # container path -> comments closing it
    eol: dict[Keys, list[str]] = field(default_factory=dict)


def _place(found: list[Comment], nodes: list[_Node]) -> _Placement:
    """Which key or item each comment belongs to (see the module's documentation)."""
    placement = _Placement()
    by_path = {n.path: n for n in nodes}
    lines = [n.line for n in nodes]
    first = nodes[0].line if nodes else None
    for comment in found:
        if first is None or comment.line < first:
            placement.head.append(comment.text)
            continue
        if not comment.full_line:
            last = bisect.bisect_right(lines, comment.line) - 1
            placement.eol.setdefault(nodes[last].path, []).append(comment.text)
            continue
        following = bisect.bisect_right(lines, comment.line)
        if following < len(nodes) and comment.col <= nodes[following].col:
            placement.before.setdefault(nodes[following].path, []).append(comment.text)
            continue
        previous = nodes[bisect.bisect_left(lines, comment.line) - 1]
        chain = [by_path[previous.path[:k]] for k in range(1, len(previous.path) + 1) if previous.path[:k] in by_path]
        anchor = chain[0]
        for node in chain:
            if node.col <= comment.col:
                anchor = node
        placement.end.setdefault(anchor.path[:-1], []).append(comment.text)
    return placement


# -- the new tree -------------------------------------------------------------------------------------------
class _Shape:
    """What the layout needs of one schema node (its key order, whether its strings are double-quoted), worked
    out once per run rather than once per value: resolving a node's `$ref`s was a third of `_build`'s time."""

    __slots__ = ("_children", "_item", "_node", "_other", "double_quoted", "order", "ordered")

    def __init__(self, node: schema_model.Node):
        self._node = node
        self.order = node.properties()
        self.ordered = frozenset(self.order)
        self.double_quoted = node.double_quoted()
        self._children: dict[str, _Shape | None] = {}
        self._other: list[_Shape | None] = []  # the one schema of every key `properties` does not name
        self._item: list[_Shape | None] = []

    def child(self, key: object) -> _Shape | None:
        if isinstance(key, str) and key in self.ordered:
            if key not in self._children:
                self._children[key] = _shape(self._node.child(key))
            return self._children[key]
        if not self._other:  # Node.child gives every other key the same node (additionalProperties)
            self._other.append(_shape(self._node.child(key)))
        return self._other[0]

    def item(self) -> _Shape | None:
        if not self._item:
            self._item.append(_shape(self._node.item()))
        return self._item[0]


def _shape(node: schema_model.Node | None) -> _Shape | None:
    return _Shape(node) if node is not None else None


def _build(value: Any, node: _Shape | None, memo: dict[int, Any]) -> Any:
    if isinstance(value, (dict, list)) and id(value) in memo:
        return memo[id(value)]
    if isinstance(value, dict):
        out = CommentedMap()
        memo[id(value)] = out
        if node is not None:
            known = node.ordered
            keys = [k for k in node.order if k in value] + [k for k in value if not (isinstance(k, str) and k in known)]
        else:
            keys = list(value)
        for key in keys:
            child = node.child(key) if node is not None else None
            out[str(key) if isinstance(key, str) else key] = _build(value[key], child, memo)
        return out
    if isinstance(value, list):
        items = CommentedSeq()
        memo[id(value)] = items
        item = node.item() if node is not None else None
        items.extend(_build(v, item, memo) for v in value)
        return items
    if isinstance(value, str):
        text = str(value)
        return DoubleQuotedScalarString(text) if node is not None and node.double_quoted else text
    return value


def _dump(tree: Any) -> str:
    stream = io.StringIO()
    _dumper().dump(tree, stream)
    return stream.getvalue()


def _value_at(tree: Any, path: Keys) -> Any:
    for key in path:
        tree = tree[key]
    return tree


def _emit(tree: Any, placement: _Placement) -> str:
    """The dumped tree with each comment put back next to the key or item it belongs to."""
    text = emit(tree)  # ruamel's text, written directly (storage/emit.py)
    if text is None:  # a tree it is not certain to write as ruamel does
        text = _dump(tree)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not (placement.before or placement.end or placement.eol):
        return "".join(f"{c}\n" for c in placement.head) + text
    nodes = _located(text, lines)
    where = {n.path: n for n in nodes}
    ends: dict[Keys, int] = {}
    stack: list[_Node] = []
    for node in nodes:
        while stack and node.path[: len(stack[-1].path)] != stack[-1].path:
            ends[stack.pop().path] = node.line - 1
        stack.append(node)
    for node in stack:
        ends[node.path] = len(lines) - 1

    def indent(line: int) -> str:
        return lines[line][: len(lines[line]) - len(lines[line].lstrip(" "))]

    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    eol: dict[int, list[str]] = {}
    tail: list[str] = []
    for path, texts in placement.before.items():
        at = where.get(path)
        if at is None:
            tail += texts
        else:
            before.setdefault(at.line, []).extend(indent(at.line) + t for t in texts)
    for path, texts in placement.eol.items():
        at = where.get(path)
        if at is None:
            tail += texts
            continue
        value = _value_at(tree, path)
        if isinstance(value, (dict, list)) and value:
            if isinstance(path[-1], int):  # a list item holding a block: its first line is its first key's
                before.setdefault(at.line, []).extend(indent(at.line) + t for t in texts)
                continue
            row = at.line
        else:
            row = ends[path]
        eol.setdefault(row, []).extend(texts)
    for path, texts in placement.end.items():
        children = [n for n in nodes if n.path[:-1] == path and len(n.path) == len(path) + 1]
        if not path or not children or path not in ends:
            tail += texts
            continue
        pad = " " * children[0].col
        after.setdefault(ends[path], []).extend(pad + t for t in texts)
    out = [*placement.head]
    for number, line in enumerate(lines):
        out += before.get(number, [])
        trailing = eol.get(number, [])
        if trailing:
            out.append(f"{line}  {trailing[0]}")
            out += [indent(number) + t for t in trailing[1:]]
        else:
            out.append(line)
        out += after.get(number, [])
    out += tail
    return "\n".join(out) + "\n"


# -- entry points -----------------------------------------------------------------------------------------------
def normalize_newlines(text: str) -> str:
    """LF line ends always: CRLF (Windows) and a bare CR (old Mac) become LF, so that a CR-only file is read
    line by line, not as one line."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def format_text(kind: str | None, text: str, path: str = "<text>", document: Document | None = None) -> str:
    """The formatted text of one record of `kind` (None: no key order). Raises FormatError with the
    validator's diagnostics when the text is not a YAML mapping, or (never expected) when formatting
    would change its data or lose a comment. `document`: the text's own, when the caller has parsed it
    already (`parse_document` of its `normalize_newlines`), so that it is not parsed twice."""
    source = normalize_newlines(text)
    if document is None:
        document, problems = parse_document(source, path, path, kind)
        if document is None:
            raise FormatError(problems)
    node = _schema_node(kind)
    found = comments(source)
    if found and any(not c.full_line or c.line >= _first_line(source) for c in found):
        try:
            nodes = _located(source, source.split("\n"))
        except YAMLError as error:  # the fast loader accepted it: not expected
            raise FormatError([diag.make(path, (0, 0), "E001", f"the YAML could not be read: {error}")]) from None
        placement = _place(found, nodes)
    else:
        placement = _Placement(head=[c.text for c in found])
    result = _emit(_build(document.data, node, {}), placement)
    if result != source:  # the same text holds the same data and comments: nothing to read back (a formatted file)
        _verify(path, document.data, found, result)
    return result


def format_data(kind: str | None, data: Any, header: str = "") -> str:
    """The formatted text of a record built in memory (a ruamel tree keeps its comments);
    `header`: comment lines for the top of a new file."""
    head = [line.rstrip() for line in header.splitlines()]
    if not isinstance(data, dict) or _commented(data) or not all(line.startswith("#") for line in head):
        return format_text(kind, header + _dump(data))
    # A record without comments (what an import creates) is laid out directly: the same text as dumping it and
    # formatting that dump (tests/test_format.py), for half the time (the import of 2,777 cards: most of it).
    result = _emit(_build(data, _schema_node(kind), {}), _Placement(head=head))
    _verify("<data>", data, [Comment(number, 0, line, True) for number, line in enumerate(head)], result)
    return result


def _commented(value: object) -> bool:
    """Whether a ruamel tree holds a comment anywhere."""
    attributes = getattr(value, "ca", None)
    if attributes is not None and (attributes.comment or attributes.items or getattr(attributes, "end", None)):
        return True
    if isinstance(value, dict):
        return any(_commented(v) for v in value.values())
    if isinstance(value, list):
        return any(_commented(v) for v in value)
    return False


def with_comments(kind: str | None, data: Any, header: str, eol: dict[Keys, str]) -> str:
    """The formatted text of `data` with `header` comment lines on top and an end-of-line comment at
    each path of `eol` (e.g. `counterpedia new`'s field descriptions)."""
    placement = _Placement(head=header.splitlines(), eol={path: [text] for path, text in eol.items()})
    return format_text(kind, _emit(_build(data, _schema_node(kind), {}), placement))


def head_comments(text: str) -> str | None:
    """The comment lines at the top of a record's text, when it holds no other comment (else None). Such a
    record's text is a function of its data and those lines (`format_data(kind, data, head)`): a writer that
    edits it may read it as plain data, which is many times faster than ruamel's round trip."""
    source = normalize_newlines(text)
    first = _first_line(source)
    found = comments(source)
    if any(not comment.full_line or comment.line >= first for comment in found):
        return None
    return "".join(f"{comment.text}\n" for comment in found)


def to_edit(text: str) -> tuple[Any, str | None]:
    """A record's text read for a writer to edit, and the comment lines at its top when it holds no other comment
    (else None). Such a record is read as plain data by the event reader and laid out again with those lines
    (`format_data(kind, data, head)`): the same text as through ruamel's round trip and its dump, which were most of
    an import's and a CR sync's time. Any other comment: ruamel's round trip, which keeps it where it is."""
    head = head_comments(text)
    if head is not None:
        data = yamlevents.load_any(normalize_newlines(text))
        if isinstance(data, dict):
            return data, head
    return round_trip_yaml().load(text), None


def _first_line(source: str) -> int:
    """The first line that is neither blank nor a comment (where the first key is)."""
    for number, line in enumerate(source.split("\n")):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return number
    return len(source)


# The shapes of the kinds laid out in this run, with the schema node each was made from: a schema read
# afresh (another node) gets a new shape.
_SHAPES: dict[str, tuple[schema_model.Node, _Shape]] = {}


def _schema_node(kind: str | None) -> _Shape | None:
    if kind is None:
        return None
    try:
        node = schema_model.root(kind)
    except KeyError:
        return None
    known = _SHAPES.get(kind)
    if known is None or known[0].schema is not node.schema or known[0].base != node.base:
        known = _SHAPES[kind] = (node, _Shape(node))
    return known[1]


def _verify(path: str, data: object, found: list[Comment], result: str) -> None:
    try:
        # read as the fast loader reads it, by the event reader for a plain record (what the formatter writes):
        # reading every result back with the fast loader was 40 % of `fmt`'s time
        again: object = yamlevents.load_any(result)
    except YAMLError as error:
        again = error
    lost = sorted(c.text for c in found) != sorted(c.text for c in comments(result))
    if again != data or lost:
        what = "a comment" if lost else "the data"
        raise FormatError(
            [diag.make(path, (0, 0), "E400", f"formatting would change {what}: the file is left as it is")]
        )
