"""A card's printings: the set and collector number of each printing an import has seen (`printings`).

The merge rule of every import: a printing missing from the card's list is added at its end; nothing is
removed or reordered (an edited list is kept as it is); a list that is not a list of `{set, number}` is
reported and left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q

from ..model.knowledge import KnowledgeBase
from .merge import Workspace


@dataclass
class PrintingsReport:
    added: int = 0
    unchanged: int = 0
    records: int = 0  # records that get at least one printing
    notes: list[str] = field(default_factory=list)


def printing_entry(set_code: str, number: str) -> CommentedMap:
    entry = CommentedMap()
    entry["set"] = set_code
    entry["number"] = Q(number)
    entry.fa.set_flow_style()
    return entry


def _listed(value: object) -> set[tuple[str, str]] | None:
    if value is None:
        return set()
    if not isinstance(value, list):
        return None
    return {(str(p.get("set")), str(p.get("number"))) for p in value if isinstance(p, dict)}


def merge_printings(
    kb: KnowledgeBase, workspace: Workspace, printings: dict[str, list[tuple[str, str]]], path_of: Callable[[str], Path]
) -> PrintingsReport:
    """Add each card's missing printings (card id -> [(set, number)], in the order to list them)."""
    report = PrintingsReport()
    for card_id in sorted(printings):
        record = kb.get("card", card_id)
        path = Path(record.document.path) if record is not None and record.document else path_of(card_id)
        have = _listed(record.data.get("printings")) if record is not None else set()
        if have is None:
            report.notes.append(f"{path}: `printings` is not a list: its printings were not merged")
            continue
        missing = []
        for printing in printings[card_id]:
            if printing in have:
                report.unchanged += 1
            elif printing not in missing:
                missing.append(printing)
        if not missing:
            continue
        document = workspace.edit(path)
        if document.get("printings") is None:
            document["printings"] = CommentedSeq()
        document["printings"].extend(printing_entry(s, n) for s, n in missing)
        report.added += len(missing)
        report.records += 1
    return report
