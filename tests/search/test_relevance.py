"""`counterpedia search` answers questions as readers ask them (tests/search/relevance.yaml, the real data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.search import engine, relevance
from counterpedia.search.normalize import fold_text
from counterpedia.search.typos import distance

CASES = relevance.load_cases(Path(__file__).with_name("relevance.yaml"))
STOP = {"ja": ("を", "は"), "en": ("the", "of a"), "fr": ("de la", "les")}


@pytest.fixture(scope="session")
def index(real_data, real_kb):
    """The command line's index of data/, built once per worker from the shared knowledge base (as `counterpedia
    search` builds it from the data it loads): session-wide, as a module's fixture is built again each time the
    worker comes back to this module (`make test` starts the slow tests first, the others later)."""
    return engine.index_of(real_kb, [], real_data)


def test_the_set_has_twenty_questions_and_twenty_typos_per_language():
    for lang in relevance.LANGS:
        assert len([c for c in relevance.questions(CASES) if c.lang == lang]) >= 20
        assert len([c for c in relevance.typos(CASES) if c.lang == lang]) >= 20
    assert {c.query for c in CASES if c.issue == 12} == {
        "marqueur de charge",
        "proliferate planeswalker",
        "stun counter untapped",
        "蓄積カウンターを取り除く",
    }


@pytest.mark.parametrize("case", relevance.typos(CASES), ids=lambda c: f"{c.lang}:{c.query}")
def test_each_typo_is_one_or_two_edits_from_its_question(case):
    typed, meant = fold_text(case.query), fold_text(case.typo_of)
    assert typed != meant and distance(typed, meant, 2) <= 2, (case.query, case.typo_of)


@pytest.mark.parametrize("lang", relevance.LANGS)
@pytest.mark.parametrize("part", [relevance.questions, relevance.typos], ids=["questions", "typos"])
def test_ninety_percent_find_their_page_in_the_top_three(index, lang, part):
    cases = [c for c in part(CASES) if c.lang == lang]
    ranks = [relevance.rank_of(relevance.cli_locations(index, c), c.expected) for c in cases]
    assert relevance.precision(ranks, 3) >= 0.9, relevance.misses(cases, ranks)


@pytest.mark.parametrize("case", [c for c in CASES if c.issue == 21], ids=lambda c: f"{c.lang}:{c.query}")
def test_shorthands_readings_and_accentless_words_of_issue_21_find_their_page_in_the_top_three(index, case):
    rank = relevance.rank_of(relevance.cli_locations(index, case), case.expected)
    assert rank is not None and rank <= 3, relevance.cli_locations(index, case)[:5]


@pytest.mark.parametrize("case", [c for c in CASES if c.issue == 12], ids=lambda c: c.query)
def test_the_queries_of_issue_12_find_their_page_in_the_top_three(index, case):
    rank = relevance.rank_of(relevance.cli_locations(index, case), case.expected)
    assert rank is not None and rank <= 3, relevance.cli_locations(index, case)[:5]


@pytest.mark.parametrize("case", relevance.questions(CASES), ids=lambda c: f"{c.lang}:{c.query}")
def test_stop_words_never_make_a_query_fail(index, case):
    before = relevance.rank_of(relevance.cli_locations(index, case), case.expected)
    if before is None or before > 3:
        pytest.skip("not in the top three without stop words either")
    first, second = STOP[case.lang]
    padded = relevance.Case(case.lang, f"{first} {case.query} {second}", case.expected)
    assert relevance.rank_of(relevance.cli_locations(index, padded), case.expected) <= 3


@pytest.mark.slow
@pytest.mark.parametrize("lang", relevance.LANGS)
def test_card_names_find_their_card_in_every_language(index, real_kb, lang):
    """Every card's name in `lang`, and its English name, searched in `lang`, finds the card in the top three.
    One test per language: about 15,000 searches in all, which pytest-xdist can then spread across the cores."""
    checked = 0
    for card in real_kb.all("card"):
        names = {name_lang: (card.data.get("names") or {}).get(name_lang) for name_lang in relevance.LANGS}
        for name_lang, name in names.items():
            if name_lang not in (lang, "en") or not isinstance(name, dict) or not isinstance(name.get("text"), str):
                continue
            case = relevance.Case(lang, name["text"], (f"cards/{card.id}.html",))
            top = relevance.cli_locations(index, case, limit=3)  # the top three, as `--limit 3` shows them
            rank = relevance.rank_of(top, case.expected)
            assert rank is not None and rank <= 3, (lang, name["text"], top)
            checked += 1
    assert checked > 100
