"""One printing of a card (`Printing`) and the order of collector numbers (`number_key`): the importers choose a
card's printed name and text by them, and the catalogue the printed name of a counter kind."""

from __future__ import annotations

import re
from dataclasses import dataclass

_DIGITS = re.compile(r"\d+")
NO_NUMBER = 1 << 30  # a collector number without digits ("★") sorts after every one with digits


def number_key(number: str) -> tuple[int, str]:
    """The order of collector numbers: by the number they hold, their first run of digits ("9" < "10" < "10a";
    "A-7", an Alchemy rebalance, is 7; "C4", a Salvat promo, 4), then as written ("10" < "10a" < "A-10"); one
    without digits after every one with digits. The committed data was chosen by this order (MTGJSON's printed
    names on a tie of dates)."""
    digits = _DIGITS.search(number)
    return (int(digits.group(0)) if digits else NO_NUMBER, number)


@dataclass(frozen=True, order=True)
class Printing:
    """One printing of a card: the release date (YYYY-MM-DD), the set code, the collector number and, where it is
    known, the card's English name. Ordered by date, set, number as written, then name."""

    date: str
    set: str
    number: str
    card: str = ""

    def label(self) -> str:
        return f"{self.set} {self.number} ({self.card}, {self.date})"

    def newer_than(self, other: Printing | None) -> bool:
        """Most recent first: the later release date; on the same date, the lower collector number (a set's
        regular printing rather than its variants); on a tie, the printing met first is kept."""
        if other is None:
            return True
        if self.date != other.date:
            return self.date > other.date
        return number_key(self.number) < number_key(other.number)
