"""The command-line search: every text of the data, in every language, with one normalization.

Building the index reads the YAML (slow: ruamel); it is cached in a pickle keyed by a fingerprint of
the data files (paths, sizes, modification times), so a search on unchanged data only stats the
files and unpickles. Matching:

- a Latin-script query word matches the folded, plural-reduced words of a text by prefix
  (`marqueurs` finds "marqueur", `creature` finds "créatures", `counter` finds "counters");
- a Japanese query run matches as a substring of the folded text (no segmentation needed:
  `取り除かれる` is found wherever it is written);
- every query word must match somewhere in the record; the record's best text decides its rank:
  names first, then rule texts, then rulings, then the rest (summaries, notes).
"""

from __future__ import annotations

import bisect
import hashlib
import os
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path

from .normalize import fold_char_map, fold_text, fold_token, has_japanese, normalize_text, split, tokens

FORMAT = 3  # bump when the cached structure or the normalization changes
KINDS = ("counter", "rule", "ruling", "card", "mechanic", "term", "source")
LANGS = ("ja", "en", "fr")
LANG_PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}

# role -> (tier, weight): the tier orders results (names, rules, rulings, the rest).
ROLES = {
    "names": (0, 1000.0),
    "title": (0, 1000.0),
    "rule": (1, 300.0),
    "example": (1, 250.0),
    "ruling": (2, 100.0),
    "summary": (3, 30.0),
    "note": (3, 30.0),
}
KIND_BONUS = {"counter": 6.0, "mechanic": 4.0, "term": 3.0, "card": 2.0, "rule": 1.0}

FRENCH_WORDS = frozenset(
    "le la les un une des du de au aux et est sont avec sur dans pour par qui que ne pas "
    "marqueur marqueurs créature créatures joueur joueurs carte cartes règle règles "
    "permanent permanents jeton jetons poison bouclier étourdissement".split()
)
_FRENCH_ACCENTS = re.compile("[àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ«»]")
_ELISION = re.compile(r"^(?:qu|[cdjlmnst])['’](?=.)", re.IGNORECASE)


@dataclass
class Entry:
    """One text of one record in one language."""

    kind: str
    id: str
    role: str
    lang: str
    keys: tuple
    path: str
    line: int
    text: str
    folded: str
    anchor: str | None = None


@dataclass
class Index:
    fingerprint: str
    entries: list[Entry]
    titles: dict  # (kind, id) -> {lang: title}
    pages: dict  # (kind, id) -> (page, anchor)
    vocabulary: list[str] = field(default_factory=list)  # sorted folded tokens
    postings: dict = field(default_factory=dict)  # token -> sorted entry numbers


@dataclass
class Hit:
    kind: str
    id: str
    title: str
    url: str
    path: str
    line: int
    score: float
    role: str
    lang: str
    snippet: str
    spans: list  # (start, end) of the marks in snippet

    def as_json(self) -> dict:
        return {"kind": self.kind, "id": self.id, "title": self.title, "url": self.url, "path": self.path,
                "line": self.line, "score": round(self.score, 3), "field": self.role, "lang": self.lang,
                "snippet": self.snippet, "marks": [list(s) for s in self.spans]}


class SearchError(Exception):
    """Bad input: the command exits with status 2."""


# -- the index ---------------------------------------------------------------------------------

def data_files(data_dir: Path) -> list[Path]:
    # Not load.record_files: importing counterpedia.load brings in ruamel (60 ms measured), and this
    # listing runs on every `counterpedia search`, cache hit or not.
    files = []
    for root, dirs, names in os.walk(data_dir):
        dirs.sort()
        files.extend(Path(root) / name for name in sorted(names) if name.endswith((".yaml", ".yml")))
    return files


def fingerprint(data_dir: Path) -> str:
    digest = hashlib.sha1(f"{FORMAT}\0{data_dir.resolve()}".encode())
    for path in data_files(data_dir):
        stat = path.stat()
        digest.update(f"{path.relative_to(data_dir)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def cache_path(data_dir: Path) -> Path:
    """$XDG_CACHE_HOME/counterpedia/ when set, else .cache/counterpedia/ beside the data folder."""
    data_dir = data_dir.resolve()
    tag = hashlib.sha1(str(data_dir).encode()).hexdigest()[:12]
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) / "counterpedia" if xdg else data_dir.parent / ".cache" / "counterpedia"
    return base / f"search-{tag}.pickle"


def build(data_dir: Path, stamp: str | None = None) -> Index:
    from ..knowledge import load
    from ..render import urls
    from ..texts import text_fields, title

    kb, _problems = load(data_dir)
    entries: list[Entry] = []
    titles: dict = {}
    pages: dict = {}
    for record in kb:
        if record.kind not in KINDS:
            continue
        key = (record.kind, record.id)
        titles[key] = {lang: title(record, lang) for lang in LANGS}
        try:
            page, anchor = urls.page_path(record.kind, record.id)
        except KeyError:
            continue
        pages[key] = (page, anchor)
        path = record.path
        for text_field in text_fields(record):
            rule_anchor = None
            if record.kind == "rule" and text_field.keys[:1] == ("rules",):
                entry = (record.data.get("rules") or [])[text_field.keys[1]]
                number = entry.get("number") if isinstance(entry, dict) else None
                rule_anchor = urls.rule_anchor(number) if isinstance(number, str) else None
            for lang, value in text_field.texts.items():
                text = value.get("text") if isinstance(value, dict) else value if isinstance(value, str) else None
                if not isinstance(text, str) or not text.strip():
                    continue
                keys = (*text_field.keys, lang)
                line = record.position(keys)[0] + 1
                entries.append(Entry(record.kind, record.id, text_field.role, str(lang), keys, path, line,
                                     text, fold_text(text), rule_anchor))
    index = Index(stamp or fingerprint(data_dir), entries, titles, pages)
    postings: dict[str, set] = {}
    for number, entry in enumerate(entries):
        for piece in split(entry.text):
            token = fold_token(piece)
            if token and not has_japanese(token):
                postings.setdefault(token, set()).add(number)
    index.postings = {token: sorted(numbers) for token, numbers in postings.items()}
    index.vocabulary = sorted(index.postings)
    return index


def load_index(data_dir: Path, use_cache: bool = True) -> tuple[Index, bool]:
    """The index for `data_dir`, from the cache when the data has not changed; (index, rebuilt)."""
    stamp = fingerprint(data_dir)
    path = cache_path(data_dir)
    if use_cache and path.is_file():
        try:
            with path.open("rb") as handle:
                index = pickle.load(handle)
            if isinstance(index, Index) and index.fingerprint == stamp:
                return index, False
        except Exception:  # a stale or foreign cache file: rebuild it
            pass
    index = build(data_dir, stamp)
    if use_cache:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            with temporary.open("wb") as handle:
                pickle.dump(index, handle, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(temporary, path)
        except OSError:
            pass  # a read-only checkout still searches, just without a cache
    return index, True


# -- the query ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Term:
    text: str  # folded form: a plural-reduced word, or a Japanese run
    japanese: bool
    mark: str  # what to look for in folded text when marking the match


def parse_query(query: str) -> list[Term]:
    terms: list[Term] = []
    for word in normalize_text(query).split():
        word = _ELISION.sub("", word)
        for piece in split(word):
            if has_japanese(piece):
                folded = fold_text(piece)
                terms.append(Term(folded, True, folded))
                continue
            token = fold_token(piece)
            if not token:
                continue
            raw = fold_text(piece).strip()
            # Mark the common stem of what was typed and what it was reduced to (abilities -> abilit).
            common = os.path.commonprefix([raw.lstrip("+-"), token]) or token
            terms.append(Term(token, False, common))
    seen: set = set()
    return [t for t in terms if not (t.text in seen or seen.add(t.text))]


def detect_lang(query: str) -> str | None:
    """ja for kana/kanji, fr for French accents or words; None when the query does not say."""
    if has_japanese(query) or re.search("[\uff01-\uff5e]", query):
        return "ja"  # kana, kanji, or full-width forms (＋１/＋１)
    if _FRENCH_ACCENTS.search(query):
        return "fr"
    words = {w.strip("'’").lower() for w in re.split(r"[\s'’]+", query) if w}
    if words & FRENCH_WORDS - {"poison", "permanent", "permanents"}:
        return "fr"
    return None


def _latin_matches(index: Index, token: str) -> set[int]:
    """Entries holding a word that starts with `token`."""
    found: set[int] = set()
    vocabulary = index.vocabulary
    start = bisect.bisect_left(vocabulary, token)
    for position in range(start, len(vocabulary)):
        word = vocabulary[position]
        if not word.startswith(token):
            break
        found.update(index.postings[word])
    return found


def _mark_spans(folded: str, starts: list[int], term: Term) -> list[tuple[int, int]]:
    """Spans of the original text where `term` matches (from the folded text and its offset map)."""
    spans = []
    if term.japanese:
        pattern = re.compile(re.escape(term.mark))
    else:
        pattern = re.compile(r"(?<![0-9a-z])[+\-]?" + re.escape(term.mark.lstrip("+-")) + r"[0-9a-z+/\-]*")
    for match in pattern.finditer(folded):
        if match.end() > match.start():
            spans.append((starts[match.start()], starts[match.end() - 1] + 1))
    return spans


def snippet(text: str, spans: list[tuple[int, int]], width: int = 110) -> tuple[str, list[tuple[int, int]]]:
    """A one-line excerpt around the first match, and the marks' spans within it."""
    flat = re.sub(r"\s", " ", text)
    if not spans:
        cut = flat[:width]
        return (cut + ("…" if len(flat) > width else "")), []
    first = min(spans)[0]
    start = max(0, first - width // 3)
    if start:
        space = flat.rfind(" ", start - 15, first)
        start = space + 1 if space > 0 else start
    end = min(len(flat), start + width)
    prefix = "…" if start > 0 else ""
    suffix = "…" if end < len(flat) else ""
    inside: list[tuple[int, int]] = []
    for a, b in sorted(spans):
        if a >= end or b <= start:
            continue
        a, b = max(a, start) - start + len(prefix), min(b, end) - start + len(prefix)
        if inside and a <= inside[-1][1]:
            inside[-1] = (inside[-1][0], max(b, inside[-1][1]))  # touching marks: one mark
        else:
            inside.append((a, b))
    return prefix + flat[start:end] + suffix, inside


def search(index: Index, query: str, lang: str | None = None, kind: str | None = None,
           limit: int | None = 10) -> tuple[list[Hit], str]:
    """Ranked hits for `query`, and the language their titles are shown in."""
    if not query or not query.strip():
        raise SearchError("give a query: some words to look for, e.g. `counterpedia search poison`")
    if kind is not None and kind not in KINDS:
        raise SearchError(f"unknown kind '{kind}': use one of {', '.join(KINDS)}")
    terms = parse_query(query)
    if not terms:
        raise SearchError(f"'{query}' holds no word to look for")

    # entry -> the terms it matches
    matched: dict[int, set[int]] = {}
    for number, term in enumerate(terms):
        if term.japanese:
            entries = (i for i, e in enumerate(index.entries) if term.text in e.folded)
        else:
            entries = _latin_matches(index, term.text)
        for i in entries:
            matched.setdefault(i, set()).add(number)

    wanted = lang or detect_lang(query)
    prefer = wanted or "en"
    wanted_tokens = tuple(tokens(query))
    records: dict[tuple, list[int]] = {}
    for i in matched:
        entry = index.entries[i]
        if kind is None or entry.kind == kind:
            records.setdefault((entry.kind, entry.id), []).append(i)

    ranked = []
    for key, numbers in records.items():
        covered = set().union(*(matched[i] for i in numbers))
        if len(covered) < len(terms):
            continue  # every query word must be found in the record

        def entry_score(i: int) -> float:
            entry = index.entries[i]
            tier, weight = ROLES.get(entry.role, (3, 10.0))
            score = weight * len(matched[i]) / len(terms)
            if entry.role in ("names", "title"):
                name = tuple(tokens(entry.text))
                if name == wanted_tokens:
                    score += 600.0  # the name itself (plurals, case and accents aside)
                elif name[: len(wanted_tokens)] == wanted_tokens:
                    score += 150.0
            if entry.lang == prefer:
                score += 5.0
            return score

        best = max(numbers, key=lambda i: (entry_score(i), -i))
        score = entry_score(best) + KIND_BONUS.get(key[0], 0.0) + min(len(numbers), 20) * 0.5
        ranked.append((score, key, best))

    ranked.sort(key=lambda item: (-item[0], KINDS.index(item[1][0]), item[1][1]))
    if wanted is None:
        # The query did not say its language: the language the top results matched in, else English.
        langs = [index.entries[best].lang for _s, _k, best in ranked[:5]]
        wanted = "fr" if langs and langs.count("fr") > len(langs) / 2 and "en" not in langs[:1] else "en"

    hits = []
    for score, key, best in ranked[: limit if limit else None]:
        entry = index.entries[best]
        folded, starts = fold_char_map(entry.text)
        spans = []
        for term in terms:
            spans += _mark_spans(folded, starts, term)
        text, marks = snippet(entry.text, spans)
        page, anchor = index.pages[key]
        anchor = entry.anchor or anchor
        url = LANG_PREFIX.get(wanted, "") + page[:-3] + ".html" + (f"#{anchor}" if anchor else "")
        title = index.titles.get(key, {}).get(wanted) or key[1]
        hits.append(Hit(key[0], key[1], title, url, entry.path, entry.line, score, entry.role, entry.lang,
                        text, marks))
    return hits, wanted
