"""Texts into Markdown: escaping, and links for rule references and card names (one pass per text)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..model import rule_numbers
from ..model.knowledge import KnowledgeBase
from . import urls

# Characters Python-Markdown would interpret inside a paragraph. `&` too: "&amp;" written in a text
# must show as "&amp;", not as "&".
_ESCAPE = {c: "\\" + c for c in "\\`*_[]{}#!"}
_ESCAPE.update({"<": "&lt;", ">": "&gt;", "|": "&#124;", "&": "&amp;"})
_ESCAPE_RE = re.compile("|".join(re.escape(c) for c in _ESCAPE))
# Characters that start a block at the beginning of a line (lists, rules, setext headings, fenced code,
# admonitions and details): escaped there only. Python-Markdown has no backslash escape for = ~ : ? %.
_LINE_START_RE = re.compile(r"(^|\n)([ \t]*)(?:([-+])|([=~:?%])|(\d+)\.)")
# Control characters cannot be shown, and Python-Markdown uses STX/ETX as placeholders of its own.
_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_NEWLINES_RE = re.compile(r"\r\n?|\u2028|\u2029")


def _line_start(match: re.Match) -> str:
    start, space, backslashed, entity, number = match.groups()
    if backslashed:
        return f"{start}{space}\\{backslashed}"
    if entity:
        return f"{start}{space}&#{ord(entity)};"
    return f"{start}{space}{number}\\."


def normalize_newlines(text: str) -> str:
    return _NEWLINES_RE.sub("\n", text)


def escape(text: str) -> str:
    """Plain text -> Markdown that renders as the same text (HTML collapses its runs of spaces)."""
    text = _CONTROL_RE.sub("\ufffd", normalize_newlines(text))
    return _LINE_START_RE.sub(_line_start, _ESCAPE_RE.sub(lambda m: _ESCAPE[m.group(0)], text))


def escape_line(text: str) -> str:
    """A text for a one-line place (a heading, a link label, a list item, a table cell): newlines become spaces."""
    return escape(" ".join(normalize_newlines(text).split("\n")))


def yaml_string(text: str) -> str:
    """A text as a double-quoted YAML scalar on one line, for a page's front matter (`title: …`):
    nothing in it can end the value or add a key."""
    out = []
    for ch in " ".join(str(text).split()):
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif 0xD800 <= code <= 0xDFFF:
            out.append("\ufffd")
        elif code < 0x20 or 0x7F <= code <= 0x9F or code in (0xFEFF, 0xFFFE, 0xFFFF):
            out.append(f"\\u{code:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def paragraphs(text: str) -> str:
    """Escaped text with its own paragraph breaks kept and single newlines as line breaks."""
    parts = [p.strip() for p in re.split(r"\n\s*\n", normalize_newlines(text).strip())]
    return "\n\n".join(escape(p).replace("\n", "<br>\n") for p in parts if p)


@dataclass(frozen=True)
class _Match:
    start: int
    end: int
    target: str  # a Markdown link target, or a URL
    title: str = ""
    now: str | None = None  # the rule's number today, when the text follows an older edition
    card: str = ""  # the card name linked, for a card link


NOW_LABEL = {"ja": "現行ルール", "en": "now", "fr": "désormais"}


def card_name_index(kb: KnowledgeBase) -> tuple[dict[str, str], dict[str, list[str]]]:
    """The card names the linker looks for (name -> card id), and those names by their first two characters,
    longest first: thousands of names are looked up by a dict at each place a name can start, instead of one
    regular expression of thousands of alternatives."""
    names: dict[str, str] = {}
    linkable = card_name_linkable(kb)
    for card in kb.all("card"):
        card_names = card.data.get("names")
        for entry in card_names.values() if isinstance(card_names, dict) else ():
            if isinstance(entry, dict) and isinstance(entry.get("text"), str) and linkable(entry["text"]):
                names.setdefault(entry["text"], card.id)
    prefixes: dict[str, list[str]] = {}
    for name in sorted(names, key=len, reverse=True):
        prefixes.setdefault(name[:2], []).append(name)
    return names, prefixes


def card_name_linkable(kb: KnowledgeBase) -> Callable[[str], bool]:
    """Whether a card name is linked wherever it stands (not too short, not a word of the vocabulary)."""
    vocabulary = vocabulary_names(kb)
    return lambda text: _linkable(text) and _fold(text) not in vocabulary


class Linker:
    """Turns rule numbers and card names inside a text into links, for pages of one language.

    `stopped`: the folded card names this language's pages do not link, from the reviewed stop list
    (catalogue/autolink-stop-list.yaml, read by catalogue.stoplist.stopped). `links` and `withheld` count, by
    name, the card links made and those the stop list kept from being made, over every text linked so far."""

    def __init__(
        self,
        kb: KnowledgeBase,
        lang: str,
        archive=None,
        stopped: frozenset[str] = frozenset(),
        card_index: tuple[dict[str, str], dict[str, list[str]]] | None = None,
    ):
        self.kb = kb
        self.lang = lang
        self.stopped = stopped
        self.links: Counter[str] = Counter()
        self.withheld: Counter[str] = Counter()
        self.quoted = kb.quoted_rules()
        # The official editions (a cr.archive.RulesArchive) when CR files were available at build time:
        # the full-rules pages to link to, and the renumbering of texts stamped with older editions.
        self.archive = archive
        # `card_index`: the card names of a previous state whose names are the same (the preview, after an edit).
        self.card_names, self.card_prefixes = card_index if card_index is not None else card_name_index(kb)
        # Each text's card names, found once (the preview's tracked renderer turns this off: a page must log every
        # name it looks up, see counterpedia.render.tracking).
        self.remember_names = True
        self._names: dict[str, list[tuple[int, int, str]]] = {}
        self._references: dict[str, list[rule_numbers.Reference]] = {}

    def full_rule_link(self, from_page: str, number: str) -> str | None:
        """The rule on the full-rules pages (built only when CR files are available)."""
        if self.archive is None or number not in self.archive.newest.rules:
            return None
        section = number[:3]
        anchor = None if number == section else urls.rule_anchor(number)
        return urls.relative(from_page, f"cr/{section}.md", anchor)

    def rule_link(self, from_page: str, number: str, prefer_full: bool = False) -> str:
        """Where a rule reference goes: its quote in the data, else the full rules, else the official document."""
        quote = self.quoted.get(number)
        full = self.full_rule_link(from_page, number)
        if full and (prefer_full or quote is None):
            return full
        if quote is not None:
            return urls.relative(from_page, f"rules/{quote.record_id}.md", urls.rule_anchor(number))
        page = self.kb.rule_page_for(number) if full is None else None
        if page is not None:
            return urls.relative(from_page, f"rules/{page}.md")
        return full or urls.OFFICIAL_RULES_URL

    def current_number(self, number: str, edition: str | None) -> str | None:
        """The newest number of a rule cited by a text that follows an older edition's numbering."""
        if (
            not edition
            or self.archive is None
            or edition == self.archive.newest.edition
            or not self.archive.knows(edition)
        ):
            return None
        current = self.archive.to_newest(edition, number)
        return current if current and current != number else None

    def _matches(
        self, text: str, from_page: str, skip_card: str | None, edition: str | None, prefer_full: bool
    ) -> list[_Match]:
        found: list[_Match] = []
        for ref in self._references_in(text):
            number = ref.numbers[0]
            now = self.current_number(number, edition)
            target = self.rule_link(from_page, now or number, prefer_full)
            title = f"CR {number} ({edition}) — {NOW_LABEL[self.lang]} {now}" if now else "CR " + number
            found.append(_Match(ref.start, ref.end, target, title, now))
        for start, end, name in self._card_names_in(text):
            card_id = self.card_names[name]
            if _fold(name) in self.stopped:
                # The word, not the card: it holds its place (no shorter name is linked inside it).
                self.withheld[name] += 1
                found.append(_Match(start, end, ""))
            elif card_id != skip_card:
                found.append(_Match(start, end, urls.record_link(from_page, "card", card_id), card=name))
        found.sort(key=lambda m: (m.start, -(m.end - m.start)))
        kept: list[_Match] = []
        for match in found:
            if not kept or match.start >= kept[-1].end:
                kept.append(match)
                if match.card:
                    self.links[match.card] += 1
        return [match for match in kept if match.target]

    def _references_in(self, text: str) -> list[rule_numbers.Reference]:
        """The CR references of a text, found once per text for this language's pages (a ruling's text is shown on
        its card's page, its counters' and its year's)."""
        found = self._references.get(text)
        if found is None:
            found = self._references[text] = rule_numbers.find_references(text)
        return found

    def _card_names_in(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, name) of each card name written in `text`, left to right, the longest at each place,
        Latin names as whole words. Found once per text (half the texts are shown on more than one page)."""
        if not self.remember_names:
            return list(self._find_card_names(text))
        found = self._names.get(text)
        if found is None:
            found = self._names[text] = list(self._find_card_names(text))
        return found

    def _find_card_names(self, text: str) -> Iterator[tuple[int, int, str]]:
        prefixes = self.card_prefixes
        if not prefixes:
            return
        end = 0
        for candidate in _NAME_START.finditer(text):
            start = candidate.start()
            if start < end:
                continue
            for name in prefixes.get(text[start : start + 2], ()):
                if text.startswith(name, start) and _word_bounded(text, start, start + len(name)):
                    end = start + len(name)
                    yield start, end, name
                    break

    def to_markdown(
        self,
        text: str,
        from_page: str,
        skip_card: str | None = None,
        edition: str | None = None,
        prefer_full: bool = False,
    ) -> str:
        """Escaped Markdown of `text`, links included.

        `skip_card` keeps a card page from linking to itself; `edition` is the CR edition whose numbering
        the text follows (its references then link to the rule they meant, and say its number today);
        `prefer_full` links rules to the full-rules pages rather than to the data's quotes."""
        text = normalize_newlines(text)
        out: list[str] = []
        position = 0
        for match in self._matches(text, from_page, skip_card, edition, prefer_full):
            out.append(paragraphs_inline(text[position : match.start]))
            label = escape(text[match.start : match.end])
            if match.now:
                label += f'<span class="cp-now"> → {match.now}</span>'

            title = f' "{match.title}"' if match.title else ""
            out.append(f"[{label}]({match.target}{title})")
            position = match.end
        out.append(paragraphs_inline(text[position:]))
        return "".join(out).strip()


def paragraphs_inline(fragment: str) -> str:
    """Escape a fragment of a text, keeping its paragraph and line breaks.

    A paragraph never starts with spaces (four would make it a code block): HTML does not show them."""
    pieces = re.split(r"(\n\s*\n)", fragment)
    out = []
    after_break = False
    for piece in pieces:
        if re.fullmatch(r"\n\s*\n", piece):
            out.append("\n\n")
            after_break = True
        else:
            out.append(escape(piece.lstrip(" \t") if after_break else piece).replace("\n", "<br>\n"))
            after_break = False
    return "".join(out)


# Where a card name can start: a Latin word's first letter or digit, or any other character (Japanese has no spaces).
_NAME_START = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]|[^\x00-\x7f]")


def _fold(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def vocabulary_names(kb: KnowledgeBase) -> frozenset[str]:
    """The names of the glossary's terms, the counters and the mechanics, in every language (folded), with a
    counter's name also without its "counter" / "カウンター" / "marqueur": a card that shares one of them (Suspend,
    Persist, a card named カウンター) must not take the word over across the site, so it is never auto-linked."""
    found: set[str] = set()
    for kind in ("term", "counter", "mechanic"):
        for record in kb.all(kind):
            names = record.data.get("names")
            for entry in names.values() if isinstance(names, dict) else ():
                text = entry.get("text") if isinstance(entry, dict) else None
                if isinstance(text, str):
                    folded = _fold(text)
                    found.add(folded)
                    for affix in (" counter", "カウンター", "marqueur "):
                        found.add(folded.removesuffix(affix).removeprefix(affix).strip())
    return frozenset(found)


# A Latin card name of one or two letters (Ow, Ao) is a fragment of words more often than the card.
MIN_LATIN_NAME = 3
# Japanese has no word boundaries, and short names are everyday words (待機 is suspend, 平地 plains, 活力 vigor).
MIN_JAPANESE_NAME = 4


def _linkable(name: str) -> bool:
    """Whether a card name is linked where a text writes it: a Latin name from MIN_LATIN_NAME characters, any
    other from MIN_JAPANESE_NAME."""
    if any(char.isascii() and char.isalpha() for char in name):
        return len(name) >= MIN_LATIN_NAME
    return len(name) >= MIN_JAPANESE_NAME


def _katakana(char: str) -> bool:
    return "\u30a0" <= char <= "\u30ff" or "\uff66" <= char <= "\uff9f"


def _word_bounded(text: str, start: int, end: int) -> bool:
    """A name stands as a whole word in its language: a Latin-script name (English; French, accents included) is
    not part of a longer word; a name that starts or ends with katakana is not part of a longer katakana word
    (カウンター in カウンターズ); kanji and hiragana have no word boundaries."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    first, last = text[start], text[end - 1]
    if _latin(first) and _latin(before) or _latin(last) and _latin(after):
        return False
    return not (_katakana(first) and _katakana(before) or _katakana(last) and _katakana(after))


def _latin(char: str) -> bool:
    """A letter or digit of a word written with spaces (English, French): not Japanese."""
    return char.isalnum() and not _cjk(char)


def _cjk(char: str) -> bool:
    """A Japanese character (kana, kanji, full-width forms): no word boundary around it."""
    return "\u3040" <= char <= "\u30ff" or "\u3400" <= char <= "\u9fff" or "\uff00" <= char <= "\uffef"
