"""Every id a record mentions names an existing record of the right kind."""

from __future__ import annotations

from pathlib import Path

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.references import record_refs
from ..storage.layout import record_path


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(kb, record)


def check_record(kb: KnowledgeBase, record: Record):
    """The ids `record` mentions that name no record (it reads the record and which ids exist)."""
    for ref in record_refs(record):
        if kb.get(ref.target_kind, ref.target_id) is not None:
            continue
        position = ref.source.position(ref.keys)
        if ref.target_kind == "source":
            yield diag.make(ref.source.path, position, "E111", f"unknown source '{ref.target_id}'")
        else:
            yield diag.make(
                ref.source.path,
                position,
                "E110",
                f"no {ref.target_kind} record with id '{ref.target_id}'",
                hint=f"create {_path(ref.target_kind, ref.target_id)} or correct the id "
                f"(`counterpedia new {ref.target_kind} {ref.target_id}`)",
            )


def _path(kind: str, record_id: str) -> str:
    return record_path(Path("data"), kind, record_id).as_posix()
