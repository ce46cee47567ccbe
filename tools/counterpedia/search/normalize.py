"""One normalization for every search: the site's search box and `counterpedia search`.

The browser side is docs/assets/javascripts/workers/counterpedia-search.js; it implements the same
functions (`fold_text`, `fold_token`, `stem`, `STOP_WORDS`, the separator), and tests/browser checks
that both give the same results on the same inputs.

- NFKC: full-width `＋１/＋１` and half-width `+1/+1` are the same text; half-width katakana become
  full-width; minus-like dashes (`−1/−1`) are a hyphen-minus.
- Case and Latin accents are folded: `Créature` -> `creature`, `œ` -> `oe`. Japanese is not decomposed
  (that would turn が into か), but small kana fold to their full-size letters (`ウォーカー` = `ウオーカー`,
  `ちゅうせい` = `ちゆうせい`), so a variant spelling finds the same text.
- Stemming (query words only, matched as the beginning of the text's words): a light suffix
  stripper per language that keeps the part shared by a word's inflections: untapped/untap -> untap,
  destroyed -> destroy, counters -> counter, meulées/meuler -> meul, détruit/détruire -> detrui.
- Stop words (function words) are not searched for; a query made only of them searches them.
- The separator splits on spaces and punctuation, on a hyphen not followed by a digit (so `-1/-1`
  stays one word), and between Latin letters/digits and Japanese (`RADカウンター` -> `RAD` + `カウンター`).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

# Japanese: kana, kanji and the iteration marks (not the middle dot ・, a separator).
JA_CHARS = "\u3005\u3006\u3040-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
KANJI = "\u3005\u3006\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
HIRAGANA = "\u3040-\u309f"
KATAKANA = "\u30a0-\u30fa\u30fc-\u30ff"
# Latin letters, digits and the signs of a power/toughness (+1/+1).
LATIN_CHARS = "0-9A-Za-z\u00c0-\u024f+/"

# A JavaScript- and Python-compatible regular expression (no flags needed, no \p classes). It also
# goes into the site index's config.separator, which Material's on-page highlighter (?h=) uses.
_PUNCTUATION = (
    "[\\s\\u200b\\u3000、。，．・「」『』（）【】〈〉《》〔〕\\[\\](){}<>,;:!?~^\\\\|=“”„‘’'`…«»–—]+|-(?![0-9xXyY])"
)
_SCRIPT_CHANGE = f"(?<=[{LATIN_CHARS}])(?=[{JA_CHARS}])|(?<=[{JA_CHARS}])(?=[{LATIN_CHARS}])"
SEPARATOR = f"{_PUNCTUATION}|{_SCRIPT_CHANGE}"
# A text without both Latin and Japanese characters has no script change to split at: it is split by the
# punctuation alone, to the same pieces. The whole separator (its kanji ranges cost 4 ms to compile, in every
# `counterpedia search`) is compiled for the first text holding both.
_PUNCTUATION_RE = re.compile(_PUNCTUATION)
_LATIN_RE = re.compile(f"[{LATIN_CHARS}]")

# The characters of a word after folding (a Latin-script word ends where they end).
WORD = "0-9a-z\u00b5\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff"
# Anything a token may be made of; anything else is trimmed from its edges.
TOKEN_CHARS = WORD + "\u3005-\u3007\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_ACCENTED_RE = re.compile("[\u00c0-\u024f\u1e00-\u1eff]")
_MARKS_RE = re.compile("[\u0300-\u036f]")
_LETTERS_RE = re.compile("^[a-z]+$")
# TOKEN_CHARS and JA_CHARS as code point ranges: a character class with the kanji ranges costs a
# millisecond or two to compile, paid by every `counterpedia search` process.
_TOKEN_RANGES = (
    (0x30, 0x39),
    (0x61, 0x7A),
    (0xB5, 0xB5),
    (0xC0, 0x24F),
    (0x370, 0x3FF),
    (0x400, 0x4FF),
    (0x3005, 0x3007),
    (0x3040, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
)
_JA_RANGES = (
    (0x3005, 0x3006),
    (0x3040, 0x30FA),
    (0x30FC, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
)


def ranges_of(char_class: str) -> tuple[tuple[int, int], ...]:
    """The code point ranges of the inside of a character class such as KANJI ("々〆㐀-䶿…"): testing a few
    characters against them is cheaper than compiling a class with the kanji ranges (1-3 ms)."""
    found, at = [], 0
    while at < len(char_class):
        if at + 2 < len(char_class) and char_class[at + 1] == "-":
            found.append((ord(char_class[at]), ord(char_class[at + 2])))
            at += 3
        else:
            found.append((ord(char_class[at]), ord(char_class[at])))
            at += 1
    return tuple(found)


def within(char: str, ranges: tuple) -> bool:
    """Whether `char` is in one of `ranges` (`ranges_of`)."""
    code = ord(char)
    for low, high in ranges:  # a loop, not any() over a generator: twice as fast, and it runs per character
        if low <= code <= high:
            return True
    return False


# Dashes NFKC leaves alone but readers type as a hyphen-minus (−1/−1).
DASHES = {"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2212": "-", "\ufe63": "-"}
_DASHES_RE = re.compile("[" + "".join(DASHES) + "]")

# Function words, folded (à -> a). French and English in one list: a query's words are not tagged
# with a language. Left out on purpose: words that are also content words in the other language
# (French "or", gold; "son") and negations. Japanese particles are handled by `japanese`.
STOP_WORDS = frozenset(
    """
a an the of with on is would be and to in for it its at by as from that this these those are was
were has have had does do did can could will should may might if then than so what which who whom
whose when where why how i me my you your we our they them their there any some just also into
de du des le la les d l un une au aux et en dans par pour sur que qui quoi qu ce cet cette ces se
sa son ses est sont il elle ils elles on y je j me m ne n s c t te tu vous nous leur leurs lui
comment quand quel quelle quels quelles avec sans
""".split()
) - {"or", "son"}


def _strip_accent(match: re.Match) -> str:
    return _MARKS_RE.sub("", unicodedata.normalize("NFD", match.group(0)))


def normalize_text(text: str) -> str:
    """NFKC, and the minus-like dashes as `-`: what a query and an indexed text are read as."""
    return _DASHES_RE.sub("-", unicodedata.normalize("NFKC", text))


# Small kana and their full-size letters (NFKC leaves them apart): ァ/ア, っ/つ, ゃ/や, ヶ/ケ…
SMALL_KANA = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ"
FULL_KANA = "あいうえおつやゆよわかけアイウエオツヤユヨワカケ"
_SMALL_KANA = str.maketrans(SMALL_KANA, FULL_KANA)


def fold_text(text: str) -> str:
    """`normalize_text`, lower case, Latin accents removed (œ -> oe, æ -> ae, ß -> ss), small kana full-size
    (ゅ -> ゆ). Japanese is otherwise unchanged."""
    text = normalize_text(text).lower()
    text = _ACCENTED_RE.sub(_strip_accent, text)
    return text.replace("œ", "oe").replace("æ", "ae").replace("ß", "ss").translate(_SMALL_KANA)


_FOLDED_CHARS: dict[int, str] = {}  # code point -> `fold_text` of that character alone (a str.translate table)
_KNOWN_CHARS: set[str] = set()  # the characters in it
_UNEVEN_CHARS: set[str] = set()  # those whose fold is not one character (œ -> oe, a combining mark -> "")


def fold_char_map(text: str) -> tuple[str, list[int]]:
    """`fold_text` applied character by character, with the offset in `text` of each output character.

    Used to mark in the original text a match found in folded text. Most texts fold one character to one:
    those are translated at once (the snippets of a search fold whole rulings)."""
    table = _FOLDED_CHARS
    for char in set(text).difference(_KNOWN_CHARS):
        folded = table[ord(char)] = fold_text(char)
        _KNOWN_CHARS.add(char)
        if len(folded) != 1:
            _UNEVEN_CHARS.add(char)
    if _UNEVEN_CHARS.isdisjoint(text):
        return text.translate(table), list(range(len(text)))
    out: list[str] = []
    starts: list[int] = []
    for index, char in enumerate(text):
        folded = table[ord(char)]
        out.append(folded)
        starts.extend([index] * len(folded))
    return "".join(out), starts


def _undouble(word: str) -> str:
    """untapp -> untap (a doubled final consonant from -ed/-ing), but not fall -> fal."""
    if len(word) >= 3 and word[-1] == word[-2] and word[-1] in "bdgklmnprt" and word[-1] not in "l":
        return word[:-1]
    return word


def stem_en(word: str) -> str:
    """The beginning shared by an English word's inflections: untapped -> untap, abilities -> abilit."""
    if len(word) < 4 or not _LETTERS_RE.match(word):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3]
    if word.endswith(("ches", "shes")) or (word.endswith("es") and word[-3] in "sxz"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    elif word.endswith("ing") and len(word) >= 6:
        word = _undouble(word[:-3])
    elif word.endswith("ed"):
        base = word[:-2]
        word = _undouble(base) if len(base) >= 3 else word[:-1]  # used -> use, died -> die
    if len(word) >= 4 and word.endswith("y") and word[-2] not in "aeiou":
        return word[:-1]  # ability -> abilit, as abilities
    if len(word) >= 4 and word.endswith("e"):
        return word[:-1]  # creature -> creatur, as creatures; exile -> exil, as exiled
    return word


FR_ENDINGS = ("ees", "ee", "ent", "ez", "er", "ir", "re", "e")


def stem_fr(word: str) -> str:
    """The beginning shared by a French word's inflections: meulées/meuler -> meul, détruit/détruire -> detrui."""
    if len(word) < 4 or not _LETTERS_RE.match(word):
        return word
    if word.endswith("aux") and len(word) > 4:
        word = word[:-2]  # généraux -> genera, as général
    elif word.endswith(("eux", "oux", "eaux")):
        word = word[:-1]
    elif word.endswith("s") and not word.endswith("ss") and len(word) > 4:
        word = word[:-1]
    for ending in FR_ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            word = word[: -len(ending)]
            break
    if word.endswith("it") and len(word) >= 5:
        word = word[:-1]  # détruit -> detrui, as détruire
    return word


@lru_cache(maxsize=1 << 16)
def stem(word: str, lang: str = "en") -> str:
    """A folded word's stem for the language of the search (fr: French rules; else English rules). Remembered: a
    search judges each word it matches by its stem, and the same words come back in the names it scores."""
    return stem_fr(word) if lang == "fr" else stem_en(word)


def fold_token(token: str) -> str:
    """A piece of a query, folded and trimmed of punctuation at its edges ('' when nothing is left).

    A leading sign goes with the punctuation: +1/+1 is looked for as 1/+1 at the start of a word,
    which is where it starts in "+1/+1" and in "a +1/+1 counter"."""
    token = fold_text(token)
    start, end = 0, len(token)
    while start < end and not within(token[start], _TOKEN_RANGES):
        start += 1
    while end > start and not within(token[end - 1], _TOKEN_RANGES):
        end -= 1
    return token[start:end]


@lru_cache(maxsize=1)
def _separator_re() -> re.Pattern:
    return re.compile(SEPARATOR)


def split(text: str) -> list[str]:
    """The pieces the separator leaves."""
    text = normalize_text(text)
    separator = _separator_re() if has_japanese(text) and _LATIN_RE.search(text) else _PUNCTUATION_RE
    return [piece for piece in separator.split(text) if piece]


def has_japanese(text: str) -> bool:
    return any(within(char, _JA_RANGES) for char in text)


def lead_length(folded: str) -> int:
    """How many characters at the start of a folded text are not token characters."""
    count = 0
    while count < len(folded) and not within(folded[count], _TOKEN_RANGES):
        count += 1
    return count


_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]")


def printable(text: str) -> str:
    """`text` safe to print on a terminal: control characters (escape sequences, NUL, bidi overrides,
    zero-width characters) shown as escapes such as \\x1b or \\u202e instead of being sent raw."""

    def escape(match: re.Match) -> str:
        code = ord(match.group(0))
        return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"

    return _CONTROL_RE.sub(escape, text)
