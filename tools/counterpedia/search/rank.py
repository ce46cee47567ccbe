"""Matching and ranking: the one search algorithm of the command line and of the site's worker.

The browser's copy is docs/assets/javascripts/workers/counterpedia-search.js (the same steps, the
same constants); tests/browser runs both on the same index and queries and compares the results.

Matching, in the folded text of each entry (normalize.fold_text):
- a `word` term matches at the beginning of a word: fully (quality 1) when the word is the term or
  stems to it (untapped -> untap), else as a prefix (quality 0.7: prolif in proliferate);
- a `ja` term matches as a substring; a `stem` term (取り除) where a hiragana follows and no kanji precedes;
- a term that matches nothing is corrected (`typos`): its corrections match at CORRECTED_QUALITY times
  the quality above, and the result records which one it used.
A name's reading (`readings`: ちゅうせい かうんたー) is searched as a name, without its spaces.

Ranking: no query word is required (no dead ends), every word weighs by its rarity among the units
(idf = ln(1 + N / units holding it)), and a unit's score is

    100 x name + 20 x coverage + 10 x focus + 5 x text + a small bonus per kind

- name: how well one of its names answers the query: the share of the name covered by the query's
  words (the word "counter" of a counter's name aside), times the share of the query found in it;
- coverage: the share of the query found in the unit (below 1: a partial match, shown as such);
- focus: the share found in its best single text; text: the share found, weighed by where (a name,
  a rule, a card's text, a ruling, a summary, a note).
`+word` must be found, `-word` must not. Ties keep the index's order.
"""

from __future__ import annotations

import bisect
import heapq
import math
import re
from array import array
from functools import lru_cache
from typing import Any, NamedTuple

from .. import kinds as record_kinds
from .normalize import (
    HIRAGANA,
    KANJI,
    KATAKANA,
    STOP_WORDS,
    WORD,
    fold_char_map,
    fold_text,
    fold_token,
    ranges_of,
    stem,
    within,
)
from .query import EXCLUDED, REQUIRED, Term
from .typos import CORRECTED_QUALITY, Vocabulary, allowed_edits, candidates

ROLE_WEIGHTS = {
    "name": 1.0,
    "reading": 1.0,
    "rule": 0.8,
    "text": 0.8,
    "example": 0.6,
    "ruling": 0.7,
    "summary": 0.7,
    "note": 0.5,
    "page": 0.5,
}
PREFIX_QUALITY = 0.7
NAME, COVERAGE, FOCUS, TEXT = 100.0, 20.0, 10.0, 5.0
# The word every counter's name has: "poison" is the whole name of the poison counter.
GENERIC_WORDS = frozenset({"counter", "counters", "marqueur", "marqueurs"})
GENERIC_JA = ("カウンター", "かうんたー")  # and its reading
NAME_ROLES = ("name", "reading")  # a name, or a name's hiragana reading
SNIPPET_WIDTH = 160


class JoinedTexts:
    """A list of texts kept as UTF-8 bytes and byte offsets: a cache loads one block of bytes faster than
    thousands of strings, and a search decodes only the texts it shows."""

    def __init__(self, joined: bytes, starts):
        self.joined, self.starts = joined, starts

    @classmethod
    def of(cls, texts: list) -> JoinedTexts:
        encoded = [text.encode("utf-8", "surrogatepass") for text in texts]
        starts, offset = array("I"), 0
        for data in encoded:
            starts.append(offset)
            offset += len(data)
        return cls(b"".join(encoded), starts)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i: int) -> str:
        end = self.starts[i + 1] if i + 1 < len(self.starts) else len(self.joined)
        return self.joined[self.starts[i] : end].decode("utf-8", "surrogatepass")


class Searchable:
    """Entries flattened for matching: entry i belongs to unit owners[i]; its folded text starts at starts[i].
    (A plain class: dataclasses costs `counterpedia search` 12 ms to import.)"""

    def __init__(
        self,
        roles: list,
        langs: list,
        texts: Any,  # a list of the texts, or the same as JoinedTexts (what the search's cache stores)
        owners: list,
        kinds: list,  # per unit
        folded_text: Any,  # every entry's folded text, each followed by "\x00"; or that as UTF-8 (bytes, or a Blob)
        starts: list,
        first: list,  # per unit: its first entry (entries of a unit are contiguous)
        vocabulary: Vocabulary | None = None,  # typos.Vocabulary, made when a query first needs a correction
        segments: Segments | None = None,  # the distinct pieces of the folded texts (`Segments.of`), when made
    ):
        self.roles, self.langs, self.texts, self.owners, self.kinds = roles, langs, texts, owners, kinds
        self.folded_text, self.starts, self.first = folded_text, starts, first
        self.vocabulary, self.segments = vocabulary, segments

    @property
    def folded(self) -> str:
        """Every entry's folded text: decoded when first needed (a search in the pieces, `Segments`, does not
        need it, and decoding it is half of the time the command line takes to load its cache)."""
        if not isinstance(self.folded_text, str):
            raw = self.folded_text
            self.folded_text = (raw if isinstance(raw, bytes) else raw.tobytes()).decode("utf-8", "surrogatepass")
        return self.folded_text


# What splits a folded text into the pieces `Segments` holds: characters that are neither a word's (WORD),
# nor kanji nor kana (the neighbours a term's pattern looks at), and that query terms seldom hold.
SEPARATORS = ' \x00\n.,:;!?()[]{}«»“”"、。「」『』《》—―•'
_SEPARATED = re.compile("[" + re.escape(SEPARATORS) + "]+")


class Segments:
    """The distinct pieces of the entries' folded texts, split at SEPARATORS, each followed by "\x00", in code
    point order, with the entries holding each (ascending): a term that holds no separator matches only inside
    a piece, and its pattern sees a separator on either side of one, as it does in the texts, so searching the
    pieces (a tenth of the texts' length) finds the same entries with the same qualities as searching the
    texts (`scan`). A word (a term that begins a word) is found at the start of a piece, among the pieces that
    begin with it (a range of the sorted pieces), or at a word's start inside one (d'un, 1/+1, +1/+1カウンター):
    those starts are listed apart, as (piece, offset) in the order of the text from there on, so that the words
    beginning with a term are a range of them too, found by bisection where a scan of the pieces holding them (a
    third of the pieces' length) took a fifth of a search's time. Built with the index and held in the command
    line's cache."""

    def __init__(self, text: str, starts, postings, posting_starts, inner_ids=(), inner_offsets=()):
        self.text, self.starts, self.postings, self.posting_starts = text, starts, postings, posting_starts
        self.inner_ids, self.inner_offsets = inner_ids, inner_offsets

    @classmethod
    def of(cls, folded: str, starts) -> Segments:
        holders: dict[str, list[int]] = {}
        size = len(starts)
        for entry in range(size):
            end = (starts[entry + 1] if entry + 1 < size else len(folded)) - 1
            for piece in set(_SEPARATED.split(folded[starts[entry] : end])):
                if piece:
                    holders.setdefault(piece, []).append(entry)
        text_starts, posting_starts, postings = array("I"), array("I"), array("I")
        inside: list[tuple[str, int, int]] = []  # (the piece from a word's start on, piece, offset)
        offset = 0
        for number, piece in enumerate(sorted(holders)):
            text_starts.append(offset)
            offset += len(piece) + 1
            posting_starts.append(len(postings))
            postings.extend(holders[piece])
            for match in _WORD_STARTS.finditer(piece, 1):
                inside.append((piece[match.start() :], number, match.start()))
        inside.sort()
        text = "".join(piece + "\x00" for piece in sorted(holders))
        inner_ids, inner_offsets = array("I", [w[1] for w in inside]), array("I", [w[2] for w in inside])
        return cls(text, text_starts, postings, posting_starts, inner_ids, inner_offsets)

    def piece(self, number: int) -> str:
        end = self.starts[number + 1] - 1 if number + 1 < len(self.starts) else len(self.text) - 1
        return self.text[self.starts[number] : end]

    def _inside(self, i: int) -> str:
        """The i-th word start inside a piece: its piece from there on."""
        return self.piece(self.inner_ids[i])[self.inner_offsets[i] :]

    def entries(self, piece: int):
        end = self.posting_starts[piece + 1] if piece + 1 < len(self.posting_starts) else len(self.postings)
        return self.postings[self.posting_starts[piece] : end]

    def holding(self, term: Term) -> list[int] | None:
        """The pieces where a word term may match (ascending); None when the term is not a word's beginning."""
        if term.kind != "word" or not _WORD_STARTS.match(term.text):
            return None
        found = set()
        size = len(self.starts)
        at = bisect.bisect_left(range(size), term.text, key=self.piece)
        while at < size and self.piece(at).startswith(term.text):
            found.add(at)
            at += 1
        size = len(self.inner_ids)
        at = bisect.bisect_left(range(size), term.text, key=self._inside)
        while at < size and self._inside(at).startswith(term.text):
            found.add(self.inner_ids[at])
            at += 1
        return sorted(found)


_WORD_STARTS = re.compile(f"(?<![{WORD}])[{WORD}]")


def searchable(units_entries: list[tuple[str, list[tuple[str, str, str]]]]) -> Searchable:
    """From [(kind, [(role, lang, text), …]), …] in index order."""
    roles: list[str] = []
    langs: list[str] = []
    texts: list[str] = []
    owners: list[int] = []
    kinds: list[str] = []
    first: list[int] = []
    for number, (kind, entries) in enumerate(units_entries):
        kinds.append(kind)
        first.append(len(texts))
        for role, lang, text in entries:
            roles.append(role)
            langs.append(lang)
            texts.append(text)
            owners.append(number)
    folded_parts = [fold_entry(text, role) + "\x00" for text, role in zip(texts, roles)]
    starts, offset = [], 0
    for part in folded_parts:
        starts.append(offset)
        offset += len(part)
    return Searchable(roles, langs, texts, owners, kinds, "".join(folded_parts), starts, first)


def fold_entry(text: str, role: str) -> str:
    """An entry's text as it is searched: folded; a reading without the spaces between its words."""
    folded = fold_text(text).replace("\x00", " ")
    return folded.replace(" ", "") if role == "reading" else folded


def folded_entry(index: Searchable, entry: int) -> str:
    if not isinstance(index.folded_text, str):  # not decoded: fold this one entry again, as `searchable` did
        return fold_entry(index.texts[entry], index.roles[entry])
    return index.folded[
        index.starts[entry] : (index.starts[entry + 1] if entry + 1 < len(index.starts) else len(index.folded)) - 1
    ]


class Found:
    """A match of a `Finder`, read as a regular expression's match is."""

    __slots__ = ("text", "at", "stop")

    def __init__(self, text: str, at: int, stop: int):
        self.text, self.at, self.stop = text, at, stop

    def start(self) -> int:
        return self.at

    def end(self) -> int:
        return self.stop

    def group(self, _number: int = 0) -> str:
        return self.text[self.at : self.stop]


class Finder:
    """What a word or a stem term matches (`expression`), found as its regular expression finds it, without
    compiling it for a term that is looked for only a few times: the term as a plain string (str.find), then
    what is around it checked. Compiling costs 0.3 ms (a word: its two classes of word characters) to 0.9 ms (a
    stem: the kanji) per new term, a fifth of the time of searches with new words (card names); a search call
    here costs a few microseconds more than the compiled expression's, so a term searched more than USES times
    (a common word, found in thousands of pieces) is compiled after all. A search in a short text (a name, shorter
    than LONG) is not counted: there the compiled expression gains nothing on a word (a few names scored are a
    few thousand searches, and compiling each of their words cost a twentieth of the card-name searches).

    A word: no word character (WORD) just before it; the match runs to the end of the word. A stem (取り除):
    no kanji just before it, and a hiragana just after it, not in the match. As with a regular expression's
    `search(text, pos, endpos)`, what is before `pos` is looked at, nothing from `endpos` on."""

    USES = 100
    LONG = 200
    __slots__ = ("term", "uses", "compiled")

    def __init__(self, term: Term):
        self.term, self.uses = term, 0
        self.compiled: re.Pattern | None = None

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> Found | re.Match | None:
        if len(text) >= self.LONG:
            self.uses += 1
        if self.uses > self.USES:
            if self.compiled is None:
                self.compiled = expression(self.term)
            return self.compiled.search(text, pos, len(text) if endpos is None else endpos)
        endpos = len(text) if endpos is None else min(endpos, len(text))
        literal = self.term.text
        size, stem = len(literal), self.term.kind == "stem"
        at = text.find(literal, pos, endpos)
        while at >= 0:
            end = at + size
            if stem:
                if (at == 0 or not within(text[at - 1], _KANJI)) and end < endpos and within(text[end], _HIRAGANA):
                    return Found(text, at, end)
            elif at == 0 or _LATIN_WORDS.match(text, at - 1, at) is None:
                rest = _LATIN_WORDS.match(text, end, endpos)
                return Found(text, at, rest.end() if rest is not None else end)
            at = text.find(literal, at + 1, endpos)
        return None

    def finditer(self, text: str):
        position = 0
        while (match := self.search(text, position)) is not None:
            yield match
            position = match.end()  # never empty: a term holds at least one character


_KANJI = ranges_of(KANJI)
_HIRAGANA = ranges_of(HIRAGANA)
_LATIN_WORDS = re.compile(f"[{WORD}]+")


def expression(term: Term) -> re.Pattern:
    """The regular expression of what a term matches (`Finder` finds the same for a word or a stem)."""
    if term.kind == "word":
        # "No word character before it", written after the literal: Python's regex engine then looks
        # for the literal first (10x faster over megabytes than a leading lookbehind).
        return re.compile(f"{re.escape(term.text)}(?<![{WORD}]{'.' * len(term.text)})[{WORD}]*", re.S)
    if term.kind == "stem":
        return re.compile(f"{re.escape(term.text)}(?<![{KANJI}]{'.' * len(term.text)})(?=[{HIRAGANA}])", re.S)
    return re.compile(re.escape(term.text))


@lru_cache(maxsize=256)
def pattern(term: Term) -> re.Pattern | Finder:
    return Finder(term) if term.kind in ("word", "stem") and term.text else expression(term)


def quality(term: Term, matched: str, lang: str) -> float:
    if term.kind != "word" or matched == term.text or stem(matched, lang) == term.text:
        return 1.0
    return PREFIX_QUALITY


def spans(term: Term, folded: str, lang: str) -> list[tuple[int, int, float]]:
    """(start, end, quality) of the matches of `term` in a folded text (a prefix match spans the prefix)."""
    found = []
    for match in pattern(term).finditer(folded):
        q = quality(term, match.group(0), lang)
        end = match.end() if q == 1.0 else match.start() + len(term.text)
        found.append((match.start(), end, q))
    return found


def scan(index: Searchable, term: Term, lang: str) -> dict[int, float]:
    """entry -> the best quality of `term` in it. After a full match the search jumps to the next entry,
    so the work follows the number of entries found, not of matches."""
    found: dict[int, float] = {}
    pieces = index.segments
    if pieces is not None and not any(char in SEPARATORS for char in term.text):
        return _scan_segments(pieces, term, lang)
    folded, starts = index.folded, index.starts
    search = pattern(term).search
    size, position = len(starts), 0
    qualities: dict[str, float] = {}  # matched word -> quality (the same words come back)

    def judge(word: str) -> float:
        q = qualities.get(word)
        if q is None:
            q = qualities[word] = quality(term, word, lang)
        return q

    while True:
        match = search(folded, position)
        if match is None:
            return found
        entry = bisect.bisect_right(starts, match.start()) - 1
        end = starts[entry + 1] if entry + 1 < size else len(folded)
        q = judge(match.group(0))
        while q < 1.0:
            match = search(folded, match.end(), end)
            if match is None:
                break
            q = max(q, judge(match.group(0)))
        found[entry] = q
        position = end


def _scan_segments(pieces: Segments, term: Term, lang: str) -> dict[int, float]:
    """`scan` over the distinct pieces of the texts: each piece's best quality, given to every entry holding it
    (the best over its pieces); entries ascending, as `scan` finds them."""
    found: dict[int, float] = {}
    text, starts = pieces.text, pieces.starts
    search = pattern(term).search
    size, position = len(starts), 0
    qualities: dict[str, float] = {}
    holding = pieces.holding(term)
    candidates = iter(holding) if holding is not None else None
    while True:
        if candidates is None:
            match = search(text, position)
            if match is None:
                break
            piece = bisect.bisect_right(starts, match.start()) - 1
        else:
            piece = next(candidates, -1)
            if piece < 0:
                break
            match = search(text, starts[piece], starts[piece + 1] if piece + 1 < size else len(text))
            if match is None:
                continue
        end = starts[piece + 1] if piece + 1 < size else len(text)
        q = 0.0
        while match is not None:
            word = match.group(0)
            judged = qualities.get(word)
            if judged is None:
                judged = qualities[word] = quality(term, word, lang)
            q = max(q, judged)
            if q >= 1.0:
                break
            match = search(text, match.end(), end)
        for entry in pieces.entries(piece):
            if q > found.get(entry, 0.0):
                found[entry] = q
        position = end
    return dict(sorted(found.items()))


# The characters of a name that count, besides its Latin words: kanji and katakana; in a reading, every kana.
_JA_COUNTABLE = ranges_of(KANJI + KATAKANA)
_READING_COUNTABLE = ranges_of(HIRAGANA + KATAKANA)
# char -> whether it counts, per ranges: a name's characters are few and the same ones come back across the
# thousands of names a search scores, where testing each against the ranges was a third of its time.
_COUNTS: dict[tuple, dict[str, bool]] = {_JA_COUNTABLE: {}, _READING_COUNTABLE: {}}
# Per ranges, the first character that can count: a name wholly below it (Latin) has none to test.
_LOWEST = {ranges: chr(min(low for low, _high in ranges)) for ranges in _COUNTS}


def _span(start: int, end: int) -> int:
    """The characters start..end-1 as bits of an int (bit i: the name's i-th character)."""
    return ((1 << (end - start)) - 1) << start


@lru_cache(maxsize=1 << 16)
def countable(folded: str, kind: str, reading: bool) -> tuple[int, int]:
    """The characters of a folded name that count (bits, as `_span`) and how many: the same for every query,
    so the names a search scores again and again (and every search of a session) are worked out once."""
    ranges = _READING_COUNTABLE if reading else _JA_COUNTABLE
    mask = 0
    if folded and max(folded) >= _LOWEST[ranges]:
        counts = _COUNTS[ranges]
        for i, char in enumerate(folded):
            counted = counts.get(char)
            if counted is None:
                counted = counts[char] = within(char, ranges)
            if counted:
                mask |= 1 << i
    for match in _LATIN_WORDS.finditer(folded):
        word = match.group(0)
        if word in STOP_WORDS or (kind == "counter" and word in GENERIC_WORDS):
            continue
        mask |= _span(match.start(), match.end())
    if kind == "counter":
        for generic in GENERIC_JA:
            at = folded.find(generic)
            while at >= 0:
                mask &= ~_span(at, at + len(generic))
                at = folded.find(generic, at + len(generic))
    return mask, mask.bit_count()


def name_coverage(folded: str, kind: str, terms: list[Term], lang: str, reading: bool = False) -> float:
    """The share of a name's characters that the query's words cover (stop words, hiragana, and the
    "counter" of a counter's name not counted; in a reading, every kana counts but the reading of カウンター)."""
    counted, total = countable(folded, kind, reading)
    if not total:
        return 0.0
    covered = 0
    for term in terms:
        if term.presence == EXCLUDED:
            continue
        for start, end, _q in spans(term, folded, lang):
            covered |= _span(start, end)
    return (covered & counted).bit_count() / total


def kind_bonuses() -> dict[str, float]:
    """What a match in a unit of each kind adds to its score: the registry's `search_bonus` (the editors'
    guides, `page`, none). The site's worker holds the same table (docs/assets/javascripts/workers/)."""
    return {**{kind.name: kind.search_bonus for kind in record_kinds.all_kinds()}, "page": 0.0}


def _round(value: float) -> float:
    return math.floor(value * 1e9 + 0.5) / 1e9


class Ranked(NamedTuple):
    unit: int
    score: float
    found: dict  # term index -> True/False
    best: int  # the entry that answers best (a name when the name matched)
    snippet_entry: int  # the entry to quote (-1: none)
    corrected: dict  # term index -> the correction it was found as

    @property
    def partial(self) -> bool:
        return not all(self.found.values())


def corrected_term(term: Term, key: str) -> Term:
    """The term looked for in place of `term`, as corrected to `key`."""
    return Term(key, term.kind, key, term.presence, term.typed)


def correct(index: Searchable, terms: list[Term], lang: str, hits: list | None = None) -> list[list[str]]:
    """Per term, the corrections to look for (typos.candidates): [] when it is not a word that is corrected,
    or matches anything as typed, unless it is in hiragana: a reading typed by ear has homophones
    (じゅうせい is 獣性 and, one kana off, 忠誠), so it is corrected even when it matches. The index's
    vocabulary is made on the first correction needed. `hits`: the terms' scans, when already made (`scan`):
    a word that matches nothing is then not looked for again."""
    found: list[list[str]] = []
    for n, term in enumerate(terms):
        edits, table = allowed_edits(term)
        matched = bool(hits[n]) if hits is not None else edits and pattern(term).search(index.folded)
        if not edits or (table != "hiragana" and matched):
            found.append([])
            continue
        if index.vocabulary is None:
            index.vocabulary = Vocabulary.of(index.texts, index.roles)
        typed = fold_token(term.typed) if table == "latin" else None
        found.append(candidates(term.text, index.vocabulary.table(table, lang), edits, typed))
    return found


def rank(
    index: Searchable,
    terms: list[Term],
    lang: str,
    kinds: set | None = None,
    prefer: str | None = None,
    limit: int | None = None,
    corrections: list | None = None,
    hits: list | None = None,
) -> list[Ranked]:
    """The units matching at least one term, best first (the first `limit`). `prefer`: the language
    whose text is quoted when several match equally (the command line holds every language).
    `corrections`: per term, what to look for instead when it matches nothing (`correct`); a unit that
    holds a word as typed comes before every unit that holds it only corrected (the first key of the sort:
    how many such words it holds as typed).

    With a `limit`, units are scored group by group (the same terms, a matched name or not, the same
    kind), best bound first, and the groups whose bound is below the limit-th score are skipped: the
    result is the same, faster when a common word ("counter") matches thousands of units."""
    active = [n for n, term in enumerate(terms) if term.presence != EXCLUDED]
    if not active:
        return []
    # term -> {entry: quality} (copied: the corrections are merged into them)
    hits = [dict(found) for found in hits] if hits is not None else [scan(index, term, lang) for term in terms]
    mixed = [n for n, keys in enumerate(corrections or ()) if keys and hits[n]]  # found as typed and corrected
    as_typed = [{index.owners[e] for e in hits[n]} for n in mixed]
    via: list[dict] = [{} for _ in terms]  # term -> {entry: the correction it was found as}
    variants = list(terms)  # every term looked for, corrections included: they cover a name too
    for n, keys in enumerate(corrections or ()):
        for v, key in enumerate(keys):
            fixed = corrected_term(terms[n], key)
            variants.append(fixed)
            for entry, q in scan(index, fixed, lang).items():
                q = q * CORRECTED_QUALITY
                if q > hits[n].get(entry, 0.0):
                    hits[n][entry] = q
                    via[n][entry] = v
    owners, roles, unit_kinds = index.owners, index.roles, index.kinds
    holders = [set(map(owners.__getitem__, found)) for found in hits]
    weights = [math.log(1 + len(unit_kinds) / max(len(units), 1)) for units in holders]
    total = sum(weights[n] for n in active)
    bonus = kind_bonuses()
    active_mask = sum(1 << n for n in active)
    required = sum(1 << n for n, term in enumerate(terms) if term.presence == REQUIRED)
    excluded = sum(1 << n for n, term in enumerate(terms) if term.presence == EXCLUDED)
    present: dict[int, int] = {}  # unit -> bit mask of the terms it holds (at most MAX_TERMS)
    for n, units in enumerate(holders):
        bit = 1 << n
        for unit in units:
            present[unit] = present.get(unit, 0) | bit
    named: set[int] = set()  # units with a name that holds a term
    for n in active:
        named.update(owners[e] for e in hits[n] if roles[e] in NAME_ROLES)
    groups: dict[tuple, list[int]] = {}
    for unit, bits in present.items():
        if bits & excluded or bits & required != required or not bits & active_mask:
            continue
        kind = unit_kinds[unit]
        if kinds is not None and kind not in kinds:
            continue
        tier = sum(1 for units in as_typed if unit in units) if as_typed else 0
        groups.setdefault((bits, unit in named, kind, tier), []).append(unit)

    def bound(key: tuple) -> float:
        bits, has_name, kind, _tier = key
        share = sum(weights[n] for n in active if bits >> n & 1) / total  # coverage; no text holds more
        return ((NAME if has_name else 0.0) + COVERAGE + FOCUS + TEXT * (1.0 if has_name else 0.8)) * share + bonus.get(
            kind, 0.0
        )

    rows: list[tuple] = []
    best_scores: list[float] = []  # a min-heap of the `limit` best scores so far
    for key in sorted(groups, key=bound, reverse=True):
        if limit and not mixed and len(best_scores) >= limit and bound(key) + 1e-6 < best_scores[0]:
            break
        for unit in groups[key]:
            row = _score(index, variants, active, hits, weights, total, unit, key[0], lang, prefer, bonus)
            row = (*row, _corrections_used(hits, via, corrections, index, unit, key[0]), key[3])
            rows.append(row)
            if limit:
                if len(best_scores) < limit:
                    heapq.heappush(best_scores, row[0])
                elif row[0] > best_scores[0]:
                    heapq.heapreplace(best_scores, row[0])
    rows.sort(key=lambda row: (-row[6], -row[0], row[1]))
    return [
        Ranked(unit, score, {n: bool(bits >> n & 1) for n in active}, best, snippet_entry, used)
        for score, unit, bits, best, snippet_entry, used, _tier in rows[:limit]
    ]


def _corrections_used(hits: list, via: list, corrections: list | None, index: Searchable, unit: int, bits: int) -> dict:
    """term -> the correction a unit holds it as (its best match; the first correction when equal)."""
    used = {}
    start = index.first[unit]
    end = index.first[unit + 1] if unit + 1 < len(index.first) else len(index.roles)
    for n, found in enumerate(via):
        if not found or not bits >> n & 1:
            continue
        if any(entry in hits[n] and entry not in found for entry in range(start, end)):
            continue  # it holds the word as typed
        best = None
        for entry in range(start, end):
            if entry in found:
                key = (hits[n][entry], -found[entry])
                if best is None or key > best:
                    best = key
        if best is not None and corrections is not None:
            used[n] = corrections[n][-best[1]]
    return used


def _score(
    index: Searchable,
    terms: list[Term],
    active: list,
    hits: list,
    weights: list,
    total: float,
    unit: int,
    bits: int,
    lang: str,
    prefer: str | None,
    bonus: dict[str, float],
) -> tuple:
    """(score, unit, bits, best entry, entry to quote) of one unit (see the module's docstring). `terms`: the
    query's terms, then their corrections (`hits` and `active` are the query's)."""
    roles, langs = index.roles, index.langs
    start = index.first[unit]
    end = index.first[unit + 1] if unit + 1 < len(index.first) else len(roles)
    best_role = [0.0] * len(hits)
    held = []  # (entry, the weight of the query it holds)
    for entry in range(start, end):
        mass, found = 0.0, False
        for n in active:
            q = hits[n].get(entry)
            if q is not None:
                mass = mass + weights[n] * q
                value = q * ROLE_WEIGHTS.get(roles[entry], 0.5)
                if value > best_role[n]:
                    best_role[n] = value
                found = True
        if found:
            held.append((entry, mass))
    coverage = text = 0.0
    for n in active:
        if bits >> n & 1:
            coverage += weights[n]
            text += weights[n] * best_role[n]
    coverage /= total
    text /= total
    focus, name, name_entry, snippet_entry, snippet_key = 0.0, 0.0, -1, -1, (0.0, False)
    for entry, mass in held:
        share = mass / total
        if share > focus:
            focus = share
        if roles[entry] in NAME_ROLES:
            covered = (
                name_coverage(folded_entry(index, entry), index.kinds[unit], terms, lang, roles[entry] == "reading")
                * share
            )
            if name_entry == -1 or covered > name:
                name, name_entry = covered, entry
        elif (share, langs[entry] == prefer) > snippet_key:
            snippet_key, snippet_entry = (share, langs[entry] == prefer), entry
    best = name_entry if name_entry >= 0 and (name > 0 or snippet_entry == -1) else snippet_entry
    score = _round(NAME * name + COVERAGE * coverage + FOCUS * focus + TEXT * text + bonus.get(index.kinds[unit], 0.0))
    return score, unit, bits, best, snippet_entry


def marks(text: str, terms: list[Term], lang: str) -> list[tuple[int, int]]:
    """Spans of `text` (original characters) where the terms match, merged."""
    folded, starts = fold_char_map(text)
    found = []
    for term in terms:
        if term.presence == EXCLUDED:
            continue
        for start, end, _q in spans(term, folded, lang):
            if end > start:
                found.append((starts[start], starts[end - 1] + 1))
    merged: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def sentences(text: str) -> list[tuple[int, int]]:
    """(start, end) of each sentence: one ends after . ! ? followed by a space, after 。！？, or at a line break."""
    found: list[tuple[int, int]] = []
    start = i = 0
    size = len(text)
    while i < size:
        char = text[i]
        end = -1
        if char == "\n":
            end = i
        elif char in "。！？":
            end = i + 1
        elif char in ".!?" and i + 1 < size and text[i + 1] in " \t":
            end = i + 1
        if end < 0:
            i += 1
            continue
        if end > start:
            found.append((start, end))
        i = end
        while i < size and text[i] in " \t\n":
            i += 1
        start = i
    if start < size:
        found.append((start, size))
    return found or [(0, size)]


def _last_space(text: str, low: int, high: int) -> int:
    """The last index in [low, high) holding a space, else -1."""
    for i in range(high - 1, low - 1, -1):
        if text[i] == " ":
            return i
    return -1


def snippet(text: str, terms: list[Term], lang: str, width: int = SNIPPET_WIDTH) -> tuple[str, list[tuple[int, int]]]:
    """The sentence of `text` that holds most of the query, cut to about `width` characters around its
    first match, and the spans to highlight in it."""
    found = marks(text, terms, lang)
    parts = sentences(text)
    best, best_count = parts[0], -1
    for start, end in parts:
        count = sum(min(b, end) - max(a, start) for a, b in found if a < end and b > start)
        if count > best_count:
            best, best_count = (start, end), count
    start, end = best
    inside = [(a, min(b, end)) for a, b in found if start <= a < end]
    cut, stop = start, end
    if end - start > width:
        first = inside[0][0] if inside else start
        cut = max(start, min(first - width // 4, end - width))
        if cut > start:
            space = _last_space(text, max(start, cut - 20), cut + 1)
            if space >= 0:
                cut = space + 1
        stop = min(end, cut + width)
        if stop < end:
            space = _last_space(text, max(cut, stop - 20), stop + 1)
            if space > cut:
                stop = space
    prefix = "…" if cut > start else ""
    suffix = "…" if stop < end else ""
    shift = len(prefix) - cut
    return prefix + text[cut:stop] + suffix, [(a + shift, min(b, stop) + shift) for a, b in inside if cut <= a < stop]
