"""The English rules quoted in data/ against one edition: same, changed, moved or vanished (pure)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.shapes import as_dict, as_list
from .diff import align
from .parse import Edition, Rule

SAME, CHANGED, MOVED, VANISHED = "same", "changed", "moved", "vanished"


@dataclass(frozen=True)
class QuoteChange:
    record: Record
    index: int  # index in the record's `rules`
    number: str  # as quoted
    state: str  # same | changed | moved | vanished
    new_number: str | None
    rule: Rule | None  # the rule in the target edition
    text_changed: bool
    examples_changed: bool
    quoted_version: str | None

    @property
    def keys(self) -> tuple:
        return ("rules", self.index, "number")

    @property
    def translations(self) -> list[str]:
        """Languages whose translation of this quote drifts when the English is updated."""
        texts = as_dict(self.record.data["rules"][self.index].get("text"))
        return [lang for lang in texts if lang != "en"]


def _en(texts) -> dict | None:
    entry = as_dict(texts).get("en")
    return entry if isinstance(entry, dict) and isinstance(entry.get("text"), str) else None


def _quoted_examples(entry: dict) -> list[str]:
    return [e["en"]["text"] for e in as_list(entry.get("examples")) if _en(e)]


def compare_quotes(
    kb: KnowledgeBase, target: Edition, edition_loader: Callable[[str], Edition | None]
) -> list[QuoteChange]:
    """Every English quote compared with `target`; moves are found by aligning the quote's own edition."""
    alignments: dict[str, dict[str, str] | None] = {}
    by_text: dict[str, str] | None = None

    def aligned(version: str | None, number: str) -> str | None | Literal[False]:
        """The number in `target` of `number` as numbered in `version`; False when unknown."""
        if not version or version == target.edition:
            return False
        if version not in alignments:
            old = edition_loader(version)
            alignments[version] = align(old, target) if old is not None else None
        mapping = alignments[version]
        if mapping is None:
            return False
        return mapping.get(number)

    changes: list[QuoteChange] = []
    for record in kb.all("rule"):
        # The record's title is its label (a section heading or a rule's name), not a quote of its own.
        entries: list[tuple[int, str, str, list[str], str | None]] = []
        for i, entry in enumerate(as_list(record.data.get("rules"))):
            en = _en(entry.get("text")) if isinstance(entry, dict) else None
            if en and isinstance(entry.get("number"), str):
                version = en.get("version")  # a version of the wrong type (a schema error) follows no renumbering
                entries.append(
                    (
                        i,
                        entry["number"],
                        en["text"],
                        _quoted_examples(entry),
                        version if isinstance(version, str) else None,
                    )
                )
        for index, number, text, examples, version in entries:
            found = aligned(version, number)
            if found is False:
                found = number if number in target else None
                if found is None or target[found].text != text:
                    if by_text is None:
                        by_text = {}
                        for candidate in target.rules.values():
                            by_text.setdefault(candidate.text, candidate.number)
                    found = by_text.get(text, found)
            rule = target.get(found) if found else None
            if rule is None:
                changes.append(QuoteChange(record, index, number, VANISHED, None, None, True, False, version))
                continue
            text_changed = rule.text != text
            examples_changed = list(rule.examples) != examples
            state = MOVED if found != number else (CHANGED if text_changed or examples_changed else SAME)
            changes.append(
                QuoteChange(record, index, number, state, found, rule, text_changed, examples_changed, version)
            )
    return changes


def diagnostics(changes: list[QuoteChange], edition: str) -> list[diag.Diagnostic]:
    found = []
    for change in changes:
        position = change.record.position(change.keys)
        path = change.record.path
        if change.state == VANISHED:
            found.append(diag.make(path, position, "E303", f"rule {change.number} is not in the {edition} edition"))
        elif change.state == MOVED:
            also = " and its text changed" if change.text_changed or change.examples_changed else ""
            found.append(
                diag.make(
                    path,
                    position,
                    "E302",
                    f"rule {change.number} is {change.new_number} in the {edition} edition{also}",
                )
            )
        elif change.state == CHANGED:
            what = (
                "text and examples differ"
                if change.text_changed and change.examples_changed
                else ("text differs" if change.text_changed else "examples differ")
            )
            found.append(
                diag.make(path, position, "E301", f"rule {change.number}: the quoted {what} from the {edition} edition")
            )
    return sorted(found)
