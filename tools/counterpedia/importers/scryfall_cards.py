"""Import files of Scryfall card objects, one printing per object: the sets as Scryfall's API serves them
(`/cards/search?q=e:<set>&unique=prints`, saved one set per file as a JSON array) and its `default_cards`
bulk file (every card in English, one object per printing). Plain or compressed, several files at once, each
read as a stream (counterpedia.importers.jsonstream): memory grows with the cards that use counters, not the
files.

From each card object:

- which cards: those whose Oracle text (any face) uses counters, by the importers' one rule
  (counterpedia.importers.counter_text), decided on the first printing met (the Oracle text is the same on
  every printing). Tokens, emblems and art cards (`layout` token, double_faced_token, emblem, art_series) are
  not cards and are skipped;
- the English Oracle name and text, as `import scryfall` reads them from Oracle Cards;
- the printings: the set and collector number of every printing in the files (`printings` on the card);
- a printed Japanese or French name and text, when the files hold such a printing (`lang` ja or fr);
- the counter kinds written on cards that the catalogue lacks ("a stroopwafel counter", or a kind of the
  excluded list): each becomes a counter record with the printing that shows it
  (counterpedia.catalogue.new_kinds), and the cards that print it link it.

The texts cite the dataset the files are (`--via`, a source record in data/sources/, whose `date` is the
version of the Oracle texts): `wotc-oracle` via that dataset, as the MTGJSON import cites its build.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..catalogue.excluded import ExcludedListError, default_path, load_excluded
from ..catalogue.new_kinds import COMMENTARY, KindPlan, Sighting, plan_new_kinds
from ..langs import PRINTED_LANGS
from ..model.knowledge import KnowledgeBase
from ..storage.layout import record_path
from .counter_text import CounterKind, CounterScanner, TextScan, counter_kinds
from .jsonstream import JSONStreamError, iter_objects
from .merge import CardMerger, MergeReport, Workspace, ensure_sources, readable_knowledge
from .model import FACE_SEPARATOR, ImportedCard, ImportFailure, Provenance, checked_date, number_key
from .printed import Skipped
from .printings import merge_printings
from .scryfall import SOURCE_RECORDS, _Found, add_printed, oracle_id_of
from .skeleton import Provider, Result

COMMAND = "counterpedia import scryfall --cards"
NOT_CARDS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


@dataclass
class _Card:
    found: _Found
    scan: TextScan
    printings: dict[tuple[str, str], str] = field(default_factory=dict)  # (set, number) -> release date
    sightings: list[Sighting] = field(default_factory=list)  # its printings, for the new kinds' evidence


@dataclass
class CardObjects:
    """What the files show: the cards that use counters (or name a kind the catalogue lacks)."""

    cards: dict[str, _Card] = field(default_factory=dict)  # by Oracle ID
    objects: int = 0
    printings: int = 0
    skipped_layouts: int = 0
    files: int = 0
    other_langs: int = 0  # printings in another language than English, Japanese or French
    skipped: list[Skipped] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)  # Oracle IDs of the cards that use no counter


def casual_reason(card: dict) -> str | None:
    """Why a printing is one of the cards rule 100.7 says are meant for casual play, or None."""
    if "playtest" in (card.get("promo_types") or []):
        return "playtest"
    if card.get("border_color") == "silver":
        return "silver"
    if card.get("security_stamp") == "acorn":
        return "acorn"
    return None


def _text(card: dict, key: str) -> list[str]:
    faces = [f for f in card.get("card_faces") or [] if isinstance(f, dict)]
    if faces:
        return [f.get(key) if isinstance(f.get(key), str) else "" for f in faces]
    return [card.get(key) if isinstance(card.get(key), str) else ""]


class CardObjectReader:
    def __init__(self, scanner: CounterScanner):
        self.scanner = scanner
        self.result = CardObjects()

    def read(self, paths: Iterable[Path]) -> CardObjects:
        for path in paths:
            self.result.files += 1
            try:
                for index, card in enumerate(iter_objects(path, "card")):
                    self.add(card, f"{path}: card {index}")
            except JSONStreamError as error:
                raise ImportFailure(f"{path}: {error}") from None
        return self.result

    def add(self, card: dict, where: str) -> None:
        result = self.result
        result.objects += 1
        if card.get("object") not in (None, "card"):
            raise ImportFailure(
                f"{where} is a {card.get('object')!r} object, not a card: are these Scryfall card objects?"
            )
        if not isinstance(card.get("name"), str):
            raise ImportFailure(f'{where} has no "name": are these Scryfall card objects?')
        if card.get("layout") in NOT_CARDS:
            result.skipped_layouts += 1
            return
        where = f"{where} ({card['name']})"
        oracle_id = oracle_id_of(card)
        if oracle_id is None:
            raise ImportFailure(f'{where} has no "oracle_id"')
        if oracle_id in result.seen:
            return
        state = result.cards.get(oracle_id)
        if state is None:
            state = self._first(card, oracle_id)
            if state is None:
                result.seen.add(oracle_id)
                return
            result.cards[oracle_id] = state
        if not isinstance(card.get("set"), str) or not isinstance(card.get("collector_number"), str):
            raise ImportFailure(f'{where} has no "set" or "collector_number"')
        set_code, number = card["set"].upper(), card["collector_number"]
        date = checked_date(card.get("released_at"), f"{where} has released_at")
        if (set_code, number) not in state.printings:
            result.printings += 1
            state.printings[(set_code, number)] = date
        state.sightings.append(
            Sighting(card["name"], set_code, number, date, str(card.get("set_name") or set_code), casual_reason(card))
        )
        lang = card.get("lang")
        if lang in PRINTED_LANGS:
            add_printed(card, lang, state.found, result.skipped, f"{where}, {lang}")
        elif lang not in (None, "en"):
            result.other_langs += 1

    def _first(self, card: dict, oracle_id: str) -> _Card | None:
        texts = _text(card, "oracle_text")
        names = {card["name"], *card["name"].split(" // "), *(n for n in _text(card, "name") if n)}
        scan = TextScan()
        for text in texts:
            scan.merge(self.scanner.scan(text, names))
        if not (scan.kinds or scan.any_counter or scan.unknown or scan.excluded):
            return None
        keywords = [k for k in card.get("keywords") or [] if isinstance(k, str)]
        oracle_text = FACE_SEPARATOR.join(texts)
        imported = ImportedCard(
            oracle_id, card["name"], sorted(scan.kinds), scan.any_counter, oracle_text if oracle_text.strip() else None
        )
        return _Card(_Found(imported, texts, names, keywords), scan)


def rescan(cards: CardObjects, scanner: CounterScanner) -> list[ImportedCard]:
    """The cards that use counters, scanned again with the catalogue as it will be (new kinds included)."""
    selected = []
    for state in cards.cards.values():
        scan = TextScan()
        for text in state.found.faces:
            scan.merge(scanner.scan(text, state.found.own_names))
        state.scan = scan
        if not (scan.kinds or scan.any_counter):
            continue
        state.found.card.counters = sorted(scan.kinds)
        state.found.card.any_counter = scan.any_counter
        selected.append(state.found.card)
    return selected


class ScryfallCards(Provider):
    """`counterpedia import scryfall --cards FILE… [--via SOURCE]`."""

    prog = "counterpedia import scryfall"
    command = COMMAND

    def __init__(self, paths: list[Path], via: str, version: str | None):
        self.paths, self.via, self.version = paths, via, version

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        return plan(data_dir, self.paths, self.via, self.version, dry_run)


def dataset_version(kb: KnowledgeBase, via: str, version: str | None) -> str:
    """The version of the texts read from `via`: --version, else the source record's `date`."""
    source = kb.get("source", via)
    if source is None:
        if via in SOURCE_RECORDS:
            return version or dt.date.today().isoformat()
        raise ImportFailure(
            f"--via {via}: no source record data/sources/{via}.yaml: add one that says what the "
            "files are (repository or address, date), then import"
        )
    if version:
        return version
    date = source.data.get("date")
    if not isinstance(date, str):
        raise ImportFailure(f"--via {via}: its source record has no `date`: give the date of the data with --version")
    return date


def plan(
    data_dir: Path,
    paths: list[Path],
    via: str,
    version: str | None = None,
    dry_run: bool = False,
    today: str | None = None,
) -> Result:
    """Read the files and plan every change (nothing is written here)."""
    data_dir = Path(data_dir)
    kb = readable_knowledge(data_dir)
    version = dataset_version(kb, via, version)
    kinds = counter_kinds(kb, data_dir)
    excluded_path = default_path(data_dir)
    try:
        excluded = load_excluded(excluded_path) if excluded_path.is_file() else []
    except ExcludedListError as error:
        raise ImportFailure(f"{excluded_path}: {error}") from None
    excluded_names = [entry["name"] for entry in excluded]
    cards = CardObjectReader(CounterScanner(kinds, excluded_names)).read(paths)

    workspace = Workspace(data_dir)
    report = MergeReport()
    kind_plan: KindPlan = plan_new_kinds(
        kb, _sightings(cards), excluded, excluded_path, via, version, today or dt.date.today().isoformat(), COMMAND
    )
    for kind_id, record, header in kind_plan.records:
        workspace.create(record_path(data_dir, "counter", kind_id), record, header)
    if kind_plan.excluded_text is not None:
        workspace.replace(*kind_plan.excluded_text)
    new_kinds = [CounterKind(k.id, k.name) for k in kind_plan.created]
    still_excluded = [n for n in excluded_names if n.lower() not in {k.name.lower() for k in kind_plan.created}]
    imported = rescan(cards, CounterScanner(kinds + new_kinds, still_excluded))

    needed = {"wotc-oracle"} | ({"wotc-printed-cards"} if any(c.names or c.texts for c in imported) else set())
    sources = {k: SOURCE_RECORDS[k] for k in needed} | ({"counterpedia": COMMENTARY} if kind_plan.created else {})
    ensure_sources(kb, workspace, report, sources, COMMAND)
    ids = CardMerger(kb, workspace, report, Provenance(COMMAND, via, version)).merge(imported)
    printings = {
        oid: sorted(
            ((d, s, n) for (s, n), d in cards.cards[oid].printings.items()),
            key=lambda p: (p[0], p[1], number_key(p[2])),
        )
        for oid in ids
    }
    added = merge_printings(
        kb,
        workspace,
        {ids[oid]: [(s, n) for _d, s, n in p] for oid, p in printings.items()},
        lambda card_id: record_path(data_dir, "card", card_id),
    )

    result = Result(workspace=workspace, data={"cards": len(imported), "new_kinds": [k.id for k in kind_plan.created]})
    named = sum(1 for c in imported if c.counters)
    result.lines.append(
        f"read {cards.files} file(s), {cards.objects} card object(s) ({cards.skipped_layouts} tokens, "
        f"emblems or art cards skipped), {cards.printings} printing(s) of cards that use counters"
    )
    result.lines.append(
        f"selected {len(imported)} card(s): {named} name a counter kind of the catalogue, "
        f"{len(imported) - named} only act on counters of any kind"
    )
    for lang, label in (("ja", "Japanese"), ("fr", "French")):
        result.lines.append(
            f"printed {label}: {sum(1 for c in imported if lang in c.names)} name(s), "
            f"{sum(1 for c in imported if lang in c.texts)} text(s)"
        )
    verb = "would add" if dry_run else "added"
    result.lines.append(f"printings: {verb} {added.added} to {added.records} card(s), {added.unchanged} unchanged")
    result.lines += kind_plan.lines(dry_run)
    for s in cards.skipped:
        result.lines.append(f"skipped the {s.lang} {s.field} of {s.card} on {s.set_code} #{s.number}: {s.reason}")
    result.lines += report.lines(dry_run)
    result.lines += [f"conflict: {line}" for line in report.conflicts]
    result.lines += [f"note: {line}" for line in report.notes + added.notes]
    return result


def _sightings(cards: CardObjects) -> dict[str, list[tuple[Sighting, str]]]:
    """Every word used as a counter kind that the catalogue lacks (unknown or excluded), with the printings
    that show it and the Oracle text of each."""
    words: dict[str, list[tuple[Sighting, str]]] = {}
    for state in cards.cards.values():
        for word in sorted(state.scan.unknown | state.scan.excluded):
            text = FACE_SEPARATOR.join(state.found.faces)
            words.setdefault(word, []).extend((s, text) for s in state.sightings)
    return words
