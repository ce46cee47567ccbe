"""When two copies of a ruling are the same text: the one normalisation every ruling match uses.

Gatherer (and MTGJSON 3, which copied it) writes straight apostrophes and quotes; Scryfall and MTGJSON 5
write curly ones, and the copies differ in spaces. Two texts are the same ruling when their keys are equal:

1. Unicode NFC;
2. the apostrophes ’ ‘ ‛ ′ and the straight ' are one apostrophe; the quotes “ ” „ ″ and the straight " are
   one quote;
3. every run of white space (spaces, no-break spaces, tabs, line ends) is one space; none at either end.

Nothing else: no case folding, no dash, no word is changed. Anything looser is not a match, only a review
item (`LOOSER`): Wizards' 2021 rename of "converted mana cost" to "mana value" is one.
"""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = str.maketrans(
    {
        "\u2019": "'",
        "\u2018": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
    }
)
_SPACES = re.compile(r"\s+")


def ruling_key(text: str) -> str:
    """The text as compared: NFC, one apostrophe, one quote, single spaces, trimmed."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", text).translate(_APOSTROPHES)).strip()


def mana_value_key(key: str) -> str | None:
    """A key read back across Wizards' 2021 rename (mana value → converted mana cost), or None when the text
    does not use the new words. A match through it is a review item, never an official match."""
    if "mana value" not in key.casefold():
        return None
    renamed = re.sub(r"\bmana values\b", "converted mana costs", key)
    renamed = re.sub(r"\bmana value\b", "converted mana cost", renamed)
    renamed = re.sub(r"\bMana value\b", "Converted mana cost", renamed)
    return renamed if renamed != key else None


_AS_IMPORTED_KEYS = {"text", "status", "source", "version"}


def as_imported(ruling: object, source_prefix: str) -> bool:
    """A ruling still as an import of `source_prefix…` wrote it: its English text a `community` text of that same
    source, with nothing added (no `via`, no note). Only such a ruling may be upgraded to another source; one
    changed by hand is never touched."""
    if not isinstance(ruling, dict) or ruling.get("original", "en") != "en":
        return False
    source = ruling.get("source")
    texts = ruling.get("text")
    entry = texts.get("en") if isinstance(texts, dict) else None
    return (
        isinstance(source, str)
        and source.startswith(source_prefix)
        and isinstance(entry, dict)
        and isinstance(entry.get("text"), str)
        and entry.get("status") == "community"
        and entry.get("source") == source
        and set(entry) <= _AS_IMPORTED_KEYS
    )
