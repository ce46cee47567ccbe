"""The built sites in headless Chromium, opened from disk (file://) as a reader with no network would."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from counterpedia.search import normalize

from .conftest import ARTIFACTS, PREFIX, ROOT, url

pytestmark = pytest.mark.browser
WORKER_JS = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"

# (language, what a reader types, the record that must come first: its page, and the data file it needs)
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
    ("fr", "prolifere", "mechanics/proliferate.html", "mechanics/proliferate.yaml"),
]


def search(page, query: str, timeout: float = 15_000) -> list[dict]:
    """Type `query` in the search box and return the results shown: page path (no ?h=), title, text."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill(query)
    box.press("End")  # Material reads the query on keyup
    page.wait_for_function(
        "document.querySelector('.md-search-result__item') || "
        "/\\S/.test(document.querySelector('.md-search-result__meta').textContent) && "
        "!document.querySelector('.md-search-result__meta').textContent.includes('入力')",
        timeout=timeout,
    )
    page.wait_for_timeout(100)
    return page.eval_on_selector_all(
        ".md-search-result__item > a",
        """links => links.map(a => ({href: a.href, title: (a.querySelector('h1,h2') || {}).textContent || '',
            html: a.innerHTML}))""",
    )


def site_path(site: Path, lang: str, href: str) -> str:
    """counters/rad.html#x from a result's file:// URL."""
    path = unquote(urlsplit(href).path)
    root = str((site / PREFIX[lang]).resolve()) + "/"
    assert path.startswith(root), (path, root)
    return path[len(root):] + (f"#{urlsplit(href).fragment}" if urlsplit(href).fragment else "")


@pytest.mark.parametrize("lang, query, expected, record", QUERIES)
def test_query_finds_the_expected_page_first(site, page, lang, query, expected, record):
    if not (ROOT / "data" / record).is_file():
        pytest.skip(f"data/{record} is not there yet")
    page.goto(url(site, lang, "index.html"))
    results = search(page, query)
    assert results, f"{lang}: nothing found for {query!r}"
    first = site_path(site, lang, results[0]["href"]).split("#")[0]
    assert first == expected, f"{lang}: {query!r} gave {[site_path(site, lang, r['href']) for r in results[:5]]}"
    assert "<mark>" in results[0]["html"] or any("<mark>" in r["html"] for r in results[:3])


@pytest.mark.parametrize("lang, query, must_mark", [
    ("ja", "取り除かれる", "取り除か"),      # TinySegmenter: 取り除か + れる, in the index and in the query
    ("fr", "creature", "créature"),          # accents folded both ways
    ("fr", "créatures", "créature"),         # and the plural
    ("en", "abilities", "abilit"),
])
def test_segmented_accented_and_plural_words_are_found_and_marked(site, page, lang, query, must_mark):
    page.goto(url(site, lang, "index.html"))
    results = search(page, query)
    marked = [m.lower() for r in results for m in re.findall(r"<mark>(.*?)</mark>", r["html"])]
    assert any(must_mark in m for m in marked), f"{query!r}: marks {marked[:10]}"


def test_half_width_and_full_width_find_the_same(site, page):
    page.goto(url(site, "ja", "index.html"))
    half = [r["href"].split("?")[0] for r in search(page, "+1/+1")]
    full = [r["href"].split("?")[0] for r in search(page, "＋１/＋１")]
    assert half and half == full


def test_excluded_pages_are_not_in_the_index(site):
    for lang in PREFIX:
        index = json.loads((site / PREFIX[lang] / "search" / "search_index.json").read_text(encoding="utf-8"))
        pages = {doc["location"].split("#")[0] for doc in index["docs"]}
        assert not pages & {"status.html", "sources.html", "rulings/by-counter.html"}
        assert index["config"]["separator"] == normalize.SEPARATOR
        assert index["config"]["pipeline"] == ["stopWordFilter"]
        offline = (site / PREFIX[lang] / "search" / "search_index.js").read_text(encoding="utf-8")
        assert offline.startswith("var __index = ") and json.loads(offline[len("var __index = "):]) == index


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


@pytest.mark.parametrize("path", [
    "index.html", "counters/rad.html", "rules/rad-counters.html", "rulings/index.html", "glossary.html",
    "mechanics/index.html", "cards/index.html", "status.html", "sources.html",
])
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
    assert any("workers/counterpedia-search.js" in r for r in requests)  # our worker wrapper ran
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


# -- the browser's normalization is the Python one -------------------------------------------

SAMPLES = [
    "＋１/＋１カウンター", "RADカウンター", "ｶｳﾝﾀｰ", "Créatures", "marqueurs", "ÉTOURDISSEMENT", "œuvres",
    "abilities", "généraux", "tableaux", "jeux", "status", "«bouclier»", "(rad)", "counter.", "−1/−1",
    "+X/+Y", "取り除かれる", "が", "122.1a", "l'effet", "state-based", "ß",
]


def test_javascript_and_python_fold_alike(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><meta charset=utf-8><title>t</title>")
        page.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
        got = page.evaluate(
            """([samples, separator]) => samples.map(s => ({
                fold: CounterpediaSearch.foldText(s), token: CounterpediaSearch.foldToken(s),
                split: CounterpediaSearch.normalizeText(s).split(new RegExp(separator)).filter(Boolean)}))""",
            [SAMPLES, normalize.SEPARATOR],
        )
    finally:
        context.close()
    for sample, js in zip(SAMPLES, got):
        assert js["fold"] == normalize.fold_text(sample), sample
        assert js["token"] == normalize.fold_token(sample), sample
        assert js["split"] == normalize.split(sample), sample


def test_query_preparation(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><meta charset=utf-8><title>t</title>")
        page.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
        prepare = lambda q: page.evaluate(  # noqa: E731
            "([q, s]) => CounterpediaSearch.prepareQuery(q, s)", [q, normalize.SEPARATOR])
        assert prepare("＋１/＋１") == "1/+1"
        assert prepare("-1/-1 counters") == "1/-1 counters"
        assert prepare("RADカウンター") == "RAD カウンター"
        assert prepare("+poison -rad") == "+poison -rad"      # Lunr's operators still work on words
        assert prepare("action d'état") == "action état"
        assert prepare("title:rad") == "title:rad"
    finally:
        context.close()
