"""What a text may hold: no blank text (spaces only, U+3000 included), no control character (C0 but the
newline of a text that may span lines, DEL, C1), no bidirectional override or isolate (U+202A–U+202E,
U+2066–U+2069: they reorder what a reader sees, e.g. a name shown reversed).

One pure function, read by the validator (E190, E191) and by the importers, which refuse to write what the
validator would reject (issue 23)."""

from __future__ import annotations

import re

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# One search per text finds its first forbidden character (a scan in Python, character by character, took seconds
# over the 60,000 texts of the data): C0 but the newline (allowed in a text that may span lines), DEL, C1, bidi.
_FORBIDDEN_MULTILINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_FORBIDDEN_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _control(char: str) -> bool:
    code = ord(char)
    return code < 0x20 or code == 0x7F or 0x80 <= code <= 0x9F


def text_problem(text: str, multiline: bool = True) -> tuple[str, str, int] | None:
    """(code, message, index of the character) for a text the data must not hold, or None."""
    if not text.strip():
        return "E190", "the text is blank (spaces only)" if text else "the text is empty", 0
    found = (_FORBIDDEN_MULTILINE if multiline else _FORBIDDEN_ONE_LINE).search(text)
    if found is None:
        return None
    index, char = found.start(), found.group()
    if _control(char):
        what = "a line break, which a name cannot hold" if char in "\n\r" else "a control character"
        return "E191", f"the text holds {what} (U+{ord(char):04X}) at character {index + 1}", index
    return (
        "E191",
        (
            f"the text holds a bidirectional control (U+{ord(char):04X}) at character {index + 1}, "
            "which reorders what a reader sees"
        ),
        index,
    )
