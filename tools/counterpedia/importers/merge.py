"""The merge rules both importers share: imported cards and rulings into card records.

- A card is found by its Oracle ID; a card record without one is found by its English name, or by the name
  of one of its faces (a hand record "Callow Jushi" is the card Callow Jushi // Jaraku the Interloper), and gets
  the Oracle ID. Otherwise a new record is made, its id given by `counterpedia.model.ids.allocate` (the Oracle ID
  is its identity), in its shard folder (`counterpedia.storage.layout`).
- A field that is missing is added. A field that is there is never changed: when its value is the one the
  import reads, it is "unchanged"; when it differs, it is a **conflict**, reported and kept as it is (a
  hand edit, or a change in the source that a person should look at).
- Lists grow: a counter kind missing from a card's `counters`, a ruling missing from its `rulings`, are
  added; nothing is removed.
- A ruling already there (same id, or same date and text) keeps its text; its `about` links grow like any
  list (a counter kind added to the catalogue since the last run is linked to the rulings that name it). One
  exception: a ruling read
  from MTGJSON, which cannot tell Wizards' rulings from Scryfall's notes, is upgraded to the source a
  Scryfall import gives it (`ImportedRuling.upgrades`).

The merge decides from the plain data of the knowledge base; only the records that change are read again
and edited, then laid out as `counterpedia fmt` does: a record whose only comments are its top lines as plain
data, any other with the round-trip loader, which keeps each comment with its key.
Nothing is written here: `Workspace.writes()` is the plan that `counterpedia.storage.writes.apply_plan` applies.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q
from ruamel.yaml.scalarstring import LiteralScalarString

from ..langs import LANGS
from ..model.characters import text_problem
from ..model.ids import allocate, slug
from ..model.knowledge import KnowledgeBase, Record, load
from ..storage import yamlio
from ..storage.format import format_data, format_text, to_edit
from ..storage.layout import record_path
from ..storage.load import schema_kind
from ..storage.parse_many import map_in_two
from ..storage.writes import FileWrite
from .model import ImportedCard, ImportedRuling, ImportFailure, Printed, Provenance
from .ruling_text import as_imported, ruling_key

KINDS = (
    "card records",
    "oracle ids",
    "names",
    "texts",
    "counter links",
    "any-counter flags",
    "rulings",
    "ruling links",
    "sources",
)


# ---------------------------------------------------------------- the report


@dataclass
class Tally:
    added: int = 0
    unchanged: int = 0
    conflict: int = 0
    upgraded: int = 0


@dataclass
class MergeReport:
    tallies: dict[str, Tally] = field(default_factory=lambda: {kind: Tally() for kind in KINDS})
    conflicts: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def count(self, kind: str, what: str, n: int = 1) -> None:
        tally = self.tallies.setdefault(kind, Tally())
        setattr(tally, what, getattr(tally, what) + n)

    def conflict(self, kind: str, message: str) -> None:
        self.count(kind, "conflict")
        self.conflicts.append(message)

    def lines(self, dry_run: bool = False) -> list[str]:
        verb = "would add" if dry_run else "added"
        lines = [f"{'':<18}{verb:>10}{'unchanged':>11}{'conflict':>10}"]
        for kind, tally in self.tallies.items():
            extra = f"   ({'would upgrade' if dry_run else 'upgraded'} {tally.upgraded})" if tally.upgraded else ""
            lines.append(f"{kind:<18}{tally.added:>10}{tally.unchanged:>11}{tally.conflict:>10}{extra}")
        return lines


# ---------------------------------------------------------------- the files


class Workspace:
    """The records an import edits or creates, as round-trip YAML, and the plan of writes they make."""

    def __init__(self, data_dir: Path):
        self.data_dir = Path(data_dir)
        self._edited: dict[Path, CommentedMap] = {}
        self._before: dict[Path, str] = {}  # the text of each edited file when it was read
        self._heads: dict[Path, str] = {}  # an edited file whose only comments are these lines at its top
        self._created: dict[Path, tuple[CommentedMap, str]] = {}
        self._replaced: dict[Path, str] = {}  # whole texts planned by a stage that writes its own files

    def edit(self, path: Path) -> CommentedMap:
        path = Path(path)
        if path in self._created:
            return self._created[path][0]
        if path not in self._edited:
            text = path.read_text(encoding="utf-8")
            self._before[path] = text
            self._edited[path] = self._document(path, text)
        return self._edited[path]

    def _document(self, path: Path, text: str) -> CommentedMap:
        """The record to edit. The layout is a function of the data and the comments (storage/format.py), so a
        file whose only comments are the lines at its top (every record an import made) is read as plain data,
        by the event reader (the safe loader's data, three times faster; the C loader where it is unsure), and laid
        out again from it: the same text as through ruamel's round trip, which keeps comments anywhere but takes
        most of an import's time (2,700 cards edited by the imports after MTGJSON's: two thirds of their CPU).
        Any other comment: the round trip, which keeps it where it is (format.to_edit)."""
        data, head = to_edit(text)
        if head is not None:
            self._heads[path] = head
        return data  # a plain dict when read as plain data: edited through the dict interface alone

    def create(self, path: Path, record: CommentedMap, header: str = "") -> None:
        path = Path(path)
        if path.exists() or path in self._created:
            raise ValueError(f"{path}: already exists")  # ids.allocate never gives a taken id: not reachable
        self._created[Path(path)] = (record, header)

    def replace(self, path: Path, text: str) -> None:
        """Plan a file's whole new text (a stage that formats its own edits, e.g. the printed names)."""
        path = Path(path)
        if path in self._edited or path in self._created:
            raise ValueError(f"{path}: edited by two stages")  # the stages write disjoint files: not reachable
        self._replaced[path] = text

    def writes(self) -> list[FileWrite]:
        plan = []
        for path, text in self._replaced.items():
            if not path.exists() or text != path.read_text(encoding="utf-8"):
                plan.append(FileWrite(path, text))
        # Every record is written in the one layout of `counterpedia fmt` (comments of edited files kept). Laying
        # out thousands of records is most of an import's time: half of them are laid out in a forked child on a
        # machine with two cores (storage/parse_many.py; the same texts as in one process).
        edited = list(self._edited.items())
        created = list(self._created.items())
        texts = map_in_two(
            _laid_out,
            [(path, record, self._heads.get(path)) for path, record in edited]
            + [(path, record, header) for path, (record, header) in created],
        )
        for (path, _record), text in zip(edited, texts):
            if text != self._before[path]:
                plan.append(FileWrite(path, text))
        for (path, _created), text in zip(created, texts[len(edited) :]):
            plan.append(FileWrite(path, text))
        return sorted(plan, key=lambda w: str(w.path))


def _laid_out(job: tuple[Path, CommentedMap, str | None]) -> str:
    """The text of a record as fmt lays it out: an edited one read with its comments (header None), or one
    in memory with no comment but `header` (a created record, or an edited one read as plain data)."""
    path, record, header = job
    if header is None:
        return format_text(schema_kind(path), yamlio.dumps(record), str(path))
    return format_data(schema_kind(path), record, header)


# ---------------------------------------------------------------- texts as YAML


def text_entry(
    text: str, status: str, source: str, version: str, via: str | None = None, printing: Printed | None = None
) -> CommentedMap:
    entry = CommentedMap()
    entry["text"] = block(text)
    entry["status"] = status
    entry["source"] = source
    if via:
        entry["via"] = via
    entry["version"] = Q(version)
    if printing is not None:
        where = CommentedMap()
        where["set"] = printing.printing.set
        where["number"] = Q(printing.printing.number)
        where.fa.set_flow_style()
        entry["printing"] = where
    return entry


def block(text: str):
    """A multi-line text as a literal block (`|-`), as an editor would write it; others as they are."""
    lines = text.split("\n")
    if (
        len(lines) > 1
        and not text.startswith((" ", "\t"))
        and "\r" not in text
        and not text.endswith("\n")
        and all(line == line.rstrip() for line in lines)
        and all(line for line in lines[:1])
    ):
        return LiteralScalarString(text)
    return text


def same_text(a: object, b: object) -> bool:
    if not isinstance(a, str) or not isinstance(b, str):
        return False
    return _norm(a) == _norm(b)


def _norm(text: str) -> str:
    return unicodedata.normalize("NFC", text).replace("\r\n", "\n").strip()


def faces(name: str) -> list[str]:
    """The names of a card's faces ("A // B" -> A, B); a card of one face has none."""
    parts = [part.strip() for part in name.split(" // ")]
    return parts if len(parts) > 1 else []


def name_key(name: str) -> str:
    return unicodedata.normalize("NFC", name).replace("’", "'").casefold().strip()


def _short(text: object, limit: int = 70) -> str:
    value = " ".join(str(text).split())
    return repr(value if len(value) <= limit else value[: limit - 1] + "…")


# The loader's codes for a record file it could not read as a record (E005, a file outside the record folders,
# is not one of them).
UNREADABLE = frozenset({"E001", "E002", "E003", "E004", "E006", "E007", "E008", "E009", "E013"})


def readable_knowledge(data_dir: Path) -> KnowledgeBase:
    """The knowledge base an import plans against. Every import refuses a data folder holding a record file it
    cannot read (a YAML syntax error, as in the middle of a hand edit): that record may be the one the import
    would update, and writing a new one beside it would make two."""
    kb, problems = load(data_dir)
    unreadable = sorted({d.path for d in problems if d.code in UNREADABLE})
    if unreadable:
        shown = ", ".join(unreadable[:3]) + (", …" if len(unreadable) > 3 else "")
        raise ImportFailure(
            f"{len(unreadable)} record file(s) cannot be read ({shown}): fix them first (`counterpedia validate` "
            "says where); an import does not write beside a record it cannot read"
        )
    return kb


# ---------------------------------------------------------------- cards

Op = Callable[[CommentedMap], None]


class CardMerger:
    def __init__(self, kb: KnowledgeBase, workspace: Workspace, report: MergeReport, provenance: Provenance):
        self.workspace = workspace
        self.report = report
        self.prov = provenance
        self.by_oracle: dict[str, Record] = {}
        self.by_name: dict[str, list[Record]] = {}
        self.holders: dict[str, str] = {}
        for record in kb.all("card"):
            oracle_id = record.data.get("oracle_id")
            self.holders[record.id] = oracle_id if isinstance(oracle_id, str) else f"record:{record.id}"
            if isinstance(oracle_id, str):
                self.by_oracle.setdefault(oracle_id, record)
            names = record.data.get("names")
            english = names.get("en") if isinstance(names, dict) else None  # a broken record: matched by id only
            if isinstance(english, dict) and isinstance(english.get("text"), str):
                self.by_name.setdefault(name_key(english["text"]), []).append(record)
        self.by_id = {record.id: record for record in kb.all("card")}
        self.matched: set[str] = set()  # records without an Oracle ID already matched by this run

    def merge(self, cards: list[ImportedCard]) -> dict[str, str]:
        """Merge every card; returns oracle id -> card record id, for every card imported."""
        ids: dict[str, str] = {}
        for card in sorted((c for c in cards if self._acceptable(c)), key=lambda c: c.sort_key):
            record = self.match(card)
            if record is None:
                ids[card.oracle_id] = self.create(card)
            else:
                self.update(record, card)
                ids[card.oracle_id] = record.id
        return ids

    def match(self, card: ImportedCard) -> Record | None:
        if card.oracle_id in self.by_oracle:
            return self.by_oracle[card.oracle_id]
        # the whole name first, then each face's ("Callow Jushi" is a hand record of Callow Jushi // Jaraku the Interloper)
        for name in dict.fromkeys([card.name, *faces(card.name)]):
            record = self._named(name, card)
            if record is not None:
                self.by_oracle[card.oracle_id] = record  # a second card of that name is another card
                self.matched.add(record.id)
                if record in self.by_name.get(name_key(name), []):
                    self.by_name[name_key(name)].remove(record)
                return record
        return None

    def _named(self, name: str, card: ImportedCard) -> Record | None:
        """The one record without an Oracle ID that is named so (by its English name, or by the id it was given)."""
        candidates = [r for r in self.by_name.get(name_key(name), []) if not isinstance(r.data.get("oracle_id"), str)]
        if len(candidates) != 1:
            # a record named by hand, whose id is the slug of the card's name (as importers made them before Oracle IDs)
            record = self.by_id.get(slug(name))
            candidates = (
                [record]
                if record is not None
                and not isinstance(record.data.get("oracle_id"), str)
                and record.id not in self.matched
                else []
            )
            if candidates and not self._has_name(candidates[0], name):
                # "Foo's Bar" and a hand record "Foos Bar" share a slug, not a name: a near match is for review,
                # never a merge (it stamped another card's Oracle ID and text onto the hand record).
                self.report.notes.append(
                    f"review: card {card.name!r} ({card.oracle_id}) is not matched to the record "
                    f"'{candidates[0].id}' of a similar name ({candidates[0].path}): a new record "
                    "is made; merge them by hand if they are the same card"
                )
                candidates = []
        return candidates[0] if len(candidates) == 1 else None

    def _acceptable(self, card: ImportedCard) -> bool:
        """Drop, with a note, what `counterpedia validate` would reject (E190, E191): a card whose name is blank or
        holds a control character is skipped; such a printed name, text or ruling is left out of the card."""
        problem = text_problem(card.name, multiline=False)
        if problem is not None:
            self.report.notes.append(f"skipped: card {card.name[:80]!r} ({card.oracle_id}): its name: {problem[1]}")
            return False
        if card.oracle_text is not None and text_problem(card.oracle_text) is not None:
            self.report.notes.append(f"left out: the Oracle text of {card.name!r}: {text_problem(card.oracle_text)[1]}")
            card.oracle_text = None
        for which, multiline in (("names", False), ("texts", True)):
            printed = getattr(card, which)
            for lang in [lang for lang, entry in printed.items() if text_problem(entry.text, multiline) is not None]:
                self.report.notes.append(
                    f"left out: the printed {lang} {which[:-1]} of {card.name!r}: "
                    f"{text_problem(printed[lang].text, multiline)[1]}"
                )
                del printed[lang]
        kept = [ruling for ruling in card.rulings if text_problem(ruling.text) is None]
        for ruling in card.rulings:
            if ruling not in kept:
                self.report.notes.append(
                    f"left out: a ruling of {card.name!r} ({ruling.date}): {text_problem(ruling.text)[1]}"
                )
        card.rulings = kept
        return True

    @staticmethod
    def _has_name(record: Record, name: str) -> bool:
        """Whether the record has no English name yet, or exactly this one."""
        names = record.data.get("names")
        english = names.get("en") if isinstance(names, dict) else None
        text = english.get("text") if isinstance(english, dict) else None
        return not isinstance(text, str) or name_key(text) == name_key(name)

    # -- a new record ------------------------------------------------------------------------------
    def create(self, card: ImportedCard) -> str:
        card_id = allocate(card.name, card.oracle_id, self.holders)
        self.holders[card_id] = card.oracle_id
        record = CommentedMap()
        record["id"] = card_id
        record["names"] = self._texts_map(card, "names")
        record["oracle_id"] = card.oracle_id
        if card.counters:
            record["counters"] = CommentedSeq(sorted(card.counters))
        if card.any_counter:
            record["any_counter"] = True
        texts = self._texts_map(card, "texts")
        if texts:
            record["text"] = texts
        if card.rulings:
            record["rulings"] = CommentedSeq(ruling_record(r) for r in _unique(card.rulings))
        self.report.count("card records", "added")
        self.report.count("oracle ids", "added")
        self.report.count("names", "added", len(record["names"]))
        self.report.count("texts", "added", len(texts))
        self.report.count("counter links", "added", len(card.counters))
        self.report.count("any-counter flags", "added", 1 if card.any_counter else 0)
        self.report.count("rulings", "added", len(record.get("rulings", ())))
        header = f"# Added by `{self.prov.command}` ({self.prov.via}).\n"
        self.workspace.create(record_path(self.workspace.data_dir, "card", card_id), record, header)
        return card_id

    def _texts_map(self, card: ImportedCard, which: str) -> CommentedMap:
        result = CommentedMap()
        for lang in LANGS:
            entry = self._entry(card, which, lang)
            if entry is not None:
                result[lang] = entry
        return result

    def _entry(self, card: ImportedCard, which: str, lang: str) -> CommentedMap | None:
        """The text object the import gives for a card's name or rules text in one language (or None)."""
        if lang == "en":
            value = card.name if which == "names" else card.oracle_text
            if not value:
                return None
            return text_entry(value, "official", self.prov.oracle_source, self.prov.version, via=self.prov.via)
        printed = (card.names if which == "names" else card.texts).get(lang)
        if printed is None:
            return None
        return text_entry(
            printed.text,
            "official",
            self.prov.printed_source,
            printed.printing.date,
            via=self.prov.via,
            printing=printed,
        )

    # -- an existing record ------------------------------------------------------------------------
    def update(self, record: Record, card: ImportedCard) -> None:
        data = record.data
        path = (
            Path(record.document.path) if record.document else record_path(self.workspace.data_dir, "card", record.id)
        )
        ops: list[Op] = []
        self.report.count("card records", "unchanged")

        existing = data.get("oracle_id")
        if existing is None:
            ops.append(lambda doc: doc.__setitem__("oracle_id", card.oracle_id))
            self.report.count("oracle ids", "added")
        elif existing == card.oracle_id:
            self.report.count("oracle ids", "unchanged")
        else:
            self.report.conflict(
                "oracle ids",
                f"{path}: oracle_id: the record has {existing}; the import reads "
                f"{card.oracle_id} for {card.name!r}: kept",
            )

        for which, key, kind in (("names", "names", "names"), ("texts", "text", "texts")):
            current = data.get(key) if isinstance(data.get(key), dict) else {}
            for lang in LANGS:
                entry = self._entry(card, which, lang)
                if entry is None:
                    continue
                have = current.get(lang)
                if have is None:
                    ops.append(_set_in(key, lang, entry))
                    self.report.count(kind, "added")
                elif isinstance(have, dict) and same_text(have.get("text"), entry["text"]):
                    self.report.count(kind, "unchanged")
                elif (
                    which == "names"
                    and lang == "en"
                    and isinstance(have, dict)
                    and any(same_text(have.get("text"), face) for face in faces(card.name))
                ):
                    self.report.count(kind, "unchanged")  # a record named by hand after one of the card's faces
                else:
                    shown = have.get("text") if isinstance(have, dict) else have
                    printed = (card.names if which == "names" else card.texts).get(lang)
                    where = (
                        f" (printed on {printed.printing.set} #{printed.printing.number}, {printed.printing.date})"
                        if printed
                        else ""
                    )
                    self.report.conflict(
                        kind,
                        f"{path}: {key}.{lang}: the record has {_short(shown)}; "
                        f"the import reads {_short(entry['text'])}{where}: kept",
                    )

        counters = data.get("counters")
        listed = counters if isinstance(counters, list) else []
        missing = [c for c in sorted(card.counters) if c not in listed]
        self.report.count("counter links", "unchanged", len(card.counters) - len(missing))
        if missing and (counters is None or isinstance(counters, list)):
            ops.append(_extend("counters", missing))
            self.report.count("counter links", "added", len(missing))
        if card.any_counter:
            if data.get("any_counter") is True:
                self.report.count("any-counter flags", "unchanged")
            elif "any_counter" not in data:
                ops.append(lambda doc: doc.__setitem__("any_counter", True))
                self.report.count("any-counter flags", "added")

        ops += self._rulings(path, data, card)
        if ops:
            document = self.workspace.edit(path)
            for op in ops:
                op(document)

    def _rulings(self, path: Path, data: dict, card: ImportedCard) -> list[Op]:
        existing = data.get("rulings")
        if existing is not None and not isinstance(existing, list):
            self.report.notes.append(f"{path}: `rulings` is not a list: its rulings were not merged")
            return []
        existing = existing or []
        by_id: dict[str, int] = {}
        by_content: dict[tuple[str, str], int] = {}
        for index, ruling in enumerate(existing):
            if not isinstance(ruling, dict):
                continue
            if isinstance(ruling.get("id"), str):
                by_id.setdefault(ruling["id"], index)
            text = ((ruling.get("text") or {}).get("en") or {}) if isinstance(ruling.get("text"), dict) else {}
            if isinstance(text, dict) and isinstance(text.get("text"), str):
                by_content.setdefault((str(ruling.get("date")), ruling_key(text["text"])), index)
        ops: list[Op] = []
        new: list[ImportedRuling] = []
        for ruling in _unique(card.rulings):
            index = by_content.get((ruling.date, ruling_key(ruling.text)))
            if index is None and ruling.id in by_id:
                index = by_id[ruling.id]
                have = ((existing[index].get("text") or {}).get("en") or {}).get("text")
                self.report.conflict(
                    "rulings",
                    f"{path}: rulings[{index}] ({ruling.id}): the record has {_short(have)}; "
                    f"the import reads {_short(ruling.text)}: kept",
                )
                continue
            if index is None:
                new.append(ruling)
                continue
            self.report.count("rulings", "unchanged")
            current = existing[index]
            ops += self._about_links(index, current, ruling)
            if (
                ruling.upgrades
                and isinstance(current.get("source"), str)
                and current["source"] != ruling.source
                and current["source"].startswith(ruling.upgrades)
            ):
                if any(as_imported(current, prefix) for prefix in ruling.upgrades):
                    ops.append(_upgrade(index, ruling))
                    self.report.count("rulings", "upgraded")
                else:  # changed by hand since it was imported: never overwritten
                    self.report.notes.append(
                        f"{path}: rulings[{index}] ({current.get('id')}): edited by hand, so not "
                        f"upgraded to {ruling.source}: kept"
                    )
        if new:
            ops.append(_extend("rulings", [ruling_record(r) for r in new]))
            self.report.count("rulings", "added", len(new))
        return ops

    def _about_links(self, index: int, current: dict, ruling: ImportedRuling) -> list[Op]:
        """The `about` links the import finds that an existing ruling lacks (a hand-written `about` that is
        not a mapping of lists is left alone)."""
        about = current.get("about")
        if about is not None and not isinstance(about, dict):
            return []
        about = about or {}
        missing: dict[str, list[str]] = {}
        for key in ("counters", "rules", "mechanics"):
            found = getattr(ruling, key)
            listed = about.get(key)
            if listed is not None and not isinstance(listed, list):
                continue
            listed = [str(v) for v in listed or ()]
            new = [v for v in found if v not in listed]
            self.report.count("ruling links", "unchanged", len(found) - len(new))
            if new:
                missing[key] = new
                self.report.count("ruling links", "added", len(new))
        return [_extend_about(index, missing)] if missing else []


def _extend_about(index: int, missing: dict[str, list[str]]) -> Op:
    def op(doc: CommentedMap) -> None:
        target = doc["rulings"][index]
        if target.get("about") is None:
            target["about"] = CommentedMap()
        for key, values in missing.items():
            if target["about"].get(key) is None:
                target["about"][key] = CommentedSeq()
            target["about"][key].extend(Q(v) if key == "rules" else v for v in values)

    return op


def _unique(rulings: list[ImportedRuling]) -> list[ImportedRuling]:
    """One ruling per date and text, in date order (a text repeated on the same day is one ruling)."""
    seen = set()
    result = []
    for ruling in sorted(rulings, key=lambda r: r.date):
        key = (ruling.date, _norm(ruling.text))
        if key not in seen:
            seen.add(key)
            result.append(ruling)
    return result


def _set_in(key: str, lang: str, entry: CommentedMap) -> Op:
    def op(doc: CommentedMap) -> None:
        if not isinstance(doc.get(key), dict):
            doc[key] = CommentedMap()
        doc[key][lang] = entry

    return op


def _extend(key: str, values: list) -> Op:
    def op(doc: CommentedMap) -> None:
        if doc.get(key) is None:
            doc[key] = CommentedSeq()
        doc[key].extend(values)

    return op


def _upgrade(index: int, ruling: ImportedRuling) -> Op:
    def op(doc: CommentedMap) -> None:
        target = doc["rulings"][index]
        target["source"] = ruling.source
        texts = target.setdefault("text", CommentedMap())
        texts["en"] = text_entry(
            ruling.text if not isinstance((texts.get("en") or {}).get("text"), str) else str(texts["en"]["text"]),
            ruling.status,
            ruling.source,
            ruling.date,
            via=ruling.via,
        )

    return op


def ruling_record(ruling: ImportedRuling) -> CommentedMap:
    record = CommentedMap()
    record["id"] = ruling.id
    record["date"] = Q(ruling.date)
    record["source"] = ruling.source
    record["original"] = "en"
    texts = CommentedMap()
    texts["en"] = text_entry(ruling.text, ruling.status, ruling.source, ruling.date, via=ruling.via)
    record["text"] = texts
    about = CommentedMap()
    for key in ("counters", "rules", "mechanics"):
        values = getattr(ruling, key)
        if values:
            seq = CommentedSeq(Q(v) if key == "rules" else v for v in values)
            about[key] = seq
    if about:
        record["about"] = about
    return record


# ---------------------------------------------------------------- sources


def ensure_sources(
    kb: KnowledgeBase, workspace: Workspace, report: MergeReport, needed: dict[str, dict], command: str
) -> None:
    """Create the source records an import cites that are not in the data yet."""
    for source_id, fields in sorted(needed.items()):
        if kb.get("source", source_id) is not None:
            report.count("sources", "unchanged")
            continue
        record = CommentedMap()
        for key, value in fields.items():
            record[key] = Q(value) if key == "date" else value
        workspace.create(record_path(workspace.data_dir, "source", source_id), record, f"# Added by `{command}`.\n")
        report.count("sources", "added")
