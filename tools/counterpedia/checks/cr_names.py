"""A counter name given as official from the Comprehensive Rules is written in a rule the counter cites (E164).

"vigilance counter" is in no edition: rule 122.1b lists the keyword "vigilance". Such a name cites a card
that prints it, or says that it is formed from the keyword (our own wording, not an official text).
"""

from __future__ import annotations

import re
import unicodedata

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase
from ..model.shapes import as_list


def normal(text: str) -> str:
    """Compared without case, width or spacing: "+X/+Y カウンター" is "+X/+Yカウンター"."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text).casefold())


def rule_texts(kb: KnowledgeBase, numbers: list, lang: str) -> list[str]:
    quoted = kb.quoted_rules()
    texts = []
    for number in numbers:
        quote = quoted.get(number) if isinstance(number, str) else None
        if quote is None:
            continue
        for texts_map in [quote.entry.get("text"), *as_list(quote.entry.get("examples"))]:
            entry = texts_map.get(lang) if isinstance(texts_map, dict) else None
            if isinstance(entry, dict) and isinstance(entry.get("text"), str):
                texts.append(normal(entry["text"]))
    return texts


def check(kb: KnowledgeBase):
    for record in kb.all("counter"):
        names = record.data.get("names")
        if not isinstance(names, dict):
            continue
        cited = as_list(record.data.get("rules"))
        for lang, entry in names.items():
            if not isinstance(entry, dict) or entry.get("status") != "official" or not isinstance(entry.get("text"), str):
                continue
            source_id = entry.get("source")
            source = kb.get("source", source_id) if isinstance(source_id, str) else None
            if source is None or source.data.get("type") != "comprehensive-rules":
                continue
            name = normal(entry["text"])
            if any(name in text for text in rule_texts(kb, cited, lang)):
                continue
            yield diag.make(record.path, record.position(("names", lang, "text")), "E164",
                            f"'{entry['text']}' is given as official from '{source.id}', but no rule this counter "
                            f"cites ({', '.join(map(str, cited)) or 'none'}) writes it in {lang}")
