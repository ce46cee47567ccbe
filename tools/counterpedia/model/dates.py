"""The one date check: a YYYY-MM-DD date that is a real day (the importers' inputs, the data's versions)."""

from __future__ import annotations

import datetime as dt


def is_date(value: object) -> bool:
    """A real day written YYYY-MM-DD: a text of ten characters, or a date YAML read as one (`date: 2025-09-27`
    unquoted). A date with a time, a CR edition (YYYYMMDD) or 2025-02-30 is not."""
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        value = value.isoformat()
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        dt.date.fromisoformat(value)
    except ValueError:
        return False
    return True
