"""Ids: each equals its file name and is unique within its kind."""

from __future__ import annotations

from .. import diagnostics as diag
from ..knowledge import KnowledgeBase


def check(kb: KnowledgeBase):
    for record in [*kb, *kb.duplicates]:
        document = record.document
        if document is None:
            continue
        declared = record.data.get("id")
        if isinstance(declared, str) and declared != document.stem:
            yield diag.make(record.path, record.position(("id",)), "E102",
                            f"id '{declared}' but the file is named '{document.stem}.yaml'")
    for record in kb.duplicates:
        first = kb.get(record.kind, record.id)
        yield diag.make(record.path, record.position(("id",)), "E103",
                        f"{record.kind} id '{record.id}' is also used by {first.path if first else '?'}")
