"""The one normalization shared by the site index, the browser query and the command line."""

from __future__ import annotations

import re

import pytest

from counterpedia.search import normalize as n


@pytest.mark.parametrize("text, expected", [
    ("＋１/＋１", "+1/+1"),
    ("ＲＡＤカウンター", "RADカウンター"),
    ("ｶｳﾝﾀｰ", "カウンター"),          # half-width katakana
    ("−1/−1", "-1/-1"),               # a minus sign typed for a hyphen
])
def test_normalize_text_is_nfkc_and_dashes(text, expected):
    assert n.normalize_text(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("Créature", "creature"),
    ("ÉTOURDISSEMENT", "etourdissement"),
    ("œuvre", "oeuvre"),
    ("が", "が"),                      # Japanese is not decomposed (が must not become か)
    ("ＲＡＤ", "rad"),
])
def test_fold_text(text, expected):
    assert n.fold_text(text) == expected


@pytest.mark.parametrize("token, expected", [
    ("counters", "counter"), ("marqueurs", "marqueur"), ("créatures", "creature"), ("abilities", "ability"),
    ("jeux", "jeu"), ("généraux", "general"), ("tableaux", "tableau"), ("status", "status"), ("this", "this"),
    ("process", "process"), ("has", "has"),
    ("+1/+1", "1/+1"), ("-1/-1", "1/-1"), ("«marqueur»", "marqueur"), ("(rad)", "rad"), ("counter.", "counter"),
    ("カウンター", "カウンター"), ("...", ""),
])
def test_fold_token(token, expected):
    assert n.fold_token(token) == expected


def test_stem_is_idempotent():
    for word in ["counters", "abilities", "généraux", "tableaux", "jeux", "glasses", "series", "marqueurs", "rules"]:
        once = n.fold_token(word)
        assert n.fold_token(once) == once, word


@pytest.mark.parametrize("text, expected", [
    ("RADカウンター", ["RAD", "カウンター"]),
    ("+1/+1カウンターを取り除く", ["+1/+1", "カウンターを取り除く"]),
    ("-1/-1 counters", ["-1/-1", "counters"]),        # the hyphen before a digit is a sign
    ("first-strike", ["first", "strike"]),
    ("CR:400.7, 122.1a–h", ["CR", "400.7", "122.1a", "h"]),
    ("マジック：ザ・ギャザリング", ["マジック", "ザ", "ギャザリング"]),
    ("l'effet «bouclier»", ["l", "effet", "bouclier"]),
])
def test_split(text, expected):
    assert n.split(text) == expected


def test_full_width_and_half_width_give_the_same_tokens():
    assert n.tokens("＋１/＋１カウンター") == n.tokens("+1/+1カウンター") == ["1/+1", "カウンター"]


def test_separator_is_portable_to_javascript():
    # No Python-only syntax: Material compiles it with `new RegExp(separator)` (no flags).
    assert "(?P" not in n.SEPARATOR and "\\p{" not in n.SEPARATOR and "(?i" not in n.SEPARATOR
    re.compile(n.SEPARATOR)
