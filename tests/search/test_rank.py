"""Matching and ranking (counterpedia.search.rank): no dead ends, names first, the sentence that matched."""

from __future__ import annotations

from counterpedia.search import rank
from counterpedia.search.query import parse

UNITS = [
    (
        "counter",
        [("name", "en", "stun counter"), ("summary", "en", "A stun counter stops one untap. It is removed instead.")],
    ),
    ("card", [("name", "en", "Stunning Strike"), ("text", "en", "Put a stun counter on target creature.")]),
    (
        "card",
        [
            ("name", "en", "Hand of Stun"),
            ("text", "en", "Whenever a creature becomes untapped, put a stun counter on it."),
        ],
    ),
    ("mechanic", [("name", "en", "Proliferate"), ("summary", "en", "Add a counter of each kind already there.")]),
    ("rule", [("name", "en", "Planeswalkers"), ("rule", "en", "306.5b A planeswalker enters with loyalty counters.")]),
    (
        "counter",
        [
            ("name", "ja", "蓄積カウンター"),
            ("name", "en", "charge counter"),
            ("summary", "ja", "蓄積カウンターを取り除くことがある。"),
        ],
    ),
    ("counter", [("name", "ja", "毒カウンター"), ("summary", "ja", "毒カウンターが置かれたプレイヤー。")]),
    ("term", [("name", "en", "Placed"), ("note", "en", "A counter is placed; 配置 is a placement.")]),
]
INDEX = rank.searchable(UNITS)


def ranked(query: str, lang: str = "en", **options) -> list[rank.Ranked]:
    return rank.rank(INDEX, parse(query, lang), lang, **options)


def units(query: str, lang: str = "en") -> list[int]:
    return [r.unit for r in ranked(query, lang)]


def test_no_dead_ends_partial_matches_are_ranked_and_marked():
    results = ranked("proliferate planeswalker")
    assert {r.unit for r in results[:2]} == {3, 4}  # no unit holds both words: each holds one
    assert all(r.partial for r in results)


def test_names_rank_first_and_inflections_are_found():
    results = ranked("stun counter untapped")
    assert results[0].unit == 0  # the stun counter, though only a card holds all three
    assert not results[1].partial and results[1].unit == 2


def test_a_prefix_finds_the_word_below_a_whole_word():
    assert units("prolif") == [3]
    name = INDEX.first[3]
    assert rank.scan(INDEX, parse("prolif")[0], "en")[name] == rank.PREFIX_QUALITY
    assert rank.scan(INDEX, parse("proliferated")[0], "en")[name] == 1.0


def test_japanese_stems_find_conjugated_verbs_and_not_compounds():
    assert units("蓄積カウンターを取り除かれる", "ja")[0] == 5
    assert units("置く", "ja") == units("置かれる", "ja") == [6]  # 置かれた is 置く, 配置 is not


def test_required_and_excluded_words():
    assert set(units("+stun counter")) == {0, 1, 2}
    assert 0 not in units("stun -untap")
    assert ranked("-stun") == []


def test_kind_filter():
    assert [INDEX.kinds[r.unit] for r in ranked("stun", kinds={"card"})] == ["card", "card"]


def test_best_entry_is_the_name_when_the_name_matched_else_the_text():
    top = ranked("stun counter")[0]
    assert INDEX.roles[top.best] == "name" and INDEX.roles[top.snippet_entry] == "summary"
    creature = ranked("creature")[0]
    assert INDEX.roles[creature.best] == "text"


def test_snippet_is_the_sentence_that_matched_with_its_words_marked():
    text, spans = rank.snippet("A stun counter stops one untap. It is removed instead.", parse("removed"), "en")
    assert text == "It is removed instead."
    assert [text[a:b] for a, b in spans] == ["removed"]
    text, spans = rank.snippet("x " * 200 + "the stun counter " + "y " * 200, parse("stun"), "en")
    assert text.startswith("…") and text.endswith("…") and len(text) <= rank.SNIPPET_WIDTH + 2
    assert [text[a:b] for a, b in spans] == ["stun"]


def test_marks_cover_the_whole_inflected_word_in_the_original_text():
    text = "Whenever a creature becomes UNTAPPED, put a Stun counter on it."
    assert [text[a:b] for a, b in rank.marks(text, parse("untap stun"), "en")] == ["UNTAPPED", "Stun"]
    text = "ＲＡＤカウンターを取り除かれる"
    assert [text[a:b] for a, b in rank.marks(text, parse("RADカウンター 取り除く"), "en")] == [
        "ＲＡＤカウンター",
        "取り除",
    ]


def test_sentences():
    text = "One. Two! 三つ。四つ\nFive 1.5 six"
    assert [text[a:b] for a, b in rank.sentences(text)] == ["One.", "Two!", "三つ。", "四つ", "Five 1.5 six"]


def test_ties_keep_the_index_order():
    assert units("counter")[-2:] == sorted(units("counter")[-2:])


def test_the_pieces_index_finds_what_a_scan_of_the_texts_finds():
    """The command line's cache searches the distinct pieces of the texts (rank.Segments) instead of the texts:
    every kind of term (a word, a prefix, a Japanese substring, a verb stem, one with a separator in it) finds
    the same entries with the same qualities, in the same order, and the same ranking."""
    units = UNITS + [
        ("card", [("name", "en", "Non-Stun d'un Hand"), ("text", "en", "Put a +1/+1 counter (x/x) on it.")]),
        ("card", [("name", "ja", "手札のスタン"), ("text", "ja", "+1/+1カウンターを1個置く。Xは2")]),
    ]
    plain = rank.searchable(units)
    pieced = rank.searchable(units)
    pieced.segments = rank.Segments.of(pieced.folded, pieced.starts)
    pieced.folded_text = pieced.folded.encode("utf-8")  # as the cache holds it: decoded when a scan needs it
    assert [rank.folded_entry(pieced, e) for e in range(len(pieced.starts))] == [
        rank.folded_entry(plain, e) for e in range(len(plain.starts))
    ]
    queries = [
        "stun counter untapped",
        "prolif",
        "counters",
        "planeswalker loyalty",
        "蓄積カウンター",
        "取り除かれる",
        "毒",
        "placement",
        "is",
        "stunning strike",
        "a counter is placed",
        "un stun",  # inside d'un, after a hyphen: a word that begins inside a piece
        "+1/+1 x",
        "手札 スタン x 2",
    ]
    queries.append("306.5b")  # a separator in a term: the texts are scanned (and decoded for it)
    compared = 0
    for query in queries:
        terms = parse(query, "en")
        for term in terms:
            expected = rank.scan(plain, term, "en")
            found = rank.scan(pieced, term, "en")
            assert list(found.items()) == list(expected.items()), (query, term)
            compared += bool(expected)
        assert rank.rank(pieced, terms, "en") == rank.rank(plain, terms, "en"), query
    assert compared >= len(queries)


FINDER_TEXTS = [
    "stun counter\x00a stun counters stunned restun +1/+1 1/-1 -1/-1 x1 d'un l'effet",
    "蓄積カウンターを取り除く。取り除かれる 取り除け 取り除 再取り除く カード取り除き",
    "untap untapped, un-tap; µtap éstun ünstun Σstun жstun 5stun stun",
    "取り除",
    "",
]
FINDER_TERMS = [("stun", "word"), ("un", "word"), ("1", "word"), ("1/-1", "word"), ("tap", "word")]
FINDER_TERMS += [("取り除", "stem"), ("取", "stem"), ("除", "stem"), ("un", "stem")]


def test_the_finder_finds_what_the_regular_expression_finds_from_any_position_to_any_end():
    """rank.Finder stands for a term's regular expression (rank.expression), which it spares compiling: the same
    matches, the same spans, whatever the positions a search starts and stops at (a search in one piece of a text
    looks at the character before the piece, never at the one after)."""
    checked = 0
    for text in FINDER_TEXTS:
        for word, kind in FINDER_TERMS:
            term = rank.Term(word, kind, word, 0, word)
            expected = rank.expression(term)
            as_found = [(m.start(), m.end(), m.group(0)) for m in expected.finditer(text)]
            assert [(m.start(), m.end(), m.group(0)) for m in rank.Finder(term).finditer(text)] == as_found
            for pos in range(len(text) + 1):
                for endpos in sorted({pos, pos + 3, pos + len(word), pos + len(word) + 1, len(text), len(text) + 5}):
                    want = expected.search(text, pos, endpos)
                    got = rank.Finder(term).search(text, pos, endpos)  # a new one: not yet compiled (Finder.USES)
                    assert (got and (got.start(), got.end(), got.group(0))) == (
                        want and (want.start(), want.end(), want.group(0))
                    ), (word, kind, text, pos, endpos)
                    checked += want is not None
    assert checked > 100


def test_a_finder_used_often_in_long_texts_compiles_its_expression_and_still_finds_the_same():
    term = rank.Term("stun", "word", "stun", 0, "stun")
    finder, short = rank.Finder(term), FINDER_TEXTS[0]
    text = " ".join([short] * 3)
    assert len(short) < rank.Finder.LONG <= len(text)
    first = [(m.start(), m.end()) for m in finder.finditer(text)]
    for _ in range(rank.Finder.USES):
        finder.search(short)
    assert finder.compiled is None  # searches in names: not worth compiling for
    for _ in range(rank.Finder.USES):
        finder.search(text)
    assert finder.compiled is not None
    assert [(m.start(), m.end()) for m in finder.finditer(text)] == first
