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
from ..catalogue.printed import LANGS, PrintedText, Printing, Target, choose, fold, sightings_of, targets
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


# PROJECTION: all that `chosen` reads, and so all that its kept value depends on (counterpedia.checks.kept_across):
# the printed texts of the cards (`printed_texts`: each face's English, language, printed text and printing) and the
# targets (`targets`: the vocabulary's kinds, ids, English names and mechanic types). Reading anything else of the
# knowledge base inside `chosen` would need it added here. The diagnostics are worked out from the chosen names
# on this run's records.
def projection(kb: KnowledgeBase) -> tuple[list[PrintedText], list[Target]]:
    records = [record for kind in kinds.all_kinds() if kind.vocabulary for record in kb.all(kind.name)]
    return list(printed_texts(kb)), targets(records)


def projection_digest(texts: list[PrintedText], found_targets: list[Target]) -> str:
    """The digest of the projection: the dataclasses' repr shows every field (nested printings included)."""
    return hashlib.sha256(repr((texts, found_targets)).encode("utf-8", "surrogatepass")).hexdigest()


def chosen(texts: list[PrintedText], found_targets: list[Target]) -> list[list[str]]:
    """The name most recent printings give each target, in each language, and the printing cited, sorted:
    [kind, id, lang, name, date, set, number, card]."""
    rows = []
    for (kind, record_id, lang), choice in sorted(choose(sightings_of(texts, found_targets)).items()):
        printing = choice.sighting.printing
        rows.append([kind, record_id, lang, choice.name, printing.date, printing.set, printing.number, printing.card])
    return rows


def _rows(value: object) -> bool:
    """Whether a kept value has the shape `chosen` gives."""
    return isinstance(value, list) and all(
        isinstance(row, list) and len(row) == 8 and all(isinstance(item, str) for item in row) for row in value
    )


def check(kb: KnowledgeBase, kept: KeptAcross | None = None):
    """E180 and E181. `kept`: the chosen names of an earlier run with the same projection are taken from it."""
    texts, found_targets = projection(kb)
    if not texts:
        return
    if kept is None:
        rows = chosen(texts, found_targets)
    else:
        digest = projection_digest(texts, found_targets)
        rows = kept.value("printed names", digest, lambda: chosen(texts, found_targets), _rows)
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
