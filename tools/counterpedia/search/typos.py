"""Typing mistakes: the word of the index that a misspelt query word was meant to be.

A query word that matches nothing (not as a whole word, not as the beginning of one, not as a Japanese
substring) is looked up among the words of the index within a few edits, each edit an insertion, a
deletion, a substitution or the transposition of two neighbours (optimal string alignment distance):

- Latin-script words of 5 to 8 letters: one edit; 9 letters or more: two. Shorter words are never
  corrected (too many words are one edit from `stun`). The distance is taken between stems, so that
  `lyalties` finds `loyalty` (lyalt / loyalt) and `prolifirated` finds `proliferate`.
- Kana words of 5 or more (hiragana: the readings of names, `じゅうせい` -> ちゅうせい; katakana: the
  katakana words of the texts, `プレインズウォカー` -> プレインズウォーカー), by the same rule. Kanji are never
  corrected (a wrong kanji is a different word).
- At most MAX_CORRECTIONS corrections per word, the nearest first, then the most frequent.

A corrected word matches with CORRECTED_QUALITY times the quality of a match as typed. A word is
corrected only when it matches nothing at all, but a hiragana word also when it matches, since a
reading typed by ear has homophones (じゅうせい is the reading of 獣性, and one kana from 忠誠's): then
every result holding the word as typed comes first. So an exact match always outranks a corrected
one, and a result found through a correction says so. When a word is found only corrected, the query
with its correction (the one the best result holding a correction used) is offered: "did you mean".

The vocabulary is every word of the index's texts with how often it occurs: folded as the search folds
(the key) and as written, lower-cased (shown in "did you mean": `étourdissement`, `ちゅうせい`). The
browser's copy is in docs/assets/javascripts/workers/counterpedia-search.js (the same rules and
constants; it finds candidates by a plain scan, this module by a neighbourhood, the same set).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter

from .normalize import WORD, fold_char_map, fold_text, fold_token, normalize_text, stem

MIN_LETTERS = 5
TWO_EDITS_FROM = 9
MAX_CORRECTIONS = 3
CORRECTED_QUALITY = 0.6
MIN_KEY = 3  # shorter words are no correction of a word of five letters or more

_LETTERS_RE = re.compile("^[a-z\u00b5\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]+$")
_HIRAGANA_RE = re.compile("^[\u3041-\u309f\u30fc]+$")
_KATAKANA_RE = re.compile("^[\u30a1-\u30fa\u30fc]+$")
_WORDS_RE: list = []  # compiled when an index is built (a search that corrects nothing never needs them)


def _words_patterns() -> tuple:
    if not _WORDS_RE:
        _WORDS_RE.extend([re.compile(f"[{WORD}]+"), re.compile("[\u30a1-\u30fa\u30fc]+"), re.compile("[0-9]")])
    return tuple(_WORDS_RE)


def script(key: str) -> str:
    """Which table a folded word belongs to: latin, hiragana, katakana, or '' (none)."""
    if _LETTERS_RE.match(key):
        return "latin"
    if _HIRAGANA_RE.match(key) and key != "ー" * len(key):
        return "hiragana"
    if _KATAKANA_RE.match(key) and key != "ー" * len(key):
        return "katakana"
    return ""


def words_of(text: str, role: str) -> list[str]:
    """The words of one indexed text as written (lower-cased, NFKC): Latin-script words (those with a digit
    are left out of the vocabulary) and katakana words; a reading's words, and the whole reading."""
    low = normalize_text(text).lower()
    if role == "reading":
        pieces = [piece for piece in low.split(" ") if piece]
        return pieces + (["".join(pieces)] if len(pieces) > 1 else [])
    latin, katakana, _digit = _words_patterns()
    return latin.findall(low) + katakana.findall(low)


class Table:
    """The words one kind of term is compared with: key -> (count, forms), forms being the index's words
    it stands for, [(folded, as written, count), …], the most frequent first (a Latin stem stands for
    all the words it begins: loyalt for loyalty and loyalties).

    Three ways in: `rows` (a dict, when the vocabulary is made); `text` (`encode`: one line per key, the
    site's index); `lines` and `word_lines` (the command line's cache: the same lines sorted, and
    `folded word<TAB>key` lines sorted, searched by bisection: reading them is one `split`, where
    building the dict would cost more than the whole search)."""

    def __init__(
        self,
        rows: dict | None = None,
        text: str | None = None,
        lines: str | None = None,
        word_lines: str | None = None,
        alphabet: str | None = None,
    ):
        self._rows, self._text, self._alphabet = rows, text, alphabet
        self._raw_lines, self._raw_word_lines = lines, word_lines  # split when first read
        self._split: dict[str, list] = {}
        self._words: dict | None = None

    def _lines_of(self, name: str, raw: str | None) -> list | None:
        if raw is None:
            return None
        found = self._split.get(name)
        if found is None:
            found = self._split[name] = raw.split("\n") if raw else []
        return found

    @property
    def _lines(self) -> list | None:
        return self._lines_of("lines", self._raw_lines)

    @property
    def _word_lines(self) -> list | None:
        return self._lines_of("words", self._raw_word_lines)

    @property
    def rows(self) -> dict:
        if self._rows is None:
            self._rows = {}
            source = self._lines if self._lines is not None else (self._text.split("\n") if self._text else ())
            for line in source:
                parsed = _parse_line(line)
                if parsed is not None:
                    self._rows[parsed[0]] = parsed[1]
        return self._rows

    def row(self, key: str):
        """(count, forms) of a key, else None."""
        if self._rows is not None or self._lines is None:
            return self.rows.get(key)
        line = _find(self._lines, key)
        parsed = _parse_line(line) if line is not None else None
        return parsed[1] if parsed is not None else None

    def has(self, key: str) -> bool:
        if self._rows is not None or self._lines is None:
            return key in self.rows
        return _find(self._lines, key) is not None

    def keys(self):
        if self._rows is not None or self._lines is None:
            return self.rows.keys()
        return [line.partition("\t")[0] for line in self._lines]

    def key_of(self, word: str) -> str | None:
        """The key a folded word is a form of, else None."""
        if self._word_lines is None:
            return self.words.get(word)
        line = _find(self._word_lines, word)
        return line.partition("\t")[2] if line is not None else None

    def word_pairs(self):
        """(folded word, its key) of every word."""
        if self._word_lines is None:
            return self.words.items()
        return [tuple(line.split("\t", 1)) for line in self._word_lines]

    @property
    def alphabet(self) -> str:
        if self._alphabet is None:
            chars = {char for key in self.rows for char in key}
            chars.update(char for word in self.words for char in word)
            self._alphabet = "".join(sorted(chars))
        return self._alphabet

    @property
    def words(self) -> dict:
        """folded word -> the key it is a form of (a Latin stem's words)."""
        if self._words is None:
            self._words = {form[0]: key for key, (_count, forms) in self.rows.items() for form in forms}
        return self._words

    def encode(self) -> str:
        """One line per key, by key: `key<TAB>form|form…`, each form `folded count [written]`, its folded
        word `=` when it is the key, its written form left out when it is the folded word (a table is a
        third of the size so)."""
        if self._rows is None and self._text is not None:
            return self._text
        return "\n".join(
            f"{key}\t" + "|".join(encode_form(key, form) for form in forms)
            for key, (_count, forms) in sorted(self.rows.items())
        )

    def encode_words(self) -> str:
        return "\n".join(f"{word}\t{key}" for word, key in sorted(self.words.items()))


def _find(lines: list, key: str) -> str | None:
    """The line of sorted `lines` that starts with `key<TAB>`."""

    probe = key + "\t"
    at = bisect.bisect_left(lines, probe)
    return lines[at] if at < len(lines) and lines[at].startswith(probe) else None


def _parse_line(line: str):
    key, _, encoded = line.partition("\t")
    try:
        forms = [decode_form(key, form) for form in encoded.split("|")]
    except (IndexError, ValueError):  # not a line of ours: that word is not offered
        return None
    return key, (sum(form[2] for form in forms), forms)


def encode_form(key: str, form: tuple) -> str:
    folded, written, count = form
    return f"{'=' if folded == key else folded} {count}" + ("" if written == folded else f" {written}")


def decode_form(key: str, text: str) -> tuple:
    parts = text.split(" ")
    folded = key if parts[0] == "=" else parts[0]
    return folded, (parts[2] if len(parts) > 2 else folded), int(parts[1])


class Vocabulary:
    """folded word -> (the way it is most often written, how often it occurs), and a table per kind of term.
    Made once from the texts of an index (`of`); the command line's cache and each site's index hold its
    tables (`dump`), so neither the command line nor the browser reads the texts again for it."""

    def __init__(self, words: dict, tables: dict | None = None):
        self.words, self.tables = words, tables if tables is not None else {}

    @classmethod
    def of(cls, texts, roles) -> Vocabulary:
        written: Counter = Counter()
        for i, role in enumerate(roles):
            written.update(words_of(texts[i], role))
        counts: dict[str, dict[str, int]] = {}
        digit = _words_patterns()[2]
        for surface, count in written.items():
            if not digit.search(surface):
                counts.setdefault(fold_text(surface), {})[surface] = count
        words = {}
        for key, forms in counts.items():
            if len(key) >= MIN_KEY and script(key) and " " not in key:
                best = min(forms, key=lambda form: (-forms[form], form))
                words[key] = (best, sum(forms.values()))
        return cls(words)

    def table(self, kind: str, lang: str) -> Table:
        """The words a term is compared with: Latin stems for `lang` (fr, else en), or kana words."""
        name = table_name(kind, lang)
        found = self.tables.get(name)
        if found is None:
            found = self.tables[name] = Table(self._build(kind, lang))
        return found

    def _build(self, kind: str, lang: str) -> dict:
        groups: dict[str, list] = {}
        for key, (shown, count) in self.words.items():
            if script(key) != kind:
                continue
            root = stem(key, lang) if kind == "latin" else key
            if len(root) >= MIN_KEY:
                groups.setdefault(root, []).append((key, shown, count))
        rows = {}
        for root, forms in groups.items():
            forms.sort(key=lambda form: (-form[2], form[0]))
            rows[root] = (sum(form[2] for form in forms), forms)
        return rows

    def dump(self, names=("latin-en", "latin-fr", "hiragana", "katakana")) -> dict:
        """{table name: its text} (Table.encode)."""
        for name in names:
            kind, _, lang = name.partition("-")
            self.table(kind, lang)
        return {name: self.tables[name].encode() for name in names}

    def dump_native(self, names=("latin-en", "latin-fr", "hiragana", "katakana")) -> dict:
        """{table name: (its lines by key, its `word<TAB>key` lines by word, its alphabet)}: strings, for the
        command line's cache (Table's `lines`)."""
        native = {}
        for name in names:
            kind, _, lang = name.partition("-")
            table = self.table(kind, lang)
            native[name] = (table.encode(), table.encode_words(), table.alphabet)
        return native

    @classmethod
    def load(cls, data: dict) -> Vocabulary:
        """From `dump` (name -> text: the site's index) or `dump_native` (name -> three strings: the command
        line's cache)."""
        return cls(
            {},
            {
                name: Table(text=value)
                if isinstance(value, str)
                else Table(lines=value[0], word_lines=value[1], alphabet=value[2])
                for name, value in data.items()
            },
        )


def table_name(kind: str, lang: str) -> str:
    return f"latin-{'fr' if lang == 'fr' else 'en'}" if kind == "latin" else kind


def allowed_edits(term) -> tuple[int, str]:
    """(edits, table) for a query term: (0, '') when it is never corrected."""
    if term.presence == -1:  # EXCLUDED: -word is not searched for
        return 0, ""
    if term.kind == "word":
        token = fold_token(term.typed)
        if not _LETTERS_RE.match(token) or len(token) < MIN_LETTERS:
            return 0, ""
        return (1 if len(token) < TWO_EDITS_FROM else 2), "latin"
    if term.kind == "ja":
        kind = script(term.text)
        if kind in ("hiragana", "katakana") and len(term.text) >= MIN_LETTERS:
            return (1 if len(term.text) < TWO_EDITS_FROM else 2), kind
    return 0, ""


def distance(a: str, b: str, limit: int) -> int:
    """The optimal string alignment distance of a and b, or limit + 1 when it is over `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        low = i
        char = a[i - 1]
        for j in range(1, len(b) + 1):
            value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != b[j - 1]))
            if i > 1 and j > 1 and char == b[j - 2] and a[i - 2] == b[j - 1]:
                value = min(value, previous2[j - 2] + 1)
            current[j] = value
            low = min(low, value)
        if low > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[len(b)] if previous[len(b)] <= limit else limit + 1


def _neighbours(word: str, alphabet: str) -> set[str]:
    """Every string one edit from `word` over `alphabet`."""
    found = set()
    for i in range(len(word) + 1):
        head, tail = word[:i], word[i:]
        for char in alphabet:
            found.add(head + char + tail)
        if tail:
            found.add(head + tail[1:])
            for char in alphabet:
                found.add(head + char + tail[1:])
            if len(tail) > 1:
                found.add(head + tail[1] + tail[0] + tail[2:])
    return found


def _bigrams(word: str) -> set[str]:
    return {word[i : i + 2] for i in range(len(word) - 1)}


def candidates(word: str, table: Table, edits: int, typed: str | None = None) -> list[str]:
    """The keys of `table` within `edits` edits of `word` (a stem), or having a word within `edits` edits of
    `typed` (the word as typed, folded: `shiled` is read as the stem `shil`, but is one edit from
    `shield`), not `word` itself: the nearest first, then the most frequent, then in code point order;
    at most MAX_CORRECTIONS.

    One edit: the keys and words among the neighbours of `word` and `typed`. Two: those that keep enough of
    their bigrams (each edit removes at most three), then the distance. Both give exactly what a scan of
    the whole table gives (the browser scans)."""
    best: dict[str, int] = {}

    def found(key: str, d: int) -> None:
        if key != word and d <= edits and d < best.get(key, edits + 1):
            best[key] = d

    for probe, of_words in [(word, False)] + ([(typed, True)] if typed else []):
        if edits == 1:
            for near in _neighbours(probe, table.alphabet):
                key = table.key_of(near) if of_words else (near if table.has(near) else None)
                if key is not None:
                    found(key, 1 if near != probe else 0)
            continue
        pairs = _bigrams(probe)
        allowed = len(pairs) - 3 * edits
        for candidate, key in table.word_pairs() if of_words else ((k, k) for k in table.keys()):
            if abs(len(candidate) - len(probe)) > edits:
                continue
            # the bigrams it shares: a bigram is one of a word's when the word holds it (no set made per word)
            if allowed > 0 and sum(pair in candidate for pair in pairs) < allowed:
                continue
            found(key, distance(probe, candidate, edits))
    ranked = sorted(best.items(), key=lambda row: (row[1], -table.row(row[0])[0], row[0]))
    return [key for key, _d in ranked[:MAX_CORRECTIONS]]


def shown(vocabulary: Vocabulary, term, key: str, lang: str) -> str:
    """How a correction is written: of the words it stands for, the nearest to what was typed, then the
    most frequent (prolifirer -> proliférer, not the more frequent proliférez), as the texts write it."""
    _edits, kind = allowed_edits(term)
    row = vocabulary.table(kind, lang).row(key) if kind else None
    if not row:
        return key
    typed = fold_token(term.typed) if kind == "latin" else term.text
    limit = max(len(typed), max(len(form[0]) for form in row[1]))
    return min(row[1], key=lambda form: (distance(typed, form[0], limit), -form[2], form[0]))[1]


def suggestion(query: str, terms: list, corrections: list, ranked: list, shown) -> str | None:
    """The query with each word that was found only corrected replaced by the correction the best result
    holding one used (`shown(n, key)`: how to write it); None when there is none (a word found as typed
    in any result is kept)."""
    text = normalize_text(query)
    replacements = []
    for n, keys in enumerate(corrections):
        if not keys or any(n in r.found and r.found[n] and n not in r.corrected for r in ranked):
            continue  # not corrected, or found as typed too
        key = next((r.corrected[n] for r in ranked if n in r.corrected), None)
        if key is None:
            continue
        span = locate(text, terms[n].typed)
        if span is not None:
            replacements.append((span[0], span[1], shown(n, key)))
    if not replacements:
        return None
    for start, end, word in sorted(replacements, reverse=True):
        text = text[:start] + word + text[end:]
    return text


def as_typed(query: str, typed: str) -> str:
    """The part of `query` (NFKC) that a term's `typed` folds from: じゅうせい, not the folded じゆうせい."""
    text = normalize_text(query)
    span = locate(text, typed)
    return text[span[0] : span[1]] if span else typed


def locate(text: str, typed: str) -> tuple[int, int] | None:
    """(start, end) in `text` of the first place that folds to what `typed` folds to."""
    folded, starts = fold_char_map(text)
    wanted = fold_text(typed)
    at = folded.find(wanted) if wanted else -1
    if at < 0:
        return None
    after = at + len(wanted)
    return starts[at], (starts[after] if after < len(starts) else len(text))
