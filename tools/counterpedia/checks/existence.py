"""Every counter cites a source that can show it exists: the CR, a card text, a dataset, a wiki, a FAQ…

The schema already requires a non-empty `sources` list (E101 names the missing field). This check
catches a list that only names sources unable to show existence: our own commentary (editorial) or
machine translations.
"""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase

NOT_EVIDENCE = ("editorial", "machine-translation")


def check(kb: KnowledgeBase):
    for record in kb.all("counter"):
        sources = record.data.get("sources")
        if not isinstance(sources, list):
            continue
        ids = [s for s in sources if isinstance(s, str)]
        known = [source for source in (kb.get("source", s) for s in ids) if source is not None]
        if not ids or len(known) < len(ids):
            continue  # empty: the schema's (E101); an unknown id: E111's
        if all(s.data.get("type") in NOT_EVIDENCE for s in known):
            yield diag.make(
                record.path,
                record.position(("sources",)),
                "E152",
                f"counter '{record.id}' cites only {', '.join(ids)}: "
                "commentary and machine translations cannot show that a counter exists",
            )
