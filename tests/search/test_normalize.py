"""The one normalization shared by the site's search and the command line."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from counterpedia.search import normalize as n


@pytest.mark.parametrize(
    "text, expected",
    [
        ("＋１/＋１", "+1/+1"),
        ("ＲＡＤカウンター", "RADカウンター"),
        ("ｶｳﾝﾀｰ", "カウンター"),  # half-width katakana
        ("−1/−1", "-1/-1"),  # a minus sign typed for a hyphen
    ],
)
def test_normalize_text_is_nfkc_and_dashes(text, expected):
    assert n.normalize_text(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Créature", "creature"),
        ("ÉTOURDISSEMENT", "etourdissement"),
        ("œuvre", "oeuvre"),
        ("が", "が"),  # Japanese is not decomposed (が must not become か)
        ("ＲＡＤ", "rad"),
    ],
)
def test_fold_text(text, expected):
    assert n.fold_text(text) == expected


@pytest.mark.parametrize(
    "variant, plain",
    [
        ("プレインズウォーカー", "プレインズウオーカー"),
        ("ちゅうせい", "ちゆうせい"),
        ("ヶ月", "ケ月"),
        ("ｳｫｰｶｰ", "ウオーカー"),
    ],
)
def test_small_kana_and_half_width_katakana_fold_to_the_same_text(variant, plain):
    assert n.fold_text(variant) == n.fold_text(plain)
    assert len(n.fold_text(variant)) == len(n.normalize_text(variant))  # offsets still point at what was typed


@pytest.mark.parametrize(
    "token, expected",
    [
        ("+1/+1", "1/+1"),
        ("-1/-1", "1/-1"),
        ("«marqueur»", "marqueur"),
        ("(rad)", "rad"),
        ("counter.", "counter"),
        ("Marqueurs", "marqueurs"),
        ("カウンター", "カウンター"),
        ("...", ""),
    ],
)
def test_fold_token_trims_punctuation(token, expected):
    assert n.fold_token(token) == expected


# The inflections of issue 12: each pair must give one stem, which begins every form of the word.
@pytest.mark.parametrize(
    "lang, forms",
    [
        ("en", ["untapped", "untap", "untaps", "untapping"]),
        ("en", ["destroyed", "destroy", "destroys"]),
        ("en", ["counters", "counter", "countered"]),
        ("en", ["abilities", "ability"]),
        ("en", ["creatures", "creature"]),
        ("en", ["proliferate", "proliferated", "proliferating"]),
        ("en", ["exiled", "exile", "exiles"]),
        ("fr", ["meulees", "meuler", "meule", "meules", "meulent"]),
        ("fr", ["marqueurs", "marqueur"]),
        ("fr", ["detruit", "detruire", "detruite", "detruits"]),
        ("fr", ["retirer", "retirez", "retire"]),
    ],
)
def test_inflected_forms_share_a_stem_that_begins_them(lang, forms):
    stems = {n.stem(form, lang) for form in forms}
    shortest = min(stems, key=len)
    assert all(form.startswith(shortest) for form in forms), stems


@pytest.mark.parametrize("word", ["counters", "abilities", "untapped", "meulees", "detruit", "planeswalkers"])
def test_stemming_a_stem_does_not_change_what_it_begins(word):
    for lang in ("en", "fr"):
        once = n.stem(word, lang)
        assert word.startswith(n.stem(once, lang))


@pytest.mark.parametrize("word", ["rad", "ki", "status", "poison", "1/+1", "704.5q"])
def test_short_words_statuses_and_numbers_are_kept(word):
    assert n.stem(word, "en") == word


def test_stop_words_of_issue_12_are_listed():
    issue = [
        "de",
        "du",
        "des",
        "le",
        "la",
        "les",
        "d",
        "l",
        "un",
        "une",
        "a",
        "au",
        "aux",
        "et",  # à folds to a
        "a",
        "an",
        "the",
        "of",
        "with",
        "on",
        "is",
        "would",
        "be",
    ]
    assert set(issue) <= n.STOP_WORDS
    assert "or" not in n.STOP_WORDS  # French "or" is gold: marqueur « or »


@pytest.mark.parametrize(
    "text, expected",
    [
        ("RADカウンター", ["RAD", "カウンター"]),
        ("+1/+1カウンターを取り除く", ["+1/+1", "カウンターを取り除く"]),
        ("-1/-1 counters", ["-1/-1", "counters"]),  # the hyphen before a digit is a sign
        ("first-strike", ["first", "strike"]),
        ("CR:400.7, 122.1a–h", ["CR", "400.7", "122.1a", "h"]),
        ("マジック：ザ・ギャザリング", ["マジック", "ザ", "ギャザリング"]),
        ("l'effet «bouclier»", ["l", "effet", "bouclier"]),
    ],
)
def test_split(text, expected):
    assert n.split(text) == expected


def test_separator_is_portable_to_javascript():
    # No Python-only syntax: the worker and Material's page highlighter compile it with new RegExp.
    assert "(?P" not in n.SEPARATOR and "\\p{" not in n.SEPARATOR and "(?i" not in n.SEPARATOR
    re.compile(n.SEPARATOR)


def test_fold_char_map_points_back_at_the_original():
    folded, starts = n.fold_char_map("Œuvre ＋１")
    assert folded == "oeuvre +1"
    assert [starts[i] for i in (0, 1, 2, 7)] == [0, 0, 1, 6]


@given(st.text(alphabet=st.sampled_from("aÉœßﬁⅣ＋１ｶﾞゅ\u0301\u2212 .カウンター漢字é")))
def test_fold_char_map_is_each_character_folded_alone(text):
    # A text whose characters each fold to one is translated at once: the same as folding them one by one.
    expected = [(n.fold_text(char), i) for i, char in enumerate(text)]
    assert n.fold_char_map(text) == (
        "".join(folded for folded, _ in expected),
        [i for folded, i in expected for _ in folded],
    )


@pytest.mark.parametrize(
    "text, shown",
    [
        ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
        ("nul\x00byte", "nul\\x00byte"),
        ("bell\x07 del\x7f c1\x9b", "bell\\x07 del\\x7f c1\\x9b"),
        ("rtl\u202eoverride", "rtl\\u202eoverride"),
        ("zero\u200bwidth", "zero\\u200bwidth"),
        ("カウンター «marqueur»", "カウンター «marqueur»"),
    ],
)
def test_printable_shows_control_characters_as_escapes(text, shown):
    assert n.printable(text) == shown


def test_code_point_ranges_are_the_character_classes():
    # fold_token and has_japanese test ranges (no kanji class to compile per process); the browser uses the classes.
    token, japanese = re.compile(f"[{n.TOKEN_CHARS}]"), re.compile(f"[{n.JA_CHARS}]")
    for code in range(0x10000):
        char = chr(code)
        assert bool(token.match(char)) == n.within(char, n._TOKEN_RANGES), hex(code)
        assert bool(japanese.match(char)) == n.within(char, n._JA_RANGES), hex(code)
