"""Which rulings are proven official (their original text is an `official` text of a Wizards of the Coast
publication), which are unproven, and which carry review notes: evidence that resembles them without proving
them (`review`, written by `counterpedia import gatherer-rulings`)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .knowledge import KnowledgeBase, Record

REVIEW_REASONS = ("other-date", "mana-value", "other-card")


def is_official(ruling: Record) -> bool:
    """A ruling whose original (canonical) text is official."""
    texts = ruling.data.get("text")
    original = ruling.data.get("original", "en")
    entry = texts.get(original) if isinstance(texts, dict) else None
    return isinstance(entry, dict) and entry.get("status") == "official"


def counts(rulings: Iterable[Record]) -> dict[str, int]:
    """{"official": N, "unproven": N}: every ruling is one or the other."""
    found = Counter("official" if is_official(r) else "unproven" for r in rulings)
    return {"official": found["official"], "unproven": found["unproven"]}


@dataclass(frozen=True)
class ReviewItem:
    record: Record
    index: int  # in the ruling's `review`
    reason: str
    evidence: str
    date: str
    card: str | None

    @property
    def label(self) -> str:
        return f"{self.reason} ({self.evidence} {self.date}" + (f", {self.card})" if self.card else ")")


def review_items(kb: KnowledgeBase) -> list[ReviewItem]:
    found = []
    for ruling in kb.all("ruling"):
        notes = ruling.data.get("review")
        if not isinstance(notes, list):
            continue
        for index, note in enumerate(notes):
            if isinstance(note, dict):
                card = note.get("card")
                found.append(
                    ReviewItem(
                        ruling,
                        index,
                        str(note.get("reason")),
                        str(note.get("evidence")),
                        str(note.get("date")),
                        card if isinstance(card, str) else None,
                    )
                )
    return found


def review_counts(kb: KnowledgeBase) -> dict[str, int]:
    """Rulings with a review note, by reason (a ruling with two notes of one reason counted once)."""
    seen = {(item.record.id, item.reason) for item in review_items(kb)}
    found = Counter(reason for _id, reason in seen)
    return {reason: found.get(reason, 0) for reason in REVIEW_REASONS} | {
        reason: n for reason, n in found.items() if reason not in REVIEW_REASONS
    }
