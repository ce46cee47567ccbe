"""The one in-memory knowledge base that checks, pages, search and exports are computed from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import rule_numbers
from .load import FOLDERS, Document, load_paths
from .shapes import as_list

KIND_ORDER = ("counter", "rule", "ruling", "card", "mechanic", "term", "source")


@dataclass
class Record:
    kind: str
    id: str
    data: dict
    document: Document | None = None

    @property
    def path(self) -> str:
        return self.document.path if self.document else f"<{self.kind}:{self.id}>"

    def position(self, keys: tuple = ()) -> tuple[int, int]:
        return self.document.position(keys) if self.document else (0, 0)


@dataclass(frozen=True)
class QuotedRule:
    """One rule quoted in a data/rules record."""

    number: str
    record_id: str
    index: int  # its index in the record's `rules` list
    entry: dict


@dataclass
class KnowledgeBase:
    records: dict[str, dict[str, Record]] = field(default_factory=lambda: {k: {} for k in KIND_ORDER})
    duplicates: list[Record] = field(default_factory=list)

    _quoted: dict | None = field(default=None, repr=False)

    def add(self, record: Record) -> None:
        self._quoted = None
        bucket = self.records.setdefault(record.kind, {})
        if record.id in bucket:
            self.duplicates.append(record)
        else:
            bucket[record.id] = record

    def get(self, kind: str, record_id: str) -> Record | None:
        return self.records.get(kind, {}).get(record_id)

    def all(self, kind: str) -> list[Record]:
        return list(self.records.get(kind, {}).values())

    def __iter__(self):
        for kind in KIND_ORDER:
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
            current = rule_numbers.parse(number)
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


def from_documents(documents: list[Document]) -> KnowledgeBase:
    kb = KnowledgeBase()
    for document in documents:
        data = document.data
        record_id = data.get("id") if isinstance(data.get("id"), str) else document.stem
        kb.add(Record(document.kind, record_id, data, document))
    return kb


def load(data_dir: Path) -> tuple[KnowledgeBase, list]:
    """Load every record under `data_dir`: the knowledge base and the diagnostics met on the way."""
    result = load_paths([data_dir], root=data_dir)
    return from_documents(result.documents), result.diagnostics


def data_folder(kind: str) -> str:
    return FOLDERS[kind]
