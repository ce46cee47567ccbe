"""Translation status: per kind and language, which texts are official, community, machine, drifted or missing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import kinds
from ..langs import LANGS
from .knowledge import KnowledgeBase, Record
from .provenance import text_state
from .texts import TextField, text_fields

CATEGORIES = ("official", "community", "machine", "drifted", "missing")


@dataclass(frozen=True)
class Item:
    record: Record
    field: TextField
    lang: str
    category: str

    @property
    def where(self) -> str:
        return ".".join(str(k) for k in self.field.keys) + f".{self.lang}"


def category(field: TextField, lang: str) -> str | None:
    """One category per text: a drifted translation is listed as drifted whatever its status.

    None for a text whose status is none of the known ones (a typo such as `oficial`): the schema
    check reports it, and it is counted nowhere."""
    state = text_state(field.texts, lang, field.canonical)
    if state.status == "missing":
        return "missing"
    if not isinstance(state.status, str) or state.status not in CATEGORIES:
        return None
    return "drifted" if state.drifted else state.status


def items(kb: KnowledgeBase, langs: Sequence[str] = LANGS) -> list[Item]:
    found = []
    for record in kb:
        for field in text_fields(record):
            for lang in langs:
                state = category(field, lang)
                if state is not None:
                    found.append(Item(record, field, lang, state))
    return found


def summary(kb: KnowledgeBase, langs: Sequence[str] = LANGS) -> dict[str, dict[str, Any]]:
    """{"<kind>": {"records": N, "total": N, "<lang>": {"official": N, …}}}: `records` counts the records of that
    kind (a card's rulings one by one, as rulings), `total` the texts of that kind per language."""
    result: dict[str, dict[str, Any]] = {}
    for kind in kinds.names():
        records = kb.all(kind)
        fields = [f for record in records for f in text_fields(record)]
        if not fields:
            continue
        entry: dict[str, Any] = {"records": len(records), "total": len(fields)}
        for lang in langs:
            counts = dict.fromkeys(CATEGORIES, 0)
            for field in fields:
                state = category(field, lang)
                if state is not None:
                    counts[state] += 1
            entry[lang] = counts
        result[kind] = entry
    return result
