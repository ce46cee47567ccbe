"""The checks that read one record alone, and their diagnostics kept per file from one `validate` to the next.

The schema (E101), the id against the file's name (E102), the dates (E130), the noted differences (E308) and the
characters of the texts (E190, E191, W205) read nothing but the record they check; the translation memory's checks
of an entry (E500, E501, E504-E511) read the entry and the vocabulary (the glossary's and the cards' names, the
reviewed list's pairs: `memory.Vocabulary`), whose digest is part of their key; the references (E110, E111), the
provenance (E140, E141, W201-W203) and the official texts (E161, E162, E165) read the record, which ids exist and
the sources' data (`cited_facts`), whose digest is part of theirs. Their diagnostics are kept
per file, under a digest of all they read: the file's path and text, its records and which of them the knowledge
base holds (a record whose id another file took first is a duplicate: only the schema and E102 check those), the
texts the translation memory gave its rulings, and the context (`context`: the package's files, Python's and the
libraries' versions, the settings and the working directory). After an edit only the edited file is checked again
by these; every other file's diagnostics are the ones kept for its unchanged text.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from .. import kinds
from ..diagnostics import Diagnostic
from ..model.knowledge import KnowledgeBase, Record
from ..model.memory import MemoryText
from ..storage.load import Document
from ..storage.parse_cache import read_cache_file, write_cache_file
from ..storage.parse_many import map_in_two
from ..storage.result_cache import from_rows, rows
from . import characters, dates, differences, identity, memory, official, provenance, references, schema

FORMAT = 1
# The child's share of the files checked when the parent also runs the checks across records meanwhile: after a
# clone, the files' checks and keys take about 1.25 s of CPU in one process and the others 0.4 s, but forked each
# process takes about 0.2 s more for its part (pages copied on their first write, the cores sharing their caches):
# at 0.70 the parent (its files and the others) and the child (its files, sent back pickled) took 1.07 and 1.08 s
# (2026-12-02, load average 7; 0.65: 1.17 and 1.06 s). Since the parent also writes the parse cache meanwhile
# (`validate`), 0.72: parent and child 0.93-1.03 s of CPU each, three runs (2026-12-03, load average 3 to 5; at
# 0.70 the parent took 0.05-0.12 s more than the child, at 0.74 the child 0.05 s more than the parent).
CHILD_SHARE = 0.72


@dataclass(frozen=True)
class PerRecord:
    name: str
    check_record: Callable[[Record], Iterable[Diagnostic]]
    duplicates: bool  # also run on the records the knowledge base holds as duplicates


CHECKS = (
    PerRecord("schema", schema.check_record, True),
    PerRecord("identity: id and file name", identity.check_record, True),
    PerRecord("dates", dates.check_record, False),
    PerRecord("differences", differences.check_record, False),
    PerRecord("characters", characters.check_record, False),
)
# What remains of the registry's checks these cover when their results are kept per file (None: nothing):
# identity's clashes (E103) read every record.
REMAINING: dict[str, Callable[[KnowledgeBase], Iterable[Diagnostic]] | None] = {
    "schema": None,
    "identity": identity.clashes,
    "dates": None,
    "differences": None,
    "characters": None,
    "memory": memory.check_across,
    "references": None,
    "provenance": None,
    "official": None,
}
# The checks of one record that also read which ids exist and what the sources are (`cited_facts`).
CITING: tuple[Callable[[KnowledgeBase, Record], Iterable[Diagnostic]], ...] = (
    references.check_record,
    provenance.check_record,
    official.check_record,
)


def _held(kb: KnowledgeBase, record: Record) -> bool:
    """Whether iterating the knowledge base meets this record (not a duplicate, a registered kind)."""
    return kb.get(record.kind, record.id) is record and kinds.find(record.kind) is not None


def checked(kb: KnowledgeBase, records: Iterable[Record]) -> list[Diagnostic]:
    """What the per-record checks report on these records."""
    found: list[Diagnostic] = []
    for record in records:
        held = _held(kb, record)
        for check in CHECKS:
            if held or check.duplicates:
                found.extend(check.check_record(record))
    return found


def _citing(kb: KnowledgeBase, held: list[Record]) -> list[Diagnostic]:
    """What the CITING checks report on these records."""
    return [d for record in held for check in CITING for d in check(kb, record)]


def _entries_checked(entries: list[Record], vocabulary: memory.Vocabulary) -> list[Diagnostic]:
    """What the memory's checks of one entry report on each of these entries."""
    return [d for entry in entries for d in memory.check_entry(entry, vocabulary)]


def _run(task: Callable[[], list[tuple[str, list[Diagnostic]]]]) -> list[tuple[str, list[Diagnostic]]]:
    return task()


def cited_facts(kb: KnowledgeBase) -> str:
    """The digest of what the CITING checks read beyond the record: every (kind, id) the knowledge base holds and
    every source's data."""
    ids = sorted((kind, record_id) for kind, bucket in kb.records.items() for record_id in bucket)
    sources = [(source.id, source.data) for source in kb.all("source")]
    return hashlib.sha256(repr((ids, sources)).encode("utf-8", "surrogatepass")).hexdigest()


class _Shared:
    """What the keys of several files share, worked out once per run: each document's digest (the text of a memory
    shard is part of the key of every file whose rulings take its texts), each memory entry's description."""

    def __init__(self, kb: KnowledgeBase):
        self.kb = kb
        self.digests: dict[int, tuple[Document, str]] = {}
        self.entries: dict[str, tuple[object, tuple[str, str, object] | None]] = {}

    def digest(self, document: Document) -> str:
        """The digest of the document's text: the SHA-256 of its file's bytes, known from loading when it was read."""
        known = self.digests.get(id(document))
        if known is None or known[0] is not document:
            digest = (
                document.digest.hex()
                if document.digest
                else hashlib.sha256(document.source.encode("utf-8", "surrogatepass")).hexdigest()
            )
            known = self.digests[id(document)] = (document, digest)
        return known[1]

    def entry(self, entry_key: str) -> tuple[object, tuple[str, str, object] | None]:
        """(the entry's data, (its file, its text's digest, where in it)), the second None when its text is not known."""
        known = self.entries.get(entry_key)
        if known is None:
            entry = self.kb.memory.entries.get(entry_key)
            if entry is None:
                known = (None, None)
            elif entry.document is not None and entry.document.has_source:
                known = (entry.data, (entry.document.path, self.digest(entry.document), entry.prefix))
            else:
                known = (entry.data, None)
            self.entries[entry_key] = known
        return known


def _memory_texts(record: Record, shared: _Shared) -> list[object]:
    """What the texts the memory gave a ruling are made of: a derived text is a function of the entry's data (its
    file's text, and where in it), the ruling's and its card's own data (this file) and the French words with a mute
    h (`mute_h`); a text whose entry is not known so is described by its whole content."""
    texts = record.data.get("text") if record.kind == "ruling" else None
    if not isinstance(texts, dict):
        return []
    found: list[object] = []
    filled = shared.kb.memory.filled
    for lang, text in texts.items():
        if not isinstance(text, MemoryText):
            continue
        entry_key = filled.get((record.id, str(lang)))
        data, described = shared.entry(entry_key) if entry_key is not None else (None, None)
        if described is not None and data is text.entry:
            found.append((str(lang), *described))
        else:
            found.append((str(lang), sorted(text.items())))
    return found


def file_key(context: str, document: Document, records: list[Record], held: list[bool], shared: _Shared) -> str:
    """The digest of everything the per-record checks read in one file's records (`context` includes the memory's
    mute h words; `held`: whether the knowledge base holds each record): what differs in any of them gives another
    key."""
    facts = (
        context,
        document.path,
        document.kind,
        document.stem,
        shared.digest(document),
        [(r.kind, r.id, r.prefix, r.embedded, is_held, _memory_texts(r, shared)) for r, is_held in zip(records, held)],
    )
    return hashlib.sha256(repr(facts).encode("utf-8", "surrogatepass")).hexdigest()


class _Parts:
    """What the per-record checks of one file are split into, each kept under a key of its own: the checks of the
    record alone (under the file's key), the CITING checks (under it and the `cited_facts` digest) and the memory's
    checks of one shard's entries (under it and the vocabulary's digest). What the keys share is worked out once per
    process, when first needed."""

    def __init__(self, kb: KnowledgeBase, context: str):
        self.kb = kb
        self.context = context
        self.shared = _Shared(kb)
        self.registered = frozenset(kinds.names())  # as _held's kinds.find, once
        self.cited = ""
        self.vocabulary: memory.Vocabulary | None = None
        self.words = ""

    def of(self, document: Document, records: list[Record]) -> list[tuple[str, Callable[[], list[Diagnostic]]]]:
        """(key, check) of each part of the file's records."""
        kb = self.kb
        flags = [kb.get(r.kind, r.id) is r and r.kind in self.registered for r in records]  # as _held
        key = file_key(self.context, document, records, flags, self.shared)
        found: list[tuple[str, Callable[[], list[Diagnostic]]]] = [(key, partial(checked, kb, records))]
        held = [r for r, is_held in zip(records, flags) if is_held]
        if held:
            if not self.cited:
                self.cited = cited_facts(kb)
            found.append((hashlib.sha256(f"{key} cited {self.cited}".encode()).hexdigest(), partial(_citing, kb, held)))
        entries = [r for r in records if r.kind == "translation"]
        if entries:
            if self.vocabulary is None:
                self.vocabulary = memory.Vocabulary.of(kb)
                self.words = self.vocabulary.digest()
            found.append(
                (
                    hashlib.sha256(f"{key} {self.words}".encode()).hexdigest(),
                    partial(_entries_checked, entries, self.vocabulary),
                )
            )
        return found


def _checked_parts(parts: _Parts, document: Document, records: list[Record]) -> list[tuple[str, list[Diagnostic]]]:
    return [(key, check()) for key, check in parts.of(document, records)]


def _checked_part(key: str, check: Callable[[], list[Diagnostic]]) -> list[tuple[str, list[Diagnostic]]]:
    return [(key, check())]


class KeptPerFile:
    """The per-record checks' diagnostics of each file, kept in `path` under `file_key`: `diagnostics(kb)` checks
    only the files whose key is new; `save()` keeps this run's (and only those)."""

    def __init__(self, path: Path, context: str):
        self.path = path
        self.context = context
        self._known: dict[str, object] = read_cache_file(path, FORMAT, "files")  # absent or foreign: check every file
        self._used: dict[str, object] = {}
        self._changed = False
        self.rechecked = 0  # parts of files (`_Parts.of`) checked again by the last `diagnostics`

    def diagnostics(self, kb: KnowledgeBase, meanwhile: Callable[[], object] | None = None) -> list[Diagnostic]:
        """The per-record checks' diagnostics of every file. `meanwhile`: the caller's other work, done while a forked
        child checks its share of the files not kept (or after them, without a child)."""
        found: list[Diagnostic] = []
        parts = _Parts(kb, hashlib.sha256(repr((self.context, sorted(kb.memory.mute_h))).encode()).hexdigest())
        # What is checked now: each task gives (key, diagnostics) of the parts it checked.
        tasks: list[Callable[[], list[tuple[str, list[Diagnostic]]]]] = []
        # After a clone nothing is kept: no key need be known before checking, so each file's keys are worked out
        # with its checks, in the child for the child's share.
        cold = not self._known
        for document, records in kb.made.values():
            if not document.has_source:  # no text to vouch for what was checked
                found.extend(checked(kb, records))
            elif cold:
                tasks.append(partial(_checked_parts, parts, document, records))
            else:
                for key, check in parts.of(document, records):
                    kept = from_rows(self._known.get(key))
                    if kept is None or any(d.path != document.path for d in kept):
                        tasks.append(partial(_checked_part, key, check))
                    else:
                        self._used[key] = rows(kept)
                        found.extend(kept)
        # The files not kept are checked now, most of them in a forked child when there are many (after a clone)
        # while this process checks the others and does `meanwhile`: the checks only read the knowledge base, which
        # the child has as it is here.
        share = CHILD_SHARE if meanwhile is not None else 0.5
        self.rechecked = 0
        for results in map_in_two(_run, tasks, meanwhile, share):
            for key, result in results:
                self._used[key] = rows(result)
                found.extend(result)
                self.rechecked += 1
        self._changed = self._changed or bool(tasks)
        return found

    def save(self) -> None:
        if not self._changed and len(self._used) == len(self._known):
            return
        write_cache_file(self.path, json.dumps({"format": FORMAT, "files": self._used}, separators=(",", ":")))
