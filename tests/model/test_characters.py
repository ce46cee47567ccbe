"""The characters a text may not hold, each found at its place (E190, E191): one search per text must find what
the former scan of every character found."""

from __future__ import annotations

import pytest

from counterpedia.model.characters import text_problem


@pytest.mark.parametrize(
    ("text", "multiline", "code", "index"),
    [
        ("", True, "E190", 0),
        ("\u3000 ", True, "E190", 0),
        ("two\nlines", True, None, None),
        ("two\nlines", False, "E191", 3),
        ("a\rb", True, "E191", 1),
        ("tab\there", True, "E191", 3),
        ("del\x7f", True, "E191", 3),
        ("c1 \x85 next line", True, "E191", 3),
        ("name\u202ereversed", True, "E191", 4),
        ("isolate \u2066x\u2069", True, "E191", 8),
        ("カウンター\u00a0+1/+1 « é »", True, None, None),  # a no-break space, accents, CJK: readable
        ("first \x01 then \u202e", True, "E191", 6),  # the first one is reported
    ],
)
def test_each_forbidden_character_is_found_at_its_place(text, multiline, code, index):
    found = text_problem(text, multiline)
    if code is None:
        assert found is None
    else:
        assert found is not None and (found[0], found[2]) == (code, index)
        if code == "E191":
            assert f"at character {index + 1}" in found[1]


def test_the_message_names_a_line_break_and_a_bidirectional_control():
    assert "a line break, which a name cannot hold (U+000A)" in text_problem("a\nb", multiline=False)[1]
    assert "bidirectional control (U+202E)" in text_problem("a\u202eb")[1]
