"""What each page reads, so that after an edit the preview renders again only the pages whose input changed.

A page is rendered by a `TrackedRenderer`: its knowledge base and the indexes it derives from it (the cards of
each counter, the rulings about each record, the backlinks, the quoted rules, the card names the linker looks
for) log every lookup as a key while the page is rendered:

    ("record", kind, id)      one record (`kb.get`)
    ("kind", kind)            every record of a kind (`kb.all`, the quoted rules)
    ("all",)                  every record (iterating the knowledge base)
    (index, key)              one entry of a derived index; (index, WHOLE) the whole index
    ("currency",)             how current the site's sources are (the currency line)

After an edit, `changed(keys, old, new)` says which of those keys give another value in the new state than in
the old one; the pages that read one of them are rendered again, the others are not. A record's value is its
kind, id and the identity of its data: the preview reuses the parsed documents of the files that did not change,
so that a record keeps its data object until its file is read again. The pages rendered again are compared with
what they were: only those whose Markdown changed are converted again (commands/preview)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import fields, is_dataclass
from typing import Any

from ..model.knowledge import KnowledgeBase, QuotedRule, Record
from ..model.references import backlinks, ref_targets
from . import incremental
from .markup import Linker, card_name_linkable
from .pages import SiteRenderer, about_kinds, ruling_order

Key = tuple[Hashable, ...]
WHOLE = "\x00whole"  # the key of an index read whole (iterated), not by one of its keys
ALL: Key = ("all",)
TARGETS, PREVIOUS = "targets", "previous"  # what a TrackedRenderer keeps in `remembered`


class Reads:
    """The keys read while a page is rendered (`recording`); outside of one, nothing is logged."""

    def __init__(self) -> None:
        self.keys: set[Key] | None = None

    def add(self, key: Key) -> None:
        if self.keys is not None:
            self.keys.add(key)

    @contextmanager
    def paused(self) -> Iterator[None]:
        """Nothing is logged meanwhile (an index made whole while a page is rendered: its entries are logged)."""
        previous, self.keys = self.keys, None
        try:
            yield
        finally:
            self.keys = previous

    @contextmanager
    def recording(self) -> Iterator[set[Key]]:
        previous, self.keys = self.keys, set()
        try:
            yield self.keys
        finally:
            if previous is not None:
                previous.update(self.keys)
            self.keys = previous


class TrackedKB:
    """A knowledge base that logs what is read from it; anything else than the lookups below reads everything."""

    def __init__(self, kb: KnowledgeBase, reads: Reads):
        self._kb = kb
        self._reads = reads
        self._rule_pages: dict[str, str | None] = {}  # rule_page_for, once per number (the rules do not change)

    def get(self, kind: str, record_id: str) -> Record | None:
        self._reads.add(("record", kind, record_id))
        return self._kb.get(kind, record_id)

    def all(self, kind: str) -> list[Record]:
        self._reads.add(("kind", kind))
        return self._kb.all(kind)

    def __iter__(self) -> Iterator[Record]:
        self._reads.add(ALL)
        return iter(self._kb)

    def quoted_rules(self):
        self._reads.add(("kind", "rule"))
        return self._kb.quoted_rules()

    def rule_page_for(self, number: str) -> str | None:
        self._reads.add(("kind", "rule"))
        if number not in self._rule_pages:
            self._rule_pages[number] = self._kb.rule_page_for(number)
        return self._rule_pages[number]

    def __getattr__(self, name: str) -> Any:
        self._reads.add(ALL)
        return getattr(self._kb, name)


class TrackedMap(dict):
    """A derived index (a dict) that logs each key looked up, and WHOLE when it is iterated."""

    def __init__(self, name: str, data: dict, reads: Reads):
        super().__init__(data)
        self._name = name
        self._reads = reads

    def __getitem__(self, key):
        self._reads.add((self._name, key))
        return super().__getitem__(key)

    def get(self, key, default=None):
        self._reads.add((self._name, key))
        return super().get(key, default)

    def __contains__(self, key) -> bool:
        self._reads.add((self._name, key))
        return super().__contains__(key)

    def __iter__(self):
        self._reads.add((self._name, WHOLE))
        return super().__iter__()

    def __len__(self) -> int:
        self._reads.add((self._name, WHOLE))
        return super().__len__()

    def keys(self):
        self._reads.add((self._name, WHOLE))
        return super().keys()

    def values(self):
        self._reads.add((self._name, WHOLE))
        return super().values()

    def items(self):
        self._reads.add((self._name, WHOLE))
        return super().items()


# The indexes a SiteRenderer (and its Linker) derive from the knowledge base when they are made.
RENDERER_INDEXES = ("cards_by_counter", "rulings_index", "quoted")  # and "backlinks", made when first read
LINKER_INDEXES = ("quoted", "card_names", "card_prefixes")


class TrackedRenderer(SiteRenderer):
    """A SiteRenderer whose every read of the data is logged in `reads`."""

    def __init__(
        self,
        kb: KnowledgeBase,
        lang: str,
        archive=None,
        ja_rules=None,
        reads: Reads | None = None,
        remembered: dict | None = None,
        stopped: frozenset[str] = frozenset(),
    ):
        self.reads = reads or Reads()
        self.base = kb
        # What is kept from one state to the next (the preview makes a renderer per state): what each record
        # cites, by its data object (TARGETS), and the last renderer made (PREVIOUS), whose indexes this one's are
        # updated from when the edit between them allows it (render/incremental).
        self.remembered = remembered if remembered is not None else {}
        previous = self.remembered.get(PREVIOUS)
        self.pairs = (
            incremental.delta(previous.base, kb)
            if previous is not None and previous.lang == lang and previous.stopped == stopped
            else None
        )
        self.previous = previous if self.pairs is not None else None
        super().__init__(TrackedKB(kb, self.reads), lang, archive, ja_rules, stopped)  # type: ignore[arg-type]
        self.indexes: dict[str, dict] = {}
        for name in RENDERER_INDEXES:
            self.indexes[name] = getattr(self, name)
            setattr(self, name, TrackedMap(name, getattr(self, name), self.reads))
        for name in LINKER_INDEXES:
            self.indexes[f"linker.{name}"] = getattr(self.linker, name)
            setattr(self.linker, name, TrackedMap(f"linker.{name}", getattr(self.linker, name), self.reads))
        if self.previous is not None and "backlinks" in self.previous.indexes:
            self.index("backlinks")  # updated from the previous state's now, while it is at hand
        # Each page must log the card names it looks up: the linker finds them anew for every text.
        self.linker.remember_names = False
        self.previous = None  # not kept: one state's renderer is remembered, not the chain of them
        self.remembered[PREVIOUS] = self

    @property
    def backlinks(self) -> dict:
        self.index("backlinks")
        assert self._backlinks is not None
        return self._backlinks

    def index(self, name: str) -> dict:
        """One of the indexes as made (not tracked); the backlinks are made when first asked for."""
        if name == "backlinks" and name not in self.indexes:
            with self.reads.paused():
                self.indexes[name] = self.make_backlinks(self.base)
            self._backlinks = TrackedMap(name, self.indexes[name], self.reads)
        return self.indexes[name]

    def make_linker(self, kb, lang: str, archive) -> Linker:
        if self.previous is not None:
            before = (self.previous.indexes["linker.card_names"], self.previous.indexes["linker.card_prefixes"])
            index = incremental.card_names(before, self.base, self.pairs or [], card_name_linkable(self.base))
            if index is not None:
                return Linker(kb, lang, archive, self.stopped, card_index=index)
        return super().make_linker(kb, lang, archive)

    def make_cards_by_counter(self, kb) -> dict:
        if self.previous is not None:
            return incremental.cards_by_counter(self.previous.indexes["cards_by_counter"], self.base, self.pairs or [])
        return super().make_cards_by_counter(kb)

    def make_rulings_index(self, kb) -> dict:
        if self.previous is not None:
            found = incremental.rulings_index(
                self.previous.indexes["rulings_index"], self.base, self.pairs or [], ruling_order, about_kinds()
            )
            if found is not None:
                return found
        return super().make_rulings_index(kb)

    def make_backlinks(self, kb) -> dict:
        before: dict = self.remembered.get(TARGETS, {})
        now: dict = {}

        def targets(record: Record) -> list[tuple[str, str]]:
            known = now.get(id(record.data)) or before.get(id(record.data))
            if known is None or known[0] is not record.data or known[1] != record.kind:
                known = (record.data, record.kind, ref_targets(record))
            now[id(record.data)] = known  # the data object is kept: its id cannot be another's meanwhile
            return known[2]

        if self.previous is not None:
            found = incremental.backlinks(self.previous.indexes["backlinks"], self.base, self.pairs or [], targets)
            kept = dict(before)
            for old, new in self.pairs or []:
                if old.data is not new.data:
                    kept.pop(id(old.data), None)
            kept.update(now)
            self.remembered[TARGETS] = kept
            return found
        found = backlinks(kb, targets)
        self.remembered[TARGETS] = now
        return found

    @property
    def site_currency(self):
        self.reads.add(("currency",))
        if self._currency is None:
            with self.reads.recording():  # computed once, from every record: its own key stands for them
                self._currency = super().site_currency
        return self._currency

    def render_page(self, make) -> tuple[str, frozenset[Key]]:
        """The Markdown `make()` returns, and every key it read."""
        with self.reads.recording() as keys:
            # The records a page is made for are handed to it (page_makers' partials), not looked up: reads too.
            for argument in getattr(make, "args", ()):
                if isinstance(argument, Record):
                    keys.add(("record", argument.kind, argument.id))
            markdown = make()
        return markdown, frozenset(keys)

    # -- comparing two states ------------------------------------------------------------------------
    def currency(self):
        """How current the site is, in this state (computed once)."""
        if self._currency is None:
            self._currency = SiteRenderer.site_currency.fget(self)  # type: ignore[attr-defined]
        return self._currency


def same(key: Key, old: TrackedRenderer, new: TrackedRenderer) -> bool:
    """Whether `key` reads the same in both states (a key this module does not know never does)."""
    refilled = frozenset(new.base.memory.refilled)
    kind = key[0]
    if kind == "record":
        return same_value(old.base.get(str(key[1]), str(key[2])), new.base.get(str(key[1]), str(key[2])), refilled)
    if kind == "kind":
        return _same_records(old.base.all(str(key[1])), new.base.all(str(key[1])), refilled)
    if kind == "all":
        return _same_records(list(old.base), list(new.base), refilled) and _same_records(
            old.base.duplicates, new.base.duplicates, refilled
        )
    if kind == "currency":
        return fingerprint(old.currency()) == fingerprint(new.currency())
    if isinstance(kind, str) and kind in old.indexes:
        before, after = old.indexes[kind], new.index(kind)
        if key[1] == WHOLE:
            return before.keys() == after.keys() and all(same_value(v, after[k], refilled) for k, v in before.items())
        return same_value(before.get(key[1], _ABSENT), after.get(key[1], _ABSENT), refilled)
    return False


def _same_records(before: list, after: list, refilled: frozenset[int] = frozenset()) -> bool:
    return len(before) == len(after) and all(same_value(a, b, refilled) for a, b in zip(before, after))


def same_value(a: Any, b: Any, refilled: frozenset[int] = frozenset()) -> bool:
    """Equal, a record by its kind, id and data object (an unchanged file keeps its data object), unless the
    translation memory changed that data in place (`refilled`: the ids of those data objects)."""
    if isinstance(a, Record) or isinstance(b, Record):
        return (
            isinstance(a, Record)
            and isinstance(b, Record)
            and a.kind == b.kind
            and a.id == b.id
            and a.data is b.data
            and id(b.data) not in refilled
            and (a.owner.data if a.owner else None) is (b.owner.data if b.owner else None)
        )
    if a is b and not refilled:
        return True  # an index entry the edit did not touch (render/incremental keeps it as it was)
    if isinstance(a, QuotedRule) or isinstance(b, QuotedRule):
        return (
            isinstance(a, QuotedRule)
            and isinstance(b, QuotedRule)
            and a.number == b.number
            and a.record_id == b.record_id
            and a.index == b.index
            and a.entry is b.entry
        )
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(v, b[k], refilled) for k, v in a.items())
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and _same_records(list(a), list(b), refilled)
    return fingerprint(a) == fingerprint(b)


_ABSENT = object()  # a key an index does not hold (the same in both states)


def changed(keys: Iterable[Key], old: TrackedRenderer, new: TrackedRenderer) -> set[Key]:
    """The keys whose value differs between the two states."""
    return {key for key in keys if not same(key, old, new)}


def fingerprint(value: Any) -> Any:
    """A value to compare two states by: a record by its kind, id and data object (not its whole data)."""
    if isinstance(value, Record):
        return ("record", value.kind, value.id, id(value.data), id(value.owner.data) if value.owner else None)
    if isinstance(value, QuotedRule):
        return ("quote", value.number, value.record_id, value.index, id(value.entry))
    if isinstance(value, dict):
        return tuple((k, fingerprint(v)) for k, v in dict.items(value))
    if isinstance(value, (list, tuple)):
        return tuple(fingerprint(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(fingerprint(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *(fingerprint(getattr(value, f.name)) for f in fields(value)))
    return value
