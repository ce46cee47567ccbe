"""Where the texts of each record kind live, and which language is canonical for each.

A kind's fields holding one text map each are declared in the registry (`counterpedia.kinds`); the texts
kept in lists (a counter's `notes`, a rule record's quoted rules and their examples) are read here.
Imports no YAML library: `counterpedia search` reads texts without loading ruamel."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .. import kinds
from .shapes import as_dict, as_list

if TYPE_CHECKING:  # the knowledge base brings in the YAML loader, which reading texts does not need
    from .knowledge import Record


@dataclass(frozen=True)
class TextField:
    keys: tuple[Any, ...]  # path inside the record, e.g. ("rules", 3, "text")
    texts: dict[Any, Any]  # lang -> text object
    canonical: str | None  # the language the others translate
    role: str  # names | summary | rule | example | ruling | note | title | text (a card's)

    def get(self, lang: str) -> dict[str, Any] | None:
        entry = self.texts.get(lang)
        return entry if isinstance(entry, dict) else None

    def text(self, lang: str) -> str | None:
        entry = self.get(lang)
        text = entry.get("text") if entry else None
        return text if isinstance(text, str) else None


def canonical_of(texts: dict[Any, Any], preferred: str) -> str | None:
    """The preferred language when its text is an original; else the text that translates nothing."""
    originals = [lang for lang, entry in texts.items() if isinstance(entry, dict) and "translates" not in entry]
    if preferred in originals or (preferred in texts and not originals):
        return preferred
    for lang in originals:
        if texts[lang].get("status") == "official":
            return str(lang)
    first = originals[0] if originals else next(iter(texts), None)
    return None if first is None else str(first)


Entry = tuple[TextField, str, dict[str, Any]]

# While records hold still (`remembered()`: the validator's checks, which only read), each record's text fields and
# texts are found once instead of once per check (a dozen checks walk the 80,000 texts). Keyed by the record's id(),
# the record kept beside them so that the id is not reused while the memo lives.
_memo: dict[int, tuple[Record, list[TextField], list[Entry]]] | None = None


@contextmanager
def remembered() -> Iterator[None]:
    """Within this block, `text_fields` remembers each record's fields: the records must not change meanwhile."""
    global _memo
    outer = _memo
    _memo = {} if outer is None else outer
    try:
        yield
    finally:
        _memo = outer


def text_fields(record: Record) -> Iterator[TextField]:
    """Every text map of a record (not those of the records it holds: a card's rulings are records of
    their own), in the order of its fields."""
    if _memo is None:
        return _text_fields(record)
    return iter(_remembered(record, _memo)[1])


def _remembered(
    record: Record, memo: dict[int, tuple[Record, list[TextField], list[Entry]]]
) -> tuple[Record, list[TextField], list[Entry]]:
    found = memo.get(id(record))
    if found is None or found[0] is not record:
        fields = list(_text_fields(record))
        found = memo[id(record)] = (record, fields, list(_entries(fields)))
    return found


def _text_fields(record: Record) -> Iterator[TextField]:
    data = record.data
    spec = kinds.find(record.kind)
    original = data.get(spec.original_field) if spec is not None and spec.original_field else None
    preferred = original if isinstance(original, str) else "en"
    for name in spec.text_fields if spec is not None else ():
        texts = data.get(name)
        if isinstance(texts, dict) and texts:
            role = "ruling" if record.kind == "ruling" else name
            yield TextField((name,), texts, canonical_of(texts, preferred), role)
    if record.kind == "counter":
        for i, note in enumerate(as_list(data.get("notes"))):
            if isinstance(note, dict) and note:
                yield TextField(("notes", i), note, canonical_of(note, "en"), "note")
    if record.kind == "rule":
        for i, entry in enumerate(as_list(data.get("rules"))):
            if not isinstance(entry, dict):
                continue
            texts = entry.get("text")
            if isinstance(texts, dict) and texts:
                yield TextField(("rules", i, "text"), texts, canonical_of(texts, "en"), "rule")
            for j, example in enumerate(as_list(entry.get("examples"))):
                if isinstance(example, dict) and example:
                    yield TextField(("rules", i, "examples", j), example, canonical_of(example, "en"), "example")


def text_entries(record: Record) -> Iterator[Entry]:
    """(field, language, its text object) for every text of a record: each language of each text map
    whose value is a mapping (`{text, status, source…}`)."""
    if _memo is None:
        return _entries(_text_fields(record))
    return iter(_remembered(record, _memo)[2])


def _entries(fields: Iterable[TextField]) -> Iterator[Entry]:
    for field in fields:
        for lang, entry in field.texts.items():
            if isinstance(entry, dict):
                yield field, lang, entry


def title(record: Record, lang: str) -> str:
    """The record's display name in `lang`, falling back to English, then the id."""
    data = record.data
    if record.kind == "ruling":  # no name of its own: its card's, or its id, and its date
        if record.owner is not None:
            return f"{title(record.owner, lang)} · {data.get('date', '')}"
        return f"{data.get('date', '')} · {record.id}"
    if record.kind == "source":  # the registry of provenance: its title is a plain text, not a text map
        return str(data.get("title") or record.id)
    spec = kinds.find(record.kind)
    names = as_dict(data.get(spec.name_field)) if spec is not None and spec.name_field else {}
    for candidate in (lang, "en", *names.keys()):
        entry = names.get(candidate)
        text = entry.get("text") if isinstance(entry, dict) else None
        if isinstance(text, str):
            return text
    return record.id
