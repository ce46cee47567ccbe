"""`counterpedia new KIND ID`: a new record with every required field, each with a comment saying what
it holds, built from the kind's JSON Schema.

Values come from `--set FIELD=VALUE` (and `--card`, `--date` for a ruling), else from the schema's
`x-placeholder` annotation (`TODO` texts in our own words, status community, today's date…), else
the first allowed value of an enum. A required value the schema cannot suggest (a counter's
`sources`: what shows that it exists) must be given: the tool never invents a fact. The record is
checked against the data set before it is written; it is written only when it passes `validate`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from .. import checks, kinds
from ..diagnostics import ERROR, Diagnostic
from ..model.ids import id_problem
from ..model.knowledge import Record, load
from ..storage import schema_model
from ..storage.format import FormatError, with_comments
from ..storage.layout import record_path
from ..storage.load import display_path, parse_document
from ..storage.writes import atomic_write
from ..storage.yamlshape import data_problem

HEADER = (
    "# New {kind} record (counterpedia new): every value below is a placeholder or what you passed.\n"
    "# Replace each TODO and check each value; then `counterpedia validate` and `counterpedia fmt`.\n"
)


class ScaffoldError(Exception):
    """The record cannot be built as asked: `status` 2 for bad usage, 1 for a problem with the data."""

    def __init__(self, message: str, status: int = 2, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.status = status
        self.diagnostics = diagnostics or []


@dataclass
class Scaffold:
    kind: str
    record_id: str
    data: dict
    comments: dict[tuple, str] = field(default_factory=dict)  # path -> end-of-line comment


def parse_assignment(text: str) -> tuple[tuple, object]:
    """`names.en.text=Foo` -> (("names", "en", "text"), "Foo"); the value is read as YAML."""
    path, sep, value = text.partition("=")
    if not sep or not path.strip():
        raise ScaffoldError(f"--set {text!r}: write FIELD=VALUE, e.g. --set sources=cr")
    keys = tuple(int(k) if k.isdigit() else k for k in path.strip().split("."))
    try:
        parsed = YAML(typ="safe", pure=True).load(value) if value.strip() else ""
    except YAMLError:
        parsed = value
    except (ValueError, OverflowError, RecursionError) as error:
        raise ScaffoldError(f"--set {text[:80]!r}: the value cannot be read ({error})") from None
    if data_problem(parsed) is not None:  # `&a [*a]`: a value holding itself, or an alias bomb
        raise ScaffoldError(
            f"--set {text[:80]!r}: the value holds aliases (&, *) that expand into themselves or too "
            "far: write the value out"
        )
    return keys, parsed


def _coerce(node: schema_model.Node | None, value):
    """A value from the command line, shaped as the schema wants it (a scalar for a list: a one-item list)."""
    if node is None:
        return value
    kind = node.type()
    if kind == "array" and not isinstance(value, list):
        return [_coerce(node.item(), value)]
    if kind == "array":
        return [_coerce(node.item(), v) for v in value]
    if kind == "string" and not isinstance(value, (str, dict, list)):
        return "" if value is None else (value.isoformat() if hasattr(value, "isoformat") else str(value))
    return value


def _placeholder(node: schema_model.Node | None, today: str, missing: list[str], where: str) -> Any:
    """The value `counterpedia new` writes for a required field (the schema describes every one of them)."""
    node = cast(schema_model.Node, node)
    suggested = node.get("x-placeholder")
    if isinstance(suggested, str):
        return suggested.replace("{today}", today)
    if suggested is not None:
        return suggested
    enum = node.get("enum")
    if enum:
        return enum[0]
    kind = node.type()
    if kind == "object":
        value = {}
        required = node.required()
        keys = required or list(node.get("x-placeholder-keys") or [])
        if not keys and (node.get("minProperties") or 0) > 0:
            keys = node.properties()[:1]
        for key in keys:
            value[key] = _placeholder(node.child(key), today, missing, f"{where}.{key}")
        return value
    if kind == "array":
        count = node.get("minItems") or 0
        items: list[Any] = []
        unknown: list[str] = []
        for index in range(count):
            items.append(_placeholder(node.item(), today, unknown, f"{where}.{index}"))
        item = node.item()
        if unknown and item is not None and item.type() not in ("object", "array"):
            missing.append(where.lstrip("."))  # a list of ids or numbers: ask for the list
            return None
        missing.extend(unknown)
        return items
    if kind == "boolean":
        return False
    if node.get("pattern"):
        missing.append(where.lstrip("."))
        return None
    return TODO


def _assign(data: dict, keys: tuple, value) -> None:
    holder = data
    for key, following in zip(keys, keys[1:]):
        if isinstance(holder, list):
            while len(holder) <= key:
                holder.append({} if isinstance(following, str) else [])
            holder = holder[key]
        else:
            if not isinstance(holder.get(key), (dict, list)):
                holder[key] = [] if isinstance(following, int) else {}
            holder = holder[key]
    last = keys[-1]
    if isinstance(holder, list):
        while len(holder) <= last:
            holder.append(None)
    holder[last] = value


def _fill_missing(data, node: schema_model.Node | None, today: str, missing: list[str], where: str = "") -> None:
    """Placeholders for required fields that an assignment left out (e.g. --set rules.0.number=… only)."""
    if node is None:
        return
    if isinstance(data, dict):
        for key in node.required():
            if key not in data:
                data[key] = _placeholder(node.child(key), today, missing, f"{where}.{key}")
        for key, value in data.items():
            _fill_missing(value, node.child(key), today, missing, f"{where}.{key}")
    elif isinstance(data, list):
        for index, value in enumerate(data):
            _fill_missing(value, node.item(), today, missing, f"{where}.{index}")


def _comment(node: schema_model.Node | None) -> str:
    if node is None:
        return ""
    text = re.split(r"(?<!e\.g)\. ", node.description())[0].rstrip(".")
    enum = node.get("enum")
    if enum and not text:
        text = "one of: " + ", ".join(str(v) for v in enum)
    elif enum and not all(str(v) in text for v in enum):
        text += " (" + ", ".join(str(v) for v in enum) + ")"
    return text


def _comments(data, node: schema_model.Node | None, path: tuple = ()) -> dict[tuple, str]:
    found = {}
    if isinstance(data, dict) and node is not None:
        for key, value in data.items():
            child = node.child(key)
            text = _comment(child)
            if text:
                found[path + (key,)] = f"# {text}"
            found.update(_comments(value, child, path + (key,)))
    elif isinstance(data, list) and node is not None:
        for index, value in enumerate(data):
            found.update(_comments(value, node.item(), path + (index,)))
    return found


def build(kind: str, record_id: str, assignments: list[tuple[tuple, object]], today: str | None = None) -> Scaffold:
    """The new record: placeholders, then the assignments; ScaffoldError when something is missing."""
    if kinds.find(kind) is None:
        raise ScaffoldError(f"unknown kind {kind!r}: one of {', '.join(kinds.names())}")
    problem = id_problem(record_id)
    if problem is not None:
        raise ScaffoldError(f"{record_id[:80]!r} is not a valid id: {problem}")
    today = today or dt.date.today().isoformat()
    root = schema_model.root(kind)
    missing: list[str] = []
    data: dict = {}
    for key in root.required():
        if key == "id":
            data["id"] = record_id
        elif not any(keys[0] == key for keys, _ in assignments):
            data[key] = _placeholder(root.child(key), today, missing, key)
    for keys, value in assignments:
        if keys == ("id",):
            raise ScaffoldError("the id is given as ID, not with --set")
        node = schema_model.at(kind, keys)
        if node is None:
            raise ScaffoldError(f"a {kind} record has no field '{'.'.join(str(k) for k in keys)}'")
        _assign(data, keys, _coerce(node, value))
        missing = [m for m in missing if not m.startswith(".".join(str(k) for k in keys))]
    _fill_missing(data, root, today, missing)
    missing = [m for m in dict.fromkeys(missing) if _is_unset(data, m)]
    if missing:
        hints = []
        for where in missing:
            keys = tuple(int(k) if k.isdigit() else k for k in where.split("."))
            description = _comment(schema_model.at(kind, keys))
            hints.append(f"--set {where}=…" + (f" ({description})" if description else ""))
        raise ScaffoldError(f"a new {kind} needs a value the tool cannot suggest: " + "; ".join(hints))
    return Scaffold(kind, record_id, _own_placeholders(data, record_id), _comments(data, root))


TODO = "TODO"


def _own_placeholders(value, record_id: str):
    """Each TODO text names its record ("TODO (bribery)"), so that two new records' placeholder names never collide
    (E163: the second `new` in a row used to fail); the validator reports a TODO left in a record (W205)."""
    if isinstance(value, dict):
        return {key: _own_placeholders(item, record_id) for key, item in value.items()}
    if isinstance(value, list):
        return [_own_placeholders(item, record_id) for item in value]
    return f"{TODO} ({record_id})" if value == TODO else value


def _is_unset(data, where: str) -> bool:
    value = data
    for key in where.split("."):
        try:
            value = value[int(key)] if isinstance(value, list) else value[key]
        except (KeyError, IndexError, ValueError, TypeError):
            return True
    return value is None


def text_of(scaffold: Scaffold) -> str:
    return with_comments(scaffold.kind, scaffold.data, HEADER.format(kind=scaffold.kind), scaffold.comments)


def existing(data_dir: Path, kind: str, record_id: str, kb) -> str | None:
    """Where a record of `kind` with this id already is (a file of that name, or a record anywhere)."""
    record = kb.get(kind, record_id)
    if record is not None:
        return record.path
    folder = Path(data_dir) / kinds.get(kind).folder
    for path in folder.rglob(f"{record_id}.y*ml") if folder.is_dir() else ():
        return display_path(path)
    return None


def check(kb, scaffold: Scaffold, path: Path, text: str) -> list[Diagnostic]:
    """The diagnostics the validator would report on the new record, within the data set."""
    document, problems = parse_document(text, display_path(path), scaffold.record_id, scaffold.kind)
    if document is None:
        return problems
    kb.add(Record(scaffold.kind, scaffold.record_id, document.data, document))
    return [d for d in checks.run_all(kb) if d.path == document.path]


def create(data_dir: Path, kind: str, record_id: str, assignments, today: str | None = None) -> Path:
    """Write the new record and return its path; ScaffoldError when it cannot or must not be written."""
    scaffold = build(kind, record_id, assignments, today)
    kb, _problems = load(data_dir)
    where = existing(data_dir, kind, record_id, kb)
    if where:
        raise ScaffoldError(f"a {kind} with id '{record_id}' already exists: {where}", status=1)
    path = record_path(data_dir, kind, record_id)
    try:
        text = text_of(scaffold)
    except FormatError as error:
        raise ScaffoldError(
            f"not written: the new {kind} cannot be laid out", status=1, diagnostics=error.diagnostics
        ) from None
    problems = [d for d in check(kb, scaffold, path, text) if d.severity == ERROR]
    if problems:
        raise ScaffoldError(
            f"not written: the new {kind} would not pass `counterpedia validate`; "
            "give the missing facts with --set FIELD=VALUE",
            status=1,
            diagnostics=problems,
        )
    atomic_write(path, text)
    return path
