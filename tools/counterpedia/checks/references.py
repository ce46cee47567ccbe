"""Every id a record mentions names an existing record of the right kind."""

from __future__ import annotations

from pathlib import Path

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.references import cited
from ..storage.layout import record_path


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(kb, record)


def check_record(kb: KnowledgeBase, record: Record):
    """The ids `record` mentions that name no record (it reads the record and which ids exist)."""
    for keys, target_kind, target_id in cited(record):
        if kb.get(target_kind, target_id) is not None:
            continue
        position = record.position(keys)
        if target_kind == "source":
            yield diag.make(record.path, position, "E111", f"unknown source '{target_id}'")
        else:
            yield diag.make(
                record.path,
                position,
                "E110",
                f"no {target_kind} record with id '{target_id}'",
                hint=f"create {_path(target_kind, target_id)} or correct the id "
                f"(`counterpedia new {target_kind} {target_id}`)",
            )


def _path(kind: str, record_id: str) -> str:
    return record_path(Path("data"), kind, record_id).as_posix()
