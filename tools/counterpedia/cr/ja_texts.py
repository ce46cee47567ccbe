"""What the official Japanese text of each record is, in one Japanese edition (pure).

One table, read by `cr check --lang ja` (compare) and `cr sync --lang ja` (fill in):
- a quoted rule's text and examples: the rule of the same number;
- a rule record's title: the keyword heading's Japanese name for sections 701/702 ("順応を行う" in
  "701.46. 順応を行う／Adapt"), else the section's heading ("カウンター");
- a mechanic's name: the Japanese name of the keyword heading that its rules belong to, when that
  heading's English name is the mechanic's; else the 用語集 headword of its English name (megamorph,
  whose rule 702.37b has no heading of its own, is 「大変異」 there);
- a term's name: the 用語集 headword of its English name; its note, when the English note quotes the
  English glossary: the 用語集 definition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..model.knowledge import KnowledgeBase, Record
from ..model.shapes import as_list
from .ja_parse import KEYWORD_SECTIONS, JaEdition

GROUP_RE = re.compile(r"(\d{3})\.(\d+)")


@dataclass(frozen=True)
class Expected:
    """The official Japanese text a field of a record should carry, and where it comes from."""

    keys: tuple  # where the text map is in the record, e.g. ("rules", 3, "text")
    text: str
    origin: str  # "rule 122.1", "heading 701.46", "用語集 カウンター"


def _group(number: str) -> str | None:
    match = GROUP_RE.match(number)
    return f"{match[1]}.{match[2]}" if match else None


def _en_text(texts) -> str | None:
    entry = (texts or {}).get("en") if isinstance(texts, dict) else None
    return entry.get("text") if isinstance(entry, dict) and isinstance(entry.get("text"), str) else None


def number_in(texts, number: str, edition: str) -> str | None:
    """The number, in the Japanese edition `edition`, of the rule (or section) quoted today as `number`.

    The official Japanese may translate an older English edition than the one quoted (20260116 beside 20260925):
    its `translates.number` then says what the rule was numbered there (`cr sync` writes it when it renumbers).
    A quote whose English is of the same edition keeps its number; None when the English is of another edition
    and no Japanese text says which rule it was: the file cannot vouch for that quote."""
    texts = texts if isinstance(texts, dict) else {}
    ja = texts.get("ja")
    translates = ja.get("translates") if isinstance(ja, dict) else None
    if isinstance(translates, dict) and str(translates.get("version")) == edition:
        return str(translates.get("number") or number)
    english = texts.get("en")
    version = str(english.get("version")) if isinstance(english, dict) and english.get("version") else None
    if version is None or version == edition or not (len(version) == 8 and version.isdigit()):
        return number
    return None


def rule_title(record: Record, edition: JaEdition) -> Expected | None:
    section = number_in(record.data.get("title"), str(record.data.get("section") or ""), edition.edition) or ""
    rules = [e for e in as_list(record.data.get("rules")) if isinstance(e, dict) and isinstance(e.get("number"), str)]
    if section in KEYWORD_SECTIONS:
        english = (_en_text(record.data.get("title")) or "").casefold()
        for entry in rules:
            group = _group(entry["number"])
            heading = edition.get(group) if group else None
            if heading is not None and heading.name and (heading.english_name or "").casefold() == english:
                return Expected(("title",), heading.name, f"heading {group}")
        return None
    title = edition.heading(section)
    return Expected(("title",), title, f"heading {section}") if title else None


def mechanic_name(record: Record, edition: JaEdition) -> Expected | None:
    english = _en_text(record.data.get("names"))
    if not english:
        return None
    for number in as_list(record.data.get("rules")):
        group = _group(str(number))
        heading = edition.get(group) if group else None
        if heading is not None and heading.name and (heading.english_name or "").casefold() == english.casefold():
            return Expected(("names",), heading.name, f"heading {group}")
    entry = edition.glossary_entry(english)
    if entry is not None and entry.headword:
        return Expected(("names",), entry.headword, f"用語集 {entry.headword}")
    return None


def term_name(record: Record, edition: JaEdition) -> Expected | None:
    english = _en_text(record.data.get("names"))
    entry = edition.glossary_entry(english) if english else None
    if entry is None or not entry.headword:
        return None
    return Expected(("names",), entry.headword, f"用語集 {entry.headword}")


def term_note(record: Record, edition: JaEdition, quotes_cr) -> Expected | None:
    """The 用語集 definition, when the record's English note quotes the English CR glossary."""
    note = record.data.get("note")
    en = note.get("en") if isinstance(note, dict) else None
    if not isinstance(en, dict) or en.get("status") != "official" or not quotes_cr(en.get("source")):
        return None
    english = _en_text(record.data.get("names"))
    entry = edition.glossary_entry(english) if english else None
    if entry is None or not entry.definition:
        return None
    return Expected(("note",), entry.definition, f"用語集 {entry.headword}")


def english_cr_source(kb: KnowledgeBase):
    """A predicate: does this source id name the English Comprehensive Rules?"""

    def check(source_id) -> bool:
        record = kb.source(source_id)
        return (
            record is not None
            and record.data.get("type") == "comprehensive-rules"
            and record.data.get("language") == "en"
        )

    return check


def japanese_cr_source(kb: KnowledgeBase):
    """A predicate: does this source id name a Japanese Comprehensive Rules text?"""

    def check(source_id) -> bool:
        record = kb.source(source_id)
        return (
            record is not None
            and record.data.get("type") == "comprehensive-rules"
            and record.data.get("language") == "ja"
        )

    return check


__all__ = [
    "Expected",
    "english_cr_source",
    "japanese_cr_source",
    "mechanic_name",
    "rule_title",
    "term_name",
    "term_note",
]
