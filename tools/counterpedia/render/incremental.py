"""The renderer's derived indexes after an edit, updated from the previous state's instead of made again whole.

The preview (commands/preview) makes a new renderer after each edit. The records of the files that did not change
are the same objects in both states (model.knowledge.from_documents(previous=…)), so the edit is the list of
records that are other objects now (`delta`). Each index is then the previous one with the entries of those records
made again: exactly what making it whole gives (each entry lists its records in the order a whole pass adds them;
tests/preview/test_incremental.py compares the pages with a full build's). When the records are not the same ones
in the same order (a record added, removed or renamed), or an edit changes what many entries depend on (a rule
record's numbers: where every rule reference leads), `delta` is None and the indexes are made whole."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from typing import Any

from ..model.knowledge import KnowledgeBase, Record
from ..model.references import cited_rules
from ..model.shapes import as_dict, as_list

Pair = tuple[Record, Record]  # (the record before the edit, the record after it), at the same place
Key = tuple[str, str]


def delta(old: KnowledgeBase, new: KnowledgeBase) -> list[Pair] | None:
    """The records that are other objects in `new` than in `old`, paired by place; None when the two do not hold
    the same records (kind and id) in the same order, or hold duplicates (a whole pass keeps the first of each)."""
    if old.duplicates or new.duplicates:
        return None
    before, after = list(old), list(new)
    if len(before) != len(after):
        return None
    pairs = []
    for a, b in zip(before, after):
        if a is not b:
            if a.kind != b.kind or a.id != b.id:
                return None
            pairs.append((a, b))
    if any(a.kind == "rule" and _rule_shape(a) != _rule_shape(b) for a, b in pairs):
        return None  # where rule references lead (kb.rule_page_for) may change for every record
    return pairs


def _rule_shape(record: Record) -> tuple:
    numbers = [e.get("number") if isinstance(e, dict) else None for e in as_list(record.data.get("rules"))]
    return (numbers, record.data.get("section"))


def positions(records: Iterable[Record]) -> dict[int, int]:
    """Each record's place in a whole pass, by identity."""
    return {id(r): i for i, r in enumerate(records)}


def _patch(old: dict, keys: set, members: Callable[[Any], list]) -> dict:
    """A copy of `old` whose entries at `keys` are made again (an empty entry is left out, as a whole pass leaves it);
    the previous lists are not changed (the previous renderer still reads them)."""
    index = dict(old)
    for key in keys:
        found = members(key)
        if found:
            index[key] = found
        else:
            index.pop(key, None)
    return index


def cards_by_counter(old: dict[str, list[str]], kb: KnowledgeBase, pairs: list[Pair]) -> dict[str, list[str]]:
    """counter id -> the ids of the cards that list it, in the knowledge base's order."""
    keys: set[str] = set()
    for a, b in pairs:
        if a.kind == "card":
            before, after = as_list(a.data.get("counters")), as_list(b.data.get("counters"))
            if before != after:
                keys.update(c for c in before + after if isinstance(c, str))
    if not keys:
        return old
    cards = kb.all("card")

    def members(counter_id: str) -> list[str]:
        return [c.id for c in cards for listed in as_list(c.data.get("counters")) if listed == counter_id]

    return _patch(old, keys, members)


def ruling_keys(ruling: Record, about_kinds: list[str]) -> list[Key]:
    """The entries of the rulings index a ruling is listed in (a key twice: listed twice)."""
    about = as_dict(ruling.data.get("about"))
    keys = [
        (kind, target) for kind in about_kinds for target in as_list(about.get(f"{kind}s")) if isinstance(target, str)
    ]
    if ruling.owner is not None and ("card", ruling.owner.id) not in keys:
        keys.append(("card", ruling.owner.id))
    return keys


def rulings_index(
    old: dict[Key, list[Record]],
    kb: KnowledgeBase,
    pairs: list[Pair],
    order: Callable[[Record], tuple],
    about_kinds: list[str],
) -> dict[Key, list[Record]] | None:
    """(kind, id) -> the rulings about it, sorted by `order` (then by the knowledge base's order)."""
    removed = {id(a) for a, _b in pairs if a.kind == "ruling"}
    added = [b for _a, b in pairs if b.kind == "ruling"]
    if not removed:
        return old
    keys: set[Key] = set()
    for a, b in pairs:
        if a.kind == "ruling":
            for record in (a, b):
                found = ruling_keys(record, about_kinds)
                if len(found) != len(set(found)):
                    return None  # a target listed twice is listed twice: made whole
                keys.update(found)
    place = positions(kb.all("ruling"))

    def members(key: Key) -> list[Record]:
        found = [r for r in old.get(key, ()) if id(r) not in removed]  # in their order already
        for record in added:
            if key in ruling_keys(record, about_kinds):
                bisect.insort(found, record, key=lambda r: (order(r), place[id(r)]))
        return found

    return _patch(old, keys, members)


def backlinks(
    old: dict[Key, list[Record]], kb: KnowledgeBase, pairs: list[Pair], targets: Callable[[Record], list[Key]]
) -> dict[Key, list[Record]]:
    """(kind, id) -> the records that cite it, each once: first those that name it (model.references.backlinks'
    first pass), then those that cite a rule it quotes, each group in the knowledge base's order."""
    if not pairs:
        return old

    def rule_pages(record: Record) -> list[Key]:
        pages = (kb.rule_page_for(number) for _keys, number in cited_rules(record))
        return [("rule", page) for page in pages if page]

    keys: set[Key] = set()
    for a, b in pairs:
        for record in (a, b):
            keys.update(targets(record))
            keys.update(rule_pages(record))
    removed = {id(a) for a, _b in pairs}
    added = [b for _a, b in pairs]
    place = positions(kb)

    def members(key: Key) -> list[Record]:
        found = [r for r in old.get(key, ()) if id(r) not in removed]  # in their order already
        for record in added:
            if key in targets(record) or key in rule_pages(record):
                bisect.insort(found, record, key=lambda r: (key not in targets(r), place[id(r)]))
        return found

    return _patch(old, keys, members)


def card_names(
    old: tuple[dict[str, str], dict[str, list[str]]],
    kb: KnowledgeBase,
    pairs: list[Pair],
    linkable: Callable[[str], bool],
) -> tuple[dict[str, str], dict[str, list[str]]] | None:
    """The linker's card names (name -> the first card in the knowledge base's order that has it, among the names
    `linkable` allows) and those names by their first two characters, longest first (render.markup.card_name_index).
    None when a term, a counter or a mechanic changed its names: `linkable` (the vocabulary) is then another."""
    if any(a.kind in ("term", "counter", "mechanic") and a.data.get("names") != b.data.get("names") for a, b in pairs):
        return None
    texts = {
        text
        for a, b in pairs
        if a.kind == "card" and a.data.get("names") != b.data.get("names")
        for record in (a, b)
        for text in _names(record)
    }
    if not texts:
        return old
    names = {name: card for name, card in old[0].items() if name not in texts}
    for card in kb.all("card"):
        for text in _names(card):
            if text in texts and linkable(text):
                names.setdefault(text, card.id)
    prefixes = dict(old[1])
    for prefix in {text[:2] for text in texts}:
        found = sorted((n for n in names if n[:2] == prefix), key=len, reverse=True)
        if found:
            prefixes[prefix] = found
        else:
            prefixes.pop(prefix, None)
    return names, prefixes


def _names(card: Record) -> list[str]:
    entries = card.data.get("names")
    return [
        e["text"]
        for e in (entries.values() if isinstance(entries, dict) else ())
        if isinstance(e, dict) and isinstance(e.get("text"), str)
    ]
