"""The JSON Schemas as a model of the records: key order, required fields, descriptions, value styles.

The schemas in `counterpedia/schemas/` are the one description of the data. The formatter takes its
key order from them (the order of `properties`, at every depth), `counterpedia new` its required
fields, placeholders and comments, so that adding a field to a schema needs no change in code.

A schema node may carry two annotations of ours (JSON Schema ignores unknown keywords):
`x-yaml-style: double-quoted` (the formatter always double-quotes such strings: versions, dates, CR
numbers, hashes) and `x-placeholder` (the value `counterpedia new` writes for a required field).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .. import kinds as record_kinds

Schema = dict[str, Any]  # a JSON Schema object, as parsed


@cache
def documents() -> dict[str, Schema]:
    """Every schema file of the package, by file name (`counter.schema.json` -> its JSON)."""
    found = {}
    for entry in resources.files("counterpedia.schemas").iterdir():
        if entry.name.endswith(".schema.json"):
            found[entry.name] = json.loads(entry.read_text(encoding="utf-8"))
    return found


def file_of(kind: str) -> str:
    """The schema file of a record kind (as the registry declares it), or of a file outside data/."""
    spec = record_kinds.find(kind)
    return spec.schema if spec is not None else f"{kind}.schema.json"


def kinds() -> list[str]:
    """Every kind that has a schema (the record kinds and the files outside data/, such as the excluded
    list), sorted."""
    return sorted({*record_kinds.names(), *record_kinds.OTHER_FILES.values()})


@dataclass(frozen=True)
class Node:
    """One schema object, with the file its relative `$ref`s are resolved against."""

    schema: Schema
    base: str

    # -- resolution ---------------------------------------------------------------------------------
    def resolved(self) -> Node:
        """This node with `$ref` and `allOf` folded in: one dict holding every keyword that applies."""
        return _resolve(self)

    def get(self, keyword: str, default: Any = None) -> Any:
        return self.resolved().schema.get(keyword, default)

    # -- structure ------------------------------------------------------------------------------------
    def properties(self) -> list[str]:
        """The property names in schema order: the canonical key order of a mapping."""
        return list((self.get("properties") or {}).keys())

    def required(self) -> list[str]:
        return list(self.get("required") or [])

    def child(self, key: object) -> Node | None:
        """The schema of the value at `key` in a mapping, if the schema says anything about it."""
        resolved = self.resolved()
        props = resolved.schema.get("properties") or {}
        if isinstance(key, str) and key in props and isinstance(props[key], dict):
            return Node(props[key], resolved.base)
        extra = resolved.schema.get("additionalProperties")
        if isinstance(extra, dict):
            return Node(extra, resolved.base)
        return None

    def item(self) -> Node | None:
        resolved = self.resolved()
        items = resolved.schema.get("items")
        return Node(items, resolved.base) if isinstance(items, dict) else None

    def type(self) -> str | None:
        """object, array, string, boolean…; inferred from `properties`, `items` or `enum` when absent."""
        resolved = self.resolved().schema
        declared = resolved.get("type")
        if isinstance(declared, str):
            return declared
        if "properties" in resolved:
            return "object"
        if "items" in resolved:
            return "array"
        if (
            isinstance(resolved.get("enum"), list)
            and resolved["enum"]
            and all(isinstance(v, str) for v in resolved["enum"])
        ):
            return "string"
        return None

    def double_quoted(self) -> bool:
        return bool(self.get("x-yaml-style") == "double-quoted")

    def description(self) -> str:
        """The nearest description: the node's own, before the one of what it refers to."""
        own = self.schema.get("description")
        return own if isinstance(own, str) else str(self.get("description") or "")


def _pointer(document: Schema, pointer: str) -> Schema:
    node = document
    for part in [p for p in pointer.split("/") if p]:
        node = node[part.replace("~1", "/").replace("~0", "~")]
    return node


def _follow(node: Node) -> Node:
    ref = node.schema["$ref"]
    file, _, pointer = ref.partition("#")
    base = file or node.base
    return Node(_pointer(documents()[base], pointer), base)


def _resolve(node: Node, depth: int = 0) -> Node:
    if depth > 32:
        raise ValueError(f"schema references loop at {node.base}")
    schema = node.schema
    if "$ref" not in schema and "allOf" not in schema:
        return node
    merged: Schema = {}
    parts = []
    if "$ref" in schema:
        parts.append(_resolve(_follow(node), depth + 1))
    for sub in schema.get("allOf") or []:
        parts.append(_resolve(Node(sub, node.base), depth + 1))
    base = parts[0].base if parts else node.base
    for part in parts:
        for keyword, value in part.schema.items():
            if keyword == "properties":
                merged.setdefault("properties", {}).update({k: _rebased(v, part.base, base) for k, v in value.items()})
            elif keyword == "required":
                merged["required"] = list(dict.fromkeys([*merged.get("required", []), *value]))
            elif keyword in ("items", "additionalProperties") and isinstance(value, dict):
                merged[keyword] = _rebased(value, part.base, base)
            else:
                merged.setdefault(keyword, value)
    for keyword, value in schema.items():
        if keyword in ("$ref", "allOf"):
            continue
        if keyword == "properties":
            merged.setdefault("properties", {}).update({k: _rebased(v, node.base, base) for k, v in value.items()})
        elif keyword == "required":
            merged["required"] = list(dict.fromkeys([*merged.get("required", []), *value]))
        elif keyword in ("items", "additionalProperties") and isinstance(value, dict):
            merged[keyword] = _rebased(value, node.base, base)
        else:
            merged[keyword] = value
    return Node(merged, base)


def _rebased(schema: Schema, origin: str, base: str) -> Schema:
    """A sub-schema moved from file `origin` into a node based on `base`: make its local `$ref` explicit."""
    if origin == base or not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        return {**schema, "$ref": origin + ref}
    if "$ref" not in schema and any(k in schema for k in ("properties", "items", "allOf", "additionalProperties")):
        # A nested literal schema: its own local references point into `origin` too.
        rebased: Schema = json.loads(json.dumps(schema).replace('"$ref": "#', f'"$ref": "{origin}#'))
        return rebased
    return schema


@cache
def root(kind: str) -> Node:
    """The schema of a record kind (`counter`, `ruling`…, `excluded-counters`)."""
    name = file_of(kind)
    if name not in documents():
        raise KeyError(kind)
    return Node(documents()[name], name)


def at(kind: str, keys: tuple[Any, ...]) -> Node | None:
    """The schema node at a path inside a record of `kind` (None where the schema says nothing)."""
    node: Node | None = root(kind)
    for key in keys:
        if node is None:
            return None
        node = node.item() if isinstance(key, int) else node.child(key)
    return node
