"""The Japanese texts of data/ against one Japanese edition of the Comprehensive Rules (pure).

`cr check --lang ja` reports, in the validator's form:
- E304: an official Japanese text of the file's edition (a quoted rule, its examples, a rule record's
  title, a mechanic's or a term's name, a term's glossary note) that is not the file's text;
- E305: an official Japanese quote of the file's edition whose rule is not in the file;
- E306: a rule, title, name or note whose official Japanese text the file has, but that the data
  gives as a machine translation or not at all;
- E307: an official Japanese text quoted from the Comprehensive Rules, but of another edition.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.shapes import as_list
from . import ja_texts
from .ja_parse import JaEdition


@dataclass
class JaCheck:
    edition: str
    diagnostics: list[diag.Diagnostic] = field(default_factory=list)
    compared: int = 0  # official texts of the edition compared with the file
    matching: int = 0


def _ja(texts) -> dict | None:
    entry = texts.get("ja") if isinstance(texts, dict) else None
    return entry if isinstance(entry, dict) else None


class _Checker:
    def __init__(self, kb: KnowledgeBase, edition: JaEdition):
        self.kb = kb
        self.edition = edition
        self.is_ja_cr = ja_texts.japanese_cr_source(kb)
        self.result = JaCheck(edition.edition)

    def report(self, record: Record, keys: tuple, code: str, message: str) -> None:
        self.result.diagnostics.append(diag.make(record.path, record.position(keys), code, message))

    def compare(
        self, record: Record, keys: tuple, texts, expected: str | None, what: str, in_file: bool = True
    ) -> None:
        """One text map's Japanese entry against the file's text (`expected`, None when the file lacks it)."""
        ja = _ja(texts)
        edition = self.edition.edition
        if ja is None or ja.get("status") != "official":
            if expected is not None and in_file:
                state = (
                    "a machine translation"
                    if ja and ja.get("status") == "machine"
                    else ("missing" if ja is None else f"{ja.get('status')}")
                )
                self.report(
                    record,
                    keys + (("ja",) if ja else ()),
                    "E306",
                    f"{what}: the Japanese text is {state}; the {edition} Japanese edition has the official text",
                )
            return
        if not self.is_ja_cr(ja.get("source")):
            return  # official from elsewhere (a printed card, a FAQ): not this file's to judge
        version = str(ja.get("version"))
        if version != edition:
            self.report(
                record,
                keys + ("ja", "version"),
                "E307",
                f"{what}: the official Japanese text is of version {version}, the Japanese CR file of {edition}",
            )
            return
        self.result.compared += 1
        if not in_file:
            self.report(record, keys + ("ja",), "E305", f"{what} is not in the {edition} Japanese edition")
        elif expected is None or ja.get("text") != expected:
            self.report(
                record,
                keys + ("ja", "text"),
                "E304",
                f"{what}: the Japanese text differs from the {edition} Japanese edition",
            )
        else:
            self.result.matching += 1

    def rule_record(self, record: Record) -> None:
        title = ja_texts.rule_title(record, self.edition)
        self.compare(
            record,
            ("title",),
            record.data.get("title"),
            title.text if title else None,
            f"title of section {record.data.get('section')}",
            in_file=title is not None,
        )
        for i, entry in enumerate(as_list(record.data.get("rules"))):
            if not isinstance(entry, dict) or not isinstance(entry.get("number"), str):
                continue
            number = entry["number"]
            then = ja_texts.number_in(entry.get("text"), number, self.edition.edition)
            if then is None:
                continue  # quoted from another English edition, and no Japanese text says which rule it was
            rule = self.edition.get(then)
            what = f"rule {number}" + (f" ({then} in {self.edition.edition})" if then != number else "")
            self.compare(
                record,
                ("rules", i, "text"),
                entry.get("text"),
                rule.text if rule else None,
                what,
                in_file=rule is not None,
            )
            for j, example in enumerate(entry.get("examples") or []):
                text = rule.examples[j] if rule is not None and j < len(rule.examples) else None
                self.compare(
                    record,
                    ("rules", i, "examples", j),
                    example,
                    text,
                    f"{what}, example {j + 1}",
                    in_file=text is not None,
                )

    def named(self, record: Record, expected, what: str) -> None:
        names = record.data.get("names")
        if expected is not None:
            self.compare(record, ("names",), names, expected.text, what)
            return
        # No heading or glossary entry of that English name: an official name of this edition must at
        # least be words of the file (two-headed-giant's 双頭巨人戦, as rules 122.1f and 704.5c write it).
        ja = _ja(names)
        if not (ja and ja.get("status") == "official" and self.is_ja_cr(ja.get("source"))):
            return
        mentioned = self.edition.mentions(str(ja.get("text") or ""))
        self.compare(record, ("names",), names, ja.get("text") if mentioned else None, what, in_file=mentioned)

    def run(self) -> JaCheck:
        for record in self.kb.all("rule"):
            self.rule_record(record)
        for record in self.kb.all("mechanic"):
            self.named(record, ja_texts.mechanic_name(record, self.edition), f"name of mechanic {record.id}")
        is_en_cr = ja_texts.english_cr_source(self.kb)
        for record in self.kb.all("term"):
            self.named(record, ja_texts.term_name(record, self.edition), f"name of term {record.id}")
            note = ja_texts.term_note(record, self.edition, is_en_cr)
            if note is not None or _official_cr(record.data.get("note"), self.is_ja_cr):
                self.compare(
                    record,
                    ("note",),
                    record.data.get("note"),
                    note.text if note else None,
                    f"glossary note of term {record.id}",
                    in_file=note is not None,
                )
        self.result.diagnostics.sort()
        return self.result


def _official_cr(texts, is_ja_cr) -> bool:
    ja = _ja(texts)
    return bool(ja and ja.get("status") == "official" and is_ja_cr(ja.get("source")))


def check(kb: KnowledgeBase, edition: JaEdition) -> JaCheck:
    """Every Japanese text of data/ that the Japanese CR file can vouch for, compared with it."""
    return _Checker(kb, edition).run()


__all__ = ["JaCheck", "check"]
