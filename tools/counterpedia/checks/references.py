"""Every id a record mentions names an existing record of the right kind."""

from __future__ import annotations

from .. import diagnostics as diag
from ..knowledge import KnowledgeBase
from ..references import all_refs


def check(kb: KnowledgeBase):
    for ref in all_refs(kb):
        if kb.get(ref.target_kind, ref.target_id) is not None:
            continue
        position = ref.source.position(ref.keys)
        if ref.target_kind == "source":
            yield diag.make(ref.source.path, position, "E111", f"unknown source '{ref.target_id}'")
        else:
            yield diag.make(ref.source.path, position, "E110", f"no {ref.target_kind} record with id '{ref.target_id}'",
                            hint=f"create data/{_folder(ref.target_kind)}/{ref.target_id}.yaml or correct the id")


def _folder(kind: str) -> str:
    from ..load import FOLDERS
    return FOLDERS[kind]
