"""The parser on the nine official editions: counts, coverage, known facts, speed."""

from __future__ import annotations

import bisect
import re
import time
from collections import Counter
from datetime import date

import pytest

from counterpedia.cr.parse import parse_file

from .cr_reference import EDITION_IDS, NEWER_IDS

# (sections, rules, subrules) per edition, as parsed; each is cross-checked below
# against a plain regex count of the file's lines.
COUNTS = {
    "20231117": (142, 1100, 1799),
    "20240206": (143, 1108, 1829),
    "20240308": (144, 1109, 1832),
    "20240802": (144, 1123, 1870),
    "20241108": (144, 1124, 1883),
    "20250207": (144, 1127, 1895),
    "20250606": (145, 1141, 1918),
    "20251114": (146, 1155, 1954),
    "20260116": (146, 1157, 1957),
}
EFFECTIVE = {
    "20231117": date(2023, 11, 17),
    "20240206": date(2024, 2, 2),
    "20240308": date(2024, 3, 8),
    "20240802": date(2024, 7, 30),
    "20241108": date(2024, 11, 8),
    "20250207": date(2025, 2, 7),
    "20250606": date(2025, 6, 6),
    "20251114": date(2025, 11, 14),
    "20260116": date(2026, 1, 16),
}


def raw_lines(path) -> list[str]:
    # Deliberately not the parser's split_lines: an independent reading of the file.
    return re.split(r"\r\n|\r|\n", path.read_bytes().decode("utf-8").lstrip("\ufeff"))


def levels(edition) -> tuple[int, int, int]:
    counts = Counter(rule.level for rule in edition.rules.values())
    return counts[1], counts[2], counts[3]


@pytest.mark.parametrize("edition_id", EDITION_IDS)
def test_rule_counts(edition_id, editions, cr_files):
    edition = editions[edition_id]
    assert levels(edition) == COUNTS[edition_id]
    assert edition.effective == EFFECTIVE[edition_id]
    assert len(edition.chapters) == 9
    assert edition.warnings == ()

    # Independent count: numbered lines in the whole file. Sections appear twice (the
    # contents repeat them); rules and subrules only once.
    text = "\n".join(raw_lines(cr_files[edition_id]))
    sections = len(re.findall(r"(?m)^\d{3}\. \S", text))
    rules = len(re.findall(r"(?m)^\d{3}\.\d+(?:\.|\s)", text))
    subrules = len(re.findall(r"(?m)^\d{3}\.\d+[a-z]\b", text))
    assert (sections, rules, subrules) == (2 * COUNTS[edition_id][0], *COUNTS[edition_id][1:])


@pytest.mark.parametrize("edition_id", EDITION_IDS)
def test_every_line_of_the_rules_belongs_to_exactly_one_rule_or_example(edition_id, editions, cr_files):
    edition = editions[edition_id]
    lines = raw_lines(cr_files[edition_id])
    # The rules run from the second "1. Game Concepts" (the first is in the contents)
    # to the last "Glossary" heading.
    start = [i for i, line in enumerate(lines) if line.strip() == "1. Game Concepts"][1]
    end = max(i for i, line in enumerate(lines) if line.strip() == "Glossary")
    non_empty = [i + 1 for i in range(start, end) if lines[i].strip()]  # 1-based
    chapter_lines = [n for n in non_empty if re.match(r"\d\. ", lines[n - 1])]
    assert len(chapter_lines) == len(edition.chapters)

    rules = sorted(edition.rules.values(), key=lambda r: r.line)
    starts = sorted([r.line for r in rules] + chapter_lines) + [end + 1]
    covered = list(chapter_lines)
    for rule in rules:
        stop = starts[bisect.bisect_right(starts, rule.line)]
        mine = non_empty[bisect.bisect_left(non_empty, rule.line) : bisect.bisect_left(non_empty, stop)]
        block = [lines[n - 1].strip() for n in mine]
        paragraphs = rule.text.split("\n")
        expected = paragraphs[1:] + [line for example in rule.examples for line in f"Example: {example}".split("\n")]
        assert block[0].startswith(rule.number) and block[0].endswith(paragraphs[0]), rule.number
        assert block[1:] == expected, rule.number
        covered += mine
    assert sorted(covered) == non_empty  # every line once: no gaps, no overlaps


@pytest.mark.parametrize("edition_id", EDITION_IDS)
def test_numbers_are_well_formed(edition_id, editions):
    numbers = list(editions[edition_id].rules)
    for number in numbers:
        assert re.fullmatch(r"\d{3}(\.\d+[a-kmnp-z]?)?", number), number  # letters skip l and o
    for number, rule in editions[edition_id].rules.items():
        if rule.parent:
            assert rule.parent in editions[edition_id].rules, number


def test_glossary_and_credits(editions):
    newest = editions["20260116"]
    assert newest.glossary["Mill"].startswith("To mill a number of cards")
    assert "See rule 701.17" in newest.glossary["Mill"]
    assert "Richard Garfield" in newest.credits
    for edition in editions.values():
        assert len(edition.glossary) > 650
        assert "Contents" not in edition.rules


def test_rad_counters_and_122_1i(editions):
    for edition_id, edition in editions.items():
        has_rad = edition_id >= "20240308"
        assert ("122.1i" in edition) == has_rad, edition_id
        if has_rad:
            assert "rad counters" in edition["122.1i"].text
    expected_section = {
        "20240308": "725",
        "20240802": "725",
        "20241108": "725",
        "20250207": "725",
        "20250606": "726",
        "20251114": "727",
        "20260116": "727",
    }
    for edition_id, section in expected_section.items():
        edition = editions[edition_id]
        assert edition[section].title == "Rad Counters", edition_id
        assert edition[f"{section}.1"].text.startswith("Rad counters are a kind of counter a player can have")
        assert [r.title for r in edition.rules.values()].count("Rad Counters") == 1


def test_mill_keyword_action(editions):
    for edition_id, edition in editions.items():
        number = "701.13" if edition_id <= "20250207" else "701.17"
        assert edition[number].text == "Mill", edition_id


def test_typographic_text_is_kept(editions):
    rule = editions["20260116"]["122.1"]
    assert "interchangeable" in rule.text
    assert "’" in editions["20260116"]["727.1"].text and "“" in editions["20260116"]["727.1"].text


def test_parse_is_fast(cr_files):
    # CPU time of this process: `make test` runs tests in parallel, and a neighbour slows the wall clock, not the work
    path = cr_files["20260116"]
    parse_file(path)  # warm the imports and the disk cache
    times = []
    for _ in range(3):
        start = time.process_time()
        parse_file(path)
        times.append(time.process_time() - start)
    assert sorted(times)[1] < 1.0


def test_the_2026_copies_as_they_are(newer_cr_files, editions):
    """CR CR LF line ends (20260227, 20260417); LF, blank lines of one space, no BOM and an edited first line
    (20260925): each read whole, its edition from its "effective as of" line."""
    parsed = {e: parse_file(path) for e, path in newer_cr_files.items()}
    assert {e: p.effective for e, p in parsed.items()} == {
        "20260227": date(2026, 2, 27),
        "20260417": date(2026, 4, 17),
        "20260925": date(2026, 9, 25),
    }
    for edition_id, edition in parsed.items():
        assert edition.warnings == () and len(edition.chapters) == 9, edition_id
        assert len(edition.rules) > len(editions["20260116"].rules)
        assert abs(len(edition.glossary) - len(editions["20260116"].glossary)) < 25  # not doubled by blank lines
        assert "Richard Garfield" in edition.credits and edition.introduction.startswith(
            "This document is the ultimate"
        )
    # Read with its doubled line ends undone, a copy gives the very same rules and glossary.
    raw = newer_cr_files["20260227"].read_bytes()
    assert raw.count(b"\r\r\n") > 9000
    from counterpedia.cr.parse import parse_text

    single = parse_text(raw.decode("utf-8").replace("\r\r\n", "\r\n"), "20260227")
    assert single.rules == parsed["20260227"].rules and single.glossary == parsed["20260227"].glossary
    september = parsed["20260925"]
    assert newer_cr_files["20260925"].read_bytes().startswith(b"Magic: The Gathering Comprehensive Rules : https://")
    assert september["704.5aa"].text.startswith("If a player controls a permanent with start your engines!")
    assert september["704.5aa"].parent == "704.5" and september["704.5z"].level == 3
    assert (
        september["122.1j"].text
        == "A hone counter on an Equipment gives +1/+0 to any creature that Equipment is attached to."
    )
    assert september["728"].title == "Rad Counters" and september["722"].title == "Preparation Cards"
    assert set(NEWER_IDS) == set(parsed)
