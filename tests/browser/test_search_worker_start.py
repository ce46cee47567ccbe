"""What the site's search worker does at start (issue 18, the first result under 500 ms): it builds its
structures in one pass over the index and folds each text in one pass per text, with the same result as
the step-by-step definition; a damaged index is said in the search box, never a silent "nothing found"."""

from __future__ import annotations

import pytest

from counterpedia.model.knowledge import KnowledgeBase, Record
from counterpedia.search import site_index

from .conftest import ROOT

pytestmark = pytest.mark.browser
WORKER_JS = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"
POLYFILL_JS = ROOT / "docs" / "assets" / "javascripts" / "counterpedia-search-polyfill.js"

# normalize.fold_text's steps, one after the other, as the worker folded before it made them one pass.
STEP_BY_STEP = r"""
(texts) => {
  const S = CounterpediaSearch, small = S.SMALL_KANA, full = S.FULL_KANA;
  const step = t => t.normalize("NFKC").replace(/[\u2010\u2011\u2012\u2212\ufe63]/g, "-").toLowerCase()
    .replace(/[\u00c0-\u024f\u1e00-\u1eff]/g, c => c.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .replace(/œ/g, "oe").replace(/æ/g, "ae").replace(/ß/g, "ss")
    .replace(new RegExp("[" + small + "]", "g"), c => full.charAt(small.indexOf(c)));
  const all = texts.slice();
  for (let c = 0; c < 0x10000; c++) if (c < 0xd800 || c >= 0xe000) all.push(String.fromCharCode(c));
  return all.filter(t => S.foldText(t) !== step(t)).map(t => [t, S.foldText(t), step(t)]);
}
"""
TEXTS = ["＋１/＋１カウンター", "ÉTOURDISSEMENT", "Œuvres Æther Straße", "ｶｳﾝﾀｰ ショック", "−1/−1 ‐ ‑", "Ǣ ǽ ẞ"]


@pytest.fixture
def blank(chromium_anywhere):
    context = chromium_anywhere.new_context()
    page = context.new_page()
    page.set_content(
        "<!doctype html><html lang=fr><meta charset=utf-8><title>t</title><div><ol class=md-search-result__list></ol></div>"
    )
    yield page
    context.close()


def test_folding_in_one_pass_equals_the_steps_for_every_character(blank):
    blank.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
    assert blank.evaluate(STEP_BY_STEP, TEXTS) == []


def kb() -> KnowledgeBase:
    official = {"status": "official", "source": "wotc-oracle", "version": "2022-04-25"}
    found = KnowledgeBase()
    found.add(
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
                        "text": {"en": {"text": "If Walking Ballista has no ＋1/+1 Counters, it dies.", **official}},
                    }
                ],
            },
        )
    )
    return found


def test_the_index_built_at_start_is_the_searchable_of_its_units(blank):
    """The one pass over the payload (siteIndex) gives what `searchable` gives from the plain units."""
    blank.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
    index = site_index.build(kb(), "ja")
    payload = site_index.decode(index["docs"][0])
    kinds = {code: kind for kind, code in site_index.kind_codes().items()}
    plain = [
        [kinds[unit[2]], [[site_index.ROLE_NAMES[entry[0]], "", entry[1]] for entry in unit[4]]]
        for unit in payload["units"]
    ]
    got, expected = blank.evaluate(
        """async ([docs, plain]) => {
        const S = CounterpediaSearch, index = await S.loadIndex(docs), want = S.searchable(plain);
        const keys = ["roles", "langs", "texts", "owners", "kinds", "folded", "starts", "first"];
        return [keys.map(k => index[k]), keys.map(k => want[k])];
    }""",
        [index["docs"], plain],
    )
    assert got == expected
    assert "+1/+1 counters" in got[5]  # folded: full width, case


WHILE_SPLITTING = {
    "ja": ["毒カウンター", "取り除かれる", "プレインズウォカーの忠誠度", "じゅうせい", "+1/+1カウンター"],
    "fr": ["marqueurs poison", "prolif", "prolifirer", "créatures détruites", "marqueur +1/+1", "-rad +poison"],
}


@pytest.mark.parametrize("lang", sorted(WHILE_SPLITTING))
def test_results_while_the_pieces_are_made_are_those_after(blank, real_site_index, lang):
    """The worker answers during the slices that split the texts into pieces (it then searches the whole text)
    as it answers once they are made: the same results, corrections and suggestions."""
    blank.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
    during, after, made = blank.evaluate(
        """async ([docs, queries]) => {
        const S = CounterpediaSearch, index = await S.loadIndex(docs);
        S.splitInBackground(index);
        const madeAtFirst = Boolean(index.segments);
        const during = JSON.stringify(queries.map(q => S.results(index, q)));
        while (!index.segments) await new Promise(resolve => setTimeout(resolve, 10));
        return [during, JSON.stringify(queries.map(q => S.results(index, q))), madeAtFirst];
    }""",
        [real_site_index(lang)["docs"], WHILE_SPLITTING[lang]],
    )
    assert not made  # the first answers were given before the pieces were made
    assert during == after


def damaged(name: str) -> dict:
    """docs[0] of an index the worker cannot read."""
    if name == "not gzip":
        return {"counterpedia": 1, "lang": "en", "gzip": "bm90IGd6aXAgYXQgYWxs"}
    if name == "gzip of something else":  # valid gzip and JSON, no units
        return {"counterpedia": 1, "lang": "en", "gzip": site_index.encode({"pages": "x"})}
    return {"location": "index.html", "title": "Material's own", "text": ""}  # Material's, not ours


DAMAGED = ["not gzip", "gzip of something else", "not our index"]


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_index_is_said_in_every_result(blank, name):
    """The worker, run as a worker, answers a query on a damaged index with `error`, not with nothing."""
    data = blank.evaluate(
        """async ([code, doc]) => {
        const url = URL.createObjectURL(new Blob([code], {type: "text/javascript"}));
        const worker = new Worker(url);
        const result = new Promise(resolve => worker.addEventListener("message", event => {
          if (event.data.type === 3) resolve(event.data.data);
        }));
        worker.postMessage({type: 0, data: {config: {}, docs: [doc]}});
        worker.postMessage({type: 2, data: "poison counter"});
        const data = await result;
        worker.terminate();
        return data;
    }""",
        [WORKER_JS.read_text(encoding="utf-8"), damaged(name)],
    )
    assert data["items"] == []
    assert data["error"]


def test_the_search_box_shows_the_damaged_index_in_the_pages_language(blank):
    """counterpedia-search-polyfill.js puts the worker's `error` above Material's result list."""
    blank.evaluate(
        """() => {
        window.Worker = class extends EventTarget { constructor(url) { super(); window.__made = url; } };
    }"""
    )
    blank.add_script_tag(content=POLYFILL_JS.read_text(encoding="utf-8"))
    blank.evaluate(
        """() => {
        const worker = new Worker("assets/javascripts/workers/search.0123abcd.min.js");
        worker.dispatchEvent(new MessageEvent("message", {data: {type: 3, data: {items: [], error: "bad gzip"}}}));
    }"""
    )
    line = blank.locator(".cp-search-error")
    assert line.is_visible()
    assert line.text_content() == "L'index de recherche n'a pas pu être lu ; reconstruisez le site : bad gzip"
    blank.evaluate(
        """() => {
        const worker = new Worker("assets/javascripts/workers/search.0123abcd.min.js");
        worker.dispatchEvent(new MessageEvent("message", {data: {type: 3, data: {items: []}}}));
    }"""
    )
    assert not line.is_visible()  # an index read since: the line goes
