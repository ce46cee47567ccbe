"""The parser on small inline texts with the quirks of the real files."""

from __future__ import annotations

from datetime import date

import pytest

from counterpedia.cr.parse import CRParseError, parse_file, parse_text, split_lines

LINES = [
    "Magic: The Gathering Comprehensive Rules",
    "",
    "These rules are effective as of January 16, 2026.",
    "",
    "Introduction",
    "",
    "This document is the ultimate authority.",
    "",
    "Contents",
    "",
    "1. Game Concepts",
    "100. General",
    "122. Counters",
    "",
    "Glossary",
    "",
    "Credits",
    "",
    "1. Game Concepts",
    "",
    "100. General",
    "",
    "100.1. These Magic rules apply to any Magic game.",
    "",
    "100.1a A two-player game is a game that begins with only two players.",
    "Example: Two players sit down to play.",
    "",
    "122. Counters",
    "",
    "122.1. A counter is a marker placed on an object or player. ",
    "",
    "122.1b Keyword counters: “flying,” {T}, and –1/–1.",
    "     Cards printed long ago didn’t say so.",
    "Example: One.",
    "Example: Two.",
    "   ",
    "122.2 A rule without its dot.",
    "",
    "122.2a. A subrule with a dot.",
    "",
    "122.3.No space after the number.",
    "",
    "Glossary",
    "",
    "Counter",
    "1. A marker placed on an object or player.",
    "2. To cancel a spell.",
    "",
    "Mill",
    "To put cards from the top of a library into the graveyard.",
    "",
    "Credits",
    "",
    "Magic: The Gathering Original Game Design: Richard Garfield",
    "",
]


def text_with(line_end: str, bom: bool = True) -> str:
    return ("\ufeff" if bom else "") + line_end.join(LINES)


@pytest.mark.parametrize("line_end", ["\r", "\r\n", "\n"])
def test_line_ends_and_bom(line_end):
    edition = parse_text(text_with(line_end), "20260116")
    assert list(edition.rules) == [
        "100",
        "100.1",
        "100.1a",
        "122",
        "122.1",
        "122.1b",
        "122.2",
        "122.2a",
        "122.3",
    ]
    assert edition.effective == date(2026, 1, 16)
    assert edition.edition == "20260116"


def test_mixed_line_ends_like_the_real_files():
    # Mostly bare CR, a CRLF here and there, and "\r\r\n" (a CR then a CRLF: two line ends).
    text = "\ufeff" + "\r".join(LINES[:18]) + "\r\r\n" + "\r".join(LINES[18:40]) + "\r\n" + "\r".join(LINES[40:])
    assert split_lines("a\r\r\nb") == ["a", "", "b"]
    edition = parse_text(text)
    assert "122.3" in edition and edition.rules["100.1a"].examples == ("Two players sit down to play.",)


def test_copies_of_the_files_as_they_are(tmp_path):
    # Every line end doubled into CR CR LF (a CRLF file converted once more: 20260227, 20260417).
    doubled = parse_text(text_with("\r\r\n"))
    assert list(doubled.rules) == list(parse_text(text_with("\r")).rules)
    assert doubled.glossary == parse_text(text_with("\r")).glossary  # blocks still end at blank lines
    # LF, blank lines of one space, no BOM, an edited first line (20260925); its edition from its date line.
    lines = [" " if not line else line for line in LINES]
    lines[0] = "Magic: The Gathering Comprehensive Rules : https://magic.wizards.com/en/rules"
    edited = parse_text("\n".join(lines) + "\n")
    assert edited.edition == "20260116" and edited.glossary == doubled.glossary
    assert edited.introduction == "This document is the ultimate authority."
    # A mix of every line end in one file.
    mixed = "\r\n".join(LINES[:10]) + "\r" + "\n".join(LINES[10:30]) + "\n" + "\r\r\n".join(LINES[30:])
    assert list(parse_text(mixed).rules) == list(doubled.rules)
    path = tmp_path / "comprehensive_rules.txt"  # no edition in the name: the date line gives it
    path.write_bytes("\n".join(lines).replace("January 16, 2026", "September 25, 2026").encode("utf-8"))
    assert parse_file(path).edition == "20260925"


def test_two_letter_subrules():
    at = LINES.index("122.3.No space after the number.")
    edition = parse_text("\n".join(LINES[:at] + ["122.2z Last single letter.", "122.2aa After z."] + LINES[at:]))
    assert list(edition.rules)[-4:] == ["122.2a", "122.2z", "122.2aa", "122.3"]
    assert edition["122.2aa"].text == "After z." and edition["122.2aa"].parent == "122.2"
    assert edition["122.2aa"].level == 3 and edition.warnings == ()


def test_rule_text_titles_examples_and_continuations():
    edition = parse_text(text_with("\r"))
    assert edition["122"].title == "Counters" and edition["122"].text == "Counters"
    assert edition["122.1"].title is None
    assert edition["122.1"].text == "A counter is a marker placed on an object or player."
    rule = edition["122.1b"]
    # Typographic quotes, dashes and symbols are kept verbatim; the indented paragraph joins the rule.
    assert rule.text == "Keyword counters: “flying,” {T}, and –1/–1.\nCards printed long ago didn’t say so."
    assert rule.examples == ("One.", "Two.")
    assert edition["122.2"].text == "A rule without its dot."
    assert edition["122.2a"].text == "A subrule with a dot."
    assert edition["122.3"].text == "No space after the number."
    assert edition.chapters == {"1": "Game Concepts"}
    assert edition.warnings == ()


def test_table_of_contents_is_skipped_and_lines_are_counted_from_one():
    edition = parse_text(text_with("\n"))
    assert edition["100"].line == 21  # the heading in the rules, not the one in the contents
    assert edition["100.1"].line == 23


def test_levels_and_parents():
    edition = parse_text(text_with("\n"))
    assert [edition[n].level for n in ("122", "122.1", "122.1b")] == [1, 2, 3]
    assert edition["122.1b"].parent == "122.1" and edition["122.1"].parent == "122"
    assert edition["122"].parent is None
    assert edition.children["122"] == ("122.1", "122.2", "122.3")


def test_glossary_credits_introduction():
    edition = parse_text(text_with("\r"))
    assert edition.glossary == {
        "Counter": "1. A marker placed on an object or player.\n2. To cancel a spell.",
        "Mill": "To put cards from the top of a library into the graveyard.",
    }
    assert edition.credits == "Magic: The Gathering Original Game Design: Richard Garfield"
    assert edition.introduction == "This document is the ultimate authority."


def test_edition_id_from_date_or_name(tmp_path):
    assert parse_text(text_with("\r")).edition == "20260116"
    # The name wins: the file of 20240206 says "February 2, 2024" (and has no final period).
    text = text_with("\r").replace("January 16, 2026.", "February 2, 2024")
    path = tmp_path / "MagicCompRules 20240206.txt"
    path.write_text(text, encoding="utf-8")
    edition = parse_file(path)
    assert (edition.edition, edition.effective, edition.source) == ("20240206", date(2024, 2, 2), path)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "first line"),
        ("hello\nworld\n", "first line"),
        ("Magic: The Gathering Comprehensive Rules\n\nno date here\n", "effective as of"),
        (
            "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of May 1, 2024.\n\nNo rules.",
            "numbered rules",
        ),
    ],
)
def test_not_a_cr_file(text, message):
    with pytest.raises(CRParseError, match=message):
        parse_text(text)


def test_unreadable_or_binary_file(tmp_path):
    binary = tmp_path / "MagicCompRules-20260116.txt"
    binary.write_bytes(b"\xff\xfe\x00\x01 not utf-8")
    with pytest.raises(CRParseError, match="not UTF-8"):
        parse_file(binary)
    with pytest.raises(CRParseError, match="cannot read"):
        parse_file(tmp_path / "missing.txt")


def test_stray_text_and_duplicates_are_reported_not_fatal():
    chapter = LINES.index("1. Game Concepts", 12)  # the one in the rules, not in the contents
    glossary = LINES.index("Glossary", chapter)
    lines = (
        LINES[: chapter + 1]
        + ["Some stray line."]
        + LINES[chapter + 1 : glossary]
        + ["122.3. Again.", ""]
        + LINES[glossary:]
    )
    edition = parse_text("\n".join(lines))
    assert edition["122.3"].text == "No space after the number."
    assert any("stray" in w for w in edition.warnings)
    assert any("122.3 appears twice" in w for w in edition.warnings)
