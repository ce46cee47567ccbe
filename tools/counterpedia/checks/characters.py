"""Every text holds readable characters: not blank (E190), no control character or bidirectional override (E191);
a name or a title on one line; no TODO placeholder left (W205). See counterpedia.model.characters."""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.characters import text_problem
from ..model.knowledge import KnowledgeBase, Record
from ..model.texts import text_entries

ONE_LINE = ("names", "title")  # roles whose texts are a single line
TODO = "TODO"  # what `counterpedia new` writes where a text is required (W205 when left)


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(record)


def check_record(record: Record):
    """The characters of the record's own texts."""
    for field, lang, entry in text_entries(record):
        text = entry.get("text")
        if not isinstance(text, str) or not text:  # an empty or missing text is the schema's (E101)
            continue
        if text.startswith(TODO):
            where = ".".join(str(k) for k in (*field.keys, lang, "text"))
            yield diag.make(
                record.path,
                record.position((*field.keys, lang, "text")),
                "W205",
                f"{where}: {text[:60]!r} is a placeholder `counterpedia new` wrote: replace it",
            )
            continue
        found = text_problem(text, multiline=field.role not in ONE_LINE)
        if found is not None:
            code, message, _index = found
            where = ".".join(str(k) for k in (*field.keys, lang, "text"))
            yield diag.make(record.path, record.position((*field.keys, lang, "text")), code, f"{where}: {message}")
