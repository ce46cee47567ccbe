"""Which counters a card's Oracle text (or a ruling's text) uses: the rule both importers follow.

A text **uses a counter kind of the catalogue** when it names it: "<name> counter(s)" ("put a +1/+1
counter", "remove two time counters"), or in a list of kinds ending in "counter(s)" ("a flying, first
strike, or lifelink counter"), or in a list after "counter … from among" ("choose a kind of counter …
from among flying, first strike, … and +1/+1").

A text **acts on counters of any kind** when it speaks of counters without naming a kind: "remove a
counter from target permanent", "for each counter on it", "creatures with no counters on them",
proliferate's "another counter of each kind already there". Anaphoric uses ("those counters", "the
counter") refer to a kind named before and do not count.

Not counters: the verb ("counter target spell", "counter up to one target …", "counter <this card's
name>", "then counter the chosen spell", "countered"), the card's own name ("Spell Counter") and a
placeholder to fill in ("[keyword] counter"). A possessive ("put CARDNAME's counters on that creature")
acts on counters of any kind. A word before "counter(s)" that is no
kind of the catalogue, no excluded kind and no determiner is an **unknown kind** ("hour counter"),
reported so that the catalogue can be completed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..model.knowledge import KnowledgeBase
from .model import ImportFailure

# "counter" as a verb, after the card's own names are replaced by CARDNAME.
VERB_RE = re.compile(
    r"\bcounter(?:s|ed|ing)?\s+(?:target|that|it\b|them|this|the\s+(?:next|first|spell|abilit|copy|chosen)|a\s+spell|spells?\b"
    r"|abilit|up\s+to|all\b|each\s+(?:spell|abilit|other)|any\s+number|CARDNAME|another\s+target)"
    r"|\b(?:is|are|be|been|was|were|being|isn[’']t|aren[’']t|can[’']t\s+be|can\s+be|cannot\s+be)\s+countered\b"
    r"|\bcountered\b|\bcounterspells?\b",
    re.IGNORECASE,
)
COUNTER_WORD_RE = re.compile(r"\bcounters?\b", re.IGNORECASE)

# Words before "counter(s)" that name no kind: determiners, numbers, and the words of generic uses.
GENERIC_BEFORE = frozenset(
    "a an any all each every no more another additional of x one two three four five six seven eight nine ten "
    "eleven twelve twenty hundred many several different fewer most least total number kind kinds put get gets "
    "remove removes move moves with without and or on from if had has have had".split()
)
# Words that refer back to counters named before ("those counters", "the moved counter"), or use the word
# otherwise ("use your shoes as counters").
ANAPHORIC_BEFORE = frozenset("those these that the its their his her such same this them moved as".split())
_WORD_BEFORE = re.compile(r"([^\s(“\"]+)\s+$")
QUOTES = "\"“”‘’'"


@dataclass(frozen=True)
class CounterKind:
    id: str
    name: str  # the English name without " counter", e.g. "acorn", "+1/+1", "first strike"


@dataclass
class TextScan:
    """What one text shows about counters."""

    kinds: set[str] = field(default_factory=set)  # catalogue counter ids
    any_counter: bool = False
    unknown: set[str] = field(default_factory=set)  # words used as a kind that the catalogue does not have
    excluded: set[str] = field(default_factory=set)  # kinds of the reviewed excluded list

    def merge(self, other: TextScan) -> None:
        self.kinds |= other.kinds
        self.any_counter = self.any_counter or other.any_counter
        self.unknown |= other.unknown
        self.excluded |= other.excluded


def counter_kinds(kb: KnowledgeBase, data_dir: Path) -> list[CounterKind]:
    """The kinds an import looks for, from the data's counter records; an import with none has nothing to do."""
    kinds = kinds_from_counters((r.id, r.data) for r in kb.all("counter"))
    if not kinds:
        raise ImportFailure(f"{data_dir}: no counter records with an English name: nothing to look for")
    return kinds


def kinds_from_counters(counters: Iterable[tuple[str, dict]]) -> list[CounterKind]:
    """The kinds to look for, from the counter records' English names ("acorn counter" -> acorn)."""
    kinds = []
    for counter_id, data in counters:
        names = data.get("names") if isinstance(data.get("names"), dict) else {}  # a broken record: not a kind
        english = names["en"].get("text") if isinstance(names.get("en"), dict) else None
        if not isinstance(english, str) or not english.lower().endswith(" counter"):
            continue
        name = english[: -len(" counter")].strip()
        if not name or "X" in name:  # "+X/+Y counter" is a family, not a printed name
            continue
        kinds.append(CounterKind(counter_id, name))
    return kinds


def _alternation(names: Iterable[str]) -> str:
    return "|".join(re.escape(n) for n in sorted(set(names), key=len, reverse=True))


class CounterScanner:
    """Scans texts for the kinds of the catalogue (and of the excluded list), with compiled patterns."""

    def __init__(self, kinds: list[CounterKind], excluded: Iterable[str] = ()):
        self.kinds = kinds
        self.by_name = {k.name.lower(): k.id for k in kinds}
        self.excluded = {name.lower() for name in excluded}
        names = list(self.by_name) + sorted(self.excluded)
        # "<name> counter(s)", the name not inside a longer word ("age" is not in "damage"), as crscan.name_pattern
        alnum = [n for n in names if n[:1].isalnum()]
        other = [n for n in names if not n[:1].isalnum()]
        parts = []
        if alnum:
            parts.append(r"(?<![\w+/-])(?:" + _alternation(alnum) + r")")
        if other:
            parts.append(r"(?<![\w/])(?:" + _alternation(other) + r")")
        any_name = "(?:" + "|".join(parts) + ")" if parts else "(?!)"
        self.named = re.compile(r"(" + any_name + r")\s+counters?\b", re.IGNORECASE)
        plain = _alternation(names) if names else "(?!)"
        item = r"(?:" + plain + r")"
        # "a flying, first strike, or lifelink counter": a list of kinds ending in counter(s)
        self.listed = re.compile(
            r"(?<![\w+/-])(" + item + r"(?:,\s*" + item + r")*,?\s+(?:and|or|and/or)\s+" + item + r")\s+counters?\b",
            re.IGNORECASE,
        )
        # "… counter … from among flying, first strike, … and +1/+1"
        self.among = re.compile(
            r"\bcounters?\b[^.\n]*?\bfrom among\s+(" + item + r"(?:,\s*" + item + r")*,?\s+(?:and|or)\s+" + item + r")",
            re.IGNORECASE,
        )
        self.item = re.compile(r"(?<![\w+/-])(" + plain + r")(?![\w])", re.IGNORECASE) if names else None
        self._scanned: dict[tuple[str, frozenset[str]], TextScan] = {}

    def _kind_of(self, name: str, scan: TextScan) -> None:
        key = name.lower()
        if key in self.by_name:
            scan.kinds.add(self.by_name[key])
        elif key in self.excluded:
            scan.excluded.add(key)

    def scan(self, text: str, own_names: Iterable[str] = ()) -> TextScan:
        """What `text` shows, its card's own names (`own_names`) read as CARDNAME. A text is scanned once per
        scanner: a card's text repeats in each of its printings (MTGJSON's 579 sets: 32,700 scans of far fewer
        texts), and the patterns, long alternations tried at every position, are most of the scan's time."""
        if "counter" not in text.lower():
            return TextScan()
        key = (text, frozenset(n for n in own_names if n))
        found = self._scanned.get(key)
        if found is None:
            found = self._scanned[key] = self._scan(text, key[1])
        return TextScan(
            set(found.kinds), found.any_counter, set(found.unknown), set(found.excluded)
        )  # the caller's own

    def _scan(self, text: str, own_names: frozenset[str]) -> TextScan:
        scan = TextScan()
        for name in sorted(own_names, key=len, reverse=True):
            text = text.replace(name, "CARDNAME")
        covered: list[tuple[int, int]] = []
        for pattern in (self.listed, self.named):
            for match in pattern.finditer(text):
                if _inside(match.start(), covered):
                    continue
                covered.append((match.start(), match.end()))
                if pattern is self.named:
                    self._kind_of(match.group(1), scan)
                elif self.item is not None:
                    for item in self.item.finditer(match.group(1)):
                        self._kind_of(item.group(1), scan)
        for match in self.among.finditer(text):
            if self.item is not None:
                for item in self.item.finditer(match.group(1)):
                    self._kind_of(item.group(1), scan)
        verbs = [(m.start(), m.end()) for m in VERB_RE.finditer(text)]
        for match in COUNTER_WORD_RE.finditer(text):
            if _inside(match.start(), covered) or _inside(match.start(), verbs):
                continue
            if match.start() and text[match.start() - 1] in QUOTES:
                continue  # the word itself, quoted: 'says "spell" or "counter,"'
            before = _WORD_BEFORE.search(text[max(0, match.start() - 40) : match.start()])
            word = before.group(1) if before else ""
            bare = word.strip(",;:.()—–-").lower()
            if bare.startswith("["):
                continue  # a placeholder to fill in ("it enters with [keyword] counter"): no kind
            if bare.endswith(("'s", "’s")):
                scan.any_counter = True  # "put CARDNAME's counters on that creature": its counters, of any kind
                continue
            if not bare or bare in GENERIC_BEFORE or bare.isdigit() or word.endswith((",", ";", ":", ".", "—", "(")):
                scan.any_counter = True
            elif bare in ANAPHORIC_BEFORE or bare == "cardname":
                continue
            else:
                scan.unknown.add(bare)
        return scan


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    return any(start <= position < end for start, end in spans)
