"""Each record against the JSON Schema of its kind."""

from __future__ import annotations

import re
import reprlib
from functools import cache

from .. import diagnostics as diag
from .. import kinds
from ..model.knowledge import KnowledgeBase, Record
from ..storage import schema_model
from .schema_fast import compile_schema, is_valid


@cache
def inlined(kind: str) -> dict:
    """The kind's schema (as the registry names it) with every `$ref` replaced by what it points to: the same
    checks and messages, without a registry look-up per reference (three times faster on thousands of cards
    and rulings)."""
    documents = schema_model.documents()
    name = kinds.get(kind).schema
    return _inline(documents[name], name, documents)


@cache
def validator(kind: str):
    """jsonschema's validator of the kind: the one that words every diagnostic."""
    from jsonschema import Draft202012Validator  # imported when a record needs it: 0.1 s of start-up

    return Draft202012Validator(inlined(kind))


@cache
def predicate(kind: str):
    """The kind's schema compiled once (counterpedia.checks.schema_fast): passes the records jsonschema passes."""
    return compile_schema(inlined(kind))


def _inline(node, base: str, documents: dict, depth: int = 0):
    if depth > 50:  # our schemas are not recursive; a cycle would be a bug in them
        raise ValueError(f"{base}: $ref nested too deeply")
    if isinstance(node, list):
        return [_inline(item, base, documents, depth) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        target, _, pointer = node["$ref"].partition("#")
        document = target or base
        resolved = documents[document]
        for part in [p for p in pointer.split("/") if p]:
            resolved = resolved[part]
        inlined = _inline(resolved, document, documents, depth + 1)
        rest = {k: _inline(v, base, documents, depth) for k, v in node.items() if k != "$ref"}
        return {**inlined, **rest} if rest else inlined
    return {k: _inline(v, base, documents, depth) for k, v in node.items() if k not in ("$defs", "$id", "$schema")}


def _value(value, limit: int = 60) -> str:
    """A value as it would be quoted in a message, cut short: a 10 MB string or a deep list stays one line."""
    shown = reprlib.Repr()
    shown.maxstring = shown.maxother = limit
    shown.maxlevel, shown.maxlist, shown.maxdict = 2, 4, 4
    return shown.repr(value)


def _reason(error) -> str:
    """jsonschema's message, with the value it starts with quoted briefly."""
    message = error.message
    for python, yaml in ((None, "null"), (True, "true"), (False, "false")):
        if error.instance is python and message.startswith(repr(python) + " "):
            return yaml + message[len(repr(python)) :]
    if isinstance(error.instance, (str, list, dict)) and len(message) > 120:
        full = repr(error.instance)
        if message.startswith(full):
            return _value(error.instance) + message[len(full) :]
    return message


def _message(error) -> tuple[str, tuple]:
    path = tuple(error.absolute_path)
    where = ".".join(str(p) for p in path) or "record"
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})), key=str)
        return f"unexpected field {_value(extra[0])} in {where}" if extra else _reason(error), path + tuple(extra[:1])
    if error.validator == "required":
        return f"{where}: {_reason(error)}", path
    if error.validator == "enum":
        allowed = ", ".join(str(v) for v in error.validator_value)
        return f"{where}: {_value(error.instance)} is not one of: {allowed}", path
    if (
        error.validator == "type"
        and error.validator_value == "string"
        and isinstance(error.instance, (int, float))
        and not isinstance(error.instance, bool)
    ):
        note = " (unquoted, YAML reads 702.50 as the number 702.5)" if isinstance(error.instance, float) else ""
        return (
            f'{where}: {error.instance!r} is a number, not a text: write it in quotes ("{NUMBER_AS_TYPED}"){note}',
            path,
        )
    if error.validator == "pattern":
        return (
            f"{where}: {_value(error.instance)} is not well formed ({error.schema.get('description') or error.validator_value})",
            path,
        )
    return f"{where}: {_reason(error)}", path


# Stands for the number as the editor typed it, filled in from the record's text: the hint for an unquoted
# 702.100 is "702.100", never the float's "702.1", another rule.
NUMBER_AS_TYPED = "\0typed\0"
_PLAIN_SCALAR = re.compile(r"[^\s,\]}#]+")


def typed_at(source: str, position: tuple[int, int]) -> str | None:
    """The plain scalar that starts at a 0-based (line, column) of the source, as written."""
    lines = source.split("\n")
    if not 0 <= position[0] < len(lines):
        return None
    found = _PLAIN_SCALAR.match(lines[position[0]], position[1])
    return found.group() if found else None


def check_record(record: Record, only: str | None = None):
    """The record's E101 diagnostics; `only`: those of one JSON Schema keyword ("type": values of the wrong type)."""
    if kinds.find(record.kind) is None or record.embedded:
        return  # an embedded ruling is checked as part of its card's record
    if is_valid(predicate(record.kind), record.data):
        return  # valid for certain: jsonschema is asked only about the others, and words their diagnostics
    for error in validator(record.kind).iter_errors(record.data):
        if only is not None and error.validator != only:
            continue
        message, path = _message(error)
        if error.validator == "additionalProperties" and path and record.document is not None:
            position = record.key_position(path)
        else:
            position = record.position(path)
        if NUMBER_AS_TYPED in message:
            source = record.document.source if record.document is not None else None
            typed = typed_at(source, position) if source else None
            message = message.replace(NUMBER_AS_TYPED, typed or repr(error.instance))
        yield diag.make(record.path, position, "E101", message)


def check(kb: KnowledgeBase):
    for record in [*kb, *kb.duplicates]:
        yield from check_record(record)
