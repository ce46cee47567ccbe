"""Fill the official Japanese texts in from a Japanese edition, through ruamel round-trip (comments kept).

For every field whose official Japanese text the file has (see `ja_texts`): quoted rules and their
examples, rule records' titles, mechanics' and terms' names, terms' glossary notes:
- a missing or machine Japanese text is replaced by the official one;
- an official Japanese rule quote of another edition or source is kept, as a historical quote of its
  edition, in the rule's `history` list, and the official text of this edition takes its place;
- an official text that already is this edition's is left alone (its `differs` notes with it).
Each new text says where it comes from (`source`, `version`: the edition, `via`: the copy read) and,
when the English text of the same field is there, which version of it it translates (with its hash),
so that a later English change marks it drifted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString

from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import text_hash
from ..model.shapes import as_list
from ..storage import yamlio
from . import ja_texts
from .ja_parse import JaEdition

TEXT_KEYS = ("text", "status", "source", "version", "via", "cites", "cr_edition", "translates", "printing", "differs")


@dataclass
class JaSyncPlan:
    edition: str
    filled: list[tuple[str, str]] = field(default_factory=list)  # (path, what) newly official
    kept_as_history: list[tuple[str, str, str]] = field(default_factory=list)  # (path, what, old version)
    replaced: list[tuple[str, str, str]] = field(default_factory=list)  # (path, what, the official text it replaces)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (path, why)
    files: dict[str, str] = field(default_factory=dict)  # path -> new content

    def lines(self) -> list[str]:
        out = [f"{path}: {what}: official Japanese text of {self.edition}" for path, what in self.filled]
        out += [
            f"{path}: {what}: the official Japanese text of {version} is kept as history"
            for path, what, version in self.kept_as_history
        ]
        out += [f"{path}: {what}: replaces {old}" for path, what, old in self.replaced]
        out += [f"{path}: {why}" for path, why in self.skipped]
        return out


def official_text(text: str, source: str, edition: str, via: str | None, english: dict | None) -> CommentedMap:
    entry = CommentedMap()
    entry["text"] = text
    entry["status"] = "official"
    entry["source"] = source
    entry["version"] = DoubleQuotedScalarString(edition)
    if via:
        entry["via"] = via
    if isinstance(english, dict) and isinstance(english.get("text"), str):
        entry["translates"] = CommentedMap(
            lang="en",
            version=DoubleQuotedScalarString(str(english.get("version"))),
            hash=DoubleQuotedScalarString(text_hash(english["text"])),
        )
    return entry


def historical(entry: dict, number: str | None = None, example: int | None = None) -> CommentedMap:
    """An older official quote, as a `history` item: its language (and, for an example, which one),
    then the text object as it was. `number`: the rule's number in that edition, when it differed."""
    item = CommentedMap()
    item["lang"] = "ja"
    if number:
        item["number"] = DoubleQuotedScalarString(number)
    if example:
        item["example"] = example
    for key in TEXT_KEYS:
        if key in entry and key != "differs":
            item[key] = entry[key]
    return item


class _Planner:
    def __init__(self, kb: KnowledgeBase, edition: JaEdition, source: str, via: str | None):
        self.kb = kb
        self.edition = edition
        self.source = source
        self.via = via
        self.result = JaSyncPlan(edition.edition)
        self.documents: dict[str, object] = {}
        self.is_ja_cr = ja_texts.japanese_cr_source(kb)

    def data_of(self, record: Record):
        path = record.path  # the file a rule record was read from
        if path not in self.documents:
            self.documents[path] = yamlio.load(Path(path))
        return self.documents[path]

    def is_current(self, ja) -> bool:
        return (
            isinstance(ja, dict)
            and ja.get("status") == "official"
            and ja.get("source") == self.source
            and str(ja.get("version")) == self.edition.edition
        )

    def fill(
        self,
        record: Record,
        texts: CommentedMap,
        text: str,
        what: str,
        holder: CommentedMap | None = None,
        example: int | None = None,
    ) -> None:
        """Put the official `text` in `texts` (a text map). For a rule quote, `holder` is the rule entry,
        whose `history` receives an older official quote (`example`: which example it was, 1-based)."""
        ja = texts.get("ja")
        if self.is_current(ja) and ja.get("text") == text:
            return
        if isinstance(ja, dict) and ja.get("status") == "official" and not self.is_current(ja):
            if holder is not None:
                history = holder.get("history")
                if history is None:
                    history = holder["history"] = CommentedSeq()
                history.append(historical(ja, example=example))
                self.result.kept_as_history.append((record.path, what, str(ja.get("version"))))
            else:
                self.result.replaced.append(
                    (record.path, what, f"{ja.get('text')} ({ja.get('source')}, {ja.get('version')})")
                )
        new = official_text(text, self.source, self.edition.edition, self.via, texts.get("en"))
        english = texts.get("en") if isinstance(texts.get("en"), dict) else {}
        kept = ja.get("translates") if isinstance(ja, dict) else None
        if (
            str(english.get("version")) != self.edition.edition
            and isinstance(kept, dict)
            and str(kept.get("version")) == self.edition.edition
        ):
            # The English quoted is of another edition: the Japanese still translates the English of its own
            # edition, which it keeps (its hash, its number there), so that a changed English shows it drifted.
            new["translates"] = kept
        if "ja" in texts:
            texts["ja"] = new
        else:
            texts.insert(0, "ja", new)
        self.result.filled.append((record.path, what))

    def rule_record(self, record: Record) -> None:
        data = self.data_of(record)
        title = ja_texts.rule_title(record, self.edition)
        if title is not None and isinstance(data.get("title"), dict):
            self.fill(record, data["title"], title.text, f"title ({title.origin})")
        for entry in as_list(data.get("rules")):
            number = entry.get("number")
            then = ja_texts.number_in(entry.get("text"), str(number), self.edition.edition)
            if then is None:
                self.result.skipped.append(
                    (
                        record.path,
                        f"rule {number} is quoted from another English edition than "
                        f"{self.edition.edition}, and no Japanese text says which rule it was there",
                    )
                )
                continue
            rule = self.edition.get(then)
            if rule is None:
                self.result.skipped.append(
                    (record.path, f"rule {number} is not in the {self.edition.edition} Japanese edition")
                )
                continue
            self.fill(record, entry["text"], rule.text, f"rule {number}", holder=entry)
            examples = entry.get("examples") or []
            if len(examples) != len(rule.examples):
                if examples or rule.examples:
                    self.result.skipped.append(
                        (
                            record.path,
                            f"rule {number}: {len(examples)} example(s) quoted, "
                            f"{len(rule.examples)} in the Japanese edition: examples left as they are",
                        )
                    )
                continue
            for j, example in enumerate(examples):
                self.fill(
                    record, example, rule.examples[j], f"rule {number}, example {j + 1}", holder=entry, example=j + 1
                )

    def named(self, record: Record, expected, what: str) -> None:
        if expected is None:
            return
        data = self.data_of(record)
        if isinstance(data.get("names"), dict):
            self.fill(record, data["names"], expected.text, f"{what} ({expected.origin})")

    def run(self) -> JaSyncPlan:
        for record in self.kb.all("rule"):
            if record.document is not None:
                self.rule_record(record)
        for record in self.kb.all("mechanic"):
            if record.document is not None:
                self.named(record, ja_texts.mechanic_name(record, self.edition), "name")
        is_en_cr = ja_texts.english_cr_source(self.kb)
        for record in self.kb.all("term"):
            if record.document is None:
                continue
            self.named(record, ja_texts.term_name(record, self.edition), "name")
            note = ja_texts.term_note(record, self.edition, is_en_cr)
            if note is not None:
                self.fill(record, self.data_of(record)["note"], note.text, f"glossary note ({note.origin})")
        for path, data in self.documents.items():
            text = yamlio.dumps(data)
            if text != Path(path).read_text(encoding="utf-8"):
                self.result.files[path] = text
        return self.result


def plan(kb: KnowledgeBase, edition: JaEdition, source: str, via: str | None = None) -> JaSyncPlan:
    """Every change `cr sync --lang ja` would make, with the new content of each file (nothing written)."""
    return _Planner(kb, edition, source, via).run()


__all__ = ["JaSyncPlan", "historical", "official_text", "plan"]
