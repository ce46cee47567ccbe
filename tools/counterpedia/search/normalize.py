"""One normalization for every search: the site's index, the browser's query and the command line.

The browser side is docs/assets/javascripts/workers/counterpedia-search.js; it implements the same
functions (`fold_text`, `fold_token`, `stem`, the separator) and tests/browser checks that both agree.

- NFKC: full-width `＋１/＋１` and half-width `+1/+1` are the same text; half-width katakana become full-width.
- Case and Latin accents are folded: `Créature` -> `creature`, `œ` -> `oe`. Japanese is left alone
  (decomposing it would turn が into か).
- Plurals are reduced, for Latin-script words only: counters -> counter, marqueurs -> marqueur,
  abilities -> ability, jeux -> jeu, généraux -> general. Idempotent, so it can run on both sides.
- A leading sign is dropped (+1/+1 is indexed as 1/+1, -1/-1 as 1/-1): in the browser, Lunr would
  read it as an operator.
- The separator splits on spaces and punctuation, on a hyphen not followed by a digit (so `-1/-1`
  stays one token), and between Latin/digits and Japanese (`RADカウンター` -> `RAD` + `カウンター`).
"""

from __future__ import annotations

import re
import unicodedata

# Japanese: kana, kanji and the iteration marks.
JA_CHARS = "\u3005\u3006\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
# Latin letters, digits and the signs of a power/toughness (+1/+1).
LATIN_CHARS = "0-9A-Za-z\u00c0-\u024f+/"

# A JavaScript- and Python-compatible regular expression (no flags needed, no \p classes).
# Material's Lunr tokenizer splits the index text with it (config.separator of search_index.json),
# and the browser query is split with it before Lunr parses the query.
SEPARATOR = (
    "[\\s\\u200b\\u3000、。，．・「」『』（）【】〈〉《》〔〕\\[\\](){}<>,;:!?~^\\\\|=“”„‘’'`…«»–—]+"
    "|-(?![0-9xXyY])"
    f"|(?<=[{LATIN_CHARS}])(?=[{JA_CHARS}])"
    f"|(?<=[{JA_CHARS}])(?=[{LATIN_CHARS}])"
)
SEPARATOR_RE = re.compile(SEPARATOR)

# Characters a token is made of (after folding); anything else is trimmed from its edges.
WORD_CHARS = "0-9a-z\u00b5\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff\u3005-\u3007\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_LEAD_RE = re.compile(f"^[^{WORD_CHARS}]+")
_TRAIL_RE = re.compile(f"[^{WORD_CHARS}]+$")
_ACCENTED_RE = re.compile("[\u00c0-\u024f\u1e00-\u1eff]")
_MARKS_RE = re.compile("[\u0300-\u036f]")
_JA_RE = re.compile(f"[{JA_CHARS}]")
_LATIN_WORD_RE = re.compile("^[a-z]+$")


def _strip_accent(match: re.Match) -> str:
    return _MARKS_RE.sub("", unicodedata.normalize("NFD", match.group(0)))


# Dashes NFKC leaves alone but readers type as a hyphen-minus (−1/−1).
DASHES = {"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2212": "-", "\ufe63": "-"}
_DASHES_RE = re.compile("[" + "".join(DASHES) + "]")


def normalize_text(text: str) -> str:
    """NFKC, and the minus-like dashes as `-`: what the site's index stores and the query is read as."""
    return _DASHES_RE.sub("-", unicodedata.normalize("NFKC", text))


def fold_text(text: str) -> str:
    """`normalize_text`, lower case, Latin accents removed (œ -> oe, æ -> ae, ß -> ss). Japanese is unchanged."""
    text = normalize_text(text).lower()
    text = _ACCENTED_RE.sub(_strip_accent, text)
    return text.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss")


def fold_char_map(text: str) -> tuple[str, list[int]]:
    """`fold_text` applied character by character, with the offset in `text` of each output character.

    Used to mark a match found in folded text in the original text."""
    out: list[str] = []
    starts: list[int] = []
    for index, char in enumerate(text):
        folded = fold_text(char)
        out.append(folded)
        starts.extend([index] * len(folded))
    return "".join(out), starts


def stem(token: str) -> str:
    """Reduce an English or French plural to its singular (idempotent; Latin-script words of 4+ letters)."""
    if len(token) < 4 or not _LATIN_WORD_RE.match(token):
        return token
    if token.endswith("ies") and len(token) > 4:
        return token[:-3] + "y"
    if token.endswith(("eaux", "eux", "oux")):
        return token[:-1]
    if token.endswith("aux") and len(token) > 4:
        return token[:-3] + "al"
    if token.endswith("s") and not token.endswith(("ss", "us", "is")):
        return token[:-1]
    return token


def fold_token(token: str) -> str:
    """The form a token is indexed and queried under ('' when nothing searchable is left)."""
    token = fold_text(token)
    token = _TRAIL_RE.sub("", _LEAD_RE.sub("", token))
    return stem(token)


def split(text: str) -> list[str]:
    """The pieces the separator leaves (before Japanese segmentation)."""
    return [piece for piece in SEPARATOR_RE.split(normalize_text(text)) if piece]


def tokens(text: str) -> list[str]:
    """Folded tokens of a text; a Japanese run stays one token (the command line matches it as a substring)."""
    result = []
    for piece in split(text):
        token = fold_token(piece)
        if token:
            result.append(token)
    return result


def has_japanese(text: str) -> bool:
    return bool(_JA_RE.search(text))
