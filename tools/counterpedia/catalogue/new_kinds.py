"""New counter kinds enter the catalogue with the card that shows them.

An import that reads a counter kind written on a card ("put a stroopwafel counter on …") that the catalogue
lacks, whether on no list or on the excluded list (catalogue/excluded-counters.yaml), plans for it:

- a counter record: its English name as the Oracle text writes it (`official`, `source: wotc-oracle`, `via`
  the dataset read, `printing: {set, number, card}` of the printing that shows it: a printing of a card
  meant for tournament play when there is one, else the earliest); who can have it, as that card's text says
  (a player who "gets" it, a card in exile, else a permanent); a summary in our own words saying which card
  uses it; no Japanese or French name (none is known until a printing or the Japanese rules give one: the
  translation status lists them as missing);
- a note, when every card that shows it is one of those rule 100.7 says are meant for casual play (playtest
  cards, silver-bordered cards, Unfinity's acorn cards), as the catalogue's Un-card kinds have;
- its removal from the excluded list, whose reason no longer holds (a validator error otherwise, E151).

Nothing is written here: the records and the list's new text are handed to the import's workspace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q

from ..model.ids import slug
from ..model.knowledge import KnowledgeBase
from ..storage import yamlio
from ..storage.format import format_text

CASUAL = {
    "playtest": "a playtest card",
    "silver": "a silver-bordered card",
    "acorn": "a card with the acorn security stamp",
}
RULE_100_7 = (
    "Rule 100.7 says that certain cards, such as playtest cards, silver-bordered Un-cards and Unfinity’s "
    "acorn cards, are intended for casual play and may have features and text that the Comprehensive "
    "Rules don’t cover."
)
# The source the summaries and notes cite, for a data folder that lacks it (as data/sources/counterpedia.yaml).
COMMENTARY = {
    "id": "counterpedia",
    "type": "editorial",
    "title": "Counterpedia commentary",
    "publisher": "Counterpedia",
    "language": "mul",
    "note": "Our own commentary and summaries, written in our own words; each text cites the sources it draws on.",
}


@dataclass(frozen=True)
class Sighting:
    """One printing of a card that uses counters."""

    card: str  # the English name
    set_code: str
    number: str
    date: str
    set_name: str
    casual: str | None  # playtest | silver | acorn: why rule 100.7's casual cards include it, or None


@dataclass
class NewKind:
    id: str
    name: str  # as written before "counter", e.g. "stroopwafel"
    evidence: Sighting
    holders: list[str]
    cards: int  # how many cards print it
    casual_only: bool
    was_excluded: str | None  # the excluded list's category, when it was there


@dataclass
class KindPlan:
    created: list[NewKind] = field(default_factory=list)
    records: list[tuple[str, CommentedMap, str]] = field(default_factory=list)  # (id, record, header)
    excluded_text: tuple[Path, str] | None = None  # the excluded list's new text
    not_created: list[tuple[str, str]] = field(default_factory=list)  # (word, why)

    def lines(self, dry_run: bool = False) -> list[str]:
        verb = "would add" if dry_run else "added"
        lines = [f"new counter kinds: {verb} {len(self.created)}"]
        for kind in self.created:
            e = kind.evidence
            extra = f"; leaves the excluded list ({kind.was_excluded})" if kind.was_excluded else ""
            casual = "; casual-play cards only (rule 100.7 note)" if kind.casual_only else ""
            lines.append(
                f"  {kind.id}: '{kind.name} counter' on {kind.cards} card(s), first {e.card} ({e.set_code} "
                f"#{e.number}, {e.date}); holders {', '.join(kind.holders)}{casual}{extra}"
            )
        for word, why in self.not_created:
            lines.append(f"note: '{word} counter' is written on a card but gets no record: {why}")
        return lines


def _evidence(sightings: list[Sighting]) -> Sighting:
    return min(sightings, key=lambda s: (s.casual is not None, s.date, s.set_code, s.number))


_WHO = r"(?:you|players?|opponents?|each player|that player|target player|they)"


def holders_of(name: str, texts: list[str]) -> list[str]:
    """Who can have the kind, as the texts that name it say (a permanent unless a text says otherwise)."""
    found: list[str] = []
    pattern = re.compile(r"\b" + re.escape(name) + r"\s+counters?\b", re.IGNORECASE)
    for text in texts:
        for sentence in re.split(r"(?<=[.!?])\s+|\n", text):
            if not pattern.search(sentence):
                continue
            name_re = re.escape(name) + r"\s+counters?"
            if re.search(
                r"\b" + _WHO + r"\s+(?:get|gets|got)\b[^.]*?\b" + name_re, sentence, re.IGNORECASE
            ) or re.search(r"\b" + name_re + r"\s+" + _WHO + r"\s+(?:have|has|had)\b", sentence, re.IGNORECASE):
                holder = "player"
            elif re.search(r"\bexiled?\b|\bin exile\b", sentence, re.IGNORECASE):
                holder = "card"
            else:
                holder = "permanent"
            if holder not in found:
                found.append(holder)
    order = ("player", "permanent", "card")
    return sorted(found, key=order.index) or ["permanent"]


def _text(text: str, status: str, source: str, version: str, **extra) -> CommentedMap:
    entry = CommentedMap()
    entry["text"] = text
    entry["status"] = status
    entry["source"] = source
    entry["version"] = Q(version)
    for key, value in extra.items():
        entry[key] = value
    return entry


def counter_record(kind: NewKind, via: str, version: str, today: str) -> CommentedMap:
    e = kind.evidence
    record = CommentedMap()
    record["id"] = kind.id
    printing = CommentedMap()
    printing["set"] = e.set_code
    printing["number"] = Q(e.number)
    printing["card"] = e.card
    names = CommentedMap()
    names["en"] = _text(f"{kind.name} counter", "official", "wotc-oracle", version, via=via, printing=printing)
    record["names"] = names
    record["holders"] = CommentedSeq(kind.holders)
    record["rules"] = CommentedSeq()
    summary = CommentedMap()
    summary["en"] = _text(
        f"What {kind.name} counters do comes from the cards that use them, such as {e.card} "
        f"({e.set_name}, {e.set_code} {e.number}).",
        "community",
        "counterpedia",
        today,
        cites=CommentedSeq([via]),
    )
    record["summary"] = summary
    record["sources"] = CommentedSeq([via])
    if kind.casual_only:
        note = CommentedMap()
        note["en"] = _text(
            f"{e.card} is {CASUAL[e.casual or 'playtest']} ({e.set_name}, {e.set_code}). {RULE_100_7}",
            "community",
            "counterpedia",
            today,
            cites=CommentedSeq(["cr", via]),
        )
        record["notes"] = CommentedSeq([note])
    return record


def plan_new_kinds(
    kb: KnowledgeBase,
    sightings: dict[str, list[tuple[Sighting, str]]],
    excluded: list[dict],
    excluded_path: Path,
    via: str,
    version: str,
    today: str,
    command: str,
) -> KindPlan:
    """The counter records of the kinds cards show and the catalogue lacks (word -> its printings, each
    with the card's Oracle text), and the excluded list without them."""
    plan = KindPlan()
    categories = {str(e.get("name", "")).lower(): str(e.get("category", "")) for e in excluded}
    taken = {r.id for r in kb.all("counter")}
    for word in sorted(sightings):
        seen = sightings[word]
        kind_id = slug(word)
        if not kind_id:
            plan.not_created.append((word, "its name has no Latin letter or digit to make an id of"))
            continue
        if kind_id in taken:
            plan.not_created.append((word, f"the id {kind_id} is another counter kind's: add it by hand"))
            continue
        taken.add(kind_id)
        printed = [s for s, _text in seen]
        texts = list(dict.fromkeys(text for _s, text in seen))
        kind = NewKind(
            kind_id,
            word,
            _evidence(printed),
            holders_of(word, texts),
            len({s.card for s in printed}),
            all(s.casual for s in printed),
            categories.get(word.lower()),
        )
        plan.created.append(kind)
        header = (
            f"# Added by `{command}` ({via}): a counter kind written on {kind.evidence.card} "
            f"({kind.evidence.set_code} #{kind.evidence.number}) that the catalogue lacked.\n"
        )
        plan.records.append((kind_id, counter_record(kind, via, version, today), header))
    leaving = {k.name.lower() for k in plan.created if k.was_excluded is not None}
    if leaving and excluded_path.is_file():
        root = yamlio.load(excluded_path)
        entries = root.get("counters")
        for index in reversed(range(len(entries))):
            if str(entries[index].get("name", "")).lower() in leaving:
                del entries[index]
        plan.excluded_text = (excluded_path, format_text(None, yamlio.dumps(root), str(excluded_path)))
    return plan
