"""An `official` text cites what the publisher published; `via` names the copy it was read from (E161, E162); an
official ruling of an undated collection of the publisher's (Gatherer's rulings) names that copy (E165)."""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.publishers import PUBLISHER, is_copy, is_publisher_text
from ..model.texts import text_entries

# The kinds of source that publish rulings; one without a date is a collection (Gatherer), not a dated document.
RULINGS_COLLECTIONS = ("release-notes", "faq")


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(kb, record)


def check_record(kb: KnowledgeBase, record: Record):
    """The record's official texts against what they cite (it reads the record and the sources it cites)."""
    for field, lang, entry in text_entries(record):
        official = entry.get("status") == "official"
        via_id = entry.get("via")
        if not official and not isinstance(via_id, str):
            continue  # nothing here to check: most machine and community texts
        keys = field.keys + (lang,)
        source_id = entry.get("source")
        source = kb.source(source_id)
        if (
            record.kind == "ruling"
            and official
            and source is not None
            and is_publisher_text(source.data)
            and source.data.get("type") in RULINGS_COLLECTIONS
            and not source.data.get("date")
            and not entry.get("via")
        ):
            # An undated collection (Gatherer's rulings, those Scryfall distributes) is never read here as one
            # document of the publisher's: the text came through a copy, which must be named.
            yield diag.make(
                record.path,
                record.position(keys + ("source",)),
                "E165",
                f"the official {lang} ruling cites '{source_id}', an undated collection of "
                f"{PUBLISHER}'s, and names no `via`: which copy was it read from?",
            )
        if official and source is not None and not is_publisher_text(source.data):
            by = source.data.get("publisher")
            what = f"{source.data.get('type')}" + (f", published by {by}" if by else ", no publisher named")
            yield diag.make(
                record.path,
                record.position(keys + ("source",)),
                "E161",
                f"the official {lang} text cites '{source_id}' ({what}), which is not a text {PUBLISHER} published",
            )
        via = kb.source(via_id)
        if via is None:
            continue  # no `via`, or an unknown id (E111)
        if via_id == source_id:
            yield diag.make(
                record.path,
                record.position(keys + ("via",)),
                "E162",
                f"the {lang} text names its own source '{via_id}' as the copy it was read from",
            )
        elif not is_copy(via.data):
            yield diag.make(
                record.path,
                record.position(keys + ("via",)),
                "E162",
                f"the {lang} text was read 'via' '{via_id}', which is of type "
                f"'{via.data.get('type')}': our own writing, not a copy of a published text",
            )
