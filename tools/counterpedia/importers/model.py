"""What an importer hands to the merge: cards and rulings as read from a bulk source, with their provenance.

Both importers (MTGJSON, Scryfall) turn their files into these objects; `merge` turns them into records.

The one `Printing` class is counterpedia.model.printing's (re-exported here with `number_key`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import diagnostics as diag
from ..model.dates import is_date
from ..model.printing import Printing, number_key
from ..model.provenance import text_hash

__all__ = [
    "FACE_SEPARATOR",
    "ImportFailure",
    "ImportedCard",
    "ImportedRuling",
    "Printed",
    "Printing",
    "Provenance",
    "checked_date",
    "is_date",
    "number_key",
    "ruling_id",
]


class ImportFailure(Exception):
    """The one error of every import: malformed input, or a data folder that is not ready. Exit status 1, nothing
    written. The message names the file and the place (the card's index and name, the line, the character offset)
    as each reader gives it; `path` is the file when one is to blame; `problems` holds located diagnostics when
    there are several (a batch file's malformed lines)."""

    def __init__(self, message: str = "", problems: list[diag.Diagnostic] | None = None, path: Path | None = None):
        self.problems = list(problems or [])
        self.path = path
        super().__init__(message or diag.render_all(self.problems))

    @classmethod
    def at(cls, path: Path, message: str) -> ImportFailure:
        """A format error in `path`: "PATH: message"."""
        return cls(f"{path}: {message}", path=path)


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
    return f"{date}-{text_hash(text)[len('sha256:') :][:8]}"


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


def checked_date(value: object, where: str) -> str:
    """A date of an input file, or ImportFailure naming where it is: "WHERE '2025-02-30', not a real YYYY-MM-DD
    date"."""
    if not is_date(value):
        raise ImportFailure(f"{where} {value!r}, not a real YYYY-MM-DD date")
    return str(value)
