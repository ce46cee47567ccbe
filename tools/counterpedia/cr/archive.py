"""All editions at once, aligned pairwise once: any rule's number in the newest edition and its history (pure)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from . import locate
from .diff import Change, align, diff
from .parse import Edition, Rule, parse_file


@dataclass(frozen=True)
class Mark:
    """An edition in which a rule of the newest edition was added, changed or renumbered."""

    edition: str
    previous_edition: str | None
    number: str  # its number in `edition`
    previous: str | None  # its number in the previous edition (None: added then)
    text_changed: bool


def _content(rule: Rule) -> tuple:
    return (rule.text, rule.examples)


class RulesArchive:
    def __init__(self, editions: list[Edition]):
        self.editions = sorted(editions, key=lambda e: (e.effective, e.edition))
        self.by_id = {e.edition: e for e in self.editions}
        self.newest = self.editions[-1]
        # steps[i]: number in editions[i] -> number in editions[i + 1]
        self.steps = [align(a, b) for a, b in zip(self.editions, self.editions[1:])]
        self._changes: dict[tuple[str, str], list[Change]] = {}

    def changes(self, old: str, new: str) -> list[Change]:
        """The diff of two editions, computed once (the three language builds share the archive)."""
        if (old, new) not in self._changes:
            self._changes[(old, new)] = diff(self.by_id[old], self.by_id[new])
        return self._changes[(old, new)]

    @cached_property
    def _to_newest(self) -> dict[str, dict[str, str]]:
        maps: dict[str, dict[str, str]] = {self.newest.edition: {n: n for n in self.newest.rules}}
        for index in range(len(self.editions) - 2, -1, -1):
            later = maps[self.editions[index + 1].edition]
            maps[self.editions[index].edition] = {
                old: later[new] for old, new in self.steps[index].items() if new in later
            }
        return maps

    def to_newest(self, edition: str, number: str) -> str | None:
        """The number in the newest edition of rule `number` of `edition` (None: gone, or unknown edition)."""
        return self._to_newest.get(edition, {}).get(number)

    def knows(self, edition: str) -> bool:
        return edition in self.by_id

    @cached_property
    def _backward(self) -> list[dict[str, str]]:
        return [{new: old for old, new in step.items()} for step in self.steps]

    def marks(self, number: str) -> list[Mark]:
        """Newest first: the editions where the newest edition's rule `number` was added, changed or renumbered."""
        found: list[Mark] = []
        current = number
        for index in range(len(self.editions) - 1, 0, -1):
            edition, previous_edition = self.editions[index], self.editions[index - 1]
            previous = self._backward[index - 1].get(current)
            if previous is None:
                found.append(Mark(edition.edition, previous_edition.edition, current, None, True))
                break
            changed = _content(edition.rules[current]) != _content(previous_edition.rules[previous])
            if changed or previous != current:
                found.append(Mark(edition.edition, previous_edition.edition, current, previous, changed))
            current = previous
        return found


_LOADED: dict[tuple, RulesArchive] = {}


def from_files(paths) -> RulesArchive:
    """Parse and align the given CR files once per process (the three language builds share it)."""

    key = tuple(sorted(str(p) for p in paths))
    if key not in _LOADED:
        _LOADED[key] = RulesArchive([parse_file(p) for p in key])
    return _LOADED[key]


def available() -> RulesArchive | None:
    """The archive of every edition found where users' commands look (--cr aside), or None."""

    try:
        found = locate.available_editions()
    except locate.CRNotFound:
        return None
    return from_files(found.values()) if found else None
