"""Ids: each equals its file name and is unique within its kind.

A card's embedded rulings are named by their card's file, not their own: their ids are checked by
counterpedia.checks.cards (unique within the card, E170)."""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record


def check(kb: KnowledgeBase):
    for record in [*kb, *kb.duplicates]:
        yield from check_record(record)
    yield from clashes(kb)


def check_record(record: Record):
    """E102: the record's id is its file's name (the record and its file alone decide it)."""
    document = record.document
    if document is None or record.embedded:
        return
    declared = record.data.get("id")
    if isinstance(declared, str) and declared != document.stem:
        yield diag.make(
            record.path,
            record.position(("id",)),
            "E102",
            f"id '{declared}' but the file is named '{document.stem}.yaml'",
        )


def clashes(kb: KnowledgeBase):
    """E103: ids used twice within a kind."""
    # Report every record of a clash, each naming the others: which one is "the copy" is the editor's call.
    groups: dict[tuple[str, str], list] = {}
    for record in kb.duplicates:
        if record.embedded:
            continue
        first = kb.get(record.kind, record.id)
        group = groups.setdefault((record.kind, record.id), [first] if first else [])
        group.append(record)
    for (kind, record_id), group in groups.items():
        for record in group:
            others = ", ".join(other.path for other in group if other is not record)
            yield diag.make(
                record.path, record.position(("id",)), "E103", f"{kind} id '{record_id}' is also used by {others}"
            )
