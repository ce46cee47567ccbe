"""Printed Japanese and French names and texts: which entries of a source are plainly wrong.

Bulk sources carry a few wrong entries: a "Japanese" name that is the English name, a "French" text that is
the English text. Both importers skip them (and report them): the card keeps the entry of another printing,
or none. Nothing subtler is judged here: a French name equal to the English one is often right ("Aboroth").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Printed, Printing

_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff10-\uff5a]")
_ENGLISH_WORDS = re.compile(r"\b(?:the|you|your|target|when|whenever|this|each|creature|until)\b")
_REMINDER = re.compile(r"\s*\([^()]*\)")


def _without_reminders(text: str) -> str:
    """The text without its reminder texts: a printing that leaves them out prints the same rules."""
    return _REMINDER.sub("", text).strip()


def wrong_name(lang: str, name: str, english: str | None = None, text_is_wrong: bool = False) -> str | None:
    """Why a printed name is plainly wrong, or None. A name with faces ("A // B") is judged face by face. A name
    equal to the English one is right in French ("Aboroth") unless the same entry's text is the English text:
    then the whole entry is an English one filed under French."""
    if lang == "ja" and any(not _JAPANESE.search(part) for part in name.split(" // ")):
        return "a Japanese name without a Japanese character (the English name, or part of it)"
    if text_is_wrong and english is not None and name.strip() == english.strip():
        return "the English name, on an entry whose text is the English text"
    return None


def wrong_text(lang: str, texts: list[str], english: list[str]) -> str | None:
    """Why a printed text (one text per face, beside the English texts of those faces) is plainly wrong, or None."""
    if lang == "ja" and any(text and not _JAPANESE.search(text) for text in texts):
        return "a Japanese text without a Japanese character"
    if lang == "fr":
        for text, original in zip(texts, english):
            if text and _without_reminders(text) == _without_reminders(original or "") and _ENGLISH_WORDS.search(text):
                return "a French text that is the English text"
    return None


@dataclass
class Skipped:
    """A printed entry left out because it is plainly wrong."""

    lang: str
    field: str  # name | text
    set_code: str
    number: str
    card: str  # the English name
    value: str
    reason: str


def keep_printed(
    names: dict[str, Printed],
    texts: dict[str, Printed],
    lang: str,
    card: str,
    printing: Printing,
    name: str | None,
    text: str | None,
    text_reason: str | None,
    skipped: list[Skipped],
) -> None:
    """The one rule every import chooses a card's printed name and text in `lang` by, one printing at a time:
    an entry that is plainly wrong is skipped (and listed in `skipped`); else it is kept when its printing is the
    most recent yet (`Printing.newer_than`). `card` is the English name, `text_reason` why the text is wrong."""
    if name:
        reason = wrong_name(lang, name, card, text_is_wrong=text_reason is not None)
        if reason:
            skipped.append(Skipped(lang, "name", printing.set, printing.number, card, name, reason))
        elif printing.newer_than(names[lang].printing if lang in names else None):
            names[lang] = Printed(name, printing)
    if text is not None:
        if text_reason:
            skipped.append(Skipped(lang, "text", printing.set, printing.number, card, text, text_reason))
        elif printing.newer_than(texts[lang].printing if lang in texts else None):
            texts[lang] = Printed(text, printing)
