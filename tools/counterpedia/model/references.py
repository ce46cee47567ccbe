"""The cross-references each record kind makes, in one table: checks, back-links and pages all read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .knowledge import KnowledgeBase, Record
from .shapes import as_list
from .texts import text_fields

# kind -> (path to a list or a single id, target kind)
REFERENCE_FIELDS: dict[str, tuple[tuple[tuple, str], ...]] = {
    "counter": (
        (("related", "counters"), "counter"),
        (("related", "mechanics"), "mechanic"),
        (("related", "terms"), "term"),
        (("sources",), "source"),
        (("first_set", "source"), "source"),
    ),
    "ruling": (
        (("source",), "source"),
        (("about", "counters"), "counter"),
        (("about", "cards"), "card"),
        (("about", "mechanics"), "mechanic"),
        (("about", "terms"), "term"),
    ),
    "mechanic": ((("counters",), "counter"),),
    "term": (
        (("related", "counters"), "counter"),
        (("related", "mechanics"), "mechanic"),
        (("related", "terms"), "term"),
    ),
    "card": (
        (("counters",), "counter"),
        (("set", "source"), "source"),
    ),
}

# kind -> path of the list of CR numbers the record cites.
RULE_FIELDS: dict[str, tuple] = {
    "counter": ("rules",),
    "mechanic": ("rules",),
    "term": ("rules",),
    "ruling": ("about", "rules"),
}


@dataclass(frozen=True)
class Ref:
    source: Record
    keys: tuple  # where the id is written
    target_kind: str
    target_id: str


def _get(data, path: tuple):
    for key in path:
        if not isinstance(data, dict) or key not in data:
            return None
        data = data[key]
    return data


def record_refs(record: Record) -> Iterator[Ref]:
    for path, target in REFERENCE_FIELDS.get(record.kind, ()):
        value = _get(record.data, path)
        if isinstance(value, str):
            yield Ref(record, path, target, value)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, str):
                    yield Ref(record, path + (i,), target, item)
    for field in text_fields(record):
        for lang, entry in field.texts.items():
            if not isinstance(entry, dict):
                continue
            for key in ("source", "via"):
                if isinstance(entry.get(key), str):
                    yield Ref(record, field.keys + (lang, key), "source", entry[key])
            for i, cited in enumerate(as_list(entry.get("cites"))):
                if isinstance(cited, str):
                    yield Ref(record, field.keys + (lang, "cites", i), "source", cited)
    for keys, item in history_quotes(record):
        for key in ("source", "via"):
            if isinstance(item.get(key), str):
                yield Ref(record, keys + (key,), "source", item[key])


def history_quotes(record: Record) -> Iterator[tuple[tuple, dict]]:
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


def cited_rules(record: Record) -> list[tuple[tuple, str]]:
    path = RULE_FIELDS.get(record.kind)
    value = _get(record.data, path) if path else None
    if not isinstance(value, list):
        return []
    return [(path + (i,), n) for i, n in enumerate(value) if isinstance(n, str)]


def backlinks(kb: KnowledgeBase) -> dict[tuple[str, str], list[Record]]:
    """(kind, id) -> the records that cite it, each once, in a stable order. Linear in the references:
    a record is known by identity, so a bucket of thousands (a source cited by every ruling) costs no more."""
    index: dict[tuple[str, str], list[Record]] = {}
    seen: set[tuple[str, str, int]] = set()

    def add(target: tuple[str, str], record: Record) -> None:
        key = (*target, id(record))
        if key not in seen:
            seen.add(key)
            index.setdefault(target, []).append(record)

    for ref in all_refs(kb):
        add((ref.target_kind, ref.target_id), ref.source)
    for record in kb:
        for _keys, number in cited_rules(record):
            page = kb.rule_page_for(number)
            if page:
                add(("rule", page), record)
    return index
