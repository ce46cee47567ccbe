"""Parse an official Comprehensive Rules text file into an `Edition`.

The files Wizards of the Coast publishes are plain text with quirks that all occur in real
editions: a UTF-8 byte-order mark; line ends that are mostly a bare CR, some CRLF (one
edition is all CRLF); a table of contents that repeats every section title; a rule number
now and then missing its trailing dot ("606.5 If"), a subrule with one ("119.1d. In") or a
missing space ("901.4.All"); continuation paragraphs indented with spaces; whitespace-only
lines. Text is kept verbatim (typographic quotes and dashes, {T} symbols); only the line
ends and the spaces around a line are normalized.

Copies of those files found elsewhere add their own: every line end doubled into CR CR LF (a CRLF file
converted once more on a Windows checkout), LF alone, blank lines made of one space, no BOM, a first line
edited ("Magic: The Gathering Comprehensive Rules : https://…"). The edition is the one its "These rules
are effective as of …" line names, whatever came before it. Since 2026-09-25 a subrule may have two letters
(704.5aa follows 704.5z).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cached_property
from pathlib import Path

from ..model import rule_numbers

# One pattern per kind of line, anchored at column 0: continuation paragraphs are indented,
# so a number inside one can never be taken for a rule.
RULE_RE = re.compile(r"(\d{3})\.(\d+)([a-z]{0,2})\.?\s*(.*)")
SECTION_RE = re.compile(r"(\d{3})\.\s+(\S.*)")
CHAPTER_RE = re.compile(r"(\d)\.\s+(\S.*)")
EXAMPLE_PREFIX = "Example:"
EFFECTIVE_RE = re.compile(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
EDITION_IN_NAME_RE = re.compile(r"(?<!\d)(\d{8})(?!\d)")


class CRParseError(ValueError):
    """The text is not a Comprehensive Rules file (the message is meant for users)."""


@dataclass(frozen=True)
class Rule:
    """A section ("122"), rule ("122.1") or subrule ("122.1a") of one edition.

    `text` is the rule's paragraphs joined by "\\n" (most rules have one); `examples` the
    "Example:" paragraphs that follow it, without that label (renderers localize it).
    Sections carry their heading as both `title` and `text`, so a renamed section diffs.
    """

    number: str
    text: str
    examples: tuple[str, ...] = ()
    title: str | None = None
    line: int = field(default=0, compare=False)  # 1-based line in the file, for messages

    @property
    def level(self) -> int:
        """1 for a section, 2 for a rule, 3 for a subrule."""
        return rule_numbers.level(self.number)

    @property
    def parent(self) -> str | None:
        return rule_numbers.parent_of(self.number)

    @property
    def section(self) -> str:
        return rule_numbers.section_of(self.number)


@dataclass(frozen=True, eq=False)
class Edition:
    """One edition of the Comprehensive Rules, identified by its YYYYMMDD id."""

    edition: str
    effective: date
    rules: dict[str, Rule]  # in document order
    glossary: dict[str, str]  # term -> definition (paragraphs joined by "\n")
    chapters: dict[str, str] = field(default_factory=dict)  # "1" -> "Game Concepts"
    introduction: str = ""
    credits: str = ""
    warnings: tuple[str, ...] = ()  # oddities tolerated while parsing, with line numbers
    source: Path | None = None

    def __contains__(self, number: str) -> bool:
        return number in self.rules

    def __getitem__(self, number: str) -> Rule:
        return self.rules[number]

    def get(self, number: str) -> Rule | None:
        return self.rules.get(number)

    @cached_property
    def children(self) -> dict[str, tuple[str, ...]]:
        """Direct children of each rule number, in document order."""
        kids: dict[str, list[str]] = {}
        for rule in self.rules.values():
            if rule.parent is not None:
                kids.setdefault(rule.parent, []).append(rule.number)
        return {parent: tuple(numbers) for parent, numbers in kids.items()}

    def __repr__(self) -> str:
        return f"Edition({self.edition!r}, {len(self.rules)} rules, {len(self.glossary)} glossary terms)"


def split_lines(text: str) -> list[str]:
    """Drop the BOM and split on CRLF, bare CR and LF alike.

    "\\r\\r\\n" is two line ends in Wizards' own files (a bare CR, then an empty CRLF line: a dozen before the
    chapter headings); in a file where it ends nearly every line, every CRLF went through a second conversion,
    and it is one line end."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    doubled = text.count("\r\r\n")
    if doubled > 2 and doubled * 2 >= 0.8 * (len(lines) - 1):  # nearly every line end is one
        return text.replace("\r\r\n", "\n").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return lines


HEAD_LINES = 12  # the "effective as of" line is the third in every edition; blank lines around it vary


def effective_line(lines: list[str]) -> int:
    """The index of "These rules are effective as of January 16, 2026." among the first non-blank lines."""
    seen = 0
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        seen += 1
        if seen > HEAD_LINES:
            break
        match = EFFECTIVE_RE.search(line)
        if match:
            try:
                datetime.strptime(match[1], "%B %d, %Y")
            except ValueError:
                break
            return index
    raise CRParseError(
        "not a Comprehensive Rules file: no line 'These rules are effective as of <Month D, YYYY>.' near the top"
    )


def effective_date(lines: list[str]) -> date:
    """The date of "These rules are effective as of January 16, 2026." (line 2 or 3, period optional)."""
    match = EFFECTIVE_RE.search(lines[effective_line(lines)])
    assert match is not None  # effective_line found the line by this pattern
    return datetime.strptime(match[1], "%B %d, %Y").date()


def edition_from_name(name: str) -> str | None:
    """The YYYYMMDD id in a file name such as "MagicCompRules 20260116.txt", if any."""
    match = EDITION_IN_NAME_RE.search(name)
    return match[1] if match else None


def parse_file(path: str | Path) -> Edition:
    """Parse a CR file; the edition id comes from its name, else from its effective date.

    The name wins because the two can differ: the 20240206 file says "February 2, 2024".
    """
    return parse_path(Path(path), parse_text, CRParseError, "a Comprehensive Rules file")


def parse_path(path: Path, parse, error_class: type[Exception], what: str):
    """Read a rules file as UTF-8 and parse it with `parse(text, edition id from the name)`; every failure is an
    `error_class` naming the file (shared by the English and the Japanese parsers)."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise error_class(f"{path}: cannot read: {error.strerror or error}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error_class(f"{path}: not UTF-8 text, so not {what}") from None
    try:
        edition = parse(text, edition_from_name(path.name))
    except error_class as error:
        raise error_class(f"{path}: {error}") from None
    object.__setattr__(edition, "source", path)  # frozen, but set once before anyone sees it
    return edition


def parse_text(text: str, edition_id: str | None = None) -> Edition:
    """Parse the text of a CR file (as decoded, BOM and any line ends allowed)."""
    lines = split_lines(text)
    first = next((line for line in lines if line.strip()), "")
    if "Comprehensive Rules" not in first:
        raise CRParseError("not a Comprehensive Rules file: its first line does not say 'Comprehensive Rules'")
    effective_at = effective_line(lines)
    effective = effective_date(lines)
    if edition_id is None:
        edition_id = effective.strftime("%Y%m%d")

    start = _rules_start(lines)
    glossary_at = _find_heading(lines, "Glossary", start)
    credits_at = _find_heading(lines, "Credits", glossary_at)
    try:
        contents_at = _find_heading(lines, "Contents", 0, stop=start)
    except CRParseError:
        contents_at = effective_at + 1  # no contents: no introduction either, nothing else depends on it

    rules, chapters, warnings = _parse_rules(lines, start, glossary_at)
    return Edition(
        edition=edition_id,
        effective=effective,
        rules=rules,
        glossary=_parse_glossary(lines[glossary_at + 1 : credits_at]),
        chapters=chapters,
        introduction=_paragraphs(
            line for line in lines[effective_at + 1 : contents_at] if line.strip() != "Introduction"
        ),
        credits=_paragraphs(lines[credits_at + 1 :]),
        warnings=tuple(warnings),
    )


def _rules_start(lines: list[str]) -> int:
    """Index of the first line of the rules proper, after the table of contents.

    The contents list chapter and section titles but never a numbered rule, so the rules
    start at the chapter heading ("1. Game Concepts") above the first "100.1."-like line,
    or, without one, at the section heading just above it.
    """
    first = next((i for i, line in enumerate(lines) if RULE_RE.match(line)), None)
    if first is None:
        raise CRParseError("not a Comprehensive Rules file: no numbered rules (such as '100.1.') found")
    for index in range(first - 1, max(first - 20, -1), -1):
        if CHAPTER_RE.match(lines[index]):
            return index
    start = first
    while start > 0:
        above = lines[start - 1].strip()
        if above and not SECTION_RE.match(above):
            break
        start -= 1
    return start


def _find_heading(lines: list[str], heading: str, begin: int, stop: int | None = None) -> int:
    for index in range(begin, len(lines) if stop is None else stop):
        if lines[index].strip() == heading:
            return index
    raise CRParseError(f"not a complete Comprehensive Rules file: no '{heading}' heading found")


def _parse_rules(lines: list[str], start: int, end: int) -> tuple[dict[str, Rule], dict[str, str], list[str]]:
    rules: dict[str, Rule] = {}
    chapters: dict[str, str] = {}
    warnings: list[str] = []
    # The rule being read: number, title, first line, paragraphs, examples.
    number: str | None = None
    title: str | None = None
    first_line = 0
    paragraphs: list[str] = []
    examples: list[str] = []

    def flush() -> None:
        if number is None:
            return
        if number in rules:
            warnings.append(f"line {first_line}: rule {number} appears twice; the first is kept")
            return
        rules[number] = Rule(number, "\n".join(paragraphs), tuple(examples), title, first_line)

    for index in range(start, end):
        raw = lines[index].rstrip()
        if not raw.strip():
            continue
        lineno = index + 1
        rule = RULE_RE.match(raw)
        section = None if rule else SECTION_RE.match(raw)
        chapter = None if rule or section else CHAPTER_RE.match(raw)
        if rule or section:
            flush()
            if rule:
                number = f"{rule[1]}.{rule[2]}{rule[3]}"
                title, paragraphs = None, [rule[4].strip()]
            elif section:
                number = section[1]
                title, paragraphs = section[2].strip(), [section[2].strip()]
            first_line, examples = lineno, []
        elif chapter:
            flush()
            number = None
            chapters[chapter[1]] = chapter[2].strip()
        elif number is None:
            warnings.append(f"line {lineno}: text outside any rule is ignored: {raw.strip()[:60]}")
        elif raw.lstrip().startswith(EXAMPLE_PREFIX):
            examples.append(raw.lstrip()[len(EXAMPLE_PREFIX) :].strip())
        elif examples:
            # A continuation after an example continues that example.
            examples[-1] += "\n" + raw.strip()
        else:
            paragraphs.append(raw.strip())
    flush()
    return rules, chapters, warnings


def _parse_glossary(lines: list[str]) -> dict[str, str]:
    """Blocks separated by blank lines: the term, then its definition's lines."""
    glossary: dict[str, str] = {}
    block: list[str] = []
    for raw in lines + [""]:
        line = raw.strip()
        if line:
            block.append(line)
            continue
        if block:
            term, definition = block[0], "\n".join(block[1:])
            # A term listed twice keeps both definitions rather than losing one.
            glossary[term] = f"{glossary[term]}\n{definition}" if term in glossary else definition
            block = []
    return glossary


def _paragraphs(lines: Iterable[str]) -> str:
    return "\n".join(line.strip() for line in lines if line.strip())
