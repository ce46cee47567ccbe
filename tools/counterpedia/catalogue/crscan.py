"""Scan one edition of the Comprehensive Rules for the counters it names.

Pure functions over a parsed `Edition` (see `counterpedia.cr.parse`): which rules mention
"<name> counter" (in their text or their examples), which glossary entries do, and which
rules of a range (keyword actions 701, keyword abilities 702) speak of counters as markers
rather than of countering a spell. The scan is what the counter and mechanic records cite:
rule numbers are found, not guessed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# "counter" as a verb: to counter a spell or ability (rule 701.6). Everything else that says
# "counter" in rules 701 and 702 is about counters as markers.
VERB_RE = re.compile(
    r"\bcounter(?:s|ed|ing)?\s+(?:target|that|it|them|this|the\s+(?:spell|ability|copy)|a\s+spell|spells?|abilit)"
    r"|\b(?:is|are|be|been|was|were|being|isn’t|aren’t|can’t\s+be)\s+countered\b|\bcountered\b",
    re.IGNORECASE,
)
MARKER_RE = re.compile(r"\bcounters?\b", re.IGNORECASE)


def name_pattern(name: str) -> re.Pattern:
    """ "<name> counter" or "<name> counters", not inside a longer word ("age" is not in "damage")."""
    escaped = re.escape(name)
    lead = r"(?<![\w+/-])" if name[0].isalnum() else r"(?<![\w/])"
    return re.compile(lead + escaped + r"\s+counters?\b", re.IGNORECASE)


def _texts(rule) -> Iterable[str]:
    yield rule.text
    yield from rule.examples


def rules_mentioning(edition, name: str) -> list[str]:
    """The numbers of the rules whose text or examples mention "<name> counter", in document order."""
    pattern = name_pattern(name)
    return [number for number, rule in edition.rules.items() if any(pattern.search(t) for t in _texts(rule))]


def glossary_mentioning(edition, name: str) -> list[str]:
    """The glossary entries whose term or definition mentions "<name> counter"."""
    pattern = name_pattern(name)
    return [term for term, text in edition.glossary.items() if pattern.search(term) or pattern.search(text)]


def mentions_marker(text: str) -> bool:
    """Whether a text speaks of counters as markers (not only of countering spells)."""
    stripped = VERB_RE.sub(" ", text)
    return bool(MARKER_RE.search(stripped))


@dataclass(frozen=True)
class CounterRule:
    """One keyword ability or action whose rules speak of counters."""

    number: str  # the rule that names the keyword, e.g. "702.24"
    title: str  # the keyword, e.g. "Cumulative Upkeep"
    rules: tuple[str, ...]  # its subrules whose text or examples mention counters


def keyword_rules_with_counters(edition, sections: Iterable[str] = ("701", "702")) -> list[CounterRule]:
    """Every keyword action (701.x) and ability (702.x) one of whose subrules mentions counters as markers."""
    wanted = set(sections)
    found: dict[str, list[str]] = {}
    for number, rule in edition.rules.items():
        if rule.level != 3 or rule.section not in wanted:
            continue
        if any(mentions_marker(t) for t in _texts(rule)):
            found.setdefault(rule.parent, []).append(number)
    result = []
    for parent, numbers in found.items():
        heading = edition.rules.get(parent) if hasattr(edition.rules, "get") else None
        result.append(CounterRule(parent, heading.text if heading else parent, tuple(numbers)))
    return result


def counters_named(text: str, names: Iterable[str]) -> list[str]:
    """Which of `names` a text mentions as "<name> counter", longest names first so "+1/+1" wins over "1"."""
    hits = []
    for name in sorted(set(names), key=len, reverse=True):
        if name_pattern(name).search(text):
            hits.append(name)
    return sorted(hits)
