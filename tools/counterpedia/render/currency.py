"""How current the data on a page is: the copies it was read from (datasets with a date) and its newest ruling.

A page says it so that a reader knows what it cannot show: an import of MTGJSON's build of 2022-04-25 knows
nothing printed or ruled after April 2022. Computed from the provenance of the texts and rulings shown:
each dataset cited as `source` or `via` that has a `date` (its build), and the newest ruling date.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.knowledge import KnowledgeBase, Record
from ..model.texts import text_fields


@dataclass(frozen=True)
class Currency:
    datasets: tuple[tuple[str, str, str], ...]  # (source id, title, date), newest first
    newest_ruling: str | None

    def __bool__(self) -> bool:
        return bool(self.datasets or self.newest_ruling)


def _dated_sources(kb: KnowledgeBase, ids: set[str]) -> list[tuple[str, str, str]]:
    found = []
    for source_id in ids:
        source = kb.get("source", source_id)
        if source is None or source.data.get("type") != "dataset" or not source.data.get("date"):
            continue
        found.append((source_id, str(source.data.get("title") or source_id), str(source.data["date"])))
    return sorted(found, key=lambda item: (item[2], item[0]), reverse=True)


def cited_sources(record: Record) -> set[str]:
    ids = set()
    for field in text_fields(record):
        for entry in field.texts.values():
            if isinstance(entry, dict):
                ids |= {entry[k] for k in ("source", "via") if isinstance(entry.get(k), str)}
    if isinstance(record.data.get("source"), str):
        ids.add(record.data["source"])
    return ids


def of_records(kb: KnowledgeBase, records: list[Record], rulings: list[Record]) -> Currency:
    """The currency of a page showing `records` (cards, a counter…) and `rulings`."""
    ids: set[str] = set()
    for record in [*records, *rulings]:
        ids |= cited_sources(record)
    dates = [str(r.data.get("date")) for r in rulings if r.data.get("date")]
    return Currency(tuple(_dated_sources(kb, ids)), max(dates) if dates else None)
