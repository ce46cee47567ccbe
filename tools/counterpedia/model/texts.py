"""Where the texts of each record kind live, and which language is canonical for each."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from .knowledge import Record
from .shapes import as_dict, as_list

# Per kind: the fields holding one text map each.
SIMPLE_FIELDS = {
    "counter": ("names", "summary"),
    "card": ("names", "text"),  # a card's rulings are ruling records of their own (knowledge.embedded_rulings)
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
    role: str  # names | summary | rule | example | ruling | note | title | text (a card's)

    def get(self, lang: str) -> dict | None:
        entry = self.texts.get(lang)
        return entry if isinstance(entry, dict) else None

    def text(self, lang: str) -> str | None:
        entry = self.get(lang)
        return entry.get("text") if entry and isinstance(entry.get("text"), str) else None


def canonical_of(texts: dict, preferred: str) -> str | None:
    """The preferred language when its text is an original; else the text that translates nothing."""
    originals = [lang for lang, entry in texts.items() if isinstance(entry, dict) and "translates" not in entry]
    if preferred in originals or (preferred in texts and not originals):
        return preferred
    for lang in originals:
        if texts[lang].get("status") == "official":
            return lang
    return originals[0] if originals else next(iter(texts), None)


def text_fields(record: Record) -> Iterator[TextField]:
    data = record.data
    original = data.get("original") if record.kind == "ruling" else None
    preferred = original if isinstance(original, str) else "en"
    for name in SIMPLE_FIELDS.get(record.kind, ()):
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


def title(record: Record, lang: str) -> str:
    """The record's display name in `lang`, falling back to English, then the id."""
    data = record.data
    if record.kind == "rule":
        names = as_dict(data.get("title"))
    elif record.kind == "ruling":
        if record.owner is not None:
            return f"{title(record.owner, lang)} · {data.get('date', '')}"
        return f"{data.get('date', '')} · {record.id}"
    elif record.kind == "source":
        return str(data.get("title") or record.id)
    else:
        names = as_dict(data.get("names"))
    for candidate in (lang, "en", *names.keys()):
        entry = names.get(candidate)
        if isinstance(entry, dict) and isinstance(entry.get("text"), str):
            return entry["text"]
    return record.id
