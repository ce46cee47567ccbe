"""Two records of one kind never share a name in one language (E163; W204 when both names are machine
translations, which are provisional by nature and listed for review).

Cards are not compared: printed cards can share a name (Unstable's six Garbage Elementals are six cards,
six Oracle IDs), and a card's identity is its Oracle ID (E172). The kinds compared are those whose name
is what a reader looks them up by (`Kind.vocabulary` in the registry).

Names are compared as a reader searches them: without case, and with full-width forms folded (NFKC), so
＋１/＋１カウンター and +1/+1カウンター are one name.
"""

from __future__ import annotations

import unicodedata

from .. import diagnostics as diag
from .. import kinds
from ..model.knowledge import KnowledgeBase


def name_key(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def check(kb: KnowledgeBase):
    groups: dict[tuple[str, str, str], list] = {}
    for record in (r for kind in kinds.all_kinds() if kind.vocabulary for r in kb.all(kind.name)):
        names = record.data.get("names")
        if not isinstance(names, dict):
            continue
        for lang, entry in names.items():
            if isinstance(entry, dict) and isinstance(entry.get("text"), str) and entry["text"].strip():
                groups.setdefault((record.kind, lang, name_key(entry["text"])), []).append((record, entry))
    for (_kind, lang, _key), members in groups.items():
        if len(members) < 2:
            continue
        all_machine = all(entry.get("status") == "machine" for _record, entry in members)
        code = "W204" if all_machine else "E163"
        for record, entry in members:
            others = ", ".join(
                f"{other.path} ({other_entry.get('status')})" for other, other_entry in members if other is not record
            )
            yield diag.make(
                record.path,
                record.position(("names", lang, "text")),
                code,
                f"the {lang} name '{entry['text']}' ({entry.get('status')}) is also the name of {others}",
            )
