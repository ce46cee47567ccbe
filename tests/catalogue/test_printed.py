"""Reading counter, keyword and action names off printed cards: on texts cut from the MTGJSON 2022-04-25 set files
(tests/fixtures/printed-names/printed-names.json, and the few card texts quoted below with their set and number)."""

from __future__ import annotations

import json
from pathlib import Path

from counterpedia.catalogue.printed import (
    CounterMatcher,
    PrintedText,
    Printing,
    Sighting,
    Target,
    choose,
    counter_sightings,
    french_counter_words,
    french_phrases_before,
    japanese_counter_words,
    keyword_sightings,
    printed_keyword,
)

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "printed-names" / "printed-names.json"
LANGUAGES = {"Japanese": "ja", "French": "fr"}


def card(code: str, number: str) -> tuple[str, dict, dict]:
    """(release date, card object, {lang: printed text}) of one card of the fixture."""
    for card_set in json.loads(FIXTURE.read_text(encoding="utf-8"))["sets"]:
        if card_set["code"] == code:
            for item in card_set["cards"]:
                if item["number"] == number:
                    texts = {LANGUAGES[f["language"]]: f["text"] for f in item["foreignData"]}
                    return card_set["releaseDate"], item, texts
    raise KeyError((code, number))


def printed(code: str, number: str, lang: str) -> PrintedText:
    date, item, texts = card(code, number)
    return PrintedText(Printing(date, code, number, item["name"]), item["text"], lang, texts[lang])


COUNTERS = [
    Target("counter", i, w)
    for i, w in [
        ("lore", "lore"),
        ("storage", "storage"),
        ("age", "age"),
        ("theft", "theft"),
        ("flying", "flying"),
        ("arrowhead", "arrowhead"),
        ("minus1-minus1", "-1/-1"),
        ("plus1-plus1", "+1/+1"),
        ("wish", "wish"),
        ("time", "time"),
        ("level", "level"),
        ("indestructible", "indestructible"),
        ("charge", "charge"),
    ]
]


# ---------------------------------------------------------------- English: which kinds a text names


def test_an_english_text_names_kinds_as_whole_words():
    matcher = CounterMatcher(COUNTERS)
    _date, crucible, _texts = card("AFC", "231")
    assert matcher.named(crucible["text"]) == ["storage"]  # "storage counter" is not an "age counter"
    assert matcher.named("Put a -1/-1 counter on it. Remove a +1/+1 counter.") == ["minus1-minus1", "plus1-plus1"]
    assert matcher.named("Counter target spell. Each damage counter …") == []


def test_a_matcher_reads_each_text_afresh_after_another():
    """The last text's kinds are remembered (a card's Japanese and French are read in turn): never another's."""
    matcher = CounterMatcher(COUNTERS)
    for _ in range(2):
        assert matcher.named("Put a -1/-1 counter on it.") == ["minus1-minus1"]
        assert matcher.named("Remove a +1/+1 counter.") == ["plus1-plus1"]
    found = matcher.named("Remove a +1/+1 counter.")
    found.append("storage")
    assert matcher.named("Remove a +1/+1 counter.") == ["plus1-plus1"]


# ---------------------------------------------------------------- Japanese words


def test_japanese_kind_words_are_read_before_kaunta():
    # Chitterspitter (MH2 153): the middle dot belongs to the name.
    assert [n for _p, n in japanese_counter_words("そうしたなら、囀り吐きの上にドングリ・カウンター１個を置く。")] == [
        "ドングリ・カウンター"
    ]
    # A name that ends in hiragana (Wishclaw Talisman, ELD 110).
    assert {n for _p, n in japanese_counter_words(printed("ELD", "110", "ja").text)} == {"願いカウンター"}


def test_a_bare_kaunta_is_no_kind_and_a_stray_space_in_a_pt_is_dropped():
    # Bounty of the Luxa (AKH 196): これによりカウンター is "the counters removed this way", no kind.
    text = (
        "あなたの戦闘前メイン・フェイズの開始時に、ルクサの恵みの上から洪水カウンターをすべて取り除く。"
        "これによりカウンターが１個も取り除かれなかったなら、ルクサの恵みの上に洪水カウンターを１個置き、カードを１枚引く。"
    )
    assert [n for _p, n in japanese_counter_words(text)] == ["洪水カウンター", "洪水カウンター"]
    # Feast on the Fallen (M15 96) prints 「＋１/ ＋１」.
    assert [n for _p, n in japanese_counter_words("それの上に＋１/ ＋１カウンターを１個置く。")] == [
        "＋１/＋１カウンター"
    ]


# ---------------------------------------------------------------- French words


def test_french_names_are_singular_and_complete():
    words = french_counter_words(printed("MH2", "47", "fr").text)  # Inevitable Betrayal
    assert ("marqueurs « temps »", "marqueur « temps »") in words
    assert {name for _p, name in words} == {
        "marqueur « temps »"
    }  # « Quand le dernier marqueur est retiré » names no kind
    assert french_counter_words("mettez deux marqueurs +1/+1 sur elle") == [("marqueurs +1/+1", "marqueur +1/+1")]


def test_older_forms_after_de_keep_their_elision_and_complements_are_not_kinds():
    # The « marqueur de … » forms of older templating (none is printed on a one-kind card of the 2022 data).
    assert french_counter_words("trois marqueurs d'âge") == [("marqueurs d'âge", "marqueur d'âge")]
    assert french_counter_words("un marqueur de charge") == [("marqueur de charge", "marqueur de charge")]
    assert french_counter_words("retirez un marqueur de la créature ciblée") == []
    assert french_counter_words("retirez tous les marqueurs de tous les permanents") == []


# ---------------------------------------------------------------- counter sightings


def test_one_kind_cards_name_their_kind_and_two_kind_cards_only_by_elimination():
    matcher = CounterMatcher(COUNTERS)
    texts = [printed("TSB", "114", lang) for lang in ("ja", "fr")]  # Serrated Arrows: arrowhead and -1/-1
    assert counter_sightings(texts, matcher) == []  # -1/-1's name is not known from a one-kind card
    one_kind = PrintedText(
        Printing("2021-06-18", "MH2", "96", "Sample"),
        "Put a -1/-1 counter on target creature.",
        "fr",
        "Mettez un marqueur -1/-1 sur une créature ciblée.",
    )
    found = {(s.id, s.lang): s for s in counter_sightings([*texts, one_kind], matcher)}
    assert found[("arrowhead", "fr")].name == "marqueur « fer de flèche »"
    assert found[("arrowhead", "fr")].method == "elimination"
    assert ("arrowhead", "ja") not in found  # -1/-1's Japanese name is not known: nothing is guessed


def test_a_text_in_english_where_french_was_expected_gives_nothing():
    matcher = CounterMatcher(COUNTERS)
    english = "Put a lore counter on it."
    assert (
        counter_sightings([PrintedText(Printing("2021-07-23", "AFC", "1", "X"), english, "fr", english)], matcher) == []
    )


# ---------------------------------------------------------------- keywords and actions


def test_a_keyword_line_is_matched_with_the_printed_line_of_the_same_place():
    _d, vorapede, texts = card("C20", "195")
    assert printed_keyword(vorapede["text"], texts["fr"], "fr", "Undying") == "Survivance"
    assert printed_keyword(vorapede["text"], texts["ja"], "ja", "Undying") == "不死"
    assert printed_keyword(vorapede["text"], texts["fr"], "fr", "Vigilance") == "Vigilance"
    _d, kazandu, texts = card("C21", "196")
    assert printed_keyword(kazandu["text"], texts["fr"], "fr", "Level up") == "Montée de niveau"
    assert printed_keyword(kazandu["text"], texts["ja"], "ja", "Level up") == "Lvアップ"


def test_keywords_granted_in_a_sentence_and_actions_are_read_before_their_number():
    assert french_phrases_before("Toutes les créatures slivoïdes ont empoisonnement 1. (À chaque fois…", "1") == {
        "empoisonnement"
    }
    assert french_phrases_before("{2}{W} : Adaptez 1. (Si cette créature…", "1") == set()  # a verb, not a name
    keywords = [
        Target("mechanic", "poisonous", "Poisonous", "keyword-ability"),
        Target("mechanic", "bolster", "Bolster", "keyword-action"),
        Target("mechanic", "mill", "Mill", "keyword-action"),
        Target("mechanic", "undying", "Undying", "keyword-ability"),
    ]
    texts = [
        printed(code, number, lang)
        for code, number in [("TSR", "246"), ("MIC", "85"), ("NEO", "55"), ("C20", "195")]
        for lang in ("ja", "fr")
    ]
    found = {(s.id, s.lang): s.name for s in keyword_sightings(texts, keywords)}
    # in another order (not a card's languages in turn): the same
    assert {(s.id, s.lang): s.name for s in keyword_sightings(texts[::2] + texts[1::2], keywords)} == found
    assert found == {
        ("poisonous", "ja"): "有毒",
        ("poisonous", "fr"): "empoisonnement",
        ("bolster", "ja"): "鼓舞",
        ("bolster", "fr"): "renforcement",
        ("mill", "fr"): "meuler",  # « (Pour meuler une carte, … »; the Japanese 切削する is no action noun
        ("undying", "ja"): "不死",
        ("undying", "fr"): "survivance",
    }


# ---------------------------------------------------------------- choosing


def sighting(name: str, date: str, code: str, number: str = "1") -> Sighting:
    return Sighting("counter", "storage", "ja", name, name, Printing(date, code, number, "Card"), "one-kind")


def test_the_most_recent_printing_wins_and_the_others_are_variants():
    choice = choose(
        [
            sighting("蓄積カウンター", "2011-06-17", "CMD"),
            sighting("貯蔵カウンター", "2021-07-23", "AFC", "231"),
            sighting("蓄積カウンター", "2006-10-06", "TSP"),
            sighting("貯蔵カウンター", "2013-11-01", "C13"),
        ]
    )
    chosen = choice[("counter", "storage", "ja")]
    assert chosen.name == "貯蔵カウンター" and chosen.sighting.printing.set == "AFC" and chosen.sightings == 2
    assert [s.printing.set for s in chosen.variants["蓄積カウンター"]] == ["CMD", "TSP"]  # newest first


def test_on_a_tie_of_dates_the_name_most_printings_show_wins():
    chosen = choose(
        [
            sighting("A", "2022-02-18", "NEO"),
            sighting("B", "2022-02-18", "NEC"),
            sighting("B", "2022-02-18", "NEC", "2"),
        ]
    )
    assert chosen[("counter", "storage", "ja")].name == "B"
