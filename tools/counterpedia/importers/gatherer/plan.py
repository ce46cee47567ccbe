"""Stage 3: the edits the evidence calls for, planned in a Workspace (nothing is written here), and the report.

- An `exact` finding on a ruling as the MTGJSON import wrote it: the ruling's `source` and its English
  text's `source` become `wotc-gatherer`, its `status` `official`, with `via` the copy the files are. Its text
  (curly quotes and all), id, date and `about` links stay as they are.
- A review finding (`other-date`, `mana-value`, `other-card`) on such a ruling: a `review` entry saying what
  was found where, unless the ruling already has it. Never an upgrade.
- A ruling changed by hand since it was imported is never touched: counted, and listed when it matches.
- A ruling already proven is unchanged: running the import again changes nothing.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q

from ...model.knowledge import KnowledgeBase
from ..merge import Workspace
from .evidence import GATHERER, REVIEW_REASONS, Candidate, Evidence, Finding

GATHERER_SOURCE = {
    "id": GATHERER,
    "type": "release-notes",
    "title": "Gatherer rulings (Wizards of the Coast's card database)",
    "publisher": "Wizards of the Coast",
    "language": "en",
    "url": "https://gatherer.wizards.com/",
    "note": "The rulings Wizards of the Coast publishes on each card's page of Gatherer, its official card database, "
    "each with its date. A ruling citing this source was found, same card, same date and same text, in a copy of "
    "Gatherer's rulings, which its `via` names.",
}


@dataclass
class Report:
    files: int = 0
    sets_without_rulings: list[str] = field(default_factory=list)
    gatherer_rulings: int = 0
    newest: str = ""
    candidates: int = 0  # our rulings that could be proven (as imported, or proven before)
    upgraded: int = 0
    already: int = 0
    edited: list[str] = field(default_factory=list)  # hand-edited rulings that match: kept as they are
    review: Counter = field(default_factory=Counter)  # reason -> rulings
    review_added: int = 0
    review_items: list[dict] = field(default_factory=list)
    after_newest: int = 0  # rulings dated after the newest Gatherer ruling: cannot be checked here
    unmatched: int = 0
    via: str = ""

    def as_json(self) -> dict:
        return {
            "files": self.files,
            "sets_without_rulings": self.sets_without_rulings,
            "via": self.via,
            "gatherer_rulings": self.gatherer_rulings,
            "gatherer_newest": self.newest,
            "candidates": self.candidates,
            "upgraded": self.upgraded,
            "already_official": self.already,
            "kept_edited": self.edited,
            "review": {reason: self.review.get(reason, 0) for reason in REVIEW_REASONS},
            "review_added": self.review_added,
            "review_items": self.review_items,
            "dated_after_gatherer_copy": self.after_newest,
            "no_match": self.unmatched,
        }

    def lines(self, dry_run: bool) -> list[str]:
        verb = "would upgrade" if dry_run else "upgraded"
        lines = [
            f"read {self.gatherer_rulings} Gatherer ruling(s) from {self.files} set file(s) "
            f"(newest {self.newest or '—'}), via {self.via}"
        ]
        if self.sets_without_rulings:
            lines.append(
                f"set files without rulings (as the copy's record lists them): {', '.join(self.sets_without_rulings)}"
            )
        lines.append(f"{self.candidates} ruling(s) read from MTGJSON 5 that Gatherer could prove")
        lines.append(f"{verb} to official: {self.upgraded}; already official from this evidence: {self.already}")
        lines.append(f"kept as edited by hand (they match, not changed): {len(self.edited)}")
        lines += [f"  {where}" for where in self.edited]
        lines.append(
            f"for review (a looser match, not an upgrade): {sum(self.review.values())}"
            f" ({'would add' if dry_run else 'added'} {self.review_added} review note(s))"
        )
        labels = {
            "other-date": "same card, same text, another date",
            "mana-value": 'same card, once "mana value" is read as "converted mana cost"',
            "other-card": "another card's ruling, same text",
        }
        for reason in REVIEW_REASONS:
            lines.append(f"  {reason:<11} {self.review.get(reason, 0):>5}  {labels[reason]}")
        lines.append(
            f"not provable here: {self.after_newest} dated after {self.newest or 'the copy'}, "
            f"{self.unmatched} earlier with no match"
        )
        return lines


def plan(
    kb: KnowledgeBase, workspace: Workspace, found: list[Candidate], evidence: Evidence, via: str, report: Report
) -> None:
    report.via = via
    report.gatherer_rulings = evidence.read
    report.newest = evidence.newest
    edits: dict[str, list[tuple[int, object]]] = {}
    for candidate in found:
        finding = evidence.classify(candidate)
        if candidate.state != "edited":
            report.candidates += 1
        if finding is None:
            if candidate.state == "community":
                if evidence.newest and candidate.date > evidence.newest:
                    report.after_newest += 1
                else:
                    report.unmatched += 1
            continue
        if candidate.state == "edited":
            report.edited.append(
                f"{candidate.path}: rulings[{candidate.index}] ({candidate.ruling_id}): {finding.reason}"
            )
            continue
        if finding.reason == "exact":
            if candidate.state == "official":
                report.already += 1
            else:
                report.upgraded += 1
                edits.setdefault(candidate.path, []).append((candidate.index, _upgrade(via)))
            continue
        if candidate.state != "community":
            continue
        report.review[finding.reason] += 1
        entry = review_entry(finding, via)
        item = {
            "reason": finding.reason,
            "path": candidate.path,
            "card": candidate.card_id,
            "ruling": candidate.ruling_id,
            "date": candidate.date,
            "evidence": via,
            "evidence_date": finding.date,
        }
        if finding.card:
            item["other_card"] = finding.card
        report.review_items.append(item)
        current = _ruling(kb, candidate)
        if not any(
            isinstance(r, dict) and r.get("reason") == finding.reason and r.get("evidence") == via
            for r in current.get("review") or []
        ):
            report.review_added += 1
            edits.setdefault(candidate.path, []).append((candidate.index, _add_review(entry)))
    for path, ops in edits.items():
        document = workspace.edit(Path(path))
        for index, op in ops:
            op(document["rulings"][index])  # type: ignore[operator]


def _ruling(kb: KnowledgeBase, candidate: Candidate) -> dict:
    card = kb.get("card", candidate.card_id)
    return card.data["rulings"][candidate.index] if card is not None else {}


def review_entry(finding: Finding, via: str) -> CommentedMap:
    entry = CommentedMap()
    entry["reason"] = finding.reason
    entry["evidence"] = via
    entry["date"] = Q(finding.date)
    if finding.card:
        entry["card"] = finding.card
    return entry


def _upgrade(via: str):
    def op(ruling: CommentedMap) -> None:
        ruling["source"] = GATHERER
        english = ruling["text"]["en"]
        english["status"] = "official"
        english["source"] = GATHERER
        english["via"] = via

    return op


def _add_review(entry: CommentedMap):
    def op(ruling: CommentedMap) -> None:
        if ruling.get("review") is None:
            ruling["review"] = CommentedSeq()
        ruling["review"].append(entry)

    return op
