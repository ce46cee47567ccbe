"""Dates and versions are real calendar dates."""

from __future__ import annotations

import datetime as dt
from functools import lru_cache

from .. import diagnostics as diag
from ..diagnostics import Diagnostic
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
    if record.kind in ("ruling", "source") and "date" in record.data and _impossible(record.data["date"]):
        yield _not_real(record, ("date",), record.data["date"])
    for field, lang, entry in text_entries(record):
        version = entry.get("version")
        if _impossible(version):
            yield _not_real(record, field.keys + (lang, "version"), version)
        translates = entry.get("translates")
        if isinstance(translates, dict) and _impossible(translates.get("version")):
            yield _not_real(record, field.keys + (lang, "translates", "version"), translates.get("version"))


def _impossible(value: object) -> bool:
    """A text shaped like a date that is no real date (an unquoted YAML date is a real date already)."""
    return isinstance(value, str) and _impossible_text(value)


@lru_cache(maxsize=4096)
def _impossible_text(value: str) -> bool:
    # Malformed shapes are the schema's to report; here only well-shaped but impossible dates. Remembered: the same
    # few hundred versions are written on 80,000 texts.
    return parse_version(value) is None and _looks_dated(value)


def _not_real(record: Record, keys: tuple, value: object) -> Diagnostic:
    return diag.make(record.path, record.position(keys), "E130", f"'{value}' is not a real date")


def _looks_dated(value: str) -> bool:
    return (len(value) == 8 and value.isdigit()) or (len(value) == 10 and value[4] == "-" and value[7] == "-")
