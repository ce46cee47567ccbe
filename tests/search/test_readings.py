"""Hiragana readings of Japanese names (counterpedia.search.readings, SudachiPy's dictionary)."""

from __future__ import annotations

import pytest

from counterpedia.search import readings


@pytest.mark.parametrize(
    "name, reading",
    [
        ("忠誠カウンター", "ちゅうせい かうんたー"),
        ("毒カウンター", "どく かうんたー"),
        ("状況起因処理", "じょうきょう きいん しょり"),
        ("+1/+1カウンター", "かうんたー"),  # what is not Japanese is searched as written
        ("誘発型能力", "ゆうはつ がた のうりょく"),
    ],
)
def test_a_name_is_read_in_hiragana_word_by_word(name, reading):
    assert readings.reading(name) == reading


@pytest.mark.parametrize("name", ["loyalty counter", "もしかして", "", "+1/+1"])
def test_a_name_without_kanji_or_katakana_has_no_reading(name):
    assert readings.reading(name) is None


@pytest.mark.parametrize("name", ["\ud800毒", "忠誠" * 150, "毒\x00\x1bカウンター", 5, None])
def test_any_name_is_read_or_left_unread_never_raises(name):
    read = readings.reading(name)
    assert read is None or set(read) <= set("ぁ-ゖー ".replace("-", "")) | {chr(c) for c in range(0x3041, 0x3097)}
