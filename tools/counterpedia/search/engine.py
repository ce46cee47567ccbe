"""The command-line search: every text of the data, in every language, ranked like the site's search.

The index (corpus.units over the knowledge base, every language) is built once and cached (marshal
of a few big strings, bytes and arrays: 10x faster to load than a pickle of objects; texts and
rows are decoded only when shown) under a fingerprint
of the data files (paths, sizes, modification times), so a search on unchanged data stats the files,
loads the cache and runs `rank` (the algorithm the site's worker runs too). Files that could not be
read are remembered with the index and reported on every search. Nothing here imports ruamel.

A query is read as the site's box reads it: shorthands (catalogue/search-shorthands.yaml, held in the
cache) replaced by the name they mean, then parsed; a word that matches nothing is corrected (`typos`:
the vocabulary's tables are held in the cache as strings, read only when a correction is needed), and
the corrected query is offered ("did you mean").
"""

from __future__ import annotations

import contextlib
import json
import marshal
import mmap
import os
import re
import sys
import zlib
from array import array
from pathlib import Path
from typing import Any, NamedTuple

from .. import kinds
from ..langs import LANGS
from . import rank, typos
from . import shorthands as shorthand
from .normalize import has_japanese
from .query import parse
from .rank import JoinedTexts
from .yaml_lines import line_of as locate

FORMAT = 16  # bump when the cached structure, the corpus or the normalization changes
LANG_PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}

FRENCH_WORDS = frozenset(
    "le la les un une des du de au aux et est sont avec sur dans pour par qui que ne pas "
    "marqueur marqueurs créature créatures joueur joueurs carte cartes règle règles "
    "jeton jetons bouclier étourdissement meule meuler".split()
)
_FRENCH_ACCENTS = re.compile("[àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ«»]")


class Rows:
    """A list of small JSON rows kept as one string: only the rows a search shows are decoded (thousands
    of small objects are what makes a cache slow to load)."""

    def __init__(self, joined: bytes, starts: Any):
        self.joined, self.starts = joined, starts

    @classmethod
    def of(cls, rows: list) -> Rows:
        texts = JoinedTexts.of([json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in rows])
        return cls(texts.joined, texts.starts)

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i: int):
        return json.loads(JoinedTexts(self.joined, self.starts)[i])


def _array(values) -> bytes:
    return array("I", values).tobytes()


def _ints(data: bytes):
    values = array("I")
    values.frombytes(data)
    return values


# Index and Hit are NamedTuples, not dataclasses: importing dataclasses costs `counterpedia search` 12 ms.
class Index(NamedTuple):
    fingerprint: bytes  # the data files' listing it was built from (`fingerprint`)
    problems: list  # rendered diagnostics of the files that could not be read (left out)
    units: Rows  # [kind, id, page, anchor, [title ja, en, fr], path] per unit
    entries: Rows  # [anchor (a quoted rule's) or null, [keys: where in its record]] per entry
    searchable: rank.Searchable
    shorthands: list  # [[typed, {lang: the name it means}], …]


class Hit(NamedTuple):
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
    missing: list  # the query's words it does not hold (a partial match)
    corrected: dict  # a word as typed -> the word it was found as

    def as_json(self) -> dict:
        return {
            "kind": self.kind,
            "id": self.id,
            "title": self.title,
            "url": self.url,
            "path": self.path,
            "line": self.line,
            "score": round(self.score, 3),
            "field": self.role,
            "lang": self.lang,
            "snippet": self.snippet,
            "marks": [list(s) for s in self.spans],
            "partial": bool(self.missing),
            "missing": self.missing,
            "corrected": self.corrected,
        }


class Answer(NamedTuple):
    hits: list
    lang: str  # the language of titles and site paths
    terms: list
    suggestion: str | None = None  # "did you mean": the query with its corrections
    shorthands: list = []  # [[shorthand as typed, the name searched for], …]


class SearchError(Exception):
    """Bad input: the command exits with status 2."""


# -- the index ---------------------------------------------------------------------------------


def fingerprint(data_dir: Path) -> bytes:
    """The listing of the data's YAML files (path, size, modification and change times), compared whole with
    the cache's: exact, and cheaper than hashing it (hashlib alone costs 10 ms to import). Not
    load.record_files: importing counterpedia.storage.load brings in ruamel (60 ms), and this runs on every
    `counterpedia search`, cache hit or not.

    Every file is stat'ed (5,701: most of this function's 20-30 ms): an editor that saves in place (the same
    file rewritten, as most do) changes the file's times but not its folder's, so the folders' times alone
    would serve a stale result. The change time catches a save that kept the modification time.

    The listing is in the order the folders list their files (the same as long as a folder is unchanged; a
    different order only rebuilds the index), as two flat lists: sorting thousands of tuples and marshalling
    them cost a quarter of this function."""
    resolved = data_dir.resolve()
    names: list[str] = []  # each folder (ending in "/"), then the files it holds
    numbers: list[int] = []  # per file: size, modification and change times (ns)
    suffixes = (".yaml", ".yml")
    by_fd = os.scandir in os.supports_fd
    stack = [""]
    while stack:
        folder = stack.pop()
        where = os.path.join(resolved, folder)
        try:
            # A folder's entries are stat'ed relative to its descriptor: no path to resolve per file.
            handle = os.open(where, os.O_RDONLY | os.O_DIRECTORY) if by_fd else None
        except OSError:
            continue
        names.append(folder + "/")
        try:
            with os.scandir(where if handle is None else handle) as entries:
                for entry in entries:
                    name = entry.name
                    if name.endswith(suffixes):
                        try:
                            stat = entry.stat()
                        except OSError:
                            continue
                        names.append(name)
                        numbers += (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
                    elif entry.is_dir(follow_symlinks=False):
                        stack.append(f"{folder}/{name}" if folder else name)
        except OSError:
            pass
        finally:
            if handle is not None:
                os.close(handle)
    shorthands_file = resolved.parent / "catalogue" / "search-shorthands.yaml"
    try:
        stat = shorthands_file.stat()
        names.append(str(shorthands_file))
        numbers += (stat.st_size, stat.st_mtime_ns, stat.st_ctime_ns)
    except OSError:
        pass
    return marshal.dumps((FORMAT, sys.version, str(resolved), names, numbers))


def cache_path(data_dir: Path) -> Path:
    """$XDG_CACHE_HOME/counterpedia/ when set, else .cache/counterpedia/ beside the data folder."""
    data_dir = data_dir.resolve()
    tag = f"{zlib.crc32(str(data_dir).encode('utf-8', 'surrogateescape')):08x}"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) / "counterpedia" if xdg else data_dir.parent / ".cache" / "counterpedia"
    return base / f"search-{tag}.marshal"


def build(data_dir: Path, stamp: bytes | None = None) -> Index:
    # start-up: the knowledge base brings in ruamel (60 ms), which a search from the cached index never needs
    from ..model.knowledge import load

    kb, problems = load(data_dir)
    return index_of(kb, problems, data_dir, stamp)


def index_of(kb, problems: list, data_dir: Path, stamp: bytes | None = None) -> Index:
    """The index of a knowledge base loaded from `data_dir` (`problems`: the load's diagnostics)."""
    # start-up: the corpus, the renderer's URLs and the text model (20 ms); the diagnostics, dataclasses (12 ms)
    from ..catalogue.shorthands import default_path, meanings
    from ..diagnostics import ERROR
    from . import corpus

    unreadable = [
        d.render() if hasattr(d, "render") else str(d) for d in problems if getattr(d, "severity", ERROR) == ERROR
    ]
    table, problem = meanings(kb, default_path(data_dir))
    if problem:
        unreadable.append(problem)
    units = corpus.units(kb)
    entries = Rows.of([[entry.anchor, list(entry.keys)] for unit in units for entry in unit.entries])
    intern = sys.intern  # one string per role, language and kind in the cache, not one per entry
    searchable = rank.searchable(
        [(intern(u.kind), [(intern(e.role), intern(e.lang), e.text) for e in u.entries]) for u in units]
    )
    searchable.vocabulary = typos.Vocabulary.of(searchable.texts, searchable.roles)
    searchable.segments = rank.Segments.of(searchable.folded, searchable.starts)
    searchable.texts = rank.JoinedTexts.of(searchable.texts)
    compact = Rows.of(
        [[u.kind, u.id, u.page, u.anchor, [u.titles.get(lang, u.id) for lang in LANGS], u.path] for u in units]
    )
    return Index(stamp or fingerprint(data_dir), unreadable, compact, entries, searchable, table)


class Blob:
    """A part of the mapped cache file, read when sliced: the texts, the rows and the folded texts of every
    entry are not read, let alone decoded, until a search shows them (the page cache reads them once)."""

    def __init__(self, mapped, start: int, size: int):
        self.mapped, self.start, self.size = mapped, start, size

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, part: slice) -> bytes:
        start, stop, _step = part.indices(self.size)
        return self.mapped[self.start + start : self.start + max(start, stop)]

    def tobytes(self) -> bytes:
        return self.mapped[self.start : self.start + self.size]


def _raw(value) -> bytes:
    return value if isinstance(value, bytes) else value.tobytes()


# The cache file: MAGIC, the length of its head (8 bytes, little-endian), its head (marshal: the small parts, and
# where each blob is), then the blobs (UTF-8 texts and arrays), mapped and read when used.
MAGIC = b"counterpedia search cache\n"
BLOBS = (
    "units",
    "unit_starts",
    "entries",
    "entry_starts",
    "owners",
    "folded",
    "starts",
    "first",
    "texts",
    "text_starts",
    "segment_starts",
    "postings",
    "posting_starts",
    "inner_ids",
    "inner_offsets",
)
LAZY = ("units", "entries", "folded", "texts")  # the others are arrays, copied when the cache is loaded


def _dump(index: Index) -> bytes:
    """The index as a head of builtins (marshal: several times faster to load than pickle) and blobs."""
    found = index.searchable
    texts = found.texts if isinstance(found.texts, rank.JoinedTexts) else rank.JoinedTexts.of(list(found.texts))
    segments = found.segments if found.segments is not None else rank.Segments.of(found.folded, found.starts)
    folded = found.folded_text
    blobs = {
        "units": _raw(index.units.joined),
        "unit_starts": _array(index.units.starts),
        "entries": _raw(index.entries.joined),
        "entry_starts": _array(index.entries.starts),
        "owners": _array(found.owners),
        "folded": folded.encode("utf-8", "surrogatepass") if isinstance(folded, str) else _raw(folded),
        "starts": _array(found.starts),
        "first": _array(found.first),
        "texts": _raw(texts.joined),
        "text_starts": _array(texts.starts),
        "segment_starts": _array(segments.starts),
        "postings": _array(segments.postings),
        "posting_starts": _array(segments.posting_starts),
        "inner_ids": _array(segments.inner_ids),
        "inner_offsets": _array(segments.inner_offsets),
    }
    places, offset = {}, 0
    for name in BLOBS:
        places[name] = (offset, len(blobs[name]))
        offset += len(blobs[name])
    head = marshal.dumps(
        {
            "format": FORMAT,
            "fingerprint": index.fingerprint,
            "problems": index.problems,
            "roles": found.roles,
            "langs": found.langs,
            "kinds": found.kinds,
            "vocabulary": found.vocabulary.dump_native() if found.vocabulary is not None else None,
            "shorthands": index.shorthands,
            "segments": segments.text,
            "blobs": places,
            "size": offset,
        }
    )
    return b"".join([MAGIC, len(head).to_bytes(8, "little"), head] + [blobs[name] for name in BLOBS])


def _load(mapped) -> Index | None:
    """The index in a mapped cache file (bytes do too); None when it is not one of this FORMAT."""
    if mapped[: len(MAGIC)] != MAGIC:
        return None
    at = len(MAGIC) + 8
    size = int.from_bytes(mapped[len(MAGIC) : at], "little")
    stored = marshal.loads(mapped[at : at + size])
    if not isinstance(stored, dict) or stored.get("format") != FORMAT:
        return None
    base = at + size
    if len(mapped) != base + stored["size"]:
        return None  # truncated, or more than was written: rebuilt
    blob: dict = {}
    for name, (offset, length) in stored["blobs"].items():
        if name in LAZY:
            blob[name] = Blob(mapped, base + offset, length)
        else:
            blob[name] = _ints(mapped[base + offset : base + offset + length])
    found = rank.Searchable(
        stored["roles"],
        stored["langs"],
        JoinedTexts(blob["texts"], blob["text_starts"]),
        blob["owners"],
        stored["kinds"],
        blob["folded"],
        blob["starts"],
        blob["first"],
    )
    if stored.get("vocabulary") is not None:
        found.vocabulary = typos.Vocabulary.load(stored["vocabulary"])
    found.segments = rank.Segments(
        stored["segments"],
        blob["segment_starts"],
        blob["postings"],
        blob["posting_starts"],
        blob["inner_ids"],
        blob["inner_offsets"],
    )
    return Index(
        stored["fingerprint"],
        stored["problems"],
        Rows(blob["units"], blob["unit_starts"]),
        Rows(blob["entries"], blob["entry_starts"]),
        found,
        stored.get("shorthands") or [],
    )


def _map(path: Path):
    """The cache file, mapped read-only (an empty file: its bytes). A file replaced by another search while this
    one reads it stays whole: the mapping holds the file that was opened."""
    with open(path, "rb") as file:
        try:
            return mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        except (ValueError, OSError):
            return file.read()


def load_index(data_dir: Path, use_cache: bool = True) -> tuple[Index, bool]:
    """The index for `data_dir`, from the cache when the data has not changed; (index, rebuilt)."""
    stamp = fingerprint(data_dir)
    path = cache_path(data_dir)
    if use_cache and path.is_file():
        try:
            index = _load(_map(path))
            if index is not None and index.fingerprint == stamp:
                return index, False
        except Exception:  # a stale, foreign or truncated cache file: rebuild it
            pass
    index = build(data_dir, stamp)
    if use_cache:
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(_dump(index))
            os.replace(temporary, path)
        except OSError:
            # A read-only checkout or a full disk still searches, just without a cache, and leaves nothing behind.
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)
    return index, True


# -- the query ---------------------------------------------------------------------------------


def detect_lang(query: str) -> str | None:
    """ja for kana/kanji, fr for French accents or words; None when the query does not say."""
    if has_japanese(query) or re.search("[\uff01-\uff5e]", query):
        return "ja"  # kana, kanji, or full-width forms (＋１/＋１)
    if _FRENCH_ACCENTS.search(query):
        return "fr"
    words = {w.strip("'’").lower() for w in re.split(r"[\s'’]+", query) if w}
    if words & FRENCH_WORDS or any(re.match(r"^[dl]['’]\w", w) for w in query.lower().split()):
        return "fr"
    return None


def line_of(path: str, keys: tuple) -> int:
    try:
        return locate(Path(path).read_text(encoding="utf-8"), keys)
    except (OSError, UnicodeDecodeError):
        return 1


def search(
    index: Index,
    query: str,
    lang: str | None = None,
    kind: str | None = None,
    limit: int | None = 10,
    locate: bool = True,
) -> Answer:
    """Ranked hits for `query`, the language their titles are shown in, the query's terms, the corrected
    query when a word was found only through a correction, and the shorthands read. `locate=False`: the hits'
    YAML lines are not looked up (line 0), for a caller that needs only where they are on the site."""
    if not query or not query.strip():
        raise SearchError("give a query: some words to look for, e.g. `counterpedia search poison`")
    if kind is not None and kinds.find(kind) is None:
        raise SearchError(f"unknown kind '{kind}': use one of {', '.join(kinds.names())}")
    wanted = lang or detect_lang(query)
    stemming = wanted if wanted in ("en", "fr") else "en"
    expanded, used = shorthand.expand(query, shorthand.table(index.shorthands, wanted or "en"))
    terms = parse(expanded, stemming)
    if not terms:
        raise SearchError(f"'{query}' holds no word to look for")
    found = index.searchable
    scans = [rank.scan(found, term, stemming) for term in terms]  # once: correct and rank both read them
    corrections = rank.correct(found, terms, stemming, scans)
    ranked = rank.rank(
        found,
        terms,
        stemming,
        {kind} if kind else None,
        prefer=wanted or "en",
        limit=max(limit or 0, 5) if limit else None,
        corrections=corrections,
        hits=scans,
    )
    if wanted is None:
        # The query did not say its language: the language the top results matched in, else English.
        langs = [found.langs[r.best] for r in ranked[:5] if r.best >= 0]
        wanted = "fr" if langs and langs.count("fr") > len(langs) / 2 and langs[0] != "en" else "en"

    def shown(n: int, key: str) -> str:
        assert found.vocabulary is not None  # made by the correction that gave `key`
        return typos.shown(found.vocabulary, terms[n], key, stemming)

    marked = terms + [rank.corrected_term(terms[n], key) for n, keys in enumerate(corrections) for key in keys]
    hits: list[Hit] = []
    for result in ranked[:limit]:
        unit_kind, unit_id, page, anchor, titles, path = index.units[result.unit]
        quoted = result.snippet_entry if result.snippet_entry >= 0 else result.best
        where = result.best if result.best >= 0 else quoted
        text, spans = rank.snippet(found.texts[quoted], marked, stemming) if quoted >= 0 else ("", [])
        entry_anchor, keys = index.entries[where] if where >= 0 else (None, [])
        quoted_anchor = index.entries[quoted][0] if 0 <= quoted != where else None
        anchor = quoted_anchor or entry_anchor or anchor  # the quoted rule's anchor: where the sentence is
        url = LANG_PREFIX.get(wanted, "") + page + (f"#{anchor}" if anchor else "")
        missing = [terms[n].typed for n, present in result.found.items() if not present]
        hits.append(
            Hit(
                unit_kind,
                unit_id,
                titles[LANGS.index(wanted)],
                url,
                path,
                (line_of(path, tuple(keys)) if where >= 0 else 1) if locate else 0,
                result.score,
                found.roles[where] if where >= 0 else "",
                found.langs[where] if where >= 0 else wanted,
                text,
                spans,
                missing,
                {typos.as_typed(query, terms[n].typed): shown(n, key) for n, key in sorted(result.corrected.items())},
            )
        )
    return Answer(hits, wanted, terms, typos.suggestion(query, terms, corrections, ranked, shown), used)
