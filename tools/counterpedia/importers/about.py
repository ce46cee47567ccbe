"""What a ruling is about, as its own text shows it: counter kinds, rules, mechanics. Nothing more is claimed.

- `counters`: the kinds of the catalogue its text names ("+1/+1 counter", counter_text's rule).
- `rules`: the CR numbers its text writes (rule_numbers.find_references) that the data quotes, when the
  quote's edition is not newer than the ruling: a ruling cites the numbering of its own day, and an older
  number may mean another rule today ("704.5s" was a Two-Headed Giant rule in 2018). The others are
  counted and left out.
- `mechanics`: the mechanics whose English name its text writes, among the card's own keyword abilities
  and actions (so "double" in "double strike" is not the keyword action double).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..model.knowledge import KnowledgeBase
from ..model.rule_numbers import find_references
from .counter_text import CounterScanner


@dataclass
class About:
    counters: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    mechanics: list[str] = field(default_factory=list)
    older_rules: list[str] = field(default_factory=list)  # shown, but in an older numbering than the quote


class AboutFinder:
    def __init__(self, kb: KnowledgeBase, scanner: CounterScanner):
        self.scanner = scanner
        self.quote_editions: dict[str, str] = {}
        for number, quote in kb.quoted_rules().items():
            english = (quote.entry.get("text") or {}).get("en") or {}
            version = str(english.get("version") or "") if isinstance(english, dict) else ""
            self.quote_editions[number] = version
        self.mechanics: dict[str, tuple[str, re.Pattern]] = {}
        for record in kb.all("mechanic"):
            english = (record.data.get("names") or {}).get("en")
            if isinstance(english, dict) and isinstance(english.get("text"), str):
                name = english["text"]
                self.mechanics[name.lower()] = (
                    record.id,
                    re.compile(r"(?<![\w-])" + re.escape(name) + r"s?(?![\w-])", re.IGNORECASE),
                )

    def about(self, text: str, date: str, own_names: Iterable[str] = (), keywords: Iterable[str] = ()) -> About:
        found = About()
        scan = self.scanner.scan(text, own_names)
        found.counters = sorted(scan.kinds)
        numbers = []
        for reference in find_references(text):
            for number in reference.numbers:
                if number not in numbers:
                    numbers.append(number)
        for number in numbers:
            edition = self.quote_editions.get(number)
            if edition is None:
                continue
            if _edition_date(edition) <= date:
                found.rules.append(number)
            else:
                found.older_rules.append(number)
        own = {k.lower() for k in keywords}
        for name, (mechanic_id, pattern) in sorted(self.mechanics.items()):
            if name in own and pattern.search(text):
                found.mechanics.append(mechanic_id)
        return found


def _edition_date(edition: str) -> str:
    """'20260116' -> '2026-01-16' (an ISO date stays as it is)."""
    if len(edition) == 8 and edition.isdigit():
        return f"{edition[:4]}-{edition[4:6]}-{edition[6:]}"
    return edition
