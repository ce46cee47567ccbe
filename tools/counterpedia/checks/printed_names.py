"""Names that printed cards contradict (E180): a machine or community Japanese or French name of a counter
kind, mechanic or term that differs from the name the cards of the knowledge base print.

The printed texts are the cards' `text.ja` / `text.fr` (official, with their `printing`), read beside
their English Oracle text `text.en`, the way the MTGJSON import reads them (`counterpedia.catalogue.printed`:
a card naming one counter kind shows its name; a keyword line shows a mechanic's). Where printings
disagree, the most recent one is the name to use. An official name is not checked here: a name that the
Comprehensive Rules or a card gives is a publisher's, and printings of other eras may differ from it; but an
official name read from cards (`wotc-printed-cards`) that a more recent printing contradicts is E181: the most
recent printing wins (docs/editors/catalogue.md).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from .. import diagnostics as diag
from .. import kinds
from ..catalogue.printed import (
    LANGS,
    PrintedText,
    Printing,
    Reading,
    SightingCollector,
    Target,
    choose,
    fold,
    targets,
)
from ..model.knowledge import KnowledgeBase
from ..model.texts import title
from .kept_across import KeptAcross

PRINTED = "wotc-printed-cards"


def printed_texts(kb: KnowledgeBase) -> Iterator[PrintedText]:
    """The printed Japanese and French texts of the card records, beside their English Oracle text."""
    for card in kb.all("card"):
        texts = card.data.get("text")
        if not isinstance(texts, dict):
            continue
        english = texts.get("en")
        english = english.get("text") if isinstance(english, dict) else None
        if not isinstance(english, str) or not english:
            continue
        name = title(card, "en")
        for lang in LANGS:
            entry = texts.get(lang)
            if (
                not isinstance(entry, dict)
                or entry.get("status") != "official"
                or not isinstance(entry.get("text"), str)
            ):
                continue
            printing = entry.get("printing")
            if not isinstance(printing, dict):
                continue
            where = Printing(
                str(entry.get("version", "")),
                str(printing.get("set", "")),
                str(printing.get("number", "")),
                str(printing.get("card") or name),
            )
            yield PrintedText(where, english, lang, entry["text"])


# PROJECTION: what each printed text's reading (`SightingCollector.read`) is kept under (counterpedia.checks.
# kept_across), all that it reads: the targets (`targets`: the vocabulary's kinds, ids, English names and mechanic
# types) and the text's English, language and printed text. Its sightings cite this run's printing of the text;
# the elimination, the choice and the diagnostics are worked out on this run's texts and records. Reading anything
# else inside `SightingCollector.read` would need it added to `reading_projection`.
def projection(kb: KnowledgeBase) -> tuple[list[PrintedText], list[Target]]:
    records = [record for kind in kinds.all_kinds() if kind.vocabulary for record in kb.all(kind.name)]
    return list(printed_texts(kb)), targets(records)


def targets_digest(found_targets: list[Target]) -> str:
    """The digest of the targets: the dataclass's repr shows every field."""
    return hashlib.sha256(repr(found_targets).encode("utf-8", "surrogatepass")).hexdigest()


def reading_projection(targets_key: str, item: PrintedText) -> str:
    """The targets' digest (a fixed length) and the text's English, language and printed text, each after its
    length: two different projections never give the same text (and no repr to escape 5,000 texts each run)."""
    return f"{targets_key}{len(item.en)}:{item.en}{len(item.lang)}:{item.lang}{len(item.text)}:{item.text}"


def chosen(texts: list[PrintedText], found_targets: list[Target], kept: KeptAcross | None = None) -> list[list[str]]:
    """The name most recent printings give each target, in each language, and the printing cited, sorted:
    [kind, id, lang, name, date, set, number, card]. `kept`: each text's reading is taken from an earlier run's,
    when its projection is the same."""
    collector = SightingCollector(found_targets)
    targets_key = targets_digest(found_targets) if kept is not None else ""
    ids = {(target.kind, target.id) for target in found_targets}
    for item in texts:
        if kept is None:
            reading = collector.read(item)
        else:
            reading = kept.value(
                "printed names",
                reading_projection(targets_key, item),
                lambda: read(collector, item).to_json(),
                lambda value: _reading(value, item, ids),
            )
        collector.add(item, reading)
    rows = []
    for (kind, record_id, lang), choice in sorted(choose(collector.finish()).items()):
        printing = choice.sighting.printing
        rows.append([kind, record_id, lang, choice.name, printing.date, printing.set, printing.number, printing.card])
    return rows


def _reading(value: object, item: PrintedText, ids: set[tuple[str, str]]) -> Reading | None:
    """A kept reading of `item`, if it is one these targets can give (a cache file written by hand is not)."""
    reading = Reading.from_json(value, item)
    return reading if reading is not None and reading.of_targets(ids) else None


def read(collector: SightingCollector, item: PrintedText) -> Reading:
    """One text read (the tests count these)."""
    return collector.read(item)


def check(kb: KnowledgeBase, kept: KeptAcross | None = None):
    """E180 and E181. `kept`: the readings of the texts an earlier run read are taken from it."""
    texts, found_targets = projection(kb)
    if not texts:
        return
    rows = chosen(texts, found_targets, kept)
    for kind, record_id, lang, name, date, set_code, number, card in rows:
        record = kb.get(kind, record_id)
        names = record.data.get("names") if record else None
        entry = names.get(lang) if isinstance(names, dict) else None
        if record is None or not isinstance(entry, dict):
            continue
        current = entry.get("text")
        if not isinstance(current, str) or fold(current) == fold(name):
            continue
        printing = Printing(date, set_code, number, card)
        if entry.get("status") == "official":
            # a name printed on cards, but not on their most recent printing: the most recent printing wins
            if entry.get("source") == PRINTED and str(entry.get("version", "")) < printing.date:
                yield diag.make(
                    record.path,
                    record.position(("names", lang, "text")),
                    "E181",
                    f"'{current}', printed in {entry.get('version')}, is not the name of the most recent printing: "
                    f"'{name}' on {printing.card} ({printing.set} {printing.number}, {printing.date})",
                )
            continue
        if entry.get("status") not in ("machine", "community"):
            continue
        yield diag.make(
            record.path,
            record.position(("names", lang, "text")),
            "E180",
            f"the {entry.get('status')} {lang} name '{current}' differs from '{name}', the name printed on "
            f"{printing.card} ({printing.set} {printing.number}, {printing.date})",
        )
