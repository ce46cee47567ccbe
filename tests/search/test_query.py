"""Reading a query: stop words, particles, inflections, operators (counterpedia.search.query, .japanese)."""

from __future__ import annotations

import pytest

from counterpedia.search import japanese
from counterpedia.search.query import EXCLUDED, MAX_TERMS, REQUIRED, parse


def texts(query: str, lang: str = "en") -> list[str]:
    return [term.text for term in parse(query, lang)]


@pytest.mark.parametrize(
    "query, lang, expected",
    [
        ("marqueur de charge", "fr", ["marqueur", "charg"]),
        ("les marqueurs d'étourdissement", "fr", ["marqueur", "etourdissem"]),
        ("le marqueur à la créature et aux joueurs", "fr", ["marqueur", "creatu", "joueur"]),
        ("the stun counter is on a creature", "en", ["stun", "counter", "creatur"]),
        (
            "what would be the effect of an untapped creature with a shield",
            "en",
            ["effect", "untap", "creatur", "shield"],
        ),
        ("蓄積カウンターを取り除く", "en", ["蓄積", "カウンター", "取り除"]),
    ],
)
def test_stop_words_and_particles_are_not_searched(query, lang, expected):
    assert texts(query, lang) == expected


def test_a_query_of_stop_words_only_is_searched_as_typed():
    assert texts("the") == ["the"]
    assert texts("de la", "fr") == ["de", "la"]
    assert texts("の") == ["の"] and texts("を は") == ["を", "は"]


def test_a_japanese_particle_typed_apart_is_a_stop_word():
    # looked for with small kana full-size (ウォ as ウオ), shown and named as typed
    assert (
        texts("を プレインズウォーカーの忠誠度 は")
        == texts("プレインズウォーカーの忠誠度")
        == ["プレインズウオーカー", "忠誠度"]
    )
    assert [t.shown for t in parse("プレインズウォーカーの忠誠度")] == ["プレインズウォーカー", "忠誠度"]
    assert texts("毒カウンター を は") == ["毒", "カウンター"]


@pytest.mark.parametrize(
    "piece, expected",
    [
        ("蓄積カウンターを取り除く", [("蓄積", False), ("カウンター", False), ("取り除", True)]),
        ("取り除かれる", [("取り除", True)]),
        ("取り除いた", [("取り除", True)]),
        ("カウンターが置かれる", [("カウンター", False), ("置", True)]),
        ("呪文を打ち消す", [("呪文", False), ("打ち消", True)]),
        ("忠誠カウンターを増殖する", [("忠誠", False), ("カウンター", False), ("増殖", False)]),  # する after a noun
        ("破壊される", [("破壊", False)]),
        ("戦場に出る", [("戦場", False), ("出", True)]),
        ("盾カウンターは何をする", [("盾", False), ("カウンター", False)]),  # 何: a question word
        ("誘発型能力", [("誘発型能力", False)]),  # kanji kept whole
        ("ある", [("ある", False)]),  # hiragana only: as typed
    ],
)
def test_japanese_words_particles_and_verb_stems(piece, expected):
    assert japanese.terms(piece) == expected


@pytest.mark.parametrize("forms", [["取り除く", "取り除かれる", "取り除いた", "取り除け"], ["置く", "置かれた"]])
def test_conjugated_japanese_verbs_give_one_stem(forms):
    assert len({tuple(texts(form)) for form in forms}) == 1


def test_operators_require_or_exclude_a_word_but_not_a_sign():
    terms = parse("+poison -rad -1/-1 +1/+1")
    assert [(t.text, t.presence) for t in terms] == [("poison", REQUIRED), ("rad", EXCLUDED), ("1/-1", 0), ("1/+1", 0)]


def test_what_was_typed_is_kept_for_display():
    untapped, marqueurs = parse("untapped")[0], parse("«Marqueurs»", "fr")[0]
    assert (untapped.text, untapped.shown, untapped.typed) == ("untap", "untap", "untapped")
    assert (marqueurs.text, marqueurs.shown) == ("marqueur", "Marqueur")
    assert parse("détruit", "fr")[0].shown == "détrui"  # the accent as typed: highlighted on the page
    assert parse("＋１/＋１")[0].shown == "+1/+1"


def test_one_letter_words_and_repeats_are_dropped():
    assert texts("d'état l'effet s counters counter") == ["etat", "effet", "counter"]


def test_a_long_query_is_cut():
    assert len(parse(" ".join(f"word{i}" for i in range(100)))) == MAX_TERMS
