"""The translation memory's checks: each entry keyed by its English, in its shard, used, and each of its
translations faithful to the English in what can be checked by machine.

- identity: E500 (the key is not the hash of the English template), E501 (another shard), E502 (two entries for
  one English), W503 (no ruling uses it), W512 (a ruling's own translation differs from the memory's);
- invariants: E504 (the card's placeholder), E505 (symbols), E506 (rule numbers), E507 (numbers), E508 (±N/±N:
  Japanese full-width as printed Japanese cards write it, French as the English);
- terminology: E509 (an official counter, mechanic or glossary name the English uses), E510 (a card's printed
  name); the reviewed list of ordinary words is catalogue/terminology-exceptions.yaml;
- review: E511 (a `community` text that does not say who reviewed it).

A ruling with no entry is not an error: missing is allowed, and `counterpedia status` counts it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .. import diagnostics as diag
from ..catalogue.terminology_exceptions import OrdinaryWords, default_path, ordinary_words
from ..model import memory, terminology
from ..model.knowledge import KnowledgeBase, Record
from ..model.shapes import as_dict
from .reviewed import data_root

RULE = re.compile(r"(?<![\d.])\d{3}\.\d+[a-z]{0,2}(?![\w])")
SYMBOL = re.compile(r"\{[^{}]+\}")
PT = re.compile(r"(?<![\w/])[+\-−]?[\dX*]+/[+\-−]?[\dX*]+(?![\w/])")
JA_HALF_WIDTH_PT = re.compile(r"(?<![＋－0-9A-Za-z])[+\-][0-9X]+/[+\-][0-9X]+")
NUMBER = re.compile(r"\d+")
FULL_WIDTH = re.compile(r"[＋－０-９]")
DIGIT = re.compile(r"\d")  # in a text with none, neither RULE nor NUMBER finds anything


def nfkc(text: str) -> str:
    # terminology's, remembered: the terminology checks normalize the same translation again
    return terminology.nfkc(text).replace("−", "-")


def exceptions(kb: KnowledgeBase) -> OrdinaryWords:
    """The reviewed ordinary words (catalogue/terminology-exceptions.yaml beside the data folder)."""
    root = data_root(kb)
    return ordinary_words(default_path(root)) if root is not None else OrdinaryWords()


def english_of(entry: Record) -> str | None:
    en = as_dict(entry.data.get("text")).get("en")
    text = en.get("text") if isinstance(en, dict) else None
    return text if isinstance(text, str) and text else None


@dataclass
class Vocabulary:
    """What an entry's terminology is checked against (E509, E510): the glossary's names by first word, the cards'
    names by first word, and the (entry, name) pairs the reviewed list allows."""

    by_token: dict[str, list[terminology.Term]]
    by_word: dict[str, list[terminology.Name]]
    allowed: frozenset[tuple[str, str]]

    @classmethod
    def of(cls, kb: KnowledgeBase) -> Vocabulary:
        ordinary = exceptions(kb)
        terms = terminology.glossary(kb, ordinary.terms)
        by_word = terminology.card_names(kb, {t.en.lower() for t in terms})
        for name in ordinary.cards:
            for word, names in list(by_word.items()):
                by_word[word] = [n for n in names if n.en != name]
        return cls(terminology.index(terms), by_word, frozenset(ordinary.pairs))

    def digest(self) -> str:
        """Differs whenever anything an entry's check reads here differs (the order of the names included)."""
        facts = (
            sorted(
                (token, [(t.kind, t.id, t.en, sorted(t.names.items())) for t in terms])
                for token, terms in self.by_token.items()
            ),
            [(word, [(n.en, sorted(n.names.items())) for n in names]) for word, names in self.by_word.items()],
            sorted(self.allowed),
        )
        return hashlib.sha256(repr(facts).encode("utf-8", "surrogatepass")).hexdigest()


def check(kb: KnowledgeBase) -> Iterator[diag.Diagnostic]:
    yield from check_across(kb)
    entries = all_entries(kb)
    if not entries:
        return
    vocabulary = Vocabulary.of(kb)
    for entry in entries:
        yield from check_entry(entry, vocabulary)


def all_entries(kb: KnowledgeBase) -> list[Record]:
    # An entry written twice in one shard is one of the knowledge base's duplicates: checked as well (E502).
    return kb.all("translation") + [r for r in kb.duplicates if r.kind == "translation"]


def check_across(kb: KnowledgeBase) -> Iterator[diag.Diagnostic]:
    """What reads more than one entry: the rulings' own translations (W512), an entry written twice (E502), an
    entry no ruling uses (W503)."""
    yield from check_rulings(kb)
    seen: dict[str, Record] = {}
    for entry in all_entries(kb):
        yield from check_unique_and_used(kb, entry, seen)


def check_entry(entry: Record, vocabulary: Vocabulary) -> Iterator[diag.Diagnostic]:
    """An entry's own checks: its key and shard (E500, E501), its translations against its English (E504-E510) and
    their review (E511). `vocabulary` is all they read beyond the entry."""
    yield from check_identity(entry)
    english = english_of(entry)
    if english is None:
        return
    entry_key, allowed = entry.local_id, vocabulary.allowed
    found_terms = [
        term
        for term in terminology.terms_in(english, vocabulary.by_token)
        if (entry_key, f"{term.kind}:{term.id}") not in allowed
    ]
    found_names = [
        card for card in terminology.names_in(english, vocabulary.by_word, set()) if (entry_key, card.en) not in allowed
    ]
    for lang in memory.MEMORY_LANGS:
        text_object = as_dict(entry.data.get("text")).get(lang)
        if not isinstance(text_object, dict) or not isinstance(text_object.get("text"), str):
            continue
        where = ("text", lang, "text")
        text = text_object["text"]
        for code, message in invariants(english, text, lang):
            yield diag.make(entry.path, entry.position(where), code, message)
        for term in found_terms:
            want = term.names.get(lang)
            if want and not terminology.uses_term(text, lang, want):
                yield diag.make(
                    entry.path,
                    entry.position(where),
                    "E509",
                    f"the English says '{term.en}' ({term.kind} {term.id}): the {lang} text should use `{want}`",
                )
        for card in found_names:
            printed = card.names.get(lang)
            if printed and not terminology.card_name_used(text, lang, printed):
                yield diag.make(
                    entry.path,
                    entry.position(where),
                    "E510",
                    f"the English names the card '{card.en}': the {lang} text should use its printed name `{printed}`",
                )
        if text_object.get("status") == "community" and not isinstance(text_object.get("reviewed"), dict):
            yield diag.make(
                entry.path,
                entry.position(("text", lang, "status")),
                "E511",
                f"the {lang} text is `community` but records no `reviewed: {{by, date}}`",
            )


def check_identity(entry: Record) -> Iterator[diag.Diagnostic]:
    entry_key = entry.local_id
    english = english_of(entry)
    if english is not None and memory.key(english) != entry_key:
        yield diag.make(
            entry.path,
            entry.position(("id",)),
            "E500",
            f"the key {entry_key} is not the hash of its English template ({memory.key(english)})",
        )
    owner = entry.owner
    if owner is not None and owner.id != memory.shard(entry_key):
        yield diag.make(
            entry.path,
            entry.position(("id",)),
            "E501",
            f"the entry {entry_key} belongs in {memory.shard(entry_key)}.yaml, not in {owner.id}.yaml",
        )


def check_unique_and_used(kb: KnowledgeBase, entry: Record, seen: dict[str, Record]) -> Iterator[diag.Diagnostic]:
    entry_key = entry.local_id
    if entry_key in seen:
        first = seen[entry_key]
        yield diag.make(
            entry.path,
            entry.position(("id",)),
            "E502",
            f"the entry {entry_key} is already in {first.path} (line {first.position(('id',))[0] + 1})",
        )
    else:
        seen[entry_key] = entry
        if not kb.memory.uses.get(entry_key):
            yield diag.make(
                entry.path, entry.position(("id",)), "W503", f"no ruling's English gives the entry {entry_key}"
            )


@dataclass(frozen=True)
class _English:
    """What invariants compare, found in an English text once for both of its translations."""

    placeholders: frozenset[str]
    symbols: list[str]  # sorted
    rules: list[str]  # sorted
    numbers: list[str]  # outside symbols, rule numbers and ±N/±N
    pts: list[str]  # sorted, outside symbols


@lru_cache(maxsize=256)
def _english(english: str) -> _English:
    # Each expression is only searched for in a text holding what it needs: a digit, "{", "/" or "<CARD".
    digits = DIGIT.search(english) is not None
    no_symbols = SYMBOL.sub(" ", english) if "{" in english else english
    return _English(
        frozenset(memory.PLACEHOLDER.findall(english)) if "<CARD" in english else frozenset(),
        sorted(SYMBOL.findall(english)) if "{" in english else [],
        sorted(RULE.findall(english)) if digits else [],
        NUMBER.findall(_counted(no_symbols)) if digits else [],
        sorted(set(PT.findall(no_symbols))) if "/" in english else [],
    )


def _counted(text: str) -> str:
    """Where the numbers are counted: the text (its symbols already set aside) without rule numbers and ±N/±N."""
    return PT.sub(" ", RULE.sub(" ", text)) if "/" in text else RULE.sub(" ", text)


def invariants(english: str, text: str, lang: str) -> Iterator[tuple[str, str]]:
    """What the English writes that the translation must write unchanged: (code, message) per difference."""
    normal = nfkc(text)
    facts = _english(english)
    placeholders = facts.placeholders | set(memory.PLACEHOLDER.findall(text)) if "<CARD" in text else facts.placeholders
    for placeholder in sorted(placeholders):
        token = f"<CARD:{placeholder}>" if placeholder else "<CARD>"
        if english.count(token) != text.count(token):
            yield (
                "E504",
                f"{token} is {english.count(token)} time(s) in the English, {text.count(token)} in the {lang} text",
            )
        elif lang == "ja" and text.count(f"《{token}》") != text.count(token):
            yield "E504", f"Japanese writes the card's name {token} as 《{token}》"
    symbols = sorted(SYMBOL.findall(normal)) if "{" in normal else []
    if facts.symbols != symbols:
        yield "E505", f"symbols {facts.symbols} in the English, {symbols} here"
    rules = sorted(RULE.findall(normal)) if DIGIT.search(normal) else []
    if facts.rules != rules:
        yield "E506", f"rule numbers {facts.rules} in the English, {rules} here"
    if facts.numbers:  # else none can be missing
        numbers = set(NUMBER.findall(_counted(SYMBOL.sub(" ", normal) if "{" in normal else normal)))
        missing = sorted({n for n in facts.numbers if n not in numbers}, key=int)
        if missing:
            yield "E507", f"the number(s) {', '.join(missing)} of the English are not in the {lang} text"
    for pt in facts.pts:
        if pt.replace("−", "-") not in normal:
            yield "E508", f"`{pt}` of the English is not in the {lang} text"
    half_width = JA_HALF_WIDTH_PT.search(text) if lang == "ja" and "/" in text else None
    if half_width is not None:
        yield (
            "E508",
            f"`{half_width.group(0)}`: Japanese writes ±N/±N full-width, as printed cards do (＋１/＋１, －１/－１)",
        )
    if lang == "fr" and FULL_WIDTH.search(text):
        yield "E508", "French writes ±N/±N and numbers as the English does (+1/+1), not full-width"


def check_rulings(kb: KnowledgeBase) -> Iterator[diag.Diagnostic]:
    """Memory consistency for the rulings' own translations (W512): one that differs from what the memory gives for
    its English, or, with no entry, from another ruling's own translation of the same English (the card's name
    set aside in both)."""
    first: dict[tuple[str, str], tuple[str, Record]] = {}
    for ruling in kb.all("ruling"):
        entry_key = kb.memory.templates.get(ruling.id)
        if entry_key is None:
            continue
        entry = kb.memory.entries.get(entry_key)
        texts = as_dict(ruling.data.get("text"))
        for lang in memory.MEMORY_LANGS:
            own = texts.get(lang)
            if not isinstance(own, dict) or kb.memory.from_memory(ruling.id, lang) or own.get("status") == "official":
                continue
            if not isinstance(own.get("text"), str):
                continue
            if entry is not None:
                given = memory.derived_text(entry, ruling, lang, None, kb.memory.mute_h)
                if given is not None and given["text"] != own["text"]:
                    yield diag.make(
                        ruling.path,
                        ruling.position(("text", lang, "text")),
                        "W512",
                        f"the ruling's own {lang} text differs from the memory's entry {entry_key} ({entry.path})",
                    )
                continue
            name = memory.card_name(ruling.owner, lang) if ruling.owner is not None else None
            shape = own["text"].replace(name, "<CARD>") if name else own["text"]
            seen = first.setdefault((entry_key, lang), (shape, ruling))
            if seen[0] != shape:
                other = seen[1]
                yield diag.make(
                    ruling.path,
                    ruling.position(("text", lang, "text")),
                    "W512",
                    f"the ruling's own {lang} text differs from that of {other.id} ({other.path}), whose English "
                    "is the same: give them one entry in the translation memory",
                )
