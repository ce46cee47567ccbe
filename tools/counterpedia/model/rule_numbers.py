"""Comprehensive Rules numbers: parsing, validity, order, and finding references inside prose."""

from __future__ import annotations

import re
from dataclasses import dataclass

# Subrule letters skip "l" and "o" (they read like 1 and 0). After "z" come two letters: 704.5aa (20260925).
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"

NUMBER_RE = re.compile(r"^(?P<section>\d{3})(?:\.(?P<rule>\d+)(?P<letter>[a-z]{1,2})?)?$")


@dataclass(frozen=True, order=True)
class RuleNumber:
    section: int
    rule: int | None = None
    letter: str | None = None

    def __str__(self) -> str:
        text = f"{self.section}"
        if self.rule is not None:
            text += f".{self.rule}"
        if self.letter:
            text += self.letter
        return text

    @property
    def parent(self) -> RuleNumber | None:
        if self.letter:
            return RuleNumber(self.section, self.rule)
        if self.rule is not None:
            return RuleNumber(self.section)
        return None

    @property
    def anchor(self) -> str:
        return str(self).replace(".", "-")


class RuleNumberError(ValueError):
    pass


def parse(text: str) -> RuleNumber:
    match = NUMBER_RE.match(text.strip())
    if not match:
        raise RuleNumberError(f"'{text}' is not a CR number such as 122, 122.1 or 122.1a")
    letter = match["letter"]
    if letter and any(c not in SUBRULE_LETTERS for c in letter):
        raise RuleNumberError(f"'{text}': subrule letters skip 'l' and 'o'")
    rule = match["rule"]
    return RuleNumber(int(match["section"]), int(rule) if rule else None, letter)


def level(number: str) -> int:
    """1 for a section ("122"), 2 for a rule ("122.1"), 3 for a subrule ("122.1a"): from the number's shape
    alone, as the rules files write it (the CR parsers meet numbers this module would refuse)."""
    if "." not in number:
        return 1
    return 3 if number[-1].isalpha() else 2


def parent_of(number: str) -> str | None:
    """The rule a subrule belongs to ("122.1a" -> "122.1"), the section of a rule ("122.1" -> "122"); None
    for a section."""
    depth = level(number)
    if depth == 3:
        return number.rstrip(SUBRULE_LETTERS)
    if depth == 2:
        return number.split(".")[0]
    return None


def section_of(number: str) -> str:
    """The section of any number: its first three digits."""
    return number[:3]


def is_valid(text: str) -> bool:
    try:
        parse(text)
    except RuleNumberError:
        return False
    return True


def sort_key(text: str) -> tuple[int, int, int, str] | tuple[int, str]:
    try:
        number = parse(text)
    except RuleNumberError:
        return (10**6, text)
    letter = number.letter or ""
    return (number.section, number.rule or -1, len(letter), letter)  # z before aa


def letter_range(first: str, last: str) -> list[str]:
    """Subrule letters from first to last inclusive, skipping l and o ("a–h", "a-c")."""
    if first not in SUBRULE_LETTERS or last not in SUBRULE_LETTERS:
        return [first]
    start, end = SUBRULE_LETTERS.index(first), SUBRULE_LETTERS.index(last)
    return list(SUBRULE_LETTERS[start : end + 1]) if start <= end else [first]


# A reference in prose: "rule 704.5q", "rules 122.1a–h", "CR:400.7", "CR 701.13b", "（CR:113.8）", "701.13b".
# A bare number needs a dot (so years and card numbers stay text); prefixed ones may be sections.
REFERENCE_RE = re.compile(
    r"(?P<prefix>(?:\b(?:[Rr]ules?|[Rr]ègles?|CR)[\s:：]*|CR:|総合ルール\s*))?"
    r"(?<![\d.])(?P<number>\d{3}(?:\.\d{1,3}(?:[a-z]{1,2}(?![a-z]))?)?)"
    r"(?:(?P<dash>[–—-])(?P<last>[a-z])\b)?"
    r"(?![\d]|\.\d)"
)


@dataclass(frozen=True)
class Reference:
    start: int
    end: int
    text: str
    numbers: tuple[str, ...]  # the rules referred to, the first being the link target


def find_references(text: str) -> list[Reference]:
    """Every CR reference in a text, with the numbers it names."""
    found: list[Reference] = []
    for match in REFERENCE_RE.finditer(text):
        number = match["number"]
        if "." not in number and not match["prefix"]:
            continue  # a bare three-digit number is not a rule reference
        if not is_valid(number):
            continue
        section = int(number[:3])
        if not 100 <= section <= 999:
            continue
        numbers = [number]
        if match["last"] and number[-1].isalpha() and not number[-2].isalpha():
            base = number[:-1]
            numbers = [base + letter for letter in letter_range(number[-1], match["last"])]
        elif match["dash"]:
            # "122.1–h" is not a range; keep the dash as text.
            found.append(Reference(match.start("number"), match.start("dash"), number, (number,)))
            continue
        found.append(Reference(match.start(), match.end(), match.group(0), tuple(numbers)))
    return found
