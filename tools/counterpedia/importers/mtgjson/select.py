"""Stage 2, select and transform: from MTGJSON sets to the cards that use counters (`ImportedCard`).

Fed one set at a time (`add`), it keeps only what the import needs about each card (identified by its
Scryfall Oracle ID, `identifiers.scryfallOracleId`), so memory grows with the selected cards, not the files:

- **which cards**: those whose Oracle text (any face) uses a counter kind of the catalogue or acts on
  counters of any kind (counterpedia.importers.counter_text). The Oracle text is the same on every
  printing, so a card is selected at the first printing met, from the texts of all its faces;
- **English**: the Oracle name and text (faces in side order, joined by a line holding //);
- **printed Japanese and French** name and text: those of the most recent printing in that language (by
  release date, then the lowest collector number), skipping entries that are plainly wrong (a "Japanese"
  name without a Japanese character, a "French" text that is the English text): they are reported;
- **rulings**: every ruling of the card (MTGJSON copies the same rulings on every printing), with what
  each one's text shows it is about (counterpedia.importers.about).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..about import AboutFinder
from ..counter_text import CounterScanner, TextScan
from ..model import FACE_SEPARATOR, ImportedCard, ImportedRuling, Printed, Printing
from ..printed import Skipped, keep_printed, wrong_text
from .read import MtgjsonSet

LANGUAGES = {"Japanese": "ja", "French": "fr"}


@dataclass
class _Card:
    """What is kept about one Oracle ID while the sets stream by."""

    name: str
    faces: dict[str, tuple[str, str]] = field(default_factory=dict)  # side -> (face name, Oracle text)
    scan: TextScan = field(default_factory=TextScan)
    rulings: dict[tuple[str, str], str] = field(default_factory=dict)  # (date, text) -> text, first seen order
    keywords: set[str] = field(default_factory=set)
    names: dict[str, Printed] = field(default_factory=dict)
    texts: dict[str, Printed] = field(default_factory=dict)


class CardSelector:
    def __init__(self, scanner: CounterScanner, about: AboutFinder):
        self.scanner = scanner
        self.about_finder = about
        self.cards: dict[str, _Card] = {}  # every Oracle ID seen
        self.skipped: list[Skipped] = []
        self.without_oracle_id: list[str] = []  # "SLD #123 Name" of counter cards that have none
        self.sets = 0
        self.card_objects = 0
        self.ruling_mismatches = 0
        self.older_rules = 0  # rule numbers rulings show in an older numbering than the data's quote

    # -- streaming ----------------------------------------------------------------------------------
    def add(self, mtgjson_set: MtgjsonSet) -> None:
        self.sets += 1
        printings: dict[tuple[str, str], list[dict]] = {}  # (oracle id, number) -> the card objects (faces)
        for card in mtgjson_set.cards:
            self.card_objects += 1
            oracle_id = (card.get("identifiers") or {}).get("scryfallOracleId")
            if not oracle_id:
                if self._uses_counters(card):
                    self.without_oracle_id.append(f"{mtgjson_set.code} #{card['number']} {card['name']}")
                continue
            state = self.cards.get(oracle_id)
            if state is None:
                state = self.cards[oracle_id] = _Card(card["name"])
            side = card.get("side") or "a"
            if side not in state.faces:
                face_name = card.get("faceName") or card["name"]
                text = card.get("text") or ""
                state.faces[side] = (face_name, text)
                state.scan.merge(self.scanner.scan(text, {card["name"], face_name, *card["name"].split(" // ")}))
            printings.setdefault((oracle_id, card["number"]), []).append(card)
        for (oracle_id, number), faces in printings.items():
            state = self.cards[oracle_id]
            if not self.selected(state):
                continue
            faces.sort(key=lambda c: c.get("side") or "a")
            date = faces[0].get("originalReleaseDate") or mtgjson_set.release_date
            printing = Printing(date, mtgjson_set.code, number)
            for card in faces:
                state.keywords.update(card.get("keywords") or ())
                self._rulings(state, card)
            self._printed(state, faces, printing)

    @staticmethod
    def selected(state: _Card) -> bool:
        return bool(state.scan.kinds or state.scan.any_counter)

    def _uses_counters(self, card: dict) -> bool:
        scan = self.scanner.scan(card.get("text") or "", {card["name"]})
        return bool(scan.kinds or scan.any_counter)

    def _rulings(self, state: _Card, card: dict) -> None:
        rulings = card.get("rulings") or []
        if state.rulings and rulings and {(r["date"], r["text"].strip()) for r in rulings} != set(state.rulings):
            self.ruling_mismatches += 1  # printings disagree: every ruling of every printing is kept
        for ruling in rulings:
            key = (ruling["date"], ruling["text"].strip())
            state.rulings.setdefault(key, key[1])

    def _printed(self, state: _Card, faces: list[dict], printing: Printing) -> None:
        english_texts = [c.get("text") or "" for c in faces]
        for language, lang in LANGUAGES.items():
            entries = []
            for card in faces:
                found = [e for e in card.get("foreignData") or [] if e.get("language") == language]
                entries.append(found[0] if found else None)
            if entries[0] is None:
                continue
            text, text_reason = None, None
            if all(entry is not None for entry in entries):
                texts = [entry.get("text") or "" for entry in entries]
                # a face's printed text missing: no text from this printing
                if not any(english and not t for english, t in zip(english_texts, texts)) and any(texts):
                    text = FACE_SEPARATOR.join(texts)
                    text_reason = wrong_text(lang, texts, english_texts)
            keep_printed(
                state.names,
                state.texts,
                lang,
                state.name,
                printing,
                entries[0].get("name"),
                text,
                text_reason,
                self.skipped,
            )

    # -- the result ---------------------------------------------------------------------------------
    def result(self, source: str) -> list[ImportedCard]:
        """The selected cards; their rulings cite `source` (the MTGJSON build's rulings source)."""
        cards = []
        for oracle_id, state in self.cards.items():
            if not self.selected(state):
                continue
            sides = sorted(state.faces)
            oracle_text = FACE_SEPARATOR.join(state.faces[s][1] for s in sides)
            own = {state.name, *state.name.split(" // "), *(state.faces[s][0] for s in sides)}
            rulings = []
            for (date, _key), text in state.rulings.items():
                about = self.about_finder.about(text, date, own, state.keywords)
                rulings.append(
                    ImportedRuling(date, text, source, "community", None, about.counters, about.rules, about.mechanics)
                )
                self.older_rules += len(about.older_rules)
            cards.append(
                ImportedCard(
                    oracle_id,
                    state.name,
                    sorted(state.scan.kinds),
                    state.scan.any_counter,
                    oracle_text if oracle_text.strip() else None,
                    dict(state.names),
                    dict(state.texts),
                    rulings,
                )
            )
        return cards

    def unknown_kinds(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for state in self.cards.values():
            for word in state.scan.unknown:
                found.setdefault(word, []).append(state.name)
        return found

    def excluded_kinds(self) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for state in self.cards.values():
            for word in state.scan.excluded:
                found.setdefault(word, []).append(state.name)
        return found
