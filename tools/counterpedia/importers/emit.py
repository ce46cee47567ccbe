"""A fast writer for the new records an import creates, in exactly the text ruamel's round trip writes.

ruamel.yaml's round-trip dumper takes 30 ms for a card with its rulings: 90 s for an import of 3,000 new
cards. The records an import creates are plain (mappings, lists, strings, booleans), so `dumps` writes them
directly in the project's style (counterpedia.yamlio: indent 2 for mappings, 4 with offset 2 for lists,
`printing` in flow style, multi-line texts as `|-` blocks, dates and versions double-quoted), and gives the
text ruamel would: a later round-trip edit of the file leaves its lines as they are. A value it is not
sure to write the same way (a control character, a backslash, a string ruamel might quote differently)
makes it hand the whole record to ruamel (`yamlio.dumps`). tests/importers/test_emit.py checks both agree.
"""

from __future__ import annotations

import re

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from .. import yamlio


class _Unsure(Exception):
    """A value this writer does not write the way ruamel would: ruamel writes the record."""


_RESOLVED = re.compile(  # strings an implicit resolver might read as another type: left to ruamel
    r"^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|y|Y|n|N"
    r"|[-+]?(?:\d[\d_]*)?(?:\.\d*)?(?:[eE][-+]?\d+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
    r"|0x[0-9a-fA-F_]+|0o[0-7_]+|0b[01_]+|[-+]?\d[\d_]*(?::[0-5]?\d)+(?:\.\d*)?"
    r"|\d{4}-\d\d?-\d\d?(?:[Tt ].*)?|=|<<)$"
)
_WHITESPACE = "\0 \t\r\n\x85\u2028\u2029"


def _printable(ch: str) -> bool:
    """ruamel's test (emitter.analyze_scalar, allow_unicode): anything else it escapes."""
    return ch == "\n" or "\x20" <= ch <= "\x7e" or (
        ("\xa0" <= ch <= "\ud7ff" or "\ue000" <= ch <= "\ufffd" or "\U00010000" <= ch <= "\U0010ffff") and ch != "\ufeff")


def _style(value: str, flow: bool) -> str:
    """The style ruamel's emitter chooses for a one-line string ('' plain, "'" or '"'), as in
    emitter.analyze_scalar and choose_scalar_style; _Unsure for anything else."""
    if not value or len(value) > 4000 or _RESOLVED.match(value) or any(c in value for c in "\n\r\x85\u2028\u2029") \
            or not all(_printable(c) for c in value):
        raise _Unsure(value)
    block = flow_ind = value.startswith(("---", "..."))
    first = value[0]
    followed = len(value) == 1 or value[1] in _WHITESPACE
    if first in "#,[]{}&*!|>'\"%@`":
        block = flow_ind = True
    if first in "?:":
        flow_ind = flow_ind or len(value) == 1
        block = block or followed
    if first == "-" and followed:
        block = flow_ind = True
    for index in range(1, len(value)):
        ch = value[index]
        after = index + 1 >= len(value) or value[index + 1] in _WHITESPACE
        if ch in ",[]{}":
            flow_ind = True
        if ch == ":" and after:
            block = flow_ind = True
        if ch == "#" and value[index - 1] in _WHITESPACE:
            block = flow_ind = True
    if value[0] == " " or value[-1] == " ":
        block = flow_ind = True
    if not (flow_ind if flow else block):
        return ""
    return '"' if "'" in value else "'"


def _text(value: str, flow: bool = False) -> str:
    style = _style(value, flow)
    if style == "":
        return value
    if style == "'":
        return "'" + value + "'"
    return _quoted(value)


def _quoted(value: str) -> str:
    """A double-quoted scalar, as ruamel writes one with no character to escape but the quote itself."""
    if re.search(r"[\x00-\x1f\x7f-\xa0\\\u2028\u2029\ufeff]", value) or len(value) > 4000 \
            or not all(_printable(c) for c in value):
        raise _Unsure(value)
    return '"' + value.replace('"', '\\"') + '"'


def _literal(value: str, indent: int) -> list[str]:
    lines = value.split("\n")
    if value.startswith((" ", "\t")) or value.endswith("\n") or not lines[0] \
            or any(line != line.rstrip() or "\t" in line or re.search(r"[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029\ufeff]", line)
                   for line in lines):
        raise _Unsure(value)
    pad = " " * indent
    return [pad + line if line else "" for line in lines]


def _scalar(value, flow: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, DoubleQuotedScalarString):
        return _quoted(str(value))
    if type(value) is str:
        return _text(value, flow)
    raise _Unsure(value)


def _flow(mapping: CommentedMap) -> str:
    return "{" + ", ".join(f"{key}: {_scalar(value, flow=True)}" for key, value in mapping.items()) + "}"


def _mapping(mapping: dict, indent: int, out: list[str], first_prefix: str | None = None) -> None:
    for position, (key, value) in enumerate(mapping.items()):
        if not isinstance(key, str) or not re.fullmatch(r"[a-z_]+", key):
            raise _Unsure(key)
        lead = first_prefix if (position == 0 and first_prefix is not None) else " " * indent
        if isinstance(value, CommentedMap) and value.fa.flow_style():
            out.append(f"{lead}{key}: {_flow(value)}")
        elif isinstance(value, dict):
            if not value:
                raise _Unsure(value)
            out.append(f"{lead}{key}:")
            _mapping(value, indent + 2, out)
        elif isinstance(value, list):
            if not value:
                raise _Unsure(value)
            out.append(f"{lead}{key}:")
            _sequence(value, indent + 2, out)
        elif isinstance(value, LiteralScalarString):
            out.append(f"{lead}{key}: |-")
            out.extend(_literal(str(value), indent + 2))
        else:
            out.append(f"{lead}{key}: {_scalar(value)}")


def _sequence(items: list, indent: int, out: list[str]) -> None:
    for item in items:
        if isinstance(item, dict) and not (isinstance(item, CommentedMap) and item.fa.flow_style()):
            if not item:
                raise _Unsure(item)
            _mapping(item, indent + 2, out, first_prefix=" " * indent + "- ")
        elif isinstance(item, (dict, list)):
            raise _Unsure(item)
        else:
            out.append(f"{' ' * indent}- {_scalar(item)}")


def dumps(record: CommentedMap, header: str = "") -> str:
    """The YAML text of a new record (after an optional header), as yamlio.dumps writes it, only faster."""
    out: list[str] = []
    try:
        _mapping(record, 0, out)
    except _Unsure:
        return yamlio.dumps(record, header)
    return header + "\n".join(out) + "\n"


