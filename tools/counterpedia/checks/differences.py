"""A noted difference between an official translation and the English (`differs`) names words of the texts.

`omits` names English words that the translation leaves out: they are in the English text of the same
field, and `ja` (how the translation names them elsewhere), if given, is not in this text. `adds` names
words of this text. `reference` names a cross-reference as this text writes it and as the English does.
A note that no longer holds (the quote was updated) is reported, so that a reader never sees a difference
that is not there; on a drifted translation (the English changed since it was translated, e.g. after
`cr sync`) the drift (W201) is reported instead, and the note is reviewed with the translation.
"""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import is_drifted
from ..model.texts import text_entries


def _problems(difference: dict, own: str, english: str | None) -> list[str]:
    kind, en, ja = difference.get("kind"), difference.get("en"), difference.get("ja")
    found = []
    if kind in ("omits", "reference") and isinstance(en, str):
        if english is None:
            found.append("there is no English text to compare with")
        elif en not in english:
            found.append(f"the English text does not contain “{en}”")
    if kind == "omits" and isinstance(ja, str) and ja in own:
        found.append(f"this text does contain “{ja}”, which it is said to leave out")
    if kind in ("adds", "reference") and isinstance(ja, str) and ja not in own:
        found.append(f"this text does not contain “{ja}”")
    if kind == "adds" and isinstance(ja, str) and english is not None and ja in english:
        found.append(f"the English text contains “{ja}” too")
    return found


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(record)


def check_record(record: Record):
    """The noted differences of the record's own texts."""
    for field, lang, entry in text_entries(record):
        if not isinstance(entry.get("differs"), list):
            continue
        if is_drifted(field.texts, lang, field.canonical):
            continue  # noted against an earlier English: W201 asks for the translation's review first
        text = entry.get("text")
        own = text if isinstance(text, str) else ""
        english = field.text("en") if lang != "en" else None
        for i, difference in enumerate(entry["differs"]):
            if not isinstance(difference, dict):
                continue
            for problem in _problems(difference, own, english):
                yield diag.make(
                    record.path,
                    record.position(field.keys + (lang, "differs", i)),
                    "E308",
                    f"the {lang} text's noted difference ({difference.get('kind')}): {problem}",
                )
