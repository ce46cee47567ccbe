"""Texts into Markdown: escaping, and links for rule references and card names (one pass per text)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .. import rule_numbers
from ..knowledge import KnowledgeBase
from . import urls

# Characters Python-Markdown would interpret inside a paragraph.
_ESCAPE = {c: "\\" + c for c in "\\`*_[]{}#!"}
_ESCAPE.update({"<": "&lt;", ">": "&gt;", "|": "&#124;"})
_ESCAPE_RE = re.compile("|".join(re.escape(c) for c in _ESCAPE))


def escape(text: str) -> str:
    """Plain text -> Markdown that renders as the same text."""
    return _ESCAPE_RE.sub(lambda m: _ESCAPE[m.group(0)], text)


def paragraphs(text: str) -> str:
    """Escaped text with its own paragraph breaks kept and single newlines as line breaks."""
    parts = [p.strip() for p in re.split(r"\n\s*\n", text.strip())]
    return "\n\n".join(escape(p).replace("\n", "<br>\n") for p in parts if p)


@dataclass(frozen=True)
class _Match:
    start: int
    end: int
    target: str  # a Markdown link target, or a URL
    title: str = ""


class Linker:
    """Turns rule numbers and card names inside a text into links, for pages of one language."""

    def __init__(self, kb: KnowledgeBase, lang: str, rule_target=None):
        self.kb = kb
        self.lang = lang
        self.quoted = kb.quoted_rules()
        # An external resolver (the full-rules pages, when built) for rules the data does not quote.
        self.rule_target = rule_target
        names: dict[str, str] = {}
        for card in kb.all("card"):
            for entry in (card.data.get("names") or {}).values():
                if isinstance(entry, dict) and isinstance(entry.get("text"), str) and len(entry["text"]) >= 2:
                    names.setdefault(entry["text"], card.id)
        self.card_names = names
        self.card_re = (
            re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))) if names else None
        )

    def rule_link(self, from_page: str, number: str) -> str:
        quote = self.quoted.get(number)
        if quote is not None:
            return urls.relative(from_page, f"rules/{quote.record_id}.md", urls.rule_anchor(number))
        page = self.kb.rule_page_for(number)
        if page is not None and self.rule_target is None:
            return urls.relative(from_page, f"rules/{page}.md")
        if self.rule_target is not None:
            target = self.rule_target(from_page, number)
            if target:
                return target
        if page is not None:
            return urls.relative(from_page, f"rules/{page}.md")
        return urls.OFFICIAL_RULES_URL

    def _matches(self, text: str, from_page: str, skip_card: str | None) -> list[_Match]:
        found: list[_Match] = []
        for ref in rule_numbers.find_references(text):
            found.append(_Match(ref.start, ref.end, self.rule_link(from_page, ref.numbers[0]), "CR " + ref.numbers[0]))
        if self.card_re is not None:
            for match in self.card_re.finditer(text):
                card_id = self.card_names[match.group(0)]
                if card_id != skip_card and _word_bounded(text, match.start(), match.end()):
                    found.append(_Match(match.start(), match.end(), urls.record_link(from_page, "card", card_id)))
        found.sort(key=lambda m: (m.start, -(m.end - m.start)))
        kept: list[_Match] = []
        for match in found:
            if not kept or match.start >= kept[-1].end:
                kept.append(match)
        return kept

    def to_markdown(self, text: str, from_page: str, skip_card: str | None = None) -> str:
        """Escaped Markdown of `text`, links included. `skip_card` avoids a card page linking to itself."""
        out: list[str] = []
        position = 0
        for match in self._matches(text, from_page, skip_card):
            out.append(paragraphs_inline(text[position : match.start]))
            label = escape(text[match.start : match.end])
            title = f' "{match.title}"' if match.title else ""
            out.append(f"[{label}]({match.target}{title})")
            position = match.end
        out.append(paragraphs_inline(text[position:]))
        return "".join(out).strip()


def paragraphs_inline(fragment: str) -> str:
    """Escape a fragment of a text, keeping its paragraph and line breaks."""
    pieces = re.split(r"(\n\s*\n)", fragment)
    out = []
    for piece in pieces:
        if re.fullmatch(r"\n\s*\n", piece):
            out.append("\n\n")
        else:
            out.append(escape(piece).replace("\n", "<br>\n"))
    return "".join(out)


def _word_bounded(text: str, start: int, end: int) -> bool:
    """Latin names must stand as whole words; Japanese names have no word boundaries."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if text[start].isascii() and (before.isalnum() and before.isascii()):
        return False
    if text[end - 1].isascii() and (after.isalnum() and after.isascii()):
        return False
    return True
