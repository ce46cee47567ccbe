"""The built sites in headless Chromium, opened from disk (file://) as a reader with no network would."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from counterpedia.search import normalize, site_index
from counterpedia.search.browser import type_query

from .conftest import ARTIFACTS, PREFIX, ROOT, url

pytestmark = pytest.mark.browser
WORKER_JS = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"

# (language, what a reader types, the record that must come first: its page (or pages), and the data file it needs)
QUERIES = [
    ("ja", "RADカウンター", "counters/rad.html", "counters/rad.yaml"),
    ("ja", "毒カウンター", "counters/poison.html", "counters/poison.yaml"),
    ("ja", "＋１/＋１", "counters/plus1-plus1.html", "counters/plus1-plus1.yaml"),
    ("ja", "+1/+1カウンター", "counters/plus1-plus1.html", "counters/plus1-plus1.yaml"),
    ("ja", "切削", "mechanics/mill.html", "mechanics/mill.yaml"),
    ("ja", "放射能", "rules/rad-counters.html", "rules/rad-counters.yaml"),
    ("en", "poison counters", "counters/poison.html", "counters/poison.yaml"),
    ("en", "+1/+1", "counters/plus1-plus1.html", "counters/plus1-plus1.yaml"),
    ("en", "＋１/＋１", "counters/plus1-plus1.html", "counters/plus1-plus1.yaml"),
    ("en", "-1/-1 counter", "counters/minus1-minus1.html", "counters/minus1-minus1.yaml"),
    ("en", "proliferate", "mechanics/proliferate.html", "mechanics/proliferate.yaml"),
    ("fr", "marqueurs poison", "counters/poison.html", "counters/poison.yaml"),
    ("fr", "marqueur +1/+1", "counters/plus1-plus1.html", "counters/plus1-plus1.yaml"),
    # the rule's French text has the word itself (prolifère): either page answers
    ("fr", "prolifere", ("mechanics/proliferate.html", "rules/proliferate.html"), "mechanics/proliferate.yaml"),
]


def search(page, query: str, timeout: float = 15_000) -> list[dict]:
    """Type `query` in the search box and return the results shown: href, title, text, html."""
    return type_query(page, query, timeout)


def site_path(site: Path, lang: str, href: str) -> str:
    """counters/rad.html#x from a result's file:// URL."""
    path = unquote(urlsplit(href).path)
    root = str((site / PREFIX[lang]).resolve()) + "/"
    assert path.startswith(root), (path, root)
    return path[len(root) :] + (f"#{urlsplit(href).fragment}" if urlsplit(href).fragment else "")


@pytest.mark.parametrize("lang, query, expected, record", QUERIES)
def test_query_finds_the_expected_page_first(site, search_page, lang, query, expected, record):
    if not (ROOT / "data" / record).is_file():
        pytest.skip(f"data/{record} is not there yet")
    page = search_page(lang)
    results = search(page, query)
    assert results, f"{lang}: nothing found for {query!r}"
    first = site_path(site, lang, results[0]["href"]).split("#")[0]
    assert first in (expected if isinstance(expected, tuple) else (expected,)), (
        f"{lang}: {query!r} gave {[site_path(site, lang, r['href']) for r in results[:5]]}"
    )
    assert "<mark>" in results[0]["html"] or any("<mark>" in r["html"] for r in results[:3])


@pytest.mark.parametrize(
    "lang, query, must_mark",
    [
        ("ja", "取り除かれる", "取り除"),  # a conjugated verb finds its other forms (取り除く)
        ("fr", "creature", "créature"),  # accents folded both ways
        ("fr", "créatures", "créature"),  # and the plural
        ("fr", "cartes meulées", "meul"),  # meulées / meuler
        ("en", "abilities", "abilit"),
        ("en", "untapped", "untap"),
    ],
)
def test_inflected_accented_and_plural_words_are_found_and_marked(site, search_page, lang, query, must_mark):
    page = search_page(lang)
    results = search(page, query)
    marked = [m.lower() for r in results for m in re.findall(r"<mark>(.*?)</mark>", r["html"])]
    assert any(must_mark in m for m in marked), f"{query!r}: marks {marked[:10]}"


def test_half_width_and_full_width_find_the_same(site, search_page):
    page = search_page("ja")
    half = [r["href"].split("?")[0] for r in search(page, "+1/+1")]
    full = [r["href"].split("?")[0] for r in search(page, "＋１/＋１")]
    assert half and half == full


def test_the_index_is_ours_and_holds_no_worklist(site):
    for lang in PREFIX:
        index = json.loads((site / PREFIX[lang] / "search" / "search_index.json").read_text(encoding="utf-8"))
        assert index["config"]["separator"] == normalize.SEPARATOR
        pages = {page for page, _title in site_index.decode(index["docs"][0])["pages"]}
        assert not pages & {"status.html", "rulings/by-counter.html", "index.html"}
        assert not any(page.startswith("cr/") for page in pages)
        assert "editors/search.html" in pages  # the editors' guides, through Material's index
        offline = (site / PREFIX[lang] / "search" / "search_index.js").read_text(encoding="utf-8")
        assert offline.startswith("var __index = ") and json.loads(offline[len("var __index = ") :]) == index


def test_language_switcher_keeps_the_page(site, page):
    page.goto(url(site, "ja", "counters/rad.html"))
    for lang in ("en", "fr", "ja"):
        with page.expect_navigation():
            page.locator(f"a.cp-lang-link[hreflang={lang}]").first.evaluate("link => link.click()")
        assert site_path(site, lang, page.url) == "counters/rad.html", page.url
        assert page.locator("html").get_attribute("lang") == lang


def test_a_rule_link_lands_on_its_anchor(site, page):
    page.goto(url(site, "en", "counters/rad.html"))
    link = page.locator("article a[href*='rules/'][href*='#']").first
    target = link.get_attribute("href").split("#")[1]
    with page.expect_navigation():
        link.click()
    assert urlsplit(page.url).fragment == target
    top = page.evaluate(f"document.getElementById({target!r}).getBoundingClientRect().top")
    assert 0 <= top < 450, f"#{target} is not scrolled into view (top={top})"


@pytest.mark.parametrize(
    "path",
    [
        "index.html",
        "counters/rad.html",
        "rules/rad-counters.html",
        "rulings/index.html",
        "glossary.html",
        "mechanics/index.html",
        "cards/index.html",
        "status.html",
        "sources.html",
    ],
)
def test_pages_work_from_disk(site, page, path):
    for lang in PREFIX:
        if not (site / PREFIX[lang] / path).is_file():
            pytest.skip(f"{path} is not built")
        page.goto(url(site, lang, path))
        page.wait_for_load_state("load")
        assert page.locator("h1").count() >= 1
    # the `page` fixture checks: no console error, no request other than file://


def test_search_runs_offline_from_disk_with_no_request_out(site, page):
    page.goto(url(site, "fr", "counters/rad.html"))
    assert search(page, "marqueur")
    requests = page.recorder.requests
    assert any(r.endswith("search/search_index.js") for r in requests)  # the offline copy of the index
    assert any("workers/counterpedia-search.js" in r for r in requests)  # our worker ran
    assert not any("lunr" in r or "workers/search." in r for r in requests)  # not Material's
    assert all(r.startswith(("file:", "data:", "blob:", "about:")) for r in requests)


@pytest.mark.parametrize("lang", list(PREFIX))
def test_screenshots_kept_as_artifacts(site, page, lang):
    ARTIFACTS.mkdir(exist_ok=True)
    page.goto(url(site, lang, "counters/rad.html"))
    page.screenshot(path=str(ARTIFACTS / f"counter-rad-{lang}.png"), full_page=False)
    query = {"ja": "毒カウンター", "en": "poison counters", "fr": "marqueurs poison"}[lang]
    assert search(page, query)
    page.screenshot(path=str(ARTIFACTS / f"search-{lang}.png"), full_page=False)
    assert (ARTIFACTS / f"counter-rad-{lang}.png").stat().st_size > 10_000


# -- what a result shows -----------------------------------------------------------------------

ARTEFACTS = re.compile("[\u200b-\u200f\u2060\ufeff]")


@pytest.mark.parametrize(
    "lang, query",
    [
        ("ja", "蓄積カウンターを取り除く"),
        ("ja", "取り除かれる"),
        ("ja", "状況起因処理"),
        ("en", "stun counter untapped"),
        ("fr", "marqueur de charge"),
    ],
)
def test_results_quote_the_sentence_that_matched_with_its_words_marked(site, search_page, lang, query):
    page = search_page(lang)
    results = search(page, query)
    first = page.locator(".md-search-result__item").first.inner_html()  # the first result (page and sections)
    assert results and "<mark>" in first
    for result in results:
        assert "翻訳 名称 日本語" not in result["text"] and "Translation" not in result["title"]
        assert not ARTEFACTS.search(result["html"]), result["html"]


def test_a_partial_match_is_shown_and_marked_as_partial(site, search_page):
    page = search_page("en")
    results = search(page, "proliferate planeswalker")
    assert len(results) >= 2
    first = page.locator(".md-search-result__item").first
    assert first.locator(".md-search-result__terms del").count() == 1  # Material's "Missing: …" line


def test_a_ruling_hit_names_its_card_or_subject_and_its_date(site, search_page):
    page = search_page("en")
    results = search(page, "bloodthirst checks any kind of damage")
    ruling = next(r for r in results if r["href"].endswith("#2011-07-08-bloodthirst-01"))
    assert "2011-07-08" in ruling["title"] and "Bloodthirst" in ruling["title"]


@pytest.mark.parametrize(
    "lang, query", [("ja", "取り除かれる"), ("ja", "蓄積カウンター"), ("fr", "marqueur de charge")]
)
def test_copied_results_and_pages_carry_no_segmentation_artefact(browser, site, lang, query):
    context = browser.new_context()
    try:
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.goto(url(site, lang, "index.html"))
        results = search(page, query)
        # Material makes the result list unselectable; a reader's browser may not: copy it as Chromium would.
        page.add_style_tag(
            content=".md-search-result__list, .md-search-result__list * { user-select: text !important }"
        )
        copied = copy(page, ".md-search-result__list")
        assert query[:2] in copied or results[0]["title"][:2] in copied
        assert not ARTEFACTS.search(copied), repr(copied[:200])
        with page.expect_navigation():
            page.locator(".md-search-result__item a").first.click()  # the page opens with ?h= highlights
        copied = copy(page, "article")
        assert copied.strip() and not ARTEFACTS.search(copied), repr(copied[:200])
    finally:
        context.close()


def copy(page, selector: str) -> str:
    """Select the element's contents, press Ctrl+C, read the clipboard."""
    page.evaluate(
        """selector => { if (document.activeElement) document.activeElement.blur();
        const range = document.createRange(); range.selectNodeContents(document.querySelector(selector));
        const selection = getSelection(); selection.removeAllRanges(); selection.addRange(range); }""",
        selector,
    )
    page.keyboard.press("Control+C")
    return page.evaluate("navigator.clipboard.readText()")


def test_a_ruling_on_a_card_is_found_under_its_card_with_its_date(browser):
    """Cards carry their rulings (docs/editors/data-format.md, "card"): a hit opens the card page at the ruling, headed by its date."""
    from counterpedia.model.knowledge import KnowledgeBase, Record

    official = {"status": "official", "source": "wotc-oracle", "version": "2022-04-25"}
    kb = KnowledgeBase()
    kb.add(
        Record(
            "card",
            "walking-ballista",
            {
                "id": "walking-ballista",
                "names": {"en": {"text": "Walking Ballista", **official}, "ja": {"text": "歩行バリスタ", **official}},
                "rulings": [
                    {
                        "id": "2016-08-23-1",
                        "date": "2016-08-23",
                        "original": "en",
                        "text": {"en": {"text": "If Walking Ballista has no +1/+1 counters, it dies.", **official}},
                    }
                ],
            },
        )
    )
    index = site_index.build(kb, "ja")
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><meta charset=utf-8><title>t</title>")
        page.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
        items = page.evaluate(
            """async docs => CounterpediaSearch.results(
            await CounterpediaSearch.loadIndex(docs), "+1/+1 counters dies").items""",
            index["docs"],
        )
    finally:
        context.close()
    group = items[0]
    article = next(doc for doc in group if doc["location"] == "cards/walking-ballista.html")
    ruling = next(doc for doc in group if doc["location"] == "cards/walking-ballista.html#ruling-2016-08-23-1")
    assert article["title"] == "歩行バリスタ"  # the card
    assert ruling["title"] == "裁定 2016-08-23"  # the ruling's date, under its card
    assert "<mark>dies</mark>" in ruling["text"]


# (language, typed, the corrected query offered, the word as typed and as corrected in the first result, its page)
MISTAKES = [
    ("en", "lyalty counter", "loyalty counter", ("lyalty", "loyalty"), "counters/loyalty.html"),
    (
        "ja",
        "プレインズウォカーの忠誠度",
        "プレインズウォーカーの忠誠度",
        ("プレインズウォカー", "プレインズウォーカー"),
        "rules/planeswalkers.html",
    ),
    ("fr", "prolifirer", "proliférer", ("prolifirer", "proliférer"), "mechanics/proliferate.html"),
]
DID_YOU_MEAN = {"ja": "もしかして:", "en": "Did you mean:", "fr": "Vouliez-vous dire :"}


def suggestion_line(page) -> str:
    line = page.locator(".cp-search-suggestion")
    return line.text_content().strip() if line.count() and line.is_visible() else ""


@pytest.mark.parametrize("lang, typed, offered, words, first", MISTAKES, ids=[m[0] for m in MISTAKES])
def test_a_typing_mistake_is_corrected_marked_and_did_you_mean_searches_the_correction(
    site, search_page, lang, typed, offered, words, first
):
    page = search_page(lang)
    results = search(page, typed)
    assert site_path(site, lang, results[0]["href"]).split("#")[0] == first, [r["href"] for r in results[:3]]
    assert suggestion_line(page) == f"{DID_YOU_MEAN[lang]} {offered}"
    marker = page.locator(".md-search-result__item .cp-search-corrected").first
    assert marker.is_visible() and words[0] in marker.text_content() and words[1] in marker.text_content()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"search-did-you-mean-{lang}.png"), full_page=False)
    page.locator(".cp-search-suggestion a").click()  # searches the corrected query
    page.wait_for_function(
        "!document.querySelector('.cp-search-suggestion') || document.querySelector('.cp-search-suggestion').hidden",
        timeout=15_000,
    )
    assert page.locator("input.md-search__input").input_value() == offered
    page.wait_for_function(
        "document.querySelector('.md-search-result__item') && "
        "!document.querySelector('.md-search-result__item .cp-search-corrected')",
        timeout=15_000,
    )
    page.screenshot(path=str(ARTIFACTS / f"search-corrected-query-{lang}.png"), full_page=False)


@pytest.mark.parametrize(
    "lang, query, expected",
    [
        ("en", "p1p1", "counters/plus1-plus1.html"),
        ("ja", "sba", ("rules/state-based-actions.html", "glossary.html")),
        ("fr", "m1m1", "counters/minus1-minus1.html"),
        ("ja", "ちゅうせい", "counters/loyalty.html"),
        ("ja", "どく", "counters/poison.html"),
        ("fr", "marqueur etourdissement", "counters/stun.html"),
    ],
)
def test_shorthands_readings_and_accentless_words_find_their_page_first(site, search_page, lang, query, expected):
    page = search_page(lang)
    results = search(page, query)
    first = site_path(site, lang, results[0]["href"]).split("#")[0]
    assert first in (expected if isinstance(expected, tuple) else (expected,)), [r["href"] for r in results[:3]]
    assert suggestion_line(page) == ""  # nothing was corrected: nothing is offered


def test_a_reading_one_kana_off_finds_the_name_below_the_reading_typed(site, search_page):
    """じゅうせい is the reading of 獣性 (a card) and one kana from 忠誠's: the card first, the counter marked corrected."""
    page = search_page("ja")
    results = search(page, "じゅうせい")
    found = [site_path(site, "ja", r["href"]).split("#")[0] for r in results]
    assert found[0].startswith("cards/") and "counters/loyalty.html" in found[:3], found[:5]
    assert suggestion_line(page) == ""  # found as typed too
    shown = " ".join(r["text"] for r in results)
    assert "かうんたー" not in shown and "じゅうせい を" not in shown  # the readings are ours: never shown
