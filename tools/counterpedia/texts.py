"""Where the texts of each record kind live, and which language is canonical for each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .knowledge import Record

# Per kind: the fields holding one text map each.
SIMPLE_FIELDS = {
    "counter": ("names", "summary"),
    "card": ("names",),
    "mechanic": ("names", "summary"),
    "term": ("names", "note"),
    "rule": ("title",),
    "ruling": ("text",),
    "source": (),
}


@dataclass(frozen=True)
class TextField:
    keys: tuple  # path inside the record, e.g. ("rules", 3, "text")
    texts: dict  # lang -> text object
    canonical: str | None  # the language the others translate
    role: str  # names | summary | rule | example | ruling | note | title

    def get(self, lang: str) -> dict | None:
        entry = self.texts.get(lang)
        return entry if isinstance(entry, dict) else None

    def text(self, lang: str) -> str | None:
        entry = self.get(lang)
        return entry.get("text") if entry and isinstance(entry.get("text"), str) else None


def _canonical(texts: dict, preferred: str) -> str | None:
    if preferred in texts:
        return preferred
    for lang, entry in texts.items():
        if isinstance(entry, dict) and entry.get("status") == "official":
            return lang
    return next(iter(texts), None)


def text_fields(record: Record) -> Iterator[TextField]:
    data = record.data
    preferred = data.get("original", "en") if record.kind == "ruling" else "en"
    for name in SIMPLE_FIELDS.get(record.kind, ()):
        texts = data.get(name)
        if isinstance(texts, dict) and texts:
            role = "ruling" if record.kind == "ruling" else name
            yield TextField((name,), texts, _canonical(texts, preferred), role)
    if record.kind == "rule":
        for i, entry in enumerate(data.get("rules") or []):
            if not isinstance(entry, dict):
                continue
            texts = entry.get("text")
            if isinstance(texts, dict) and texts:
                yield TextField(("rules", i, "text"), texts, _canonical(texts, "en"), "rule")
            for j, example in enumerate(entry.get("examples") or []):
                if isinstance(example, dict) and example:
                    yield TextField(("rules", i, "examples", j), example, _canonical(example, "en"), "example")


def title(record: Record, lang: str) -> str:
    """The record's display name in `lang`, falling back to English, then the id."""
    data = record.data
    if record.kind == "rule":
        names = data.get("title") or {}
    elif record.kind == "ruling":
        return f"{data.get('date', '')} · {record.id}"
    elif record.kind == "source":
        return str(data.get("title") or record.id)
    else:
        names = data.get("names") or {}
    for candidate in (lang, "en", *names.keys()):
        entry = names.get(candidate) if isinstance(names, dict) else None
        if isinstance(entry, dict) and isinstance(entry.get("text"), str):
            return entry["text"]
    return record.id
