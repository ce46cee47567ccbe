"""A counter name given as official from the Comprehensive Rules is written in a rule the counter cites (E164),
as that rule's current quote writes it, citing the same source (E166).

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
    """The current quotes of the rules `numbers` and their examples in one language, compared as `normal` does."""
    return [normal(text) for text, _source in rule_quotes(kb, numbers, lang)]


def rule_quotes(kb: KnowledgeBase, numbers: list, lang: str) -> list[tuple[str, object]]:
    """The current quotes (text as written, source) of the rules `numbers` and their examples in one language.
    Malformed quotes (examples that are not a list, a text that is not a string) are skipped: the schema reports them."""
    quoted = kb.quoted_rules()
    found = []
    for number in numbers:
        quote = quoted.get(number) if isinstance(number, str) else None
        if quote is None:
            continue
        for texts_map in [quote.entry.get("text"), *as_list(quote.entry.get("examples"))]:
            entry = texts_map.get(lang) if isinstance(texts_map, dict) else None
            if isinstance(entry, dict) and isinstance(entry.get("text"), str):
                found.append((entry["text"], entry.get("source")))
    return found


def check(kb: KnowledgeBase):
    for record in kb.all("counter"):
        names = record.data.get("names")
        if not isinstance(names, dict):
            continue
        cited = as_list(record.data.get("rules"))
        for lang, entry in names.items():
            if (
                not isinstance(entry, dict)
                or entry.get("status") != "official"
                or not isinstance(entry.get("text"), str)
            ):
                continue
            source_id = entry.get("source")
            source = kb.source(source_id)
            if source is None or source.data.get("type") != "comprehensive-rules":
                continue
            name = normal(entry["text"])
            if any(name in text for text in rule_texts(kb, cited, lang)):
                yield from _as_quoted(kb, record, lang, entry, cited)
                continue
            yield diag.make(
                record.path,
                record.position(("names", lang, "text")),
                "E164",
                f"'{entry['text']}' is given as official from '{source.id}', but no rule this counter "
                f"cites ({', '.join(map(str, cited)) or 'none'}) writes it in {lang}",
            )


def _as_quoted(kb: KnowledgeBase, record, lang: str, entry: dict, cited: list):
    """E166: the name is written as the current quote of a cited rule writes it, and cites that quote's source
    (not an older edition read through a wiki, when the official text of the edition the data quotes is at hand)."""
    quotes = rule_quotes(kb, cited, lang)
    if not quotes:
        return
    where = ("names", lang, "text")  # its position is looked up only when reported: that parses the file again
    if not any(entry["text"] in text for text, _source in quotes):
        yield diag.make(
            record.path,
            record.position(where),
            "E166",
            f"'{entry['text']}' is not written as the rules it cites write it in {lang} ({', '.join(map(str, cited))})",
        )
        return
    sources = sorted({str(source) for _text, source in quotes})
    if entry.get("source") not in sources:
        yield diag.make(
            record.path,
            record.position(where),
            "E166",
            f"'{entry['text']}' cites {entry.get('source')} {entry.get('version', '')}, but the rules it "
            f"cites are quoted in {lang} from {', '.join(sources)}: cite that text",
        )
