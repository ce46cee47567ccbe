"""The memory's invariants (E504-E508) search a text for an expression only when the text holds what the expression
needs (a digit, "{", "/", "<CARD"): what they report is what searching every text for every expression reports."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from counterpedia.checks import memory as checks
from counterpedia.model import memory

PIECES = [
    "{T}", "{2}{G}", "{", "}", "702.19b", "100.1", "1.5", "+1/+1", "＋１/＋１", "−1/−1", "-1/-1", "X/X", "*/*", "/",
    "3", "10", "１２", "٣", "<CARD>", "<CARD:1>", "《<CARD>》", "<CARD", " ", ".", "a", "Z",
]  # fmt: skip


def searched_everywhere(english: str, text: str, lang: str) -> list[tuple[str, str]]:
    """The invariants as they were written before the shortcuts: every expression searched in every text."""
    found = []
    normal = unicodedata.normalize("NFKC", text).replace("−", "-")
    rest = checks.PT.sub(" ", checks.RULE.sub(" ", checks.SYMBOL.sub(" ", english)))
    placeholders = frozenset(memory.PLACEHOLDER.findall(english)) | set(memory.PLACEHOLDER.findall(text))
    for placeholder in sorted(placeholders):
        token = f"<CARD:{placeholder}>" if placeholder else "<CARD>"
        if english.count(token) != text.count(token):
            found.append(("E504", token))
        elif lang == "ja" and text.count(f"《{token}》") != text.count(token):
            found.append(("E504", token))
    if sorted(checks.SYMBOL.findall(english)) != sorted(checks.SYMBOL.findall(normal)):
        found.append(("E505", ""))
    if sorted(checks.RULE.findall(english)) != sorted(checks.RULE.findall(normal)):
        found.append(("E506", ""))
    numbers = set(checks.NUMBER.findall(checks.PT.sub(" ", checks.RULE.sub(" ", checks.SYMBOL.sub(" ", normal)))))
    if {n for n in checks.NUMBER.findall(rest) if n not in numbers}:
        found.append(("E507", ""))
    for pt in sorted(set(checks.PT.findall(checks.SYMBOL.sub(" ", english)))):
        if pt.replace("−", "-") not in normal:
            found.append(("E508", pt))
    if lang == "ja" and checks.JA_HALF_WIDTH_PT.search(text):
        found.append(("E508", "ja"))
    if lang == "fr" and checks.FULL_WIDTH.search(text):
        found.append(("E508", "fr"))
    return found


def codes(found: list[tuple[str, str]]) -> list[str]:
    return [code for code, _message in found]


@settings(max_examples=500, deadline=None)
@given(
    english=st.lists(st.sampled_from(PIECES), max_size=6).map("".join),
    text=st.lists(st.sampled_from(PIECES), max_size=6).map("".join),
    lang=st.sampled_from(["ja", "fr"]),
)
def test_the_invariants_find_what_searching_every_text_finds(english, text, lang):
    assert codes(list(checks.invariants(english, text, lang))) == codes(searched_everywhere(english, text, lang))
