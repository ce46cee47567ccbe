"""Hiragana readings of Japanese names, made when an index is built: `じゅうせい` or `ちゅうせい` finds 忠誠カウンター.

A reader who cannot type (or does not know) the kanji of a name types its reading. The readings come
from SudachiPy's morphological analyser and its core dictionary (a maintained dictionary of
contemporary Japanese, with each word's reading in context), never from a hand-written table:

    忠誠カウンター -> "ちゅうせい かうんたー"     状況起因処理 -> "じょうきょう きいん しょり"

- One reading per name that holds kanji or katakana, in hiragana, its words (the analyser's units)
  separated by a space: the search matches the reading without the spaces (`ちゅうせいかうんたー`), and
  the words are what a misspelt kana query is corrected to (`typos`).
- Parts that are not Japanese (+1/+1, RAD, punctuation) are left out: they are searched as written.
  A word the dictionary does not know (a coined card name's kanji) has no reading and is left out too.
- Readings are the dictionary's: a card name with an unusual reading may be read otherwise (the site
  says so in docs/editors/search.md). They are generated, never stored in the data.

Loading the dictionary takes about 0.1 s; each name about 0.1 ms. Nothing on the command line's search
path imports this module: only building an index does.
"""

from __future__ import annotations

import re
import sys
from functools import cache, lru_cache

from .normalize import KANJI, KATAKANA

MAX_NAME = 200  # characters: a longer "name" is not one (and the analyser has an input limit)
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
_NEEDS_READING = re.compile(f"[{KANJI}{KATAKANA}]")
_KANA_ONLY = re.compile("^[\u3041-\u3096\u30fc]+$")
_HIRAGANA_ONLY = re.compile("^[\u3041-\u3096\u309d\u309e\u30fc]+$")


class _Unavailable:
    """Stands for the analyser when SudachiPy or its dictionary is missing: no readings, said once."""

    def tokenize(self, text):
        return []


@lru_cache(maxsize=1)
def _tokenizer():
    try:  # start-up: SudachiPy and its dictionary load only when an index is built, never for a search
        from sudachipy import Dictionary, SplitMode
    except ImportError as error:  # a broken install: searches still work, without readings
        print(
            f"counterpedia: no Japanese readings in the search index ({error}); "
            "reinstall with `make venv` (SudachiPy and SudachiDict-core)",
            file=sys.stderr,
        )
        return _Unavailable()
    dictionary = Dictionary(dict="core")
    make = getattr(dictionary, "tokenizer", None) or dictionary.create
    return make(SplitMode.C)


def hiragana(text: str) -> str:
    """Katakana as hiragana (ヴ -> ゔ; ー stays)."""
    return text.translate(_KATAKANA_TO_HIRAGANA)


@cache
def reading(name: str) -> str | None:
    """The hiragana reading of `name`'s Japanese words, space-separated; None when it has no kanji or
    katakana (a name in hiragana is its own reading) or no word the dictionary can read."""
    if not isinstance(name, str) or len(name) > MAX_NAME or not _NEEDS_READING.search(name):
        return None
    try:
        morphemes = list(_tokenizer().tokenize(name))
    except Exception:  # noqa: BLE001 - the analyser refuses some input (control characters, huge text): no reading
        return None
    words = []
    for morpheme in morphemes:
        surface = morpheme.surface()
        if _HIRAGANA_ONLY.match(surface):
            words.append(surface)
        elif _NEEDS_READING.search(surface):
            read = hiragana(morpheme.reading_form())
            if _KANA_ONLY.match(read):
                words.append(read)
    return " ".join(words) or None
