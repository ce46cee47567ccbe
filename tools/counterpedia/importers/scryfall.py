"""Import from Scryfall's bulk-data files: the cards that use each counter kind, their rulings and
their official Japanese and French printed names.

Formats (https://scryfall.com/docs/api/bulk-data): "Oracle Cards" is a JSON array of card objects
(one per Oracle ID: `oracle_id`, `name`, `oracle_text`, `card_faces[].oracle_text`, `set`, `set_name`,
`released_at`, `lang`); "Rulings" is a JSON array of ruling objects (`object: "ruling"`, `oracle_id`,
`source` "wotc" or "scryfall", `published_at`, `comment`); "All Cards" holds every printing in every
language, with `lang` ("ja", "fr", …) and `printed_name` (or `card_faces[].printed_name`).

The import only adds: a missing card record, a missing card in a counter's `cards` list, a missing
ruling, a missing language of a card's names, a missing `set`. A field that is already there is
never changed, so hand-edited records stay as they are (ruamel round-trip: untouched lines stay
byte-identical). Everything is computed first (`plan`), then written (`apply`).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q

from ..catalogue.crscan import name_pattern
from ..layout import record_path
from ..provenance import text_hash
from .. import yamlio
from .jsonstream import JSONStreamError, iter_objects

ORACLE_SOURCE = "scryfall-bulk-data"
RULING_SOURCES = {"wotc": "wotc-rulings", "scryfall": "scryfall-notes"}
LANGS = ("ja", "fr")

SOURCE_RECORDS = {
    "scryfall-bulk-data": {
        "id": "scryfall-bulk-data", "type": "dataset", "title": "Scryfall bulk data (Oracle Cards, Rulings, All Cards)",
        "publisher": "Scryfall", "language": "mul", "url": "https://scryfall.com/docs/api/bulk-data",
        "note": "Daily JSON exports of Scryfall's card database: Oracle text and names of each card (Oracle Cards), "
                "the printed names of every printing in every language (All Cards), and rulings (Rulings). "
                "Card data and printed names are Wizards of the Coast's; records filled by `counterpedia import scryfall` "
                "carry the version (date) of the data they were read from.",
    },
    "wotc-rulings": {
        "id": "wotc-rulings", "type": "release-notes", "title": "Wizards of the Coast rulings (as distributed by Scryfall)",
        "publisher": "Wizards of the Coast", "language": "en", "url": "https://scryfall.com/docs/api/rulings",
        "note": "Official rulings and release notes of Wizards of the Coast: the Scryfall rulings whose `source` is \"wotc\". "
                "Each ruling carries its publication date; the text reached us through Scryfall's bulk data (via scryfall-bulk-data).",
    },
    "scryfall-notes": {
        "id": "scryfall-notes", "type": "editorial", "title": "Scryfall notes on cards",
        "publisher": "Scryfall", "language": "en", "url": "https://scryfall.com/docs/api/rulings",
        "note": "Notes added by the Scryfall team (rulings whose `source` is \"scryfall\"): not official rulings.",
    },
}


class ImportFormatError(ValueError):
    """A bulk file is not in the documented format (the message names the file and the problem)."""


# ---------------------------------------------------------------- matching

def slug(name: str) -> str:
    """A card id from its name: ASCII, lowercase, hyphens ("Edgar Markov's Coffin" -> edgar-markovs-coffin)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


@dataclass(frozen=True)
class CounterKind:
    id: str
    name: str  # the English name without " counter", e.g. "acorn", "+1/+1"
    pattern: re.Pattern


def counter_kinds(counters: dict[str, dict]) -> list[CounterKind]:
    """The counter kinds to look for, from the counters' English names ("acorn counter" -> acorn)."""
    kinds = []
    for counter_id, data in counters.items():
        names = data.get("names") or {}
        english = names.get("en", {}).get("text") if isinstance(names.get("en"), dict) else None
        if not isinstance(english, str) or not english.lower().endswith(" counter"):
            continue
        name = english[: -len(" counter")].strip()
        if not name or "X" in name:  # "+X/+Y counter" is a family, not a printed name
            continue
        kinds.append(CounterKind(counter_id, name, name_pattern(name)))
    return kinds


def oracle_texts(card: dict) -> list[str]:
    texts = [card.get("oracle_text")] + [face.get("oracle_text") for face in card.get("card_faces") or [] if isinstance(face, dict)]
    return [t for t in texts if isinstance(t, str) and t]


def counters_in(card: dict, kinds: list[CounterKind]) -> list[str]:
    texts = oracle_texts(card)
    return [kind.id for kind in kinds if any(kind.pattern.search(t) for t in texts)]


def oracle_id_of(card: dict) -> str | None:
    value = card.get("oracle_id")
    if isinstance(value, str) and value:
        return value
    for face in card.get("card_faces") or []:  # reversible cards keep it on the faces
        if isinstance(face, dict) and isinstance(face.get("oracle_id"), str):
            return face["oracle_id"]
    return None


def printed_name(card: dict) -> str | None:
    if isinstance(card.get("printed_name"), str) and card["printed_name"]:
        return card["printed_name"]
    faces = [f.get("printed_name") for f in card.get("card_faces") or [] if isinstance(f, dict)]
    if faces and all(isinstance(f, str) and f for f in faces):
        return " // ".join(faces)
    return None


# ---------------------------------------------------------------- the plan

@dataclass
class FoundCard:
    card_id: str
    name: str
    oracle_id: str
    counters: list[str]
    set_name: str | None = None
    set_code: str | None = None
    printed: dict[str, tuple[str, str]] = field(default_factory=dict)  # lang -> (name, released_at)


@dataclass
class FoundRuling:
    ruling_id: str
    date: str
    source: str  # wotc | scryfall
    comment: str
    card_id: str
    counters: list[str]


@dataclass
class Plan:
    cards: dict[str, FoundCard] = field(default_factory=dict)  # by oracle_id
    rulings: list[FoundRuling] = field(default_factory=list)
    excluded_seen: dict[str, list[str]] = field(default_factory=dict)  # excluded name -> card names
    scanned: int = 0


def _check_card(card: dict, index: int, path: Path) -> None:
    if not isinstance(card.get("name"), str):
        raise ImportFormatError(f"{path}: card {index} has no \"name\": is this Scryfall's Oracle Cards file?")


def scan_oracle(path: Path, kinds: list[CounterKind], excluded: list[str] = ()) -> Plan:
    plan = Plan()
    excluded_patterns = [(name, name_pattern(name)) for name in excluded]
    try:
        for index, card in enumerate(iter_objects(path, "card")):
            _check_card(card, index, path)
            plan.scanned += 1
            found = counters_in(card, kinds)
            texts = oracle_texts(card)
            for name, pattern in excluded_patterns:
                if any(pattern.search(t) for t in texts):
                    plan.excluded_seen.setdefault(name, []).append(card["name"])
            if not found:
                continue
            oracle_id = oracle_id_of(card)
            if oracle_id is None:
                raise ImportFormatError(f"{path}: card {index} ({card['name']}) has no \"oracle_id\"")
            plan.cards[oracle_id] = FoundCard(
                slug(card["name"]), card["name"], oracle_id, found,
                card.get("set_name") if isinstance(card.get("set_name"), str) else None,
                card["set"].upper() if isinstance(card.get("set"), str) else None,
            )
    except JSONStreamError as error:
        raise ImportFormatError(f"{path}: {error}") from None
    return plan


def scan_rulings(path: Path, plan: Plan) -> None:
    counts: dict[str, int] = {}
    try:
        for index, ruling in enumerate(iter_objects(path, "ruling")):
            if ruling.get("object") not in (None, "ruling"):
                raise ImportFormatError(f"{path}: item {index} is a {ruling.get('object')!r} object, not a ruling: "
                                        "is this Scryfall's Rulings file?")
            missing = [k for k in ("oracle_id", "source", "published_at", "comment") if not isinstance(ruling.get(k), str)]
            if missing:
                raise ImportFormatError(f"{path}: ruling {index} has no {', '.join(repr(m) for m in missing)}")
            card = plan.cards.get(ruling["oracle_id"])
            if card is None:
                continue
            if ruling["source"] not in RULING_SOURCES:
                raise ImportFormatError(f"{path}: ruling {index} has source {ruling['source']!r}, expected \"wotc\" or \"scryfall\"")
            try:
                date = dt.date.fromisoformat(ruling["published_at"]).isoformat()
            except ValueError:
                raise ImportFormatError(f"{path}: ruling {index} has published_at {ruling['published_at']!r}, not a YYYY-MM-DD date") from None
            digest = text_hash(ruling["comment"])[len("sha256:"):][:8]
            ruling_id = f"{date}-{card.card_id}-{digest}"
            counts[ruling_id] = counts.get(ruling_id, 0) + 1
            if counts[ruling_id] > 1:
                continue  # the same text twice on the same day: one record
            plan.rulings.append(FoundRuling(ruling_id, date, ruling["source"], ruling["comment"].strip(), card.card_id, card.counters))
    except JSONStreamError as error:
        raise ImportFormatError(f"{path}: {error}") from None


def scan_all_cards(path: Path, plan: Plan) -> None:
    try:
        for index, card in enumerate(iter_objects(path, "card")):
            lang = card.get("lang")
            if lang not in LANGS:
                continue
            found = plan.cards.get(oracle_id_of(card) or "")
            if found is None or lang in found.printed:
                continue
            name = printed_name(card)
            if name:
                released = card.get("released_at") if isinstance(card.get("released_at"), str) else None
                found.printed[lang] = (name, released or "")
    except JSONStreamError as error:
        raise ImportFormatError(f"{path}: {error}") from None


# ---------------------------------------------------------------- applying it

@dataclass
class Change:
    path: Path
    text: str
    summary: str


@dataclass
class Report:
    lines: list[str] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    added_cards: int = 0
    added_links: int = 0
    added_rulings: int = 0
    added_names: int = 0
    added_sources: int = 0


def _text(text: str, source: str, version: str, status: str = "official", via: str | None = None) -> CommentedMap:
    entry = CommentedMap()
    entry["text"] = text
    entry["status"] = status
    entry["source"] = source
    entry["version"] = Q(version)
    if via:
        entry["via"] = via
    return entry


def _version(value: str, fallback: str) -> str:
    try:
        return dt.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        return fallback


def build_changes(data_dir: Path, plan: Plan, version: str) -> Report:
    """Every file to write, as new text, with a line of report each. Nothing is written here."""
    report = Report()
    sources_needed = {ORACLE_SOURCE} if plan.cards else set()
    sources_needed |= {RULING_SOURCES[r.source] for r in plan.rulings}
    for source_id in sorted(sources_needed):
        path = data_dir / "sources" / f"{source_id}.yaml"
        if not path.exists():
            record = CommentedMap(SOURCE_RECORDS[source_id])
            report.changes.append(Change(path, yamlio.dumps(record, "# Added by `counterpedia import scryfall`.\n"), f"source {source_id}"))
            report.added_sources += 1

    # cards, and their printed names
    for found in sorted(plan.cards.values(), key=lambda f: f.card_id):
        path = record_path(data_dir, "card", found.card_id)
        if path.exists():
            record = yamlio.load(path)
            if not isinstance(record, CommentedMap):
                report.lines.append(f"skipped {path}: not a mapping")
                continue
            added = []
            names = record.setdefault("names", CommentedMap())
            if not isinstance(names, dict):
                report.lines.append(f"skipped {path}: `names` is not a mapping")
                continue
            if "en" not in names:
                names["en"] = _text(found.name, ORACLE_SOURCE, version)
                added.append("en name")
            for lang, (name, released) in sorted(found.printed.items()):
                if lang not in names:
                    names[lang] = _text(name, ORACLE_SOURCE, _version(released, version))
                    added.append(f"{lang} name {name}")
            if "set" not in record and found.set_name:
                record["set"] = _set(found)
                added.append("set")
            counters = record.get("counters")
            if counters is None:
                counters = record["counters"] = CommentedSeq()
            new = [c for c in sorted(set(found.counters)) if isinstance(counters, list) and c not in counters]
            if new:
                counters.extend(new)
                report.added_links += len(new)
                added.append(f"counters {', '.join(new)}")
            if added:
                report.added_names += sum(1 for a in added if a.endswith("name") or " name " in a)
                report.changes.append(Change(path, yamlio.dumps(record), f"card {found.card_id}: added {', '.join(added)}"))
        else:
            record = CommentedMap()
            record["id"] = found.card_id
            names = CommentedMap()
            for lang in ("ja", "en", "fr"):
                if lang == "en":
                    names["en"] = _text(found.name, ORACLE_SOURCE, version)
                elif lang in found.printed:
                    name, released = found.printed[lang]
                    names[lang] = _text(name, ORACLE_SOURCE, _version(released, version))
                    report.added_names += 1
            record["names"] = names
            if found.set_name:
                record["set"] = _set(found)
            record["counters"] = CommentedSeq(sorted(set(found.counters)))
            report.added_links += len(record["counters"])
            header = f"# Added by `counterpedia import scryfall` (Scryfall data of {version}): its Oracle text uses {', '.join(found.counters)} counters.\n"
            report.changes.append(Change(path, yamlio.dumps(record, header), f"card {found.card_id} ({found.name}): new record"))
            report.added_cards += 1

    # rulings
    for ruling in plan.rulings:
        path = data_dir / "rulings" / f"{ruling.ruling_id}.yaml"
        if path.exists():
            continue
        source = RULING_SOURCES[ruling.source]
        record = CommentedMap()
        record["id"] = ruling.ruling_id
        record["date"] = Q(ruling.date)
        record["source"] = source
        record["original"] = "en"
        text = CommentedMap()
        text["en"] = _text(ruling.comment, source, ruling.date, "official" if ruling.source == "wotc" else "community", via=ORACLE_SOURCE)
        record["text"] = text
        about = CommentedMap()
        about["counters"] = CommentedSeq(sorted(ruling.counters))
        about["cards"] = CommentedSeq([ruling.card_id])
        record["about"] = about
        report.changes.append(Change(path, yamlio.dumps(record, "# Added by `counterpedia import scryfall`.\n"),
                                     f"ruling {ruling.ruling_id} ({ruling.source})"))
        report.added_rulings += 1

    for name, cards in sorted(plan.excluded_seen.items()):
        shown = ", ".join(sorted(set(cards))[:5])
        report.lines.append(f"note: excluded counter kind '{name}' appears in the Oracle text of {shown}: review its entry in the excluded list")
    report.lines.extend(change.summary for change in report.changes)
    return report


def _set(found: FoundCard) -> CommentedMap:
    value = CommentedMap()
    value["name"] = found.set_name
    if found.set_code:
        value["code"] = found.set_code
    value["source"] = ORACLE_SOURCE
    return value


def apply(report: Report) -> None:
    for change in report.changes:
        yamlio.atomic_write(change.path, change.text)


def run(data_dir: Path, oracle: Path, rulings: Path | None = None, all_cards: Path | None = None,
        version: str | None = None, excluded: list[str] = (), dry_run: bool = False) -> Report:
    """The whole import: scan the files, plan every change, write them unless `dry_run`."""
    from ..knowledge import load

    version = version or dt.date.today().isoformat()
    kb, _problems = load(data_dir)
    kinds = counter_kinds({r.id: r.data for r in kb.all("counter")})
    if not kinds:
        raise ImportFormatError(f"{data_dir}: no counter records with an English name: nothing to look for")
    plan = scan_oracle(oracle, kinds, excluded)
    if rulings is not None:
        scan_rulings(rulings, plan)
    if all_cards is not None:
        scan_all_cards(all_cards, plan)
    report = build_changes(data_dir, plan, version)
    report.lines.append(
        f"{'would add' if dry_run else 'added'}: {report.added_cards} card(s), {report.added_links} counter-card link(s), "
        f"{report.added_rulings} ruling(s), {report.added_names} printed name(s), {report.added_sources} source(s) "
        f"(scanned {plan.scanned} card(s), {len(plan.cards)} use a counter kind)"
    )
    if not dry_run:
        apply(report)
    return report
