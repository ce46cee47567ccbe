"""Reading fields whose type the schema has not been checked for: a wrong type reads as empty.

Every command meets records that do not match their schema (`rules: 5`, `original: []`); the schema
check reports them, and everything else must simply not trip over them."""

from __future__ import annotations

from typing import Any


def as_list(value: object) -> list[Any]:
    """`value` when it is a list, else an empty list."""
    return value if isinstance(value, list) else []


def as_dict(value: object) -> dict[Any, Any]:
    """`value` when it is a mapping, else an empty one."""
    return value if isinstance(value, dict) else {}
