"""Counter kinds that a rule covers by pattern rather than by name: +X/+Y and -X/-Y counters (122.1a in the
20260116 edition) and the keyword counters that 122.1b lists.

The rules are found by their English text among the quoted rules, never by number: numbers change between
editions, and `cr sync` renumbers a quote and its citations together.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .knowledge import KnowledgeBase

POWER_TOUGHNESS_RULE = re.compile(r"\+X/\+Y counter.*-X/-Y counters", re.S)
# "+2/+2 counter", "-0/-1 counter", "+X/+Y counter": both signs alike (122.1a knows no "+1/-1").
POWER_TOUGHNESS_NAME = re.compile(r"^(?:\+(?:\d+|X)/\+(?:\d+|Y)|-(?:\d+|X)/-(?:\d+|Y)) counters?$")
KEYWORD_LIST = re.compile(r"The keywords that a keyword counter can be are (?P<list>[^.]+?)(?:, as well as [^.]*)?\.")


@dataclass(frozen=True)
class Coverage:
    number: str  # the rule that covers the kind
    what: str  # how, for a message: "+X/+Y and -X/-Y counters", "keyword counters"


def _english(entry: dict[str, Any]) -> str:
    text = (entry.get("text") or {}).get("en") if isinstance(entry.get("text"), dict) else None
    return text.get("text", "") if isinstance(text, dict) and isinstance(text.get("text"), str) else ""


def keywords_of(rule_text: str) -> list[str]:
    """The keywords a keyword-counter rule lists: "flying, first strike, …, and vigilance" -> [...]."""
    found = KEYWORD_LIST.search(rule_text)
    if not found:
        return []
    items = [item.strip() for item in found.group("list").split(",")]
    return [re.sub(r"^and\s+", "", item) for item in items if item]


def pattern_rules(kb: KnowledgeBase) -> tuple[str | None, str | None, list[str]]:
    """(the +X/+Y rule, the keyword-counter rule, its keywords), as the data quotes them."""
    power, keyword, keywords = None, None, []
    for number, quote in sorted(kb.quoted_rules().items()):
        text = _english(quote.entry)
        if power is None and POWER_TOUGHNESS_RULE.search(text):
            power = number
        if keyword is None and keywords_of(text):
            keyword, keywords = number, keywords_of(text)
    return power, keyword, keywords


def coverage(english_name: str, rules: tuple[str | None, str | None, list[str]]) -> Coverage | None:
    """The rule that covers a counter kind by pattern, from its English name ("+2/+2 counter", "reach counter")."""
    power, keyword, keywords = rules
    name = english_name.strip()
    if power and POWER_TOUGHNESS_NAME.match(name):
        return Coverage(power, "+X/+Y and -X/-Y counters")
    base = re.sub(r" counters?$", "", name)
    if keyword and base != name and (base in keywords or base == "keyword"):
        return Coverage(keyword, "keyword counters")
    return None
