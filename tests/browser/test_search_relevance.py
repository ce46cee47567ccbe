"""The site's search box answers questions as readers ask them (tests/search/relevance.yaml), in Chromium."""

from __future__ import annotations

import json

import pytest

from counterpedia.search import relevance
from counterpedia.search.browser import site_location, type_query

from .conftest import PREFIX, ROOT

pytestmark = pytest.mark.browser
CASES = relevance.load_cases(ROOT / "tests" / "search" / "relevance.yaml")
WORKER_JS = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"


def box_locations(site, page, lang: str, query: str) -> list[str]:
    root = (site / PREFIX[lang]).resolve().as_uri()
    return [site_location(root, r["href"]).replace("?h=", "").split("?")[0] for r in type_query(page, query)]


def strip_highlight(location: str) -> str:
    page, _, anchor = location.partition("#")
    return page.split("?")[0] + (f"#{anchor}" if anchor else "")


@pytest.mark.parametrize("lang", relevance.LANGS)
@pytest.mark.parametrize("part", [relevance.questions, relevance.typos], ids=["questions", "typos"])
def test_ninety_percent_find_their_page_in_the_top_three(site, search_page, lang, part):
    page = search_page(lang)
    cases = [c for c in part(CASES) if c.lang == lang]
    ranks = []
    for case in cases:
        root = (site / PREFIX[lang]).resolve().as_uri()
        found = [strip_highlight(site_location(root, r["href"])) for r in type_query(page, case.query)]
        rank = relevance.rank_of(found, case.expected)
        ranks.append(rank)
        if case.issue == 12:
            assert rank is not None and rank <= 3, (case.query, found[:5])
    assert relevance.precision(ranks, 3) >= 0.9, relevance.misses(cases, ranks)


@pytest.mark.parametrize(
    "lang, query",
    [
        ("ja", "毒カウンター を は"),
        ("en", "the poison counter of a player"),
        ("fr", "le marqueur « poison » de la"),
        ("fr", "de"),
        ("en", "the"),
        ("ja", "の"),
    ],
)
def test_stop_words_never_make_a_query_fail(site, search_page, lang, query):
    page = search_page(lang)
    root = (site / PREFIX[lang]).resolve().as_uri()
    found = [strip_highlight(site_location(root, r["href"])) for r in type_query(page, query)]
    if len(query) > 3:
        assert relevance.rank_of(found, ("counters/poison.html",)) == 1, found[:5]
    else:
        assert page.locator(".md-search-result__meta").text_content().strip()  # an answer, not an error


# Every SAMPLE-th card (by id) is searched through the worker, not all of them (22,000 searches, 140 s of CPU):
# `counterpedia search` finds every card by every name (tests/search/test_relevance.py, all of them), and the
# worker ranks as the Python code does (test_search_agreement.py: corrections, scores, order and snippets alike
# on each language's real index, for the relevance set's queries, card names among them); the sample checks
# the worker's own answer to card names on the index the site build makes.
SAMPLE = 10


@pytest.mark.parametrize("lang", relevance.LANGS)
def test_card_names_find_their_card_in_every_language(chromium_anywhere, real_kb, real_site_index, lang):
    """The Japanese name on the Japanese site, the French name on the French site, the English name on all: the
    site's worker over the site's index as the site build makes it from the data (`site_index.build`; the built
    site's index adds the editors' guides only), for a fixed sample of the cards (SAMPLE). No built site is
    needed, so any xdist worker runs these instead of the browser worker after its site build."""
    queries, expected = [], []
    for card in sorted(real_kb.all("card"), key=lambda card: card.id)[::SAMPLE]:
        names = card.data.get("names") or {}
        for name_lang in {lang, "en"}:
            name = names.get(name_lang)
            if isinstance(name, dict) and isinstance(name.get("text"), str):
                queries.append(name["text"])
                expected.append(f"cards/{card.id}.html")
    assert len(queries) > 100
    context = chromium_anywhere.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><meta charset=utf-8><title>t</title>")
        page.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
        found = json.loads(  # one string: Playwright checks each part of a returned value, slowly
            page.evaluate(
                """async ([docs, queries]) => {
                const index = await CounterpediaSearch.loadIndex(docs);
                return JSON.stringify(queries.map(q => CounterpediaSearch.results(index, q).items.map(g => g[0].location)));
            }""",
                [real_site_index(lang)["docs"], queries],
            )
        )
    finally:
        context.close()
    for query, wanted, locations in zip(queries, expected, found, strict=True):
        rank = relevance.rank_of(locations, (wanted,))
        assert rank is not None and rank <= 3, (lang, query, locations[:3])


@pytest.mark.parametrize(
    "lang, name", [("ja", "霊気池の驚異"), ("en", "Aetherworks Marvel"), ("fr", "Crypte surpeuplée")]
)
def test_a_card_name_typed_in_the_search_box_finds_its_card(site, search_page, lang, name):
    page = search_page(lang)
    assert box_locations(site, page, lang, name)[0].startswith("cards/"), (lang, name)
