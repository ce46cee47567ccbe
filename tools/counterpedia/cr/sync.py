"""Updating the English quotes to one edition, through ruamel round-trip: renumber, re-quote, keep translations."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from ..model.knowledge import KnowledgeBase, Record
from ..model.references import cited_rules
from ..storage import writes, yamlio
from ..storage.format import format_data
from ..storage.load import schema_kind
from .quotes import CHANGED, MOVED, SAME, VANISHED, QuoteChange


@dataclass
class SyncPlan:
    edition: str
    requoted: list[QuoteChange] = field(default_factory=list)  # English text or examples updated
    renumbered: dict[str, str] = field(default_factory=dict)  # old -> new number
    vanished: list[QuoteChange] = field(default_factory=list)
    drifted: list[tuple[QuoteChange, str]] = field(default_factory=list)  # (quote, language) now drifted
    citations: list[tuple[str, tuple, str, str]] = field(default_factory=list)  # (path, keys, old, new)
    collisions: list[tuple[QuoteChange, str]] = field(default_factory=list)  # (moved quote, number already quoted)
    files: dict[str, str] = field(default_factory=dict)  # path -> new content

    def lines(self) -> list[str]:
        out = []
        for change in self.requoted:
            what = f"renumbered to {change.new_number}" if change.state == MOVED else "re-quoted"
            if change.state == MOVED and (change.text_changed or change.examples_changed):
                what += " and re-quoted"
            out.append(f"{change.record.path}: rule {change.number} {what}")
        for change in self.vanished:
            out.append(f"{change.record.path}: rule {change.number} is not in {self.edition}: kept as it is, to review")
        for path, _keys, old, new in self.citations:
            out.append(f"{path}: citation {old} -> {new}")
        for change, number in self.collisions:
            out.append(f"{change.record.path}: rule {change.number} moves to {number}, which another quote keeps: "
                       "review both (the validator will report E122)")
        for change, lang in self.drifted:
            out.append(f"{change.record.path}: the {lang} translation of {change.new_number or change.number} is now drifted (text kept)")
        return out


def _same_style(old, new: str):
    """Keep a scalar's quoting style (ruamel wraps quoted scalars in str subclasses)."""
    return type(old)(new) if isinstance(old, str) and type(old) is not str else new


def _set_text(texts: CommentedMap, value: str, edition: str) -> None:
    en = texts["en"]
    if en.get("text") != value:
        en["text"] = _same_style(en.get("text"), value)
    if "version" in en and str(en["version"]) != edition:
        en["version"] = _same_style(en["version"], edition)


def plan(kb: KnowledgeBase, changes: list[QuoteChange], edition: str) -> SyncPlan:
    result = SyncPlan(edition)
    documents: dict[str, Any] = {}

    def data_of(record: Record) -> Any:
        path = record.path  # the file a rule record was read from
        if path not in documents:
            documents[path] = yamlio.load(Path(path))
        return documents[path]

    for change in changes:
        if change.state == VANISHED:
            result.vanished.append(change)
            continue
        data = data_of(change.record)
        rule = change.rule
        assert rule is not None, change  # only a vanished quote has no rule in the edition
        entry = data["rules"][change.index]
        if change.state == MOVED:
            entry["number"] = _same_style(entry["number"], str(change.new_number))
            result.renumbered[change.number] = str(change.new_number)
        _set_text(entry["text"], rule.text, edition)
        if change.examples_changed:
            examples = entry.setdefault("examples", [])
            for i, text in enumerate(rule.examples):
                if i < len(examples):
                    _set_text(examples[i], text, edition)
                else:
                    source = entry["text"]["en"].get("source", "cr")
                    examples.append(CommentedMap(en=CommentedMap(text=text, status="official", source=source, version=edition)))
            del examples[len(rule.examples):]
        if change.state in (CHANGED, MOVED) and (change.text_changed or change.examples_changed):
            result.requoted.append(change)
            result.drifted += [(change, lang) for lang in change.translations]
        elif change.state == MOVED:
            result.requoted.append(change)
    kept = {c.number for c in changes if c.state != MOVED}
    result.collisions = [(c, c.new_number) for c in changes if c.state == MOVED and c.new_number in kept]
    # A record whose rules all moved to another section follows them (rad counters: 725 -> 726 -> 727).
    for data in documents.values():
        sections = {str(entry.get("number", ""))[:3] for entry in data.get("rules") or []}
        if len(sections) == 1 and data.get("section") not in sections:
            data["section"] = _same_style(data.get("section"), sections.pop())
    for record in kb:
        for keys, number in cited_rules(record):
            if number in result.renumbered and record.document is not None:
                data = data_of(record)
                holder = data
                for key in keys[:-1]:
                    holder = holder[key]
                holder[keys[-1]] = _same_style(holder[keys[-1]], result.renumbered[number])
                result.citations.append((record.path, keys, number, result.renumbered[number]))
    for path, data in documents.items():
        text = format_data(schema_kind(Path(path)), data)
        if text != Path(path).read_text(encoding="utf-8"):
            result.files[path] = text
    return result


def apply(result: SyncPlan, data_dir: Path) -> writes.WriteReport:
    """Write the plan through the journal of `data_dir`: a killed or failed run is finished by the next one."""
    plan_files = [writes.FileWrite(Path(path), text) for path, text in result.files.items()]
    return writes.apply_plan(data_dir, plan_files, f"cr sync --edition {result.edition}")


__all__ = ["plan", "apply", "SyncPlan", "SAME"]
