"""Updating the English quotes to one edition, through ruamel round-trip: renumber, re-quote, keep translations.

A quote read from a copy of the edition (not Wizards of the Coast's own file) keeps citing Wizards' edition
(`source: cr`, `version`) and names the copy as `via`; read from Wizards' own file, it names none.
Our own texts (commentary and machine translations) that follow the current numbering implicitly (no
`cr_edition`, no edition as version) are renumbered with the quotes: "rule 727.1" becomes "rule 728.1" in
every language, and a translation that was in step with its original stays so (its hash follows).
Official texts (rules, rulings, card texts) are never rewritten: they are quoted as published."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import text_hash
from ..model.references import cited_rules
from ..model.rule_numbers import find_references
from ..model.texts import text_fields
from ..render.blocks import numbering_edition
from ..storage import writes
from ..storage.format import FormatError, format_data, to_edit
from ..storage.load import schema_kind
from .quotes import CHANGED, MOVED, SAME, VANISHED, QuoteChange

OWN_WORDS = ("community", "machine")  # statuses of texts we wrote (or had translated): renumbered, never re-quoted
# Our own sources: commentary and machine translations that Counterpedia publishes (or that name no publisher).
OUR_PUBLISHER = "Counterpedia"
OUR_TYPES = ("editorial", "machine-translation")


@dataclass
class SyncPlan:
    edition: str
    requoted: list[QuoteChange] = field(default_factory=list)  # English text or examples updated
    renumbered: dict[str, str] = field(default_factory=dict)  # old -> new number
    vanished: list[QuoteChange] = field(default_factory=list)
    drifted: list[tuple[QuoteChange, str]] = field(default_factory=list)  # (quote, language) now drifted
    citations: list[tuple[str, tuple, str, str]] = field(default_factory=list)  # (path, keys, old, new)
    collisions: list[tuple[QuoteChange, str]] = field(default_factory=list)  # (moved quote, number already quoted)
    prose: list[tuple[str, tuple, str, str, str]] = field(
        default_factory=list
    )  # (path, keys, lang, old, new) in our texts
    via: str | None = None  # the copy the edition was read from (None: Wizards' own file)
    via_changed: int = 0  # quotes whose text and edition stay, read now through another copy (or Wizards' own file)
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
        for path, keys, lang, old, new in self.prose:
            where = ".".join(str(k) for k in keys)
            out.append(f"{path}: {where}.{lang}: rule {old} -> {new} in the text")
        for change, number in self.collisions:
            out.append(
                f"{change.record.path}: rule {change.number} moves to {number}, which another quote keeps: "
                "review both (the validator will report E122)"
            )
        if self.via_changed:
            where = f"the copy {self.via}" if self.via else "Wizards of the Coast's own file (no via)"
            out.append(f"{self.via_changed} quote(s) of {self.edition}, unchanged, now read from {where}")
        for change, lang in self.drifted:
            out.append(
                f"{change.record.path}: the {lang} translation of {change.new_number or change.number} is now drifted (text kept)"
            )
        return out


def _same_style(old, new: str):
    """Keep a scalar's quoting style (ruamel wraps quoted scalars in str subclasses)."""
    return type(old)(new) if isinstance(old, str) and type(old) is not str else new


def _set_text(texts: Any, value: str, edition: str, via: str | None) -> bool:
    """Set the English quote; True when only where it was read from changed (its `via`)."""
    en = texts["en"]
    same = en.get("text") == value and str(en.get("version")) == edition
    if en.get("text") != value:
        en["text"] = _same_style(en.get("text"), value)
    if "version" in en and str(en["version"]) != edition:
        en["version"] = _same_style(en["version"], edition)
    if via and en.get("via") != via:
        en["via"] = via
        return same
    if not via and "via" in en and en.get("source") == "cr":
        del en["via"]  # read from Wizards' own file: no copy in between
        return same
    return False


def plan(
    kb: KnowledgeBase,
    changes: list[QuoteChange],
    edition: str,
    via: str | None = None,
    prose_numbers: dict[str, str] | None = None,
) -> SyncPlan:
    """The files to write to move the quotes to `edition` (read through the copy `via`, if any).

    `prose_numbers`: old -> new number of every rule renumbered since the edition our own texts follow."""
    result = SyncPlan(edition, via=via)
    documents: dict[str, Any] = {}
    sources: dict[str, str] = {}  # each file's text as read
    heads: dict[str, str] = {}  # a file whose only comments are these lines at its top: read as plain data

    def data_of(record: Record) -> Any:
        path = record.path  # the file a rule record was read from
        if path not in documents:
            sources[path] = text = Path(path).read_text(encoding="utf-8")
            documents[path], head = to_edit(text)
            if head is not None:
                heads[path] = head
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
            for texts in [entry.get("text"), *(entry.get("examples") or [])]:
                _translated_number(texts, change.number, str(change.new_number), edition)
        result.via_changed += _set_text(entry["text"], rule.text, edition, via)
        examples = entry.get("examples") or []
        if change.examples_changed:
            examples = entry.setdefault("examples", [])
            for i, text in enumerate(rule.examples):
                if i < len(examples):
                    _set_text(examples[i], text, edition, via)
                else:
                    source = entry["text"]["en"].get("source", "cr")
                    quote = CommentedMap(text=text, status="official", source=source, version=edition)
                    if via:
                        quote["via"] = via
                    examples.append(CommentedMap(en=quote))
            del examples[len(rule.examples) :]
        else:
            for example in examples:
                if isinstance(example, dict) and isinstance(example.get("en"), dict):
                    _set_text(example, example["en"].get("text"), edition, via)
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
            section = sections.pop()
            _translated_number(data.get("title"), str(data.get("section")), section, edition)
            data["section"] = _same_style(data.get("section"), section)
    for record in kb:
        for keys, number in cited_rules(record):
            if number in result.renumbered and record.document is not None:
                data = data_of(record)
                holder = data
                path = record.prefix + tuple(keys)  # a card's ruling is inside the card's file
                for key in path[:-1]:
                    holder = holder[key]
                holder[path[-1]] = _same_style(holder[path[-1]], result.renumbered[number])
                result.citations.append((record.path, keys, number, result.renumbered[number]))
    numbers = dict(prose_numbers or {})
    numbers.update(result.renumbered)
    if numbers:
        ours = {
            source.id
            for source in kb.all("source")
            if source.data.get("type") in OUR_TYPES and source.data.get("publisher", OUR_PUBLISHER) == OUR_PUBLISHER
        }
        for record in kb:
            if record.document is not None:
                _renumber_prose(record, numbers, data_of, result, ours)
    for file, data in documents.items():
        try:
            text = format_data(schema_kind(Path(file)), data, heads.get(file, ""))
        except FormatError as error:  # a record the formatter cannot write back as it reads it: located, not a crash
            raise FormatError([replace(d, path=str(file)) for d in error.diagnostics]) from None
        if text != sources[file]:
            result.files[file] = text
    return result


def _translated_number(texts: Any, old: str, new: str, edition: str) -> None:
    """A quote moves from `old` to `new`: each translation of another edition keeps the number the rule had in
    the edition it translates (`translates.number`), so that it is still found there (`cr check --lang ja`)."""
    if not isinstance(texts, dict):
        return
    for lang, entry in texts.items():
        translates = entry.get("translates") if lang != "en" and isinstance(entry, dict) else None
        if not isinstance(translates, dict):
            continue
        then = new if str(translates.get("version")) == edition else str(translates.get("number") or old)
        if then == new:
            translates.pop("number", None)
        else:
            translates["number"] = DoubleQuotedScalarString(then)
            if "hash" in translates:  # the schema's key order: lang, version, number, hash
                translates["hash"] = translates.pop("hash")


def _implicit_numbering(entry: dict, texts: dict, ours: set[str]) -> bool:
    """Our own text (commentary, a machine translation: a source we publish) that follows the current numbering
    without saying which edition that is. A community text of someone else (a ruling read from a dataset) is not."""
    if not isinstance(entry, dict) or entry.get("status") not in OWN_WORDS or entry.get("source") not in ours:
        return False
    return numbering_edition(entry, texts) is None


def _renumbered(text: str, numbers: dict[str, str]) -> tuple[str, list[tuple[str, str]]]:
    """`text` with each single rule reference renumbered (ranges such as 122.1a–h are left as written)."""
    out, position, done = [], 0, []
    for ref in find_references(text):
        if len(ref.numbers) != 1 or ref.numbers[0] not in numbers:
            continue
        old = ref.numbers[0]
        start = ref.start + ref.text.rfind(old)
        out.append(text[position:start] + numbers[old])
        position = start + len(old)
        done.append((old, numbers[old]))
    return "".join(out) + text[position:], done


def _renumber_prose(record, numbers: dict[str, str], data_of, result: SyncPlan, ours: set[str]) -> None:
    for field_ in text_fields(record):
        edits = {}
        for lang, entry in field_.texts.items():
            if _implicit_numbering(entry, field_.texts, ours) and isinstance(entry.get("text"), str):
                new, done = _renumbered(entry["text"], numbers)
                if done:
                    edits[lang] = (new, done)
        if not edits:
            continue
        holder = data_of(record)
        for key in record.prefix + tuple(field_.keys):  # a card's ruling is inside the card's file
            holder = holder[key]
        canonical = field_.canonical
        old_text = field_.text(canonical) if canonical else None
        old_hash = text_hash(old_text) if old_text else None
        for lang, (new, done) in edits.items():
            holder[lang]["text"] = _same_style(holder[lang]["text"], new)
            result.prose += [(record.path, field_.keys, lang, old, now) for old, now in done]
        if canonical in edits and old_hash is not None:
            new_hash = text_hash(edits[canonical][0])
            for entry in holder.values():
                translates = entry.get("translates") if isinstance(entry, dict) else None
                if (
                    isinstance(translates, dict)
                    and entry.get("status") in OWN_WORDS
                    and entry.get("source") in ours
                    and translates.get("lang") == canonical
                    and translates.get("hash") == old_hash
                ):
                    translates["hash"] = _same_style(translates["hash"], new_hash)


def apply(result: SyncPlan, data_dir: Path) -> writes.WriteReport:
    """Write the plan through the journal of `data_dir`: a killed or failed run is finished by the next one."""
    plan_files = [writes.FileWrite(Path(path), text) for path, text in result.files.items()]
    return writes.apply_plan(data_dir, plan_files, f"cr sync --edition {result.edition}")


__all__ = ["plan", "apply", "SyncPlan", "SAME"]
