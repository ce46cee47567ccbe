"""The Japanese and French names printed cards give to counter kinds, mechanics and terms: one stage of the
MTGJSON import.

Given MTGJSON sets (objects with `.code`, `.release_date` and `.cards`, MTGJSON card dicts whose
`foreignData` holds the printed Japanese and French texts) and the data folder, `plan` computes:

- the names that printed cards show (`counterpedia.catalogue.printed`: how each is read; where printings
  disagree, the most recent printing wins);
- the record updates, as `FileWrite`s (ruamel round trip: comments and untouched lines stay as they are):
  a `machine` or `community` Japanese or French name of a counter kind, and a French name of a mechanic or
  term, becomes the printed name, `official`, citing its printing (source `wotc-printed-cards`, `via` the
  MTGJSON build, `version` the printing's release date, `printing: {set, number, card}`). An official name
  from another source is never replaced: where it differs from the printed one, it is reported. The
  Japanese names of mechanics and terms come from the Japanese Comprehensive Rules: printed ones that
  differ are reported, not written;
- the machine texts (summaries, notes, rule quotes, rulings) that still use a replaced name, reworded to
  the printed one (their `translates` hashes are those of the canonical texts, which do not change);
- the review list `catalogue/printed-name-variants.yaml`: every name that older printings show besides
  the chosen one, every disagreement with an official name, every Japanese mechanic name that differs.

Nothing is written here: `apply` hands the plan to `counterpedia.storage.writes.apply_plan`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q
from ruamel.yaml.scalarstring import ScalarString

from ..catalogue.printed import (
    Choice,
    PrintedText,
    Printing,
    SightingCollector,
    choose,
    fold,
    sightings_for,
    targets,
)
from ..langs import LANGS
from ..model.knowledge import KnowledgeBase, load
from ..model.texts import text_fields
from ..storage import yamlio
from ..storage.format import format_text
from ..storage.load import schema_kind
from ..storage.writes import FileWrite, apply_plan, recover

SOURCE = "wotc-printed-cards"
VIA = "mtgjson-20220425"
LANGUAGES = {"Japanese": "ja", "French": "fr"}
VARIANTS_FILE = Path("catalogue") / "printed-name-variants.yaml"
HEADER_MARK = "# Printed names"
# What this stage writes, per kind: the languages whose name it may set.
WRITES = {"counter": ("ja", "fr"), "mechanic": ("fr",), "term": ("fr",)}
REPLACEABLE = ("machine", "community")
LANG_ORDER = LANGS


# ---------------------------------------------------------------- from MTGJSON sets to printed texts


def printed_texts(sets: Iterable) -> Iterator[PrintedText]:
    """Every Japanese and French printed text of the sets' cards, beside the card face's English Oracle text.

    A card whose `availability` lacks "paper" was never printed (Arena or MTGO only) and is skipped."""
    for card_set in sets:
        for card in card_set.cards:
            availability = card.get("availability")
            if isinstance(availability, list) and availability and "paper" not in availability:
                continue
            english = card.get("text") if isinstance(card.get("text"), str) else ""
            if not english:
                continue
            printing = Printing(
                str(card_set.release_date), str(card_set.code), str(card.get("number", "")), str(card.get("name", ""))
            )
            for foreign in card.get("foreignData") or []:
                lang = LANGUAGES.get(foreign.get("language")) if isinstance(foreign, dict) else None
                text = foreign.get("text") if lang else None
                if isinstance(text, str) and text.strip():
                    yield PrintedText(printing, english, lang, text)


# ---------------------------------------------------------------- the plan


@dataclass
class NameChange:
    kind: str
    id: str
    lang: str
    old: str | None
    old_status: str | None
    choice: Choice


@dataclass
class Plan:
    writes: list[FileWrite] = field(default_factory=list)
    changes: list[NameChange] = field(default_factory=list)  # names written (upgraded to official, or replaced)
    disagreements: list[tuple[str, str, str, dict, Choice]] = field(
        default_factory=list
    )  # official elsewhere, printed differs
    not_written: list[tuple[str, str, str, dict | None, Choice]] = field(default_factory=list)  # ja mechanics/terms
    reworded: list[tuple[str, str]] = field(default_factory=list)  # (record path, field) of machine texts reworded
    kept: list[tuple[str, str, str, str]] = field(
        default_factory=list
    )  # (kind, id, lang, field): not machine, left as is
    review: list[tuple[str, str, str, str]] = field(
        default_factory=list
    )  # (path, field, old, new): may mean another thing
    choices: dict = field(default_factory=dict)
    official_before: dict[str, int] = field(default_factory=dict)  # "counter ja" -> count
    official_after: dict[str, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


def _entry(record, lang: str) -> dict | None:
    names = record.data.get("names")
    entry = names.get(lang) if isinstance(names, dict) else None
    return entry if isinstance(entry, dict) else None


def _official_counts(kb: KnowledgeBase, upgraded: set[tuple[str, str, str]] = frozenset()) -> dict[str, int]:
    counts = {}
    for kind in WRITES:
        for lang in ("ja", "fr"):
            counts[f"{kind} {lang}"] = sum(
                1
                for r in kb.all(kind)
                if (kind, r.id, lang) in upgraded or (_entry(r, lang) or {}).get("status") == "official"
            )
    return counts


def named_records(kb: KnowledgeBase) -> list:
    """The records whose names this stage reads off printed cards."""
    return [r for kind in WRITES for r in kb.all(kind)]


def plan(sets: Iterable, data_dir: Path, via: str = VIA) -> Plan:
    """Every change this stage would make to the data folder, computed and not written."""
    kb, _diagnostics = load(Path(data_dir))
    return plan_from_sightings(sightings_for(printed_texts(sets), named_records(kb)), kb, Path(data_dir), via)


def plan_from_sightings(sightings: list, kb: KnowledgeBase, data_dir: Path, via: str = VIA) -> Plan:
    """The changes for names seen on cards (`catalogue.printed` sightings), computed and not written."""
    choices = choose(sightings)
    result = Plan(choices=choices)
    result.official_before = _official_counts(kb)

    edits: dict[str, list] = {}  # record path -> [(keys, value)] ; value None deletes
    for key in sorted(choices):
        kind, record_id, lang = key
        choice = choices[key]
        record = kb.get(kind, record_id)
        if record is None or record.document is None:
            continue
        current = _entry(record, lang)
        status = current.get("status") if current else None
        if lang not in WRITES[kind]:
            if current is None or fold(str(current.get("text", ""))) != fold(choice.name):
                result.not_written.append((kind, record_id, lang, current, choice))
            continue
        if status == "official":
            if fold(str(current.get("text", ""))) != fold(choice.name):
                result.disagreements.append((kind, record_id, lang, current, choice))
            continue
        if current is not None and status not in REPLACEABLE:
            continue
        result.changes.append(
            NameChange(kind, record_id, lang, current.get("text") if current else None, status, choice)
        )
        edits.setdefault(record.document.path, []).append((("names", lang), _printed_entry(choice, via)))

    upgraded = {(c.kind, c.id, c.lang) for c in result.changes}
    result.official_after = _official_counts(kb, upgraded)

    _reword_texts(kb, result, edits)

    by_path = {r.document.path: r for r in kb if r.document is not None}
    for path, changes in sorted(edits.items()):
        record = by_path[path]
        file = Path(path) if Path(path).is_absolute() else Path.cwd() / path
        tree = yamlio.load(file)
        for keys, value in changes:
            _set(tree, keys, value)
        text = format_text(schema_kind(file), yamlio.dumps(tree), str(file))
        langs = sorted(
            {c.lang for c in result.changes if (c.kind, c.id) == (record.kind, record.id)}, key=("ja", "fr").index
        )
        if langs:
            text = _mark_header(text, langs, via)
        result.writes.append(FileWrite(file, text))

    variants_file = data_dir.parent / VARIANTS_FILE
    result.writes.append(FileWrite(variants_file, variants_yaml(result, via, _previous_review(variants_file))))
    result.lines = report(result)
    return result


def _printed_entry(choice: Choice, via: str) -> CommentedMap:
    printing = choice.sighting.printing
    entry = CommentedMap()
    entry["text"] = choice.name
    entry["status"] = "official"
    entry["source"] = SOURCE
    entry["version"] = Q(printing.date)
    entry["via"] = via
    where = CommentedMap()
    where["set"] = Q(printing.set) if re.fullmatch(r"[0-9]+(?:E[0-9]*)?", printing.set) else printing.set
    where["number"] = Q(printing.number)
    where["card"] = printing.card
    entry["printing"] = where
    return entry


def _set(tree, keys: tuple, value) -> None:
    """Set the value at `keys`: a name's text map is updated in place (its key order and comments kept),
    a text keeps its scalar style."""
    node = tree
    for key in keys[:-1]:
        node = node[key]
    last = keys[-1]
    old = node.get(last) if isinstance(node, dict) else node[last]
    if isinstance(value, CommentedMap) and isinstance(old, CommentedMap):
        for key in list(old):
            if key not in value:
                del old[key]
        for key, item in value.items():
            old[key] = item
        return
    if isinstance(value, str) and isinstance(old, ScalarString) and "\n" not in value:
        value = type(old)(value)
    if old is None and isinstance(node, CommentedMap) and last in LANG_ORDER:  # a missing language: in ja, en, fr order
        position = sum(1 for key in node if key in LANG_ORDER and LANG_ORDER.index(key) < LANG_ORDER.index(last))
        node.insert(position, last, value)
        return
    node[last] = value


def _mark_header(text: str, langs: list[str], via: str) -> str:
    """The record's first comment lines say where its texts come from: one line says which names are printed."""
    line = (
        f"{HEADER_MARK} ({', '.join(langs)}): as printed on cards, each citing its printing "
        f"(read from {via} by `counterpedia import mtgjson`)."
    )
    lines = text.split("\n")
    header_end = 0
    while header_end < len(lines) and lines[header_end].startswith("#"):
        header_end += 1
    for i in range(header_end):
        if lines[i].startswith(HEADER_MARK):
            lines[i] = line
            return "\n".join(lines)
    lines.insert(header_end, line)
    return "\n".join(lines)


# ---------------------------------------------------------------- rewording texts that use a replaced name


@dataclass(frozen=True)
class Rename:
    kind: str
    id: str
    lang: str
    old: str  # the words to find: « histoire », 煉瓦カウンター, immortalité
    new: str


def _renames(changes: list[NameChange]) -> list[Rename]:
    """The (old, new) words of each replaced name: the kind word of a counter in French (« histoire » →
    « sapience »), the whole name otherwise (煉瓦カウンター → 石材カウンター, immortalité → survivance).
    Longest first, so that a name inside a longer one is not replaced first."""
    found = []
    for change in changes:
        old, new = change.old, change.choice.name
        if not old or fold(old) == fold(new):
            continue
        if change.kind == "counter" and change.lang == "fr":
            old_word, new_word = _guillemets(old), _guillemets(new)
            if old_word and new_word:
                old, new = old_word, new_word
        found.append(Rename(change.kind, change.id, change.lang, old, new))
    return sorted(found, key=lambda r: -len(r.old))


def _reword_texts(kb: KnowledgeBase, result: Plan, edits: dict) -> None:
    """Machine texts that use a replaced counter name get the printed one: the record's own texts always;
    another record's texts only when no other counter is still called that way (« vol » stays in texts
    about flying when theft becomes « larcin »). Mechanic and term names are common words too (« endurance »
    is toughness): texts that use an old one are listed for review, not changed."""
    renames = _renames(result.changes)
    if not renames:
        return
    owners: dict[
        tuple[str, str], set[tuple[str, str]]
    ] = {}  # (lang, folded word) -> records named so after the changes
    changed = {(c.kind, c.id, c.lang): c.choice.name for c in result.changes}
    for kind in WRITES:
        for record in kb.all(kind):
            for lang in ("ja", "fr"):
                name = changed.get((kind, record.id, lang)) or (_entry(record, lang) or {}).get("text")
                if isinstance(name, str):
                    word = (_guillemets(name) if kind == "counter" and lang == "fr" else None) or name
                    owners.setdefault((lang, fold(word)), set()).add((kind, record.id))
    for record in kb:
        if record.document is None:
            continue
        for text_field in text_fields(record):
            if text_field.keys == ("names",):
                continue
            for lang, entry in text_field.texts.items():
                if not isinstance(entry, dict) or not isinstance(entry.get("text"), str):
                    continue
                text = entry["text"]
                where = ".".join(str(k) for k in text_field.keys + (lang,))
                apply = []
                for rename in renames:
                    if rename.lang != lang or not _uses(text, rename.old):
                        continue
                    own = (record.kind, record.id) == (rename.kind, rename.id)
                    still = owners.get((lang, fold(rename.old)), set())
                    if (record.kind, record.id) in still:
                        continue  # the record's own name, which stays (flying keeps « vol »)
                    if entry.get("status") != "machine":
                        result.kept.append((record.kind, record.id, lang, where))
                    elif rename.kind == "counter" and (own or not still):
                        apply.append(rename)
                    else:
                        result.review.append((record.document.path, where, rename.old, rename.new))
                new = reword(text, [(r.old, r.new) for r in apply])
                if new != text:
                    edits.setdefault(record.document.path, []).append((text_field.keys + (lang, "text"), new))
                    result.reworded.append((record.document.path, where))


def _uses(text: str, old: str) -> bool:
    return reword(text, [(old, "\x00")]) != text


def _guillemets(name: str) -> str | None:
    match = re.search(r"«\s*[^»]+?\s*»", name)
    return match.group(0) if match else None


_JA_NAME_CHAR = r"[\u30a0-\u30ff\u4e00-\u9fff\u3005A-Za-zＡ-Ｚａ-ｚ0-9０-９+＋\-－−/／]"


def reword(text: str, pairs: list[tuple[str, str]]) -> str:
    """`text` with each old name replaced by the new one: whole words only (金カウンター is not replaced inside
    賞金カウンター), the case of a French initial kept (« Immortalité » → « Survivance »)."""
    for old, new in pairs:
        if old.startswith("«"):
            pattern = re.compile(r"«\s*" + re.escape(old.strip("« »")) + r"\s*»")
            text = pattern.sub(lambda m: new, text)
        elif re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", old):
            text = re.sub(r"(?<!" + _JA_NAME_CHAR + ")" + re.escape(old), lambda m: new, text)
        else:  # a French word, also after an elided article (l'immortalité)
            pattern = re.compile(r"(?<![\w-])" + re.escape(old) + r"(?![\w-])", re.IGNORECASE)
            text = pattern.sub(lambda m: _same_case(m.group(0), new), text)
    return text


def _same_case(found: str, new: str) -> str:
    return new[:1].upper() + new[1:] if found[:1].isupper() else new


# ---------------------------------------------------------------- the review list and the report


def _printing_map(printing: Printing) -> CommentedMap:
    value = CommentedMap()
    value["set"] = printing.set
    value["number"] = Q(printing.number)
    value["card"] = printing.card
    value["date"] = Q(printing.date)
    return value


def _previous_review(path: Path) -> dict[str, Any]:
    """The review list as the previous runs left it ({} when there is none, or it cannot be read)."""
    try:
        found = yamlio.load(path) if path.is_file() else {}
    except (OSError, ValueError, YAMLError):
        return {}
    return found if isinstance(found, dict) else {}


def _merged(previous: dict[str, Any], section: str, new: CommentedSeq) -> CommentedSeq:
    """The section's new items, then the previous items of the records and languages this run did not list: an
    import of one set merges into the review list the full import gathered, never wipes it (issue 23)."""
    listed = {(item.get("record"), item.get("lang")) for item in new}
    kept = [
        item
        for item in previous.get(section) or []
        if isinstance(item, dict) and (item.get("record"), item.get("lang")) not in listed
    ]
    merged = CommentedSeq([*new, *kept])
    return CommentedSeq(sorted(merged, key=lambda item: (str(item.get("record")), str(item.get("lang")))))


def variants_yaml(result: Plan, via: str, previous: dict[str, Any] | None = None) -> str:
    previous = previous or {}
    root = CommentedMap()
    root["via"] = via
    variants = CommentedSeq()
    for key in sorted(result.choices):
        choice = result.choices[key]
        if not choice.variants:
            continue
        item = CommentedMap()
        item["record"] = f"{choice.kind}/{choice.id}"
        item["lang"] = choice.lang
        item["chosen"] = choice.name
        item["printing"] = _printing_map(choice.sighting.printing)
        item["printings"] = choice.sightings
        others = CommentedSeq()
        for name, sightings in choice.variants.items():
            other = CommentedMap()
            other["name"] = name
            other["printings"] = len(sightings)
            other["latest"] = _printing_map(sightings[0].printing)
            others.append(other)
        item["others"] = others
        variants.append(item)
    root["variants"] = _merged(previous, "variants", variants)
    disagreements = CommentedSeq()
    for kind, record_id, lang, current, choice in result.disagreements:
        item = CommentedMap()
        item["record"] = f"{kind}/{record_id}"
        item["lang"] = lang
        item["official"] = current.get("text")
        item["source"] = current.get("source")
        item["printed"] = choice.name
        item["printing"] = _printing_map(choice.sighting.printing)
        disagreements.append(item)
    root["disagreements"] = _merged(previous, "disagreements", disagreements)
    not_written = CommentedSeq()
    for kind, record_id, lang, current, choice in result.not_written:
        item = CommentedMap()
        item["record"] = f"{kind}/{record_id}"
        item["lang"] = lang
        item["current"] = (current or {}).get("text")
        item["status"] = (current or {}).get("status")
        item["printed"] = choice.name
        item["printing"] = _printing_map(choice.sighting.printing)
        item["printings"] = choice.sightings
        not_written.append(item)
    root["not_written"] = _merged(previous, "not_written", not_written)
    header = (
        "# Names printed cards give to counter kinds, mechanics and terms, for review. Written by\n"
        "# `counterpedia import mtgjson` (stage printed names); each run updates the records it read.\n"
        "# variants: the names older printings show besides the chosen one (the most recent printing's).\n"
        "# disagreements: official names of another source that differ from the printed name (not replaced).\n"
        "# not_written: Japanese names of mechanics and terms that differ from the printed ones (they come\n"
        "# from the Japanese Comprehensive Rules, not from cards).\n"
    )
    return format_text(None, yamlio.dumps(root, header), str(VARIANTS_FILE))


def report(result: Plan) -> list[str]:
    lines = []
    for kind in WRITES:
        for lang in ("ja", "fr"):
            key = f"{kind} {lang}"
            lines.append(
                f"official {key} names: {result.official_before[key]} before, {result.official_after[key]} after"
            )
    for change in result.changes:
        where = change.choice.sighting.printing
        was = f"{change.old} ({change.old_status})" if change.old else "missing"
        lines.append(
            f"{change.kind} {change.id} {change.lang}: {was} -> {change.choice.name} "
            f"[{where.set} {where.number}, {where.card}, {where.date}]"
        )
    for kind, record_id, lang, current, choice in result.disagreements:
        lines.append(
            f"disagreement: {kind} {record_id} {lang}: official {current.get('text')} ({current.get('source')}), "
            f"printed {choice.name} [{choice.sighting.printing.label()}]: not replaced"
        )
    for kind, record_id, lang, current, choice in result.not_written:
        lines.append(
            f"not written: {kind} {record_id} {lang}: {(current or {}).get('text')} "
            f"({(current or {}).get('status')}), printed {choice.name} [{choice.sighting.printing.label()}]"
        )
    for path, where in result.reworded:
        lines.append(f"reworded: {path} {where}")
    for kind, record_id, _lang, where in result.kept:
        lines.append(f"kept (not a machine text): {kind} {record_id} {where} still uses a replaced name")
    for path, where, old, new in result.review:
        lines.append(f"review: {path} {where} uses '{old}' (now '{new}' for another record): not changed")
    variants = sum(1 for c in result.choices.values() if c.variants)
    lines.append(
        f"{len(result.changes)} name(s) set, {len(result.disagreements)} disagreement(s), "
        f"{len(result.reworded)} text(s) reworded, {variants} name(s) with variants "
        f"(see {VARIANTS_FILE.as_posix()})"
    )
    return lines


def apply(result: Plan, data_dir: Path) -> None:
    recover(data_dir)
    apply_plan(data_dir, result.writes, "import mtgjson (printed names)")


# ---------------------------------------------------------------- the stage of `counterpedia import mtgjson`


class PrintedNamesStage:
    """A stage of `counterpedia import mtgjson` (importers.mtgjson.pipeline.STAGES): reads each set's printed
    texts as it comes, then plans the name changes in the same journaled write as the cards."""

    def __init__(self, context):
        self.context = context
        self.collector = SightingCollector(targets(named_records(context.kb)))

    def add(self, mtgjson_set) -> None:
        self.collector.feed(printed_texts([mtgjson_set]))

    def plan(self, context, workspace, report) -> list[str]:
        result = plan_from_sightings(self.collector.finish(), context.kb, context.data_dir, context.build.source)
        for write in result.writes:
            workspace.replace(Path(write.path), write.text)
        return result.lines
