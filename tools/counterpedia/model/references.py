"""The cross-references records make: the ids each kind declares in the registry (`Kind.references`,
`Kind.rules_field`), and the sources every text cites. Checks, back-links and pages all read them here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .. import kinds
from ..storage.load import Keys
from .knowledge import KnowledgeBase, Record
from .shapes import as_list
from .texts import text_entries


@dataclass(frozen=True)
class Ref:
    source: Record
    keys: Keys  # where the id is written
    target_kind: str
    target_id: str


def _get(data: object, path: Keys) -> object:
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def record_refs(record: Record) -> Iterator[Ref]:
    for keys, target_kind, target_id in cited(record):
        yield Ref(record, keys, target_kind, target_id)


def cited(record: Record) -> Iterator[tuple[Keys, str, str]]:
    """(where, kind, id) of each id the record writes, in order: `record_refs` without a Ref made for each (the
    reference check looks up 110,000 of them)."""
    spec = kinds.find(record.kind)
    for path, target in spec.references if spec is not None else ():
        value = _get(record.data, path)
        if isinstance(value, str):
            yield path, target, value
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    yield path + (i,), target, item
    for field, lang, entry in text_entries(record):
        source, via, cites = entry.get("source"), entry.get("via"), entry.get("cites")
        if isinstance(source, str):
            yield field.keys + (lang, "source"), "source", source
        if isinstance(via, str):
            yield field.keys + (lang, "via"), "source", via
        if isinstance(cites, list):
            for i, item in enumerate(cites):
                if isinstance(item, str):
                    yield field.keys + (lang, "cites", i), "source", item
    if record.kind == "ruling":  # the copy a review note's evidence was found in (import gatherer-rulings)
        for i, note in enumerate(as_list(record.data.get("review"))):
            if isinstance(note, dict) and isinstance(note.get("evidence"), str):
                yield ("review", i, "evidence"), "source", note["evidence"]
    for keys, item in history_quotes(record):
        for key in ("source", "via"):
            if isinstance(item.get(key), str):
                yield keys + (key,), "source", item[key]


def history_quotes(record: Record) -> Iterator[tuple[Keys, dict[str, Any]]]:
    """A rule record's quotes of earlier editions (`rules[i].history[j]`), with where each is."""
    if record.kind != "rule":
        return
    for i, entry in enumerate(as_list(record.data.get("rules"))):
        history = entry.get("history") if isinstance(entry, dict) else None
        for j, item in enumerate(history if isinstance(history, list) else []):
            if isinstance(item, dict):
                yield ("rules", i, "history", j), item


def all_refs(kb: KnowledgeBase) -> Iterator[Ref]:
    for record in kb:
        yield from record_refs(record)


def cited_rules(record: Record) -> list[tuple[Keys, str]]:
    spec = kinds.find(record.kind)
    path = spec.rules_field if spec is not None else None
    value = _get(record.data, path) if path else None
    if path is None or not isinstance(value, list):
        return []
    return [(path + (i,), n) for i, n in enumerate(value) if isinstance(n, str)]


def ref_targets(record: Record) -> list[tuple[str, str]]:
    """(kind, id) of every record `record` cites, in order (its data alone decides them)."""
    return [(target_kind, target_id) for _keys, target_kind, target_id in cited(record)]


def backlinks(
    kb: KnowledgeBase, targets: Callable[[Record], list[tuple[str, str]]] = ref_targets
) -> dict[tuple[str, str], list[Record]]:
    """(kind, id) -> the records that cite it, each once, in a stable order. Linear in the references:
    a record is known by identity, so a bucket of thousands (a source cited by every ruling) costs no more.
    `targets`: what a record cites (the preview passes one that remembers it per record)."""
    index: dict[tuple[str, str], list[Record]] = {}
    seen: set[tuple[str, str, int]] = set()

    def add(target: tuple[str, str], record: Record) -> None:
        key = (*target, id(record))
        if key not in seen:
            seen.add(key)
            index.setdefault(target, []).append(record)

    for record in kb:
        for target in targets(record):
            add(target, record)
    for record in kb:
        for _keys, number in cited_rules(record):
            page = kb.rule_page_for(number)
            if page:
                add(("rule", page), record)
    return index
