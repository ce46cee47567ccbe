"""Dates and versions are real calendar dates."""

from __future__ import annotations

import datetime as dt

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.texts import text_entries


def parse_version(value: str) -> dt.date | None:
    """A CR edition (YYYYMMDD) or an ISO date (YYYY-MM-DD), if it is a real date."""
    try:
        if len(value) == 8 and value.isdigit():
            return dt.date(int(value[:4]), int(value[4:6]), int(value[6:]))
        return dt.date.fromisoformat(value) if len(value) == 10 else None
    except ValueError:
        return None


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(record)


def check_record(record: Record):
    """The record's own dates (it alone decides them)."""
    candidates: list[tuple[tuple, object]] = []
    if record.kind in ("ruling", "source") and "date" in record.data:
        candidates.append((("date",), record.data["date"]))
    for field, lang, entry in text_entries(record):
        candidates.append((field.keys + (lang, "version"), entry.get("version")))
        translates = entry.get("translates")
        if isinstance(translates, dict):
            candidates.append((field.keys + (lang, "translates", "version"), translates.get("version")))
    for keys, value in candidates:
        if isinstance(value, dt.date):
            continue  # an unquoted YAML date: already a real date
        if isinstance(value, str) and parse_version(value) is None and _looks_dated(value):
            yield diag.make(record.path, record.position(keys), "E130", f"'{value}' is not a real date")


def _looks_dated(value: str) -> bool:
    # Malformed shapes are the schema's to report; here only well-shaped but impossible dates.
    return (len(value) == 8 and value.isdigit()) or (len(value) == 10 and value[4] == "-" and value[7] == "-")
