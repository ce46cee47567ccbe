"""The text of a record tree, written directly: the bytes ruamel's round-trip emitter writes for the trees
`format._build` makes, with the project's style (yamlio.round_trip_yaml: width 4096, mappings indented by 2,
sequences by 4 with the dash at 2, unicode as is, double quotes where ruamel would pick single ones), in a
fraction of the time (ruamel's emitter is pure Python: most of `counterpedia fmt`'s and the imports' time).

`emit(tree)` returns None, and the caller dumps with ruamel, whenever the tree holds anything this module is
not certain to write as ruamel does: a type other than a mapping, a list, a string, a bool, an int or None;
a list directly in a list; the same list or mapping twice (ruamel writes an anchor); a key that is not a
short one-line string; a character YAML escapes other than the tab and the line break; a line long enough
that ruamel could fold it.

A string is plain exactly when ruamel writes it plain: its emitter allows a plain block scalar
(`Emitter.analyze_scalar`: no leading or trailing space, no leading indicator, no `: ` or ` #`, no document
marker, no line break, nothing it escapes) and its resolver reads it back as a string (not `null`, `true`,
`1e3`, `2024-01-01`, `<<`…, the YAML 1.2 rules ruamel writes with). Every other string is double-quoted, as
are the strings the schema marks `x-yaml-style: double-quoted` (DoubleQuotedScalarString).
tests/storage/test_emit.py holds it to ruamel's text on every shipped record and on random hostile trees.
"""

from __future__ import annotations

import re
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

# ruamel folds a line longer than the width (4096); well below it, no line is ever folded.
_LONGEST_LINE = 4000
# ruamel writes a long key as an explicit `? key` entry (from 123 characters: with its tag, `!!str`, 128);
# record keys are short.
_LONGEST_KEY = 100

# What ruamel escapes in a double-quoted string, besides `"`, `\`, the tab and the line break: control
# characters, the other line breaks, the byte order mark, surrogates and non-characters. Rare in records,
# so not reproduced: the whole document goes to ruamel.
_UNCERTAIN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")

# A string (without tab or line break, nothing from _UNCERTAIN) that ruamel's analyze_scalar allows as a
# plain block scalar.
_PLAIN = re.compile(
    r"(?!---|\.\.\.)"  # a document marker
    r"(?![-?:](?: |\Z))"  # `- `, `? `, `: ` (or the character alone) at the start
    r"[^ #,\[\]{}&*!|>'\"%@`]"  # a leading space or indicator
    r"(?:[^:#]|:(?! |\Z)|(?<! )#)*"  # `: `, a `:` at the end, ` #`
    r"(?<! )\Z"  # a trailing space
)

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\t": "\\t", "\n": "\\n"}
_TO_ESCAPE = re.compile('["\\\\\t\n]')


class _Decline(Exception):
    """The tree holds something ruamel's emitter should write."""


def _implicit_resolvers() -> dict[Any, list[tuple[str, re.Pattern[str]]]]:
    """ruamel's implicit resolvers for the YAML version it writes (1.2), by first character: the patterns
    that make a plain scalar read back as something other than a string."""
    resolver = YAML(typ="rt").resolver
    table = resolver.versioned_resolver
    return {
        first: [(tag, re.compile(pattern.pattern, pattern.flags)) for tag, pattern in entries]
        for first, entries in table.items()
    }


_RESOLVERS = _implicit_resolvers()
_ANY_FIRST = _RESOLVERS.get(None, [])
_STRING_TAG = "tag:yaml.org,2002:str"


def _reads_as_string(text: str) -> bool:
    """Whether `text` written plain reads back as a string (ruamel's Resolver.resolve, implicit plain)."""
    for tag, pattern in _RESOLVERS.get(text[0], []) + _ANY_FIRST:
        if pattern.match(text):
            return tag == _STRING_TAG
    return True


def _double_quoted(text: str) -> str:
    return '"' + _TO_ESCAPE.sub(lambda m: _ESCAPES[m.group()], text) + '"'


def _string(text: str) -> str:
    if _UNCERTAIN.search(text):
        raise _Decline
    if "\n" not in text and "\t" not in text and _PLAIN.match(text) and _reads_as_string(text):
        return text
    return _double_quoted(text)


def _scalar(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is DoubleQuotedScalarString:
        if _UNCERTAIN.search(value):
            raise _Decline
        return _double_quoted(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    raise _Decline


def _key(key: Any) -> str:
    if type(key) is not str or not key or len(key) > _LONGEST_KEY or "\n" in key:
        raise _Decline
    return _string(key)


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.seen: set[int] = set()

    def _enter(self, node: Any) -> None:
        if id(node) in self.seen:  # ruamel would write an anchor and an alias
            raise _Decline
        self.seen.add(id(node))

    def mapping(self, node: Any, indent: int, first: str | None) -> None:
        """A non-empty mapping's keys at `indent`; the first one after `first` (a list item's dash) if given."""
        self._enter(node)
        pad = " " * indent
        for key, value in node.items():
            head = (pad if first is None else first) + _key(key) + ":"
            first = None
            kind = type(value)
            if value is None:
                self.lines.append(head)
            elif kind is CommentedMap:
                if value:
                    self.lines.append(head)
                    self.mapping(value, indent + 2, None)
                else:
                    self.lines.append(head + " {}")
            elif kind is CommentedSeq:
                if value:
                    self.lines.append(head)
                    self.sequence(value, indent)
                else:
                    self.lines.append(head + " []")
            else:
                self.lines.append(head + " " + _scalar(value))

    def sequence(self, node: Any, indent: int) -> None:
        """A non-empty list, the value of a key at `indent`: each item's dash 2 further in."""
        self._enter(node)
        dash = " " * (indent + 2) + "- "
        for item in node:
            kind = type(item)
            if item is None:
                self.lines.append(dash)
            elif kind is CommentedMap:
                if item:
                    self.mapping(item, indent + 4, dash)
                else:
                    self.lines.append(dash + "{}")
            elif kind is CommentedSeq:
                if item:  # ruamel's layout of a list in a list is its own
                    raise _Decline
                self.lines.append(dash + "[]")
            else:
                self.lines.append(dash + _scalar(item))


def emit(tree: Any) -> str | None:
    """ruamel's round-trip text of `tree` (a `format._build` tree), or None when this module is not certain
    to write the same (see the module's documentation)."""
    if type(tree) is not CommentedMap or not tree:
        return None
    writer = _Writer()
    try:
        writer.mapping(tree, 0, None)
    except _Decline:
        return None
    if max(map(len, writer.lines)) > _LONGEST_LINE:
        return None
    writer.lines.append("")
    return "\n".join(writer.lines)
