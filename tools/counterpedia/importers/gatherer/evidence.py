"""Stage 2, pure: which of our rulings the Gatherer rulings prove, and which only resemble one.

Our candidates are the card rulings an import wrote from MTGJSON 5 (`mtgjson-rulings-…`, `community`). Each
is classified against the Gatherer rulings:

- `exact`: a ruling of the same card (its English name, or one of its faces') with the same date and the
  same text (`ruling_key`): proven, it becomes official;
- `other-date`: the same card has the same text under another date (Wizards re-dated it, or we did);
- `mana-value`: the same card's text matches once "mana value" is read as "converted mana cost";
- `other-card`: another card has the same text.

The last three are review items, never an official claim. Only the Gatherer rulings whose text is one of
ours (or its "converted mana cost" reading) are kept while the files are read: memory is bounded by our data.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...model.knowledge import KnowledgeBase
from ..ruling_text import as_imported, mana_value_key, ruling_key
from .read import GathererRuling

GATHERER = "wotc-gatherer"
UPGRADES = "mtgjson-rulings-"  # the rulings that may be proven: MTGJSON 5 does not say who wrote them
REVIEW_REASONS = ("other-date", "mana-value", "other-card")


@dataclass(frozen=True)
class Candidate:
    """One of our card rulings, as the evidence sees it."""

    card_id: str
    path: str
    index: int  # in the card's `rulings`
    ruling_id: str
    date: str
    key: str
    names: frozenset[str]
    state: str  # "community": as the MTGJSON import wrote it; "edited": changed by hand; "official": proven before


@dataclass(frozen=True)
class Finding:
    candidate: Candidate
    reason: str  # exact | other-date | mana-value | other-card
    date: str  # the Gatherer ruling's date
    card: str | None = None  # the other card, for other-card


def card_names(names: object) -> frozenset[str]:
    """A card's English name and those of its faces ("A // B": A, B), as Gatherer names cards and faces."""
    entry = names.get("en") if isinstance(names, dict) else None
    name = entry.get("text") if isinstance(entry, dict) else None
    if not isinstance(name, str):
        return frozenset()
    return frozenset({name, *(part.strip() for part in name.split(" // "))})


def candidates(kb: KnowledgeBase) -> list[Candidate]:
    found = []
    for record in kb.all("card"):
        rulings = record.data.get("rulings")
        if not isinstance(rulings, list):
            continue
        names = card_names(record.data.get("names"))
        for index, ruling in enumerate(rulings):
            state = _state(ruling)
            if state is None:
                continue
            text = ruling["text"]["en"]["text"]
            found.append(
                Candidate(
                    record.id,
                    str(record.path),
                    index,
                    str(ruling.get("id")),
                    str(ruling.get("date")),
                    ruling_key(text),
                    names,
                    state,
                )
            )
    return found


def _state(ruling: object) -> str | None:
    if not isinstance(ruling, dict) or ruling.get("original", "en") != "en":
        return None
    texts = ruling.get("text")
    entry = texts.get("en") if isinstance(texts, dict) else None
    if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
        return None
    source = ruling.get("source")
    if source == GATHERER and entry.get("source") == GATHERER and entry.get("status") == "official":
        return "official"
    if not isinstance(source, str) or not source.startswith(UPGRADES):
        return None
    if as_imported(ruling, UPGRADES):
        return "community"
    return "edited"


@dataclass
class Evidence:
    """The Gatherer rulings whose text is one of ours: text key -> {(card name, date)}."""

    wanted: set[str]
    by_key: dict[str, set[tuple[str, str]]] = field(default_factory=dict)
    read: int = 0
    newest: str = ""

    @classmethod
    def for_candidates(cls, found: Iterable[Candidate]) -> Evidence:
        wanted = set()
        for candidate in found:
            wanted.add(candidate.key)
            renamed = mana_value_key(candidate.key)
            if renamed:
                wanted.add(renamed)
        return cls(wanted)

    def add(self, ruling: GathererRuling) -> None:
        self.read += 1
        self.newest = max(self.newest, ruling.date)
        key = ruling_key(ruling.text)
        if key in self.wanted:
            self.by_key.setdefault(key, set()).add((ruling.card, ruling.date))

    def classify(self, candidate: Candidate) -> Finding | None:
        holders = self.by_key.get(candidate.key, set())
        own = sorted(d for n, d in holders if n in candidate.names)
        if candidate.date in own:
            return Finding(candidate, "exact", candidate.date)
        if own:
            return Finding(candidate, "other-date", own[0])
        renamed = mana_value_key(candidate.key)
        if renamed:
            own = sorted(d for n, d in self.by_key.get(renamed, set()) if n in candidate.names)
            if own:
                return Finding(candidate, "mana-value", candidate.date if candidate.date in own else own[0])
        others = sorted(holders, key=lambda h: (h[1] != candidate.date, h[1], h[0]))
        if others:
            return Finding(candidate, "other-card", others[0][1], others[0][0])
        return None
