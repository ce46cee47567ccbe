"""The site's worker and `counterpedia search` read and rank alike: the same inputs, the same results.

docs/assets/javascripts/workers/counterpedia-search.js is a port of counterpedia.search.{normalize,
japanese, query, rank}: each function is run on the same samples in Chromium and in Python, and the
whole ranking on the real data's index for every query of the relevance set."""

from __future__ import annotations

import pytest

from counterpedia.model.knowledge import load
from counterpedia.search import japanese, normalize, rank, relevance, site_index
from counterpedia.search.query import parse

from .conftest import ROOT

pytestmark = pytest.mark.browser
WORKER_JS = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"
CASES = relevance.load_cases(ROOT / "tests" / "search" / "relevance.yaml")

SAMPLES = [
    "＋１/＋１カウンター", "RADカウンター", "ｶｳﾝﾀｰ", "Créatures", "marqueurs", "ÉTOURDISSEMENT", "œuvres",
    "abilities", "généraux", "tableaux", "jeux", "status", "«bouclier»", "(rad)", "counter.", "−1/−1",
    "+X/+Y", "取り除かれる", "が", "122.1a", "l'effet", "state-based", "ß", "untapped", "meulées", "détruit",
    "détruire", "destroyed", "proliferating", "dies", "used", "蓄積カウンターを取り除く", "呪文を打ち消す",
    "忠誠カウンターを増殖する", "戦場に出る", "盾カウンターは何をする", "ある", "\u200bzero\u200bwidth", "🂡 card",
    "Ｗａｌｋｉｎｇ　Ｂａｌｌｉｓｔａ", "qu'il", "aux", "À la", "+poison -rad", "-1/-1 counters",
]
QUERIES = [c.query for c in CASES] + [
    "+1/+1", "prolif", "+stun -untap counter", "the", "de la", "を", "zzyzx", "Walking Ballista", "704.5q",
    "蓄積カウンターを取り除かれる", "marqueur « charge »", "cards milled", "-1/-1", "を プレインズウォーカーの忠誠度 は",
    "毒カウンター を は", "を は",
]


@pytest.fixture(scope="module")
def worker(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><meta charset=utf-8><title>t</title>")
    page.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
    yield page
    context.close()


def test_constants_are_the_same(worker):
    assert worker.evaluate("CounterpediaSearch.SEPARATOR") == normalize.SEPARATOR
    assert set(worker.evaluate("Array.from(CounterpediaSearch.STOP_WORDS)")) == set(normalize.STOP_WORDS)


def test_folding_splitting_and_stemming_agree(worker):
    got = worker.evaluate(
        """samples => samples.map(s => ({
            fold: CounterpediaSearch.foldText(s), token: CounterpediaSearch.foldToken(s),
            split: CounterpediaSearch.split(s), en: CounterpediaSearch.stem(CounterpediaSearch.foldToken(s), "en"),
            fr: CounterpediaSearch.stem(CounterpediaSearch.foldToken(s), "fr"),
            ja: CounterpediaSearch.japaneseTerms(CounterpediaSearch.foldText(s)),
            sentences: CounterpediaSearch.sentences(s + ". Two! 三。")}))""", SAMPLES)
    for sample, js in zip(SAMPLES, got):
        token = normalize.fold_token(sample)
        assert js["fold"] == normalize.fold_text(sample), sample
        assert js["token"] == token, sample
        assert js["split"] == normalize.split(sample), sample
        assert (js["en"], js["fr"]) == (normalize.stem(token, "en"), normalize.stem(token, "fr")), sample
        assert [tuple(t) for t in js["ja"]] == japanese.terms(normalize.fold_text(sample)), sample
        if sample.isascii():  # offsets: code points in Python, UTF-16 units in JavaScript
            assert [tuple(s) for s in js["sentences"]] == rank.sentences(sample + ". Two! 三。"), sample


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_queries_are_read_alike(worker, lang):
    got = worker.evaluate("""([queries, lang]) => queries.map(q => CounterpediaSearch.parseQuery(q, lang).map(
        t => [t.text, t.kind, t.shown, t.presence, t.typed]))""", [QUERIES + SAMPLES, lang])
    for query, js in zip(QUERIES + SAMPLES, got):
        assert js == [t.as_json() for t in parse(query, lang)], query


@pytest.fixture(scope="module")
def real_kb(real_data):
    kb, _ = load(real_data)
    return kb


@pytest.mark.parametrize("lang", relevance.LANGS)
def test_ranking_and_snippets_agree_on_the_real_index(worker, real_kb, lang):
    index = site_index.build(real_kb, lang)
    data = site_index.decode(index["docs"][0])
    searchable = site_index.searchable(data)
    stem_lang = "fr" if lang == "fr" else "en"
    got = worker.evaluate("""async ([docs, queries, lang, stemLang]) => {
        const S = CounterpediaSearch, index = await S.loadIndex(docs);
        return queries.map(q => {
          const terms = S.parseQuery(q, stemLang);
          return S.rank(index, terms, stemLang, null, lang).slice(0, 30).map(r => {
            const quoted = r.snippetEntry >= 0 ? S.snippet(index.texts[r.snippetEntry], terms, stemLang) : null;
            return [r.unit, r.score, r.found, r.best, r.snippetEntry,
                    quoted && [quoted[0], quoted[1].map(s => quoted[0].slice(s[0], s[1]))]];
          });
        });
    }""", [index["docs"], QUERIES, lang, stem_lang])
    for query, js in zip(QUERIES, got):
        terms = parse(query, stem_lang)
        mine = []
        for r in rank.rank(searchable, terms, stem_lang, prefer=lang)[:30]:
            quoted = None
            if r.snippet_entry >= 0:
                text, spans = rank.snippet(searchable.texts[r.snippet_entry], terms, stem_lang)
                quoted = [text, [text[a:b] for a, b in spans]]
            mine.append([r.unit, r.score, [[n, f] for n, f in r.found.items()], r.best, r.snippet_entry, quoted])
        assert js == mine, query
