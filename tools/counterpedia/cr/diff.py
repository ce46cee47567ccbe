"""What changed between two editions: rules added, removed, changed and renumbered.

Rules are matched by content, not by number, because numbers move: rad counters went
725.1 -> 726.1 -> 727.1 and mill 701.13 -> 701.17 when other rules were inserted before
them. Matching runs cheapest first, each step only on what is still unmatched:
  1. same number, same content (nearly everything, found by dict lookups);
  2. same content, once on each side (a moved rule); then the same with rule references
     masked ("see rule 725.2" -> "see rule 726.2" moved with it), then the text alone
     (examples added or dropped);
  3. level by level (sections, rules, subrules), so children can use their parent's match:
     a rule whose matched children sit under one new rule; then similar text among
     candidates that share the number or sit under the matched parent, pruned with
     difflib's quick ratios; a section left over under its own number was renamed;
  4. nearly the same text anywhere else (903.11 -> 903.11a).
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .parse import Edition, Rule
from .words import Segment, word_diff

ADDED, REMOVED, CHANGED, RENUMBERED = "added", "removed", "changed", "renumbered"

# Thresholds on difflib's ratio (0..1) between rule texts: a rule keeping its number, or
# moving under its matched parent, may be rewritten more than one moving anywhere else.
SAME_NUMBER_THRESHOLD = 0.4
MOVED_THRESHOLD = 0.6
FAR_THRESHOLD = 0.75

REFERENCE_RE = re.compile(r"\b\d{3}(?:\.\d+[a-z]{0,2})?\b")
# Similarity compares words only: whitespace tokens are so frequent that difflib's
# longest-match search slows down tenfold on them.
WORD_RE = re.compile(r"\w+|[^\w\s]")


@dataclass(frozen=True)
class Change:
    change: str  # added, removed, changed or renumbered
    old: str | None  # number in the old edition
    new: str | None  # number in the new edition
    old_rule: Rule | None
    new_rule: Rule | None
    text_changed: bool  # the rule's own text differs (for added/removed: True)
    examples_changed: bool  # its examples differ
    words: tuple[Segment, ...]  # word diff of the text
    example_words: tuple[Segment, ...]  # word diff of the examples, one per line

    @property
    def content_changed(self) -> bool:
        return self.text_changed or self.examples_changed

    def to_json(self) -> dict[str, Any]:
        return {
            "change": self.change,
            "old": self.old,
            "new": self.new,
            "text_changed": self.text_changed,
            "examples_changed": self.examples_changed,
            "words": [list(segment) for segment in self.words],
            "example_words": [list(segment) for segment in self.example_words],
            "old_text": self.old_rule.text if self.old_rule else None,
            "new_text": self.new_rule.text if self.new_rule else None,
            "old_examples": list(self.old_rule.examples) if self.old_rule else [],
            "new_examples": list(self.new_rule.examples) if self.new_rule else [],
        }


def number_key(number: str) -> tuple[int, int, str]:
    """Document order of a rule number: "122" < "122.1" < "122.1a" < "122.2"."""
    section, _, rest = number.partition(".")
    digits = rest.rstrip("abcdefghijklmnopqrstuvwxyz")
    return int(section), int(digits) if digits else -1, rest[len(digits) :]


def _content(rule: Rule) -> tuple[str, tuple[str, ...]]:
    return rule.text, rule.examples


def _masked(rule: Rule) -> tuple[str, tuple[str, ...]]:
    return REFERENCE_RE.sub("#", rule.text), tuple(REFERENCE_RE.sub("#", e) for e in rule.examples)


def _text(rule: Rule) -> str:
    return rule.text


def _masked_text(rule: Rule) -> str:
    return REFERENCE_RE.sub("#", rule.text)


class _Pairs:
    """The matching being built: old -> new, and which new numbers are taken."""

    def __init__(self, old: Edition, new: Edition):
        self.old, self.new = old, new
        self.map: dict[str, str] = {}
        self.taken: set[str] = set()

    def add(self, o: str, n: str) -> None:
        self.map[o] = n
        self.taken.add(n)

    def old_left(self, level: int | None = None) -> list[Rule]:
        return [r for n, r in self.old.rules.items() if n not in self.map and level in (None, r.level)]

    def new_left(self, level: int | None = None) -> list[Rule]:
        return [r for n, r in self.new.rules.items() if n not in self.taken and level in (None, r.level)]


def align(old: Edition, new: Edition) -> dict[str, str]:
    """Old number -> new number for every rule present in both editions."""
    pairs = _Pairs(old, new)
    for number, rule in old.rules.items():  # 1. unchanged in place
        other = new.rules.get(number)
        if other is not None and _content(other) == _content(rule):
            pairs.add(number, number)
    # 2. moved, found by content; then by content with references masked; then by the
    # text alone (examples added or dropped), masked or not.
    for key in (_content, _masked, _text, _masked_text):
        _pair_unique(pairs, key)
    # 3. similar, level by level: parents first, so that children can use their match.
    for level in (1, 2, 3):
        if level < 3:
            _pair_by_children(pairs, level)
        _pair_similar(pairs, level)
        if level == 1:
            _pair_same_number(pairs, level)
    # 4. moved far (another section, another level: 903.11 -> 903.11a), nearly unchanged.
    _pair_far(pairs)
    return pairs.map


def _pair_unique(pairs: _Pairs, key) -> None:
    olds: dict[Any, list[Rule]] = {}
    news: dict[Any, list[Rule]] = {}
    for rule in pairs.old_left():
        olds.setdefault((rule.level, key(rule)), []).append(rule)
    for rule in pairs.new_left():
        news.setdefault((rule.level, key(rule)), []).append(rule)
    for content, rules in olds.items():
        others = news.get(content)
        # Ambiguous duplicates (two sections both titled "General") are left to step 3,
        # where the parent's match decides.
        if others and len(rules) == 1 and len(others) == 1:
            pairs.add(rules[0].number, others[0].number)


def _pair_by_children(pairs: _Pairs, level: int) -> None:
    """A rule whose matched children mostly sit under one new rule is that rule."""
    for rule in pairs.old_left(level):
        children = pairs.old.children.get(rule.number, ())
        parents = Counter(pairs.new.rules[pairs.map[c]].parent for c in children if c in pairs.map)
        if not parents:
            continue
        parent, votes = parents.most_common(1)[0]
        target = pairs.new.rules.get(parent) if parent else None
        if parent and votes * 2 > len(children) and target and target.level == level and parent not in pairs.taken:
            pairs.add(rule.number, parent)


def _pair_same_number(pairs: _Pairs, level: int) -> None:
    """Sections left over on both sides under one number were renamed (308 Tribals -> Kindreds)."""
    left = {rule.number for rule in pairs.new_left(level)}
    for rule in pairs.old_left(level):
        if rule.number in left:
            pairs.add(rule.number, rule.number)


def _words(rule: Rule, cache: dict[str, list[str]]) -> list[str]:
    key = rule.text
    if key not in cache:
        cache[key] = WORD_RE.findall(key)
    return cache[key]


def _best_first(pairs: _Pairs, scored: list[tuple[float, bool, str, str]]) -> None:
    # Best pairs first; on a tie the one keeping its number wins, then document order.
    for _ratio, _same, o, n in sorted(scored, key=lambda s: (-s[0], not s[1], number_key(s[2]), number_key(s[3]))):
        if o not in pairs.map and n not in pairs.taken:
            pairs.add(o, n)


def _pair_similar(pairs: _Pairs, level: int) -> None:
    old_left, new_left = pairs.old_left(level), pairs.new_left(level)
    if not old_left or not new_left:
        return
    by_parent: dict[str | None, list[Rule]] = {}
    for rule in new_left:
        by_parent.setdefault(rule.parent, []).append(rule)
    new_by_number = {rule.number: rule for rule in new_left}
    cache: dict[str, list[str]] = {}
    scored: list[tuple[float, bool, str, str]] = []
    matcher = difflib.SequenceMatcher()
    for rule in old_left:
        # Candidates: the same number, and whatever sits under the matched parent
        # (sections have no parent: every leftover section is a candidate).
        parent = pairs.map.get(rule.parent) if rule.parent else None
        candidates = {c.number: c for c in by_parent.get(parent, ()) if parent or not rule.parent}
        same = new_by_number.get(rule.number)
        if same is not None:
            candidates[same.number] = same
        matcher.set_seq1(_words(rule, cache))
        for candidate in candidates.values():
            same_number = candidate.number == rule.number
            threshold = SAME_NUMBER_THRESHOLD if same_number or parent else MOVED_THRESHOLD
            ratio = _ratio(matcher, _words(candidate, cache), threshold)
            if ratio is not None:
                scored.append((ratio, same_number, rule.number, candidate.number))
    _best_first(pairs, scored)


def _pair_far(pairs: _Pairs) -> None:
    old_left, new_left = pairs.old_left(), pairs.new_left()
    cache: dict[str, list[str]] = {}
    scored: list[tuple[float, bool, str, str]] = []
    matcher = difflib.SequenceMatcher()
    for rule in old_left:
        matcher.set_seq1(_words(rule, cache))
        for candidate in new_left:
            ratio = _ratio(matcher, _words(candidate, cache), FAR_THRESHOLD)
            if ratio is not None:
                scored.append((ratio, False, rule.number, candidate.number))
    _best_first(pairs, scored)


def _ratio(matcher: difflib.SequenceMatcher, words: list[str], threshold: float) -> float | None:
    """difflib's ratio if it reaches the threshold; the cheap upper bounds prune first."""
    matcher.set_seq2(words)
    if matcher.real_quick_ratio() < threshold or matcher.quick_ratio() < threshold:
        return None
    ratio = matcher.ratio()
    return ratio if ratio >= threshold else None


def renumber_map(old: Edition, new: Edition) -> dict[str, str]:
    """Old number -> new number for the rules that moved."""
    return {o: n for o, n in align(old, new).items() if o != n}


def compare(old_rule: Rule | None, new_rule: Rule | None) -> Change:
    """The change between two versions of a rule (either may be None)."""
    old_text = old_rule.text if old_rule else ""
    new_text = new_rule.text if new_rule else ""
    old_examples = "\n".join(old_rule.examples) if old_rule else ""
    new_examples = "\n".join(new_rule.examples) if new_rule else ""
    if old_rule is None:
        kind = ADDED
    elif new_rule is None:
        kind = REMOVED
    elif old_rule.number != new_rule.number:
        kind = RENUMBERED
    else:
        kind = CHANGED
    return Change(
        change=kind,
        old=old_rule.number if old_rule else None,
        new=new_rule.number if new_rule else None,
        old_rule=old_rule,
        new_rule=new_rule,
        text_changed=old_rule is None or new_rule is None or old_text != new_text,
        examples_changed=old_examples != new_examples,
        words=tuple(word_diff(old_text, new_text)),
        example_words=tuple(word_diff(old_examples, new_examples)),
    )


def diff(old: Edition, new: Edition) -> list[Change]:
    """Every rule added, removed, changed or renumbered from `old` to `new`, in rule order."""
    pairs = align(old, new)
    changes: list[Change] = []
    for o, n in pairs.items():
        if o != n or _content(old.rules[o]) != _content(new.rules[n]):
            changes.append(compare(old.rules[o], new.rules[n]))
    matched = set(pairs.values())
    changes += [compare(rule, None) for number, rule in old.rules.items() if number not in pairs]
    changes += [compare(None, rule) for number, rule in new.rules.items() if number not in matched]
    # Rule order of the new edition; a removed rule sits where it was.
    changes.sort(key=lambda c: (number_key(c.new or c.old or ""), c.new is None))
    return changes


def summary(changes: list[Change]) -> dict[str, int]:
    counts = {ADDED: 0, REMOVED: 0, CHANGED: 0, RENUMBERED: 0}
    for change in changes:
        counts[change.change] += 1
    return counts
