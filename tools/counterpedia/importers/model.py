"""What an importer hands to the merge: cards and rulings as read from a bulk source, with their provenance.

Both importers (MTGJSON, Scryfall) turn their files into these objects; `merge` turns them into records.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from ..model.provenance import text_hash


@dataclass(frozen=True)
class Printing:
    """One printing of a card: set code, collector number, release date."""

    set_code: str
    number: str
    date: str  # YYYY-MM-DD

    def newer_than(self, other: Printing | None) -> bool:
        """Most recent first: the later release date; on the same date, the lower collector number
        (a set's regular printing rather than its variants)."""
        if other is None:
            return True
        if self.date != other.date:
            return self.date > other.date
        return number_key(self.number) < number_key(other.number)


def number_key(number: str) -> tuple:
    digits = ""
    for char in number:
        if char.isdigit():
            digits += char
        elif digits:
            break
    return (int(digits) if digits else 1 << 30, number)


@dataclass(frozen=True)
class Printed:
    """A text as printed on one printing (a name or a rules text, in Japanese or French)."""

    text: str
    printing: Printing


@dataclass(frozen=True)
class Provenance:
    """How one import labels what it writes (docs/editors/catalogue.md: importing cards)."""

    command: str  # e.g. "counterpedia import mtgjson"
    via: str  # the copy the official texts were read from: a source id (mtgjson-20220425, scryfall-bulk-data)
    version: str  # the date of that copy, the version of the Oracle texts (YYYY-MM-DD)
    oracle_source: str = "wotc-oracle"
    printed_source: str = "wotc-printed-cards"


@dataclass
class ImportedRuling:
    date: str  # YYYY-MM-DD
    text: str
    source: str  # a source id: mtgjson-rulings-20220425, wotc-rulings, scryfall-notes
    status: str  # community | official
    via: str | None = None
    counters: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    mechanics: list[str] = field(default_factory=list)
    # Sources this ruling replaces on a matching ruling (same card, date and text): a Scryfall ruling,
    # which says who wrote it, upgrades the same ruling read from MTGJSON, which does not.
    upgrades: tuple[str, ...] = ()

    @property
    def id(self) -> str:
        """Unique within the card: the date and 8 hex digits of the text's hash."""
        return ruling_id(self.date, self.text)


def ruling_id(date: str, text: str) -> str:
    return f"{date}-{text_hash(text)[len('sha256:'):][:8]}"


@dataclass
class ImportedCard:
    oracle_id: str
    name: str  # the English Oracle name ("A // B" for cards with several faces)
    counters: list[str] = field(default_factory=list)  # catalogue counter ids its Oracle text uses
    any_counter: bool = False  # its Oracle text acts on counters of any kind
    oracle_text: str | None = None  # faces joined by a line holding //
    names: dict[str, Printed] = field(default_factory=dict)  # lang -> printed name
    texts: dict[str, Printed] = field(default_factory=dict)  # lang -> printed rules text
    rulings: list[ImportedRuling] = field(default_factory=list)

    @property
    def sort_key(self) -> tuple:
        return (self.name, self.oracle_id)


FACE_SEPARATOR = "\n//\n"


def is_date(value: object) -> bool:
    """A date as the bulk sources write it: YYYY-MM-DD, a real day."""
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        dt.date.fromisoformat(value)
        return True
    except ValueError:
        return False
