"""Cards: each in its shard folder, one record per Oracle ID, and each ruling id used once within its card.

Unknown counter ids in a card's `counters` are references like any other (E110, checks.references).
"""

from __future__ import annotations

from pathlib import Path

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase
from ..storage.layout import is_in_place, relative_path


def check(kb: KnowledgeBase):
    yield from _shards(kb)
    yield from _oracle_ids(kb)
    yield from _ruling_ids(kb)


def _shards(kb: KnowledgeBase):
    for record in [*kb.all("card"), *(d for d in kb.duplicates if d.kind == "card")]:
        document = record.document
        if document is None or is_in_place("card", document.stem, Path(document.path)):
            continue
        expected = "data" / relative_path("card", document.stem)
        yield diag.make(record.path, record.position(("id",)), "E171",
                        f"card '{document.stem}' is not in its shard folder: it belongs at {expected.as_posix()}",
                        hint=f"move the file to {expected.as_posix()} (cards are sharded by the first character of their id)")


def _oracle_ids(kb: KnowledgeBase):
    holders: dict[str, list] = {}
    for record in kb.all("card"):
        oracle_id = record.data.get("oracle_id")
        if isinstance(oracle_id, str):
            holders.setdefault(oracle_id, []).append(record)
    for oracle_id, records in holders.items():
        if len(records) < 2:
            continue
        for record in records:
            others = ", ".join(other.path for other in records if other is not record)
            yield diag.make(record.path, record.position(("oracle_id",)), "E172",
                            f"Oracle ID {oracle_id} is also the identity of {others}")


def _ruling_ids(kb: KnowledgeBase):
    for record in kb.duplicates:
        if record.kind != "ruling" or not record.embedded:
            continue
        first = kb.get("ruling", record.id)
        where = f" (line {first.position(('id',))[0] + 1})" if first is not None else ""
        yield diag.make(record.path, record.position(("id",)), "E170",
                        f"ruling id '{record.local_id}' is used twice in this card{where}")
