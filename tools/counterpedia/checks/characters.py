"""Every text holds readable characters: not blank (E190), no control character or bidirectional override (E191);
a name or a title on one line. See counterpedia.model.characters."""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.characters import text_problem
from ..model.knowledge import KnowledgeBase
from ..model.texts import text_entries

ONE_LINE = ("names", "title")  # roles whose texts are a single line


def check(kb: KnowledgeBase):
    for record in kb:
        for field, lang, entry in text_entries(record):
            text = entry.get("text")
            if not isinstance(text, str) or not text:  # an empty or missing text is the schema's (E101)
                continue
            found = text_problem(text, multiline=field.role not in ONE_LINE)
            if found is not None:
                code, message, _index = found
                where = ".".join(str(k) for k in (*field.keys, lang, "text"))
                yield diag.make(record.path, record.position((*field.keys, lang, "text")), code, f"{where}: {message}")
