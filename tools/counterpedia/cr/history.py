"""One rule across editions: its number in each, and where its text changed.

A rule is followed through the content matching of `diff.align`, so a renumbered rule
keeps its history: rad counters' 727.1 of 2025-11 is 726.1 of 2025-06 and 725.1 of 2024-03.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from .diff import align
from .parse import Edition, Rule

ABSENT, PRESENT, ADDED, REMOVED = "absent", "present", "added", "removed"
UNCHANGED, CHANGED, RENUMBERED = "unchanged", "changed", "renumbered"


class RuleNotFound(LookupError):
    """The rule is in none of the editions (the message is meant for users)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Step:
    """The rule in one edition, compared with the edition before."""

    edition: str
    effective: date
    number: str | None  # None: the rule is not in this edition
    change: str  # absent, present (first edition), added, removed, unchanged, changed, renumbered
    text_changed: bool  # its text differs from the previous edition's
    examples_changed: bool
    previous: str | None  # its number in the previous edition
    rule: Rule | None

    def to_json(self) -> dict:
        return {
            "edition": self.edition,
            "effective": self.effective.isoformat(),
            "number": self.number,
            "change": self.change,
            "text_changed": self.text_changed,
            "examples_changed": self.examples_changed,
            "previous": self.previous,
            "text": self.rule.text if self.rule else None,
        }


def history(rule_number: str, editions: Sequence[Edition], anchor: str | None = None) -> list[Step]:
    """The rule numbered `rule_number` in the `anchor` edition (default: the newest edition
    that has that number), followed backward and forward through all `editions`."""
    ordered = sorted(editions, key=lambda e: (e.effective, e.edition))
    if not ordered:
        raise RuleNotFound("no editions to look in")
    start = _anchor_index(rule_number, ordered, anchor)

    numbers: list[str | None] = [None] * len(ordered)
    numbers[start] = rule_number
    for index in range(start, len(ordered) - 1):  # forward
        current = numbers[index]
        numbers[index + 1] = align(ordered[index], ordered[index + 1]).get(current) if current else None
    for index in range(start, 0, -1):  # backward
        current = numbers[index]
        if current is None:
            break
        back = {n: o for o, n in align(ordered[index - 1], ordered[index]).items()}
        numbers[index - 1] = back.get(current)

    steps: list[Step] = []
    for index, edition in enumerate(ordered):
        number = numbers[index]
        rule = edition.rules.get(number) if number else None
        previous = numbers[index - 1] if index else None
        before = ordered[index - 1].rules.get(previous) if previous else None
        steps.append(_step(edition, number, rule, previous, before, first=index == 0))
    return steps


def _anchor_index(rule_number: str, ordered: list[Edition], anchor: str | None) -> int:
    if anchor is not None:
        for index, edition in enumerate(ordered):
            if edition.edition == anchor:
                if rule_number not in edition.rules:
                    raise RuleNotFound(f"rule {rule_number} is not in edition {anchor}")
                return index
        given = ", ".join(e.edition for e in ordered)
        raise RuleNotFound(f"edition {anchor} is not among the editions given ({given})")
    for index in range(len(ordered) - 1, -1, -1):
        if rule_number in ordered[index].rules:
            return index
    raise RuleNotFound(
        f"rule {rule_number} is in none of the {len(ordered)} editions ({ordered[0].edition} to {ordered[-1].edition})"
    )


def _step(edition: Edition, number, rule, previous, before, first: bool) -> Step:
    text_changed = examples_changed = False
    if first:
        change = PRESENT if rule else ABSENT
    elif rule is None:
        change = REMOVED if before else ABSENT
    elif before is None:
        change = ADDED
    else:
        text_changed = rule.text != before.text
        examples_changed = rule.examples != before.examples
        if number != previous:
            change = RENUMBERED
        elif text_changed or examples_changed:
            change = CHANGED
        else:
            change = UNCHANGED
    return Step(edition.edition, edition.effective, number, change, text_changed, examples_changed, previous, rule)


def changed_in(steps: list[Step]) -> list[Step]:
    """The steps where the rule appeared, vanished, moved or its text changed."""
    return [s for s in steps if s.change not in (ABSENT, UNCHANGED)]


__all__ = ["RuleNotFound", "Step", "changed_in", "history"]
