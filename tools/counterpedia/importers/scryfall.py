"""Import from Scryfall's bulk-data files: the cards that use counters, their rulings (with who wrote each)
and their printed Japanese and French names and texts. Same model, merge rules and writes as
`import mtgjson` (counterpedia.importers.merge).

Formats (https://scryfall.com/docs/api/bulk-data): "Oracle Cards" is a JSON array of card objects (one per
Oracle ID: `oracle_id`, `name`, `oracle_text`, `card_faces[].oracle_text`, `keywords`); "Rulings" is a JSON
array of ruling objects (`oracle_id`, `source` "wotc" or "scryfall", `published_at`, `comment`); "All Cards"
holds every printing in every language, with `lang` ("ja", "fr", …), `printed_name` and `printed_text` (or
the same on `card_faces`), `set`, `collector_number` and `released_at`.

Scryfall's rulings say who wrote them: "wotc" rulings are official (wotc-rulings, via scryfall-bulk-data),
"scryfall" ones are Scryfall's notes (community). Either upgrades the same ruling (same card, date and text)
imported from MTGJSON, which cannot tell them apart.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..langs import PRINTED_LANGS
from .about import AboutFinder
from .counter_text import CounterScanner, TextScan, counter_kinds
from .jsonstream import JSONStreamError, iter_objects
from .merge import CardMerger, MergeReport, Workspace, ensure_sources, readable_knowledge
from .model import (
    FACE_SEPARATOR,
    ImportedCard,
    ImportedRuling,
    ImportFailure,
    Printing,
    Provenance,
    checked_date,
)
from .printed import Skipped, keep_printed, wrong_text
from .skeleton import Provider, Result, excluded_names

COMMAND = "counterpedia import scryfall"
VIA = "scryfall-bulk-data"
RULING_SOURCES = {"wotc": ("wotc-rulings", "official"), "scryfall": ("scryfall-notes", "community")}
LANGS = PRINTED_LANGS
UPGRADES = ("mtgjson-rulings-",)

SOURCE_RECORDS = {
    "scryfall-bulk-data": {
        "id": "scryfall-bulk-data",
        "type": "dataset",
        "title": "Scryfall bulk data (Oracle Cards, Rulings, All Cards)",
        "publisher": "Scryfall",
        "language": "mul",
        "url": "https://scryfall.com/docs/api/bulk-data",
        "note": "Daily JSON exports of Scryfall's card database: the Oracle text and name of each card (Oracle Cards), "
        "the printed names and texts of every printing in every language (All Cards), and rulings (Rulings). "
        "Texts read from it cite their publisher's source and name this copy as `via`.",
    },
    "wotc-rulings": {
        "id": "wotc-rulings",
        "type": "release-notes",
        "title": "Wizards of the Coast rulings (as distributed by Scryfall)",
        "publisher": "Wizards of the Coast",
        "language": "en",
        "url": "https://scryfall.com/docs/api/rulings",
        "note": 'Official rulings and release notes of Wizards of the Coast: the Scryfall rulings whose `source` is "wotc". '
        "Each ruling carries its publication date; the text reached us through Scryfall's bulk data (via scryfall-bulk-data).",
    },
    "scryfall-notes": {
        "id": "scryfall-notes",
        "type": "editorial",
        "title": "Scryfall notes on cards",
        "publisher": "Scryfall",
        "language": "en",
        "url": "https://scryfall.com/docs/api/rulings",
        "note": 'Notes added by the Scryfall team (rulings whose `source` is "scryfall"): not official rulings.',
    },
    "wotc-oracle": {
        "id": "wotc-oracle",
        "type": "card-text",
        "title": "Oracle reference text (the current official English wording of each card)",
        "publisher": "Wizards of the Coast",
        "language": "en",
        "url": "https://magic.wizards.com/en/rules",
        "note": "Wizards of the Coast's Oracle text: each card's official name and current rules wording. A text citing "
        "this source names the copy it was read from (`via`) and carries the date of that copy as its version.",
    },
    "wotc-printed-cards": {
        "id": "wotc-printed-cards",
        "type": "card-text",
        "title": "Printed Magic cards (the text printed on one printing)",
        "publisher": "Wizards of the Coast",
        "language": "mul",
        "note": "The name and rules text printed on a card in one language, as Wizards of the Coast printed it. A text "
        "citing this source names its printing (`printing`) and the copy it was read from (`via`).",
    },
}


@dataclass
class _Found:
    card: ImportedCard
    faces: list[str]  # the English Oracle text of each face
    own_names: set[str]
    keywords: list[str]


@dataclass
class Scan:
    found: dict[str, _Found] = field(default_factory=dict)  # by Oracle ID
    scanned: int = 0
    excluded_seen: dict[str, list[str]] = field(default_factory=dict)
    skipped: list[Skipped] = field(default_factory=list)


def oracle_id_of(card: dict) -> str | None:
    value = card.get("oracle_id")
    if isinstance(value, str) and value:
        return value
    for face in card.get("card_faces") or []:  # reversible cards keep it on the faces
        if isinstance(face, dict) and isinstance(face.get("oracle_id"), str):
            return face["oracle_id"]
    return None


def _faces(card: dict, key: str) -> list[str | None]:
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, dict)]
    if faces:
        return [f.get(key) if isinstance(f.get(key), str) else None for f in faces]
    return [card.get(key) if isinstance(card.get(key), str) else None]


def _wrong_type(card: dict, keys: tuple[str, ...]) -> str | None:
    """A text field present with a value that is not a text (on the card or a face): reported, as MTGJSON's
    reader does, never dropped in silence."""
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, dict)]
    for holder, shown in [(card, ""), *((face, f"face {n} ") for n, face in enumerate(faces))]:
        for key in keys:
            if key in holder and holder[key] is not None and not isinstance(holder[key], str):
                return f'{shown}"{key}" is a {type(holder[key]).__name__}, not a text'
    return None


def scan_oracle(path: Path, scanner: CounterScanner) -> Scan:
    scan = Scan()
    try:
        for index, card in enumerate(iter_objects(path, "card")):
            if not isinstance(card.get("name"), str):
                raise ImportFailure(f'{path}: card {index} has no "name": is this Scryfall\'s Oracle Cards file?')
            scan.scanned += 1
            wrong = _wrong_type(card, ("oracle_text", "name"))
            if wrong:
                raise ImportFailure(f"{path}: card {index} ({card['name']}): {wrong}")
            texts = [t or "" for t in _faces(card, "oracle_text")]
            names = {card["name"], *card["name"].split(" // "), *(n for n in _faces(card, "name") if n)}
            found = TextScan()
            for text in texts:
                found.merge(scanner.scan(text, names))
            for word in found.excluded:
                scan.excluded_seen.setdefault(word, []).append(card["name"])
            if not (found.kinds or found.any_counter):
                continue
            oracle_id = oracle_id_of(card)
            if oracle_id is None:
                raise ImportFailure(f'{path}: card {index} ({card["name"]}) has no "oracle_id"')
            earlier = scan.found.get(oracle_id)
            if earlier is not None and earlier.card.name != card["name"]:
                # Merged, one of the two names would be dropped without a word.
                raise ImportFailure(
                    f"{path}: card {index} ({card['name']}) has the Oracle ID {oracle_id} of an "
                    f"earlier card ({earlier.card.name}): one Oracle ID is one card"
                )
            keywords = [k for k in card.get("keywords") or [] if isinstance(k, str)]
            oracle_text = FACE_SEPARATOR.join(texts)
            scan.found[oracle_id] = _Found(
                ImportedCard(
                    oracle_id,
                    card["name"],
                    sorted(found.kinds),
                    found.any_counter,
                    oracle_text if oracle_text.strip() else None,
                ),
                texts,
                names,
                keywords,
            )
    except JSONStreamError as error:
        raise ImportFailure(f"{path}: {error}") from None
    return scan


def scan_rulings(path: Path, scan: Scan, about: AboutFinder) -> None:
    try:
        for index, ruling in enumerate(iter_objects(path, "ruling")):
            if ruling.get("object") not in (None, "ruling"):
                raise ImportFailure(
                    f"{path}: item {index} is a {ruling.get('object')!r} object, not a ruling: "
                    "is this Scryfall's Rulings file?"
                )
            missing = [
                k for k in ("oracle_id", "source", "published_at", "comment") if not isinstance(ruling.get(k), str)
            ]
            if missing:
                raise ImportFailure(f"{path}: ruling {index} has no {', '.join(repr(m) for m in missing)}")
            found = scan.found.get(ruling["oracle_id"])
            if found is None:
                continue
            if ruling["source"] not in RULING_SOURCES:
                raise ImportFailure(
                    f'{path}: ruling {index} has source {ruling["source"]!r}, expected "wotc" or "scryfall"'
                )
            date = checked_date(ruling["published_at"], f"{path}: ruling {index} has published_at")
            text = ruling["comment"].strip()
            source, status = RULING_SOURCES[ruling["source"]]
            shown = about.about(text, date, found.own_names, found.keywords)
            found.card.rulings.append(
                ImportedRuling(
                    date, text, source, status, VIA, shown.counters, shown.rules, shown.mechanics, upgrades=UPGRADES
                )
            )
    except JSONStreamError as error:
        raise ImportFailure(f"{path}: {error}") from None


def scan_all_cards(path: Path, scan: Scan) -> None:
    try:
        for index, card in enumerate(iter_objects(path, "card")):
            lang = card.get("lang")
            if lang not in LANGS:
                continue
            found = scan.found.get(oracle_id_of(card) or "")
            if found is None:
                continue
            add_printed(card, lang, found, scan.skipped, f"{path}: card {index} ({card.get('name')}, {lang})")
    except JSONStreamError as error:
        raise ImportFailure(f"{path}: {error}") from None


def add_printed(card: dict, lang: str, found: _Found, skipped: list[Skipped], where: str) -> None:
    """One printing's printed name and text in `lang` (Japanese or French), kept when it is the card's most
    recent printing in that language and not plainly wrong (skipped entries are listed in `skipped`)."""
    wrong = _wrong_type(card, ("printed_name", "printed_text"))
    if wrong:
        raise ImportFailure(f"{where}: {wrong}")
    if not isinstance(card.get("set"), str) or not isinstance(card.get("collector_number"), str):
        raise ImportFailure(f'{where} has no "set" or "collector_number"')
    printing = Printing(
        checked_date(card.get("released_at"), f"{where} has released_at"), card["set"].upper(), card["collector_number"]
    )
    texts = _faces(card, "printed_text")
    text, text_reason = None, None
    if (
        len(texts) == len(found.faces)
        and all(t or not english for t, english in zip(texts, found.faces))
        and any(texts)
    ):
        values = [t or "" for t in texts]
        text, text_reason = FACE_SEPARATOR.join(values), wrong_text(lang, values, found.faces)
    names = _faces(card, "printed_name")
    name = " // ".join(n for n in names if n) if all(names) else None
    keep_printed(found.card.names, found.card.texts, lang, found.card.name, printing, name, text, text_reason, skipped)


class ScryfallBulk(Provider):
    """`counterpedia import scryfall ORACLE_CARDS.json [RULINGS.json] [--all-cards ALL_CARDS.json]`."""

    prog = command = COMMAND

    def __init__(self, oracle: Path, rulings: Path | None, all_cards: Path | None, version: str | None):
        self.oracle, self.rulings, self.all_cards, self.version = oracle, rulings, all_cards, version

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        return plan(
            data_dir, self.oracle, self.rulings, self.all_cards, self.version, excluded_names(data_dir), dry_run
        )


def plan(
    data_dir: Path,
    oracle: Path,
    rulings: Path | None = None,
    all_cards: Path | None = None,
    version: str | None = None,
    excluded: Iterable[str] = (),
    dry_run: bool = False,
) -> Result:
    """Scan the files and plan every change (nothing is written here)."""
    version = version or dt.date.today().isoformat()
    kb = readable_knowledge(data_dir)
    kinds = counter_kinds(kb, data_dir)
    scanner = CounterScanner(kinds, excluded)
    scan = scan_oracle(oracle, scanner)
    if rulings is not None:
        scan_rulings(rulings, scan, AboutFinder(kb, scanner))
    if all_cards is not None:
        scan_all_cards(all_cards, scan)
    cards = [found.card for found in scan.found.values()]
    workspace = Workspace(data_dir)
    report = MergeReport()
    needed = {"wotc-oracle", VIA}
    if any(c.names or c.texts for c in cards):
        needed.add("wotc-printed-cards")
    for card in cards:
        needed |= {r.source for r in card.rulings}
    ensure_sources(kb, workspace, report, {k: SOURCE_RECORDS[k] for k in needed}, COMMAND)
    CardMerger(kb, workspace, report, Provenance(COMMAND, VIA, version)).merge(cards)
    result = Result(workspace=workspace)
    result.lines.append(f"scanned {scan.scanned} card(s); {len(cards)} use counters")
    for s in scan.skipped:
        result.lines.append(f"skipped the {s.lang} {s.field} of {s.card} on {s.set_code} #{s.number}: {s.reason}")
    for name, names in sorted(scan.excluded_seen.items()):
        shown = ", ".join(sorted(set(names))[:5])
        result.lines.append(
            f"note: excluded counter kind '{name}' appears in the Oracle text of {shown}: review its entry in the excluded list"
        )
    result.lines += report.lines(dry_run)
    result.lines += [f"conflict: {line}" for line in report.conflicts]
    result.lines += [f"note: {line}" for line in report.notes]
    return result
