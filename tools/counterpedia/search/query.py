"""A query, as both searches read it: the terms to look for, each with what the reader typed.

- Words are split like the texts (normalize.split), folded, and stemmed for the search's language.
- Stop words and Japanese particles are dropped; when nothing else is left, they are searched.
- `+word` must be found, `-word` must not (a sign before a digit belongs to the word: -1/-1, +1/+1).
- A Latin word of one letter (the d of d'état, the s of it's) is not searched for either (but `X` alone is).
- At most MAX_TERMS terms are searched.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import japanese
from .normalize import (
    STOP_WORDS,
    fold_char_map,
    fold_text,
    fold_token,
    has_japanese,
    lead_length,
    normalize_text,
    split,
    stem,
)

OPTIONAL, REQUIRED, EXCLUDED = 0, 1, -1
MAX_TERMS = 30  # the rest of a longer query is not searched
_OPERATOR = re.compile(r"^[+-](?![0-9xXyY*])(?=.)")


class Term(NamedTuple):
    text: str  # what is looked for in folded text: a word's stem, or Japanese
    kind: str  # "word" (the beginning of a Latin-script word), "ja" (a substring), "stem" (a Japanese verb stem)
    shown: str  # as the reader typed it, cut to the stem: highlighted on the page a result opens
    presence: int = OPTIONAL
    typed: str = ""  # the whole word typed: named when a result lacks it

    def as_json(self) -> list:
        return [self.text, self.kind, self.shown, self.presence, self.typed]


def _typed_prefix(piece: str, length: int) -> str:
    """The part of `piece` (as typed) whose folded form is the first `length` folded characters."""
    folded, starts = fold_char_map(piece)
    lead = lead_length(folded)
    end = lead + length
    if end >= len(folded):
        return piece[starts[lead] :] if lead < len(starts) else piece
    return piece[starts[lead] : starts[end]]


def _as_typed(piece: str, folded: str, text: str, start: int) -> tuple[str, int]:
    """`text` (a part of the folded piece) as typed in `piece` (ウォ, not the folded ウオ), and where to look
    for the next part. Folding Japanese changes no length, so the offsets are the same."""
    at = folded.find(text, start)
    if at < 0 or len(folded) != len(piece):
        return text, start
    return piece[at : at + len(text)], at + len(text)


def parse(query: str, lang: str = "en") -> list[Term]:
    """The terms of `query`; `lang` chooses the stemming rules of Latin-script words (fr, else English)."""
    terms: list[Term] = []
    stopped: list[Term] = []
    for raw in normalize_text(query).split():
        presence = OPTIONAL
        if _OPERATOR.match(raw):
            presence = REQUIRED if raw[0] == "+" else EXCLUDED
            raw = raw[1:]
        for piece in split(raw):
            if has_japanese(piece):
                folded = fold_text(piece)
                found = japanese.words(folded)  # particles alone (を, は) are stop words of their own
                at = 0
                for text, is_stem in found or japanese.terms(folded):
                    typed, at = _as_typed(piece, folded, text, at)
                    (terms if found else stopped).append(
                        Term(text, "stem" if is_stem else "ja", typed, presence, typed)
                    )
                continue
            token = fold_token(piece)
            if not token:
                continue
            word = stem(token, lang)
            shown = _typed_prefix(piece, len(word)) if token.startswith(word) else piece
            if piece[:1] in "+-" and shown[:1] not in "+-":
                shown = piece[0] + shown  # +1/+1 is shown as typed, though looked for as 1/+1
            term = Term(word, "word", shown, presence, piece)
            single_letter = len(token) == 1 and not "0" <= token <= "9"
            (stopped if token in STOP_WORDS or single_letter else terms).append(term)
    chosen = terms or stopped
    unique: dict[tuple, Term] = {}
    for term in chosen:
        key = (term.text, term.kind)
        if key not in unique or term.presence != OPTIONAL:
            unique[key] = (
                term
                if key not in unique
                else Term(term.text, term.kind, unique[key].shown, term.presence, unique[key].typed)
            )
    return list(unique.values())[:MAX_TERMS]
