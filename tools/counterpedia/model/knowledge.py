"""The one in-memory knowledge base that checks, pages, search and exports are computed from."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import diagnostics, kinds
from ..kinds import EMBEDDED_SEPARATOR
from ..storage.load import Document, load_paths
from . import memory, rule_numbers
from .shapes import as_list


@dataclass(eq=False)  # records compare by identity: value equality would compare whole records
class Record:
    kind: str
    id: str
    data: dict[str, Any]
    document: Document | None = None
    # A record kept inside another one's file (a card's ruling): the record holding it, and where.
    owner: Record | None = None
    prefix: tuple[Any, ...] = ()

    @property
    def path(self) -> str:
        return self.document.path if self.document else f"<{self.kind}:{self.id}>"

    @property
    def embedded(self) -> bool:
        return self.owner is not None

    @property
    def local_id(self) -> str:
        """The id as written in the file: for an embedded ruling, its id within its card."""
        return self.id.rsplit(EMBEDDED_SEPARATOR, 1)[-1] if self.owner is not None else self.id

    def position(self, keys: tuple[Any, ...] = ()) -> tuple[int, int]:
        return self.document.position(self.prefix + tuple(keys)) if self.document else (0, 0)

    def key_position(self, keys: tuple[Any, ...]) -> tuple[int, int]:
        return self.document.key_position(self.prefix + tuple(keys)) if self.document else (0, 0)


def embedded_id(owner_id: str, local_id: str) -> str:
    return f"{owner_id}{EMBEDDED_SEPARATOR}{local_id}"


@dataclass(frozen=True)
class QuotedRule:
    """One rule quoted in a data/rules record."""

    number: str
    record_id: str
    index: int  # its index in the record's `rules` list
    entry: dict[str, Any]


@dataclass
class KnowledgeBase:
    records: dict[str, dict[str, Record]] = field(default_factory=lambda: {k: {} for k in kinds.names()})
    duplicates: list[Record] = field(default_factory=list)
    # The rulings' texts taken from the translation memory (counterpedia.model.memory), set by from_documents.
    memory: memory.Links = field(default_factory=memory.Links)

    _quoted: dict[str, QuotedRule] | None = field(default=None, repr=False)
    # id(document) -> (that document, the records made from it), for `from_documents(previous=…)`
    made: dict[int, tuple[Document, list[Record]]] = field(default_factory=dict, repr=False)

    def add(self, record: Record) -> None:
        self._quoted = None
        bucket = self.records.setdefault(record.kind, {})
        if record.id in bucket:
            self.duplicates.append(record)
        else:
            bucket[record.id] = record

    def get(self, kind: str, record_id: str) -> Record | None:
        return self.records.get(kind, {}).get(record_id)

    def source(self, source_id: object) -> Record | None:
        """The source record a text's `source` or `via` names; None when the value names none (absent, unknown, or
        not a string: a malformed record's value, which its schema check reports)."""
        return self.get("source", source_id) if isinstance(source_id, str) else None

    def all(self, kind: str) -> list[Record]:
        return list(self.records.get(kind, {}).values())

    def __iter__(self) -> Iterator[Record]:
        """Every record, kind by kind in the registry's order (a kind no longer registered is skipped)."""
        for kind in kinds.names():
            yield from self.records.get(kind, {}).values()

    def quoted_rules(self) -> dict[str, QuotedRule]:
        """Every quoted rule number, mapped to where it is quoted (first quote wins); computed once."""
        if self._quoted is not None:
            return self._quoted
        quoted: dict[str, QuotedRule] = {}
        for record in self.all("rule"):
            for index, entry in enumerate(as_list(record.data.get("rules"))):
                if isinstance(entry, dict) and isinstance(entry.get("number"), str):
                    quoted.setdefault(entry["number"], QuotedRule(entry["number"], record.id, index, entry))
        self._quoted = quoted
        return quoted

    def rule_page_for(self, number: str) -> str | None:
        """The rule record that quotes `number`, or the one quoting its nearest ancestor."""
        quoted = self.quoted_rules()
        try:
            current: rule_numbers.RuleNumber | None = rule_numbers.parse(number)
        except rule_numbers.RuleNumberError:
            return None
        while current is not None:
            if str(current) in quoted:
                return quoted[str(current)].record_id
            current = current.parent
        for record in self.all("rule"):
            if str(record.data.get("section")) == number:
                return record.id
        return None


def from_documents(documents: list[Document], previous: KnowledgeBase | None = None) -> KnowledgeBase:
    """The knowledge base of these documents. `previous`: one made earlier from some of the same documents (the
    preview's, before an edit): the records of a document it holds are taken from it as they are (the same objects),
    and so are the rulings' memory templates; only the documents read again are made into records."""
    kb = KnowledgeBase()
    made = previous.made if previous is not None else {}
    for document in documents:
        known = made.get(id(document))
        if known is not None and known[0] is document:
            records = known[1]
        else:
            assert document.kind is not None, document.path  # load_paths keeps only the files of a record folder
            data = document.data
            record_id = data["id"] if isinstance(data.get("id"), str) else document.stem
            record = Record(document.kind, record_id, data, document)
            records = [record, *embedded_records(record)]
        kb.made[id(document)] = (document, records)
        for record in records:
            kb.add(record)
    kb.memory = memory.apply(kb, previous.memory if previous is not None else None)
    return kb


def embedded_records(owner: Record) -> list[Record]:
    """The records kept inside `owner`'s file (a card's `rulings`, as its kind declares), each a record of
    its own kind whose positions resolve inside the owner's file."""
    spec = kinds.find(owner.kind)
    kind = kinds.find(spec.embeds) if spec is not None and spec.embeds else None
    items = owner.data.get(kind.folder) if kind is not None else None
    if kind is None or not isinstance(items, list):
        return []
    found = []
    for index, item in enumerate(items):
        if not isinstance(item, dict):
            continue  # the owner's schema reports it
        local = item["id"] if isinstance(item.get("id"), str) and item["id"] else f"{kind.name}-{index + 1}"
        found.append(
            Record(
                kind.name, embedded_id(owner.id, local), item, owner.document, owner=owner, prefix=(kind.folder, index)
            )
        )
    return found


def load(data_dir: Path) -> tuple[KnowledgeBase, list[diagnostics.Diagnostic]]:
    """Load every record under `data_dir`: the knowledge base and the diagnostics met on the way."""
    result = load_paths([data_dir], root=data_dir)
    return from_documents(result.documents), result.diagnostics
