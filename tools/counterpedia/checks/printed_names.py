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

from collections.abc import Iterator

from .. import diagnostics as diag
from .. import kinds
from ..catalogue.printed import LANGS, PrintedText, Printing, choose, fold, sightings_for
from ..model.knowledge import KnowledgeBase
from ..model.texts import title

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


def check(kb: KnowledgeBase):
    texts = list(printed_texts(kb))
    if not texts:
        return
    records = [record for kind in kinds.all_kinds() if kind.vocabulary for record in kb.all(kind.name)]
    for (kind, record_id, lang), choice in sorted(choose(sightings_for(texts, records)).items()):
        record = kb.get(kind, record_id)
        names = record.data.get("names") if record else None
        entry = names.get(lang) if isinstance(names, dict) else None
        if record is None or not isinstance(entry, dict):
            continue
        current = entry.get("text")
        if not isinstance(current, str) or fold(current) == fold(choice.name):
            continue
        printing = choice.sighting.printing
        if entry.get("status") == "official":
            # a name printed on cards, but not on their most recent printing: the most recent printing wins
            if entry.get("source") == PRINTED and str(entry.get("version", "")) < printing.date:
                yield diag.make(
                    record.path,
                    record.position(("names", lang, "text")),
                    "E181",
                    f"'{current}', printed in {entry.get('version')}, is not the name of the most recent printing: "
                    f"'{choice.name}' on {printing.card} ({printing.set} {printing.number}, {printing.date})",
                )
            continue
        if entry.get("status") not in ("machine", "community"):
            continue
        yield diag.make(
            record.path,
            record.position(("names", lang, "text")),
            "E180",
            f"the {entry.get('status')} {lang} name '{current}' differs from '{choice.name}', the name printed on "
            f"{printing.card} ({printing.set} {printing.number}, {printing.date})",
        )
