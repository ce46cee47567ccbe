"""Typing mistakes (counterpedia.search.typos and rank.correct): what is corrected, how far, how it ranks."""

from __future__ import annotations

import pytest

from counterpedia.search import rank, typos
from counterpedia.search.query import parse

UNITS = [
    ("counter", [("name", "en", "loyalty counter"), ("summary", "en", "Loyalty counters on a planeswalker.")]),
    ("card", [("name", "en", "Doubling Season"), ("text", "en", "Double the counters placed.")]),
    ("mechanic", [("name", "en", "Double"), ("summary", "en", "Twice as many counters.")]),
    ("mechanic", [("name", "en", "Proliferate"), ("summary", "en", "Add a counter of each kind already there.")]),
    ("counter", [("name", "en", "shield counter"), ("summary", "en", "A shield counter prevents damage.")]),
    ("counter", [("name", "en", "stun counter"), ("summary", "en", "A stun counter stops an untap.")]),
    ("card", [("name", "en", "Seasoned Pyromancer"), ("text", "en", "Seasoned creatures draw.")]),
    ("card", [("name", "en", "Promise of Loyalty"), ("text", "en", "Each player keeps a creature.")]),
    (
        "counter",
        [
            ("name", "ja", "忠誠カウンター"),
            ("reading", "ja", "ちゅうせい かうんたー"),
            ("summary", "ja", "プレインズウォーカーの忠誠カウンター。"),
        ],
    ),
    ("card", [("name", "ja", "獣性を築く者"), ("reading", "ja", "じゅうせい を きずく もの")]),
]


@pytest.fixture
def index():
    return rank.searchable(UNITS)


def search(index, query: str, lang: str = "en"):
    terms = parse(query, lang)
    corrections = rank.correct(index, terms, lang)
    return terms, corrections, rank.rank(index, terms, lang, corrections=corrections)


@pytest.mark.parametrize(
    "a, b, expected",
    [
        ("loyalty", "lyalty", 1),
        ("season", "seson", 1),
        ("shield", "shiled", 1),
        ("ca", "abc", 3),  # no text edited twice
        ("proliferate", "prolifirate", 1),
        ("proliferate", "prolifirat", 2),
        ("kitten", "sitting", 3),
    ],
)
def test_the_distance_counts_insertions_deletions_substitutions_and_transpositions(a, b, expected):
    assert typos.distance(a, b, 5) == expected
    assert typos.distance(a, b, expected - 1) == expected  # over the limit: limit + 1


@pytest.mark.parametrize(
    "query, corrected_to",
    [
        ("lyalty", "loyalt"),  # 6 letters, one edit (compared as stems: lyalt / loyalt)
        ("seson", "season"),  # 5 letters: the shortest word corrected
        ("shiled", "shield"),  # read as the stem "shil", but one edit from the word as typed
        ("prolifirate", "proliferat"),  # 11 letters
        ("prollifirate", "proliferat"),  # 12 letters: two edits
    ],
)
def test_a_word_of_five_letters_or_more_that_matches_nothing_is_corrected(index, query, corrected_to):
    _terms, corrections, ranked = search(index, query)
    assert corrections[0][0] == corrected_to
    assert ranked and ranked[0].corrected == {0: corrected_to}


@pytest.mark.parametrize(
    "query",
    [
        "stnu",  # four letters: never corrected
        "lyaltyy",  # seven letters, two edits: one is allowed
        "prollifiratte",  # thirteen letters, three edits: two are allowed
    ],
)
def test_short_words_and_words_too_far_are_not_corrected(index, query):
    _terms, corrections, ranked = search(index, query)
    assert corrections == [[]] and ranked == []


def test_a_word_that_matches_as_typed_is_not_corrected(index):
    # "seasoned" matches as typed; "season" is one edit from "seasone" but is not looked for
    assert search(index, "seasoned")[1] == [[]]
    assert search(index, "prolif")[1] == [[]]  # a prefix is a match


def test_an_exact_match_outranks_a_corrected_one(index):
    exact = {r.unit: r for r in search(index, "season")[2]}
    corrected = {r.unit: r for r in search(index, "seson")[2]}
    assert exact.keys() == corrected.keys() == {1, 6}
    assert all(exact[unit].score > corrected[unit].score for unit in exact)
    assert not any(r.corrected for r in exact.values()) and all(r.corrected for r in corrected.values())
    # a hiragana word is corrected even when it matches (homophones), below every match as typed
    _terms, corrections, ranked = search(index, "じゅうせい", "en")
    assert corrections == [["ちゆうせい"]]
    assert [r.unit for r in ranked] == [9, 8] and ranked[0].corrected == {} and ranked[1].corrected == {0: "ちゆうせい"}


def test_the_issue_s_queries_rank_the_meant_record_first(index):
    assert search(index, "lyalty counter")[2][0].unit == 0  # not the other counters
    assert search(index, "doubling seson")[2][0].unit == 1  # not the Double mechanic
    assert search(index, "prolifirate")[2][0].unit == 3


def test_did_you_mean_offers_the_corrected_query_as_the_texts_write_it(index):
    vocabulary_of = rank.searchable(UNITS)

    def offered(query: str, lang: str = "en"):
        terms, corrections, ranked = search(vocabulary_of, query, lang)
        return typos.suggestion(
            query, terms, corrections, ranked, lambda n, key: typos.shown(vocabulary_of.vocabulary, terms[n], key, lang)
        )

    assert offered("lyalty counter") == "loyalty counter"
    assert offered("Doubling  SESON") == "Doubling  season"
    assert offered("loyalty counter") is None  # nothing corrected
    assert offered("じゅうせい") is None  # found as typed too: no "did you mean"
    assert offered("ちゅうせいかうんた") is None  # the beginning of a reading is a match


def test_the_vocabulary_survives_its_text_form():
    vocabulary = typos.Vocabulary.of(
        ["Loyalty counters, loyalty: étourdissement", "ちゅうせい かうんたー"], ["summary", "reading"]
    )
    assert vocabulary.words["loyalty"] == ("loyalty", 2)
    assert vocabulary.words["etourdissement"] == ("étourdissement", 1)
    assert "ちゆうせいかうんたー" in vocabulary.words  # a reading's words, and the whole reading
    for loaded in (typos.Vocabulary.load(vocabulary.dump()), typos.Vocabulary.load(vocabulary.dump_native())):
        for name in ("latin-en", "latin-fr", "hiragana", "katakana"):
            kind, _, lang = name.partition("-")
            assert loaded.table(kind, lang).rows == vocabulary.table(kind, lang).rows
            assert loaded.table(kind, lang).words == vocabulary.table(kind, lang).words


def test_candidates_by_neighbourhood_are_those_of_a_full_scan():
    """The command line finds candidates by neighbourhood, the browser by a scan: the same keys."""
    words = [
        "loyalty",
        "royalty",
        "loyal",
        "season",
        "reason",
        "seasoned",
        "poison",
        "prison",
        "proliferate",
        "proliferated",
        "planeswalker",
        "planeswalkers",
        "indestructible",
        "destructive",
        "shield",
        "yield",
    ]
    vocabulary = typos.Vocabulary.of([" ".join(words)], ["summary"])
    table = vocabulary.table("latin", "en")
    cached = typos.Vocabulary.load(vocabulary.dump_native()).table("latin", "en")  # sorted lines, bisected
    for word in ["lyalty", "seson", "posion", "planeswalkr", "indestructable", "sheild", "prolifferate", "xxxxx"]:
        edits = 1 if len(word) < typos.TWO_EDITS_FROM else 2
        scanned = []
        for key, (count, forms) in table.rows.items():
            d = min([typos.distance(word, key, edits)] + [typos.distance(word, f[0], edits) for f in forms])
            if d <= edits and key != word:
                scanned.append((d, -count, key))
        expected = [key for _d, _c, key in sorted(scanned)[: typos.MAX_CORRECTIONS]]
        assert typos.candidates(word, table, edits, word) == expected, word
        assert typos.candidates(word, cached, edits, word) == expected, word
