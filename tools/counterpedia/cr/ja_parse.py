"""Parse the official Japanese Comprehensive Rules, as a text file of lines, into a `JaEdition`.

The official Japanese translation is published as one web page on Wizards of the Coast's Japanese
site (https://mtg-jp.com/gameplay/rules/docs/0006836/). Its text is that of the page's `div.detail`,
split into lines with empty and blank lines dropped: the format of the public copy
`4423-mtg/mtgwiki-scripts` `cr/lines.txt` (made by that repository's scraper, `src/cr/test_cr.ts`)
and of what `counterpedia cr fetch --lang ja` saves. One paragraph a line, in this order:

- a preface (lines starting with an ideographic space; the translators' credit);
- 「もくじ」, then the contents ("122. カウンター"; "0. はじめに" and "10. 用語集" too);
- 「マジック：ザ・ギャザリング　総合ルール」, then the rules: chapters ("1. ゲームの考え方"), sections
  ("122. カウンター"), rules ("122.1. …") and subrules ("122.1a …"); keyword headings carry their
  English name ("701.10. 2倍にする／Double"); examples start with 「例：」 (sometimes 「例:」, and a bare
  「例：」 line puts the example on the next line);
- 「用語集」, then the glossary: a headword line "カウンター（かうんたー）／Counter(n)" (recognised, as the
  scraper does, by its ending "／" + ASCII) and its definition lines;
- 「クレジット」, the credits, and last the effective date 「このルールは2026年1月16日から有効です。」.

The text is kept verbatim, oddities included (a missing dot in "701.68 枯朽を行う", no space in
"702.176.兆候" or "727.1aカード", a doubled "702.189. 702.189."): they are tolerated, and listed in
`warnings` where the structure needed a guess. An excerpt of the file (some sections only) parses
the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path

from ..model import rule_numbers
from .parse import parse_path, split_lines

CONTENTS_MARKER = "もくじ"
BODY_MARKER = "マジック：ザ・ギャザリング　総合ルール"
GLOSSARY_MARKER = "用語集"
CREDITS_MARKER = "クレジット"

RULE_RE = re.compile(r"(\d{3})\.(\d+)([a-z]{0,2})\.?\s*(.*)")
SECTION_RE = re.compile(r"(\d{3})\s*\.\s*(\S.*)")
CHAPTER_RE = re.compile(r"(\d{1,2})\.\s+(\S.*)")
TOC_RE = re.compile(r"(\d+)\.?\s*(.*)")
REPEATED_NUMBER_RE = re.compile(r"(\d{3}\.\d+[a-z]{0,2})\.?\s+")
EXAMPLE_LABELS = ("例：", "例:")
GLOSSARY_HEAD_RE = re.compile(r"／[\x20-\x7E]+$")
HEADWORD_RE = re.compile(r"(?P<word>.*?)(?:（(?P<reading>[^）]*)）)?／(?P<english>[\x20-\x7E]+)$")
EFFECTIVE_RE = re.compile(r"このルールは(\d{4})年(\d{1,2})月(\d{1,2})日から有効です")
KEYWORD_SECTIONS = ("701", "702")


class JaCRParseError(ValueError):
    """The text is not the Japanese Comprehensive Rules (the message is meant for users)."""


@dataclass(frozen=True)
class JaRule:
    """A section ("122"), rule ("122.1") or subrule ("122.1a") of the Japanese text.

    `text` is the paragraph as published (paragraphs joined by "\\n"); `examples` the 「例：」
    paragraphs that follow it, without that label. Sections carry their heading as `text`.
    """

    number: str
    text: str
    examples: tuple[str, ...] = ()
    line: int = field(default=0, compare=False)  # 1-based line in the file

    @property
    def level(self) -> int:
        """1 for a section, 2 for a rule, 3 for a subrule."""
        return rule_numbers.level(self.number)

    @property
    def section(self) -> str:
        return rule_numbers.section_of(self.number)

    @property
    def name(self) -> str | None:
        """The Japanese name of a keyword heading ("2倍にする" in "2倍にする／Double"), else None."""
        if self.level != 2 or self.section not in KEYWORD_SECTIONS:
            return None
        japanese, slash, english = self.text.partition("／")
        if not slash or "。" in self.text or not japanese.strip():
            return None
        return japanese.strip()

    @property
    def english_name(self) -> str | None:
        """The English name a keyword heading gives after its "／" ("Double"), else None."""
        if self.name is None:
            return None
        return self.text.partition("／")[2].strip()


@dataclass(frozen=True)
class GlossaryEntry:
    """One entry of the 用語集: "カウンター（かうんたー）／Counter(n)" and its definition."""

    headword: str  # カウンター
    reading: str | None  # かうんたー
    english: str  # Counter(n), as printed
    definition: str  # the definition's lines, joined by "\n", leading spaces removed
    line: int = field(default=0, compare=False)

    @property
    def english_key(self) -> str:
        """The English term without its sense marker: "Counter(n)" -> "counter", "Vanguard(2)" -> "vanguard"."""
        return english_key(self.english)


def english_key(term: str) -> str:
    return re.sub(r"\s*\((?:n|v|\d)\)\s*$", "", term.strip()).casefold()


def _stem(key: str) -> str:
    return key[:-1] if key.endswith("s") else key


@dataclass(frozen=True, eq=False)
class JaEdition:
    """The Japanese text of one edition, identified like the English one (YYYYMMDD)."""

    edition: str
    effective: date | None
    rules: dict[str, JaRule]  # sections, rules and subrules, in document order
    glossary: tuple[GlossaryEntry, ...] = ()
    contents: dict[str, str] = field(default_factory=dict)  # "122" -> "カウンター", "1" -> "ゲームの考え方"
    chapters: dict[str, str] = field(default_factory=dict)  # from the body: "1" -> "ゲームの考え方"
    introduction: tuple[str, ...] = ()  # the paragraphs of "0. はじめに"
    preface: tuple[str, ...] = ()
    credits: tuple[str, ...] = ()
    parts: frozenset[str] = frozenset()  # which of contents, rules, glossary, credits, date were found
    warnings: tuple[str, ...] = ()
    source: Path | None = None

    COMPLETE_PARTS = frozenset({"contents", "rules", "glossary", "credits", "date"})

    @property
    def complete(self) -> bool:
        """Every part of the page is there, and every section its contents list (an excerpt is not complete)."""
        sections = [number for number in self.contents if len(number) == 3]
        return self.parts >= self.COMPLETE_PARTS and all(number in self.rules for number in sections)

    def __contains__(self, number: str) -> bool:
        return number in self.rules

    def __getitem__(self, number: str) -> JaRule:
        return self.rules[number]

    def get(self, number: str) -> JaRule | None:
        return self.rules.get(number)

    def heading(self, section: str) -> str | None:
        """A section's Japanese title: its heading in the rules, else the contents' line."""
        rule = self.rules.get(section)
        return rule.text if rule is not None else self.contents.get(section)

    @cached_property
    def _glossary_by_key(self) -> dict[str, list[GlossaryEntry]]:
        index: dict[str, list[GlossaryEntry]] = {}
        for entry in self.glossary:
            index.setdefault(entry.english_key, []).append(entry)
        return index

    @cached_property
    def _glossary_by_stem(self) -> dict[str, list[GlossaryEntry]]:
        index: dict[str, list[GlossaryEntry]] = {}
        for key, entries in self._glossary_by_key.items():
            index.setdefault(_stem(key), []).extend(entries)
        return index

    def glossary_entries(self, english: str) -> list[GlossaryEntry]:
        """The glossary entries for an English term, whatever its case or sense marker ("Counter(n)");
        failing that, a singular/plural pair ("Dies" finds the Japanese glossary's "Die")."""
        key = english_key(english)
        return list(self._glossary_by_key.get(key) or self._glossary_by_stem.get(_stem(key), []))

    def glossary_entry(self, english: str) -> GlossaryEntry | None:
        """The one entry for an English term; of a noun/verb pair ("Counter(n)", "Counter(v)"), the one of the
        sense marker the term gives ("Counter (v)": the verb), else the noun."""
        found = self.glossary_entries(english)
        if len(found) > 1:
            marker = re.search(r"\((n|v|\d)\)\s*$", english.strip())
            sense = f"({marker.group(1)})" if marker else "(n)"
            found = [e for e in found if re.sub(r"\s+", "", e.english).endswith(sense)]
        return found[0] if len(found) == 1 else None

    @cached_property
    def _all_text(self) -> str:
        parts = [rule.text for rule in self.rules.values()]
        parts += [example for rule in self.rules.values() for example in rule.examples]
        parts += [f"{entry.headword}\n{entry.definition}" for entry in self.glossary]
        return "\n".join(parts)

    def mentions(self, words: str) -> bool:
        """Do these words occur, verbatim, in the rules, their examples or the glossary?"""
        return bool(words) and words in self._all_text

    def __repr__(self) -> str:
        return f"JaEdition({self.edition!r}, {len(self.rules)} rules, {len(self.glossary)} glossary entries)"


def effective_date(lines: list[str]) -> date | None:
    """The date of 「このルールは2026年1月16日から有効です。」 (the last such line), if any."""
    for line in reversed(lines):
        match = EFFECTIVE_RE.search(line)
        if match:
            try:
                return date(int(match[1]), int(match[2]), int(match[3]))
            except ValueError:
                return None
    return None


def parse_file(path: str | Path) -> JaEdition:
    """Parse a Japanese CR file; the edition id comes from its name, else from its effective date."""
    return parse_path(Path(path), parse_text, JaCRParseError, "the Japanese Comprehensive Rules")


def parse_text(text: str, edition_id: str | None = None) -> JaEdition:
    return parse_lines(split_lines(text), edition_id)


def _index(lines: list[str], marker: str, start: int = 0) -> int | None:
    for index in range(start, len(lines)):
        if lines[index].strip() == marker:
            return index
    return None


def parse_lines(lines: list[str], edition_id: str | None = None) -> JaEdition:
    """Parse the page's lines (as saved: one paragraph a line)."""
    effective = effective_date(lines)
    if edition_id is None:
        if effective is None:
            raise JaCRParseError(
                "not the Japanese Comprehensive Rules: no line 「このルールはYYYY年M月D日から有効です。」 and no "
                "edition (YYYYMMDD) in the file name"
            )
        edition_id = effective.strftime("%Y%m%d")
    parts: set[str] = set()
    if effective is not None:
        parts.add("date")

    contents_at = _index(lines, CONTENTS_MARKER)
    body_at = _index(lines, BODY_MARKER, contents_at or 0)
    if body_at is None:
        # No body marker (an excerpt that starts with the rules): the rules start at the first rule line.
        first = next((i for i, line in enumerate(lines) if RULE_RE.fullmatch(line.rstrip())), None)
        if first is None:
            raise JaCRParseError("not the Japanese Comprehensive Rules: no numbered rules (such as '100.1.') found")
        body_at = first - 1
    glossary_at = _index(lines, GLOSSARY_MARKER, body_at + 1)
    credits_at = _index(lines, CREDITS_MARKER, (glossary_at if glossary_at is not None else body_at) + 1)
    end_of_body = next(i for i in (glossary_at, credits_at, len(lines)) if i is not None)

    warnings: list[str] = []
    contents: dict[str, str] = {}
    if contents_at is not None:
        parts.add("contents")
        for line in lines[contents_at + 1 : body_at]:
            match = TOC_RE.fullmatch(line.strip())
            if match and match[1]:
                contents[match[1]] = match[2].strip()
    preface = tuple(line.strip() for line in lines[: contents_at if contents_at is not None else 0] if line.strip())

    rules, chapters, introduction = _parse_body(lines, body_at + 1, end_of_body, warnings)
    if not rules:
        raise JaCRParseError("not the Japanese Comprehensive Rules: no numbered rules (such as '100.1.') found")
    parts.add("rules")

    glossary: tuple[GlossaryEntry, ...] = ()
    if glossary_at is not None:
        parts.add("glossary")
        glossary = _parse_glossary(
            lines, glossary_at + 1, credits_at if credits_at is not None else len(lines), warnings
        )
    credits: tuple[str, ...] = ()
    if credits_at is not None:
        parts.add("credits")
        credits = tuple(
            line.strip() for line in lines[credits_at + 1 :] if line.strip() and not EFFECTIVE_RE.search(line)
        )

    return JaEdition(
        edition=edition_id,
        effective=effective,
        rules=rules,
        glossary=glossary,
        contents=contents,
        chapters=chapters,
        introduction=introduction,
        preface=preface,
        credits=credits,
        parts=frozenset(parts),
        warnings=tuple(warnings),
    )


def _parse_body(lines: list[str], start: int, end: int, warnings: list[str]):
    """The rules, the chapter titles and the introduction (the paragraphs of chapter 0)."""
    rules: dict[str, JaRule] = {}
    chapters: dict[str, str] = {}
    introduction: list[str] = []
    number: str | None = None
    paragraphs: list[str] = []
    examples: list[str] = []
    first_line = 0
    example_pending = False  # a bare 「例：」 line: the example is on the next line
    last_chapter = -1

    def flush() -> None:
        if number is None:
            return
        if number in rules:
            warnings.append(f"line {first_line}: rule {number} appears twice; the first is kept")
            return
        rules[number] = JaRule(number, "\n".join(paragraphs), tuple(examples), first_line)

    for index in range(start, end):
        raw = lines[index].rstrip()
        stripped = raw.strip()
        if not stripped:
            continue
        lineno = index + 1
        if example_pending:
            example_pending = False
            examples.append(stripped)
            continue
        rule = RULE_RE.fullmatch(raw)
        section = None if rule else SECTION_RE.fullmatch(raw)
        chapter = None if rule or section else CHAPTER_RE.fullmatch(raw)
        if chapter and not (last_chapter < int(chapter[1]) <= 9):
            chapter = None  # "1. …" inside a rule's text is not a chapter heading
        if rule or section:
            flush()
            examples, first_line = [], lineno
            if rule:
                number = f"{rule[1]}.{rule[2]}{rule[3]}"
                text = rule[4].strip()
                repeated = REPEATED_NUMBER_RE.match(text)
                if repeated and repeated[1] == number:
                    warnings.append(f"line {lineno}: rule {number} repeats its number; the repetition is dropped")
                    text = text[repeated.end() :]
                paragraphs = [text]
            elif section:
                number, paragraphs = section[1], [section[2].strip()]
        elif chapter:
            flush()
            number = None
            last_chapter = int(chapter[1])
            chapters[chapter[1]] = chapter[2].strip()
        elif number is None:
            if last_chapter == 0:
                introduction.append(stripped)
            else:
                warnings.append(f"line {lineno}: text outside any rule is ignored: {stripped[:40]}")
        elif stripped.startswith(EXAMPLE_LABELS):
            label = next(lab for lab in EXAMPLE_LABELS if stripped.startswith(lab))
            rest = stripped[len(label) :].strip()
            if rest:
                examples.append(rest)
            else:
                example_pending = True
        elif examples:
            examples[-1] += "\n" + stripped
        else:
            paragraphs.append(stripped)
    flush()
    return rules, chapters, tuple(introduction)


def _parse_glossary(lines: list[str], start: int, end: int, warnings: list[str]) -> tuple[GlossaryEntry, ...]:
    entries: list[GlossaryEntry] = []
    head: re.Match | None = None
    head_line = 0
    definition: list[str] = []

    def flush() -> None:
        if head is not None:
            reading = head["reading"]
            entries.append(
                GlossaryEntry(
                    head["word"].strip(),
                    reading.strip() if reading else None,
                    head["english"].strip(),
                    "\n".join(definition),
                    head_line,
                )
            )

    for index in range(start, end):
        raw = lines[index].rstrip("\r\n")
        stripped = raw.strip()
        if not stripped or EFFECTIVE_RE.search(stripped):
            continue
        if GLOSSARY_HEAD_RE.search(raw):
            match = HEADWORD_RE.fullmatch(stripped) or HEADWORD_RE.fullmatch(raw.lstrip())
            if match:
                flush()
                head, head_line, definition = match, index + 1, []
                continue
        if head is None:
            warnings.append(f"line {index + 1}: glossary text before any headword is ignored: {stripped[:40]}")
            continue
        definition.append(stripped)
    flush()
    return tuple(entries)


__all__ = [
    "GlossaryEntry",
    "JaCRParseError",
    "JaEdition",
    "JaRule",
    "effective_date",
    "english_key",
    "parse_file",
    "parse_lines",
    "parse_text",
]
