"""The site's worker and `counterpedia search` read and rank alike: the same inputs, the same results.

docs/assets/javascripts/workers/counterpedia-search.js is a port of counterpedia.search.{normalize,
japanese, query, rank, typos, shorthands}: each function is run on the same samples in Chromium and in
Python, and the whole ranking (corrections, "did you mean" and shorthands included) on the real data's
index for every query of the relevance set, its typo set included."""

from __future__ import annotations

import json

import pytest

from counterpedia.search import japanese, normalize, rank, relevance, shorthands, site_index, typos
from counterpedia.search.query import parse

from .conftest import ROOT

pytestmark = pytest.mark.browser
WORKER_JS = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"
CASES = relevance.load_cases(ROOT / "tests" / "search" / "relevance.yaml")

SAMPLES = [
    "＋１/＋１カウンター",
    "RADカウンター",
    "ｶｳﾝﾀｰ",
    "Créatures",
    "marqueurs",
    "ÉTOURDISSEMENT",
    "œuvres",
    "abilities",
    "généraux",
    "tableaux",
    "jeux",
    "status",
    "«bouclier»",
    "(rad)",
    "counter.",
    "−1/−1",
    "+X/+Y",
    "取り除かれる",
    "が",
    "122.1a",
    "l'effet",
    "state-based",
    "ß",
    "untapped",
    "meulées",
    "détruit",
    "détruire",
    "destroyed",
    "proliferating",
    "dies",
    "used",
    "蓄積カウンターを取り除く",
    "呪文を打ち消す",
    "忠誠カウンターを増殖する",
    "戦場に出る",
    "盾カウンターは何をする",
    "ある",
    "\u200bzero\u200bwidth",
    "🂡 card",
    "Ｗａｌｋｉｎｇ　Ｂａｌｌｉｓｔａ",
    "qu'il",
    "aux",
    "À la",
    "+poison -rad",
    "-1/-1 counters",
    "プレインズウォーカー",
    "ちゅうせいかうんたー",
    "ｳｫｰｶｰ",
    "ヶ月",
    "ぁぃぅぇぉっゃゅょゎゕゖ",
]
QUERIES = [c.query for c in CASES] + [
    "+1/+1",
    "prolif",
    "+stun -untap counter",
    "the",
    "de la",
    "を",
    "zzyzx",
    "Walking Ballista",
    "704.5q",
    "蓄積カウンターを取り除かれる",
    "marqueur « charge »",
    "cards milled",
    "-1/-1",
    "を プレインズウォーカーの忠誠度 は",
    "毒カウンター を は",
    "を は",
    "p1p1",
    "+1 counter",
    "P1P1 on a creature",
    "pw loyalty",
    "sba",
    "+sba",
    "m1m1",
    "prollifirate",
    "lyalties",
    "Doubling SESON",
    "じゅうせい",
    "ちゅうせい",
    "どく",
    "xqzzyvw",
]


@pytest.fixture(scope="module")
def worker(chromium_anywhere):
    context = chromium_anywhere.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><meta charset=utf-8><title>t</title>")
    page.add_script_tag(content=WORKER_JS.read_text(encoding="utf-8"))
    yield page
    context.close()


def test_constants_are_the_same(worker):
    assert worker.evaluate("CounterpediaSearch.SEPARATOR") == normalize.SEPARATOR
    assert worker.evaluate("CounterpediaSearch.SEGMENT_SEPARATORS") == rank.SEPARATORS
    assert set(worker.evaluate("Array.from(CounterpediaSearch.STOP_WORDS)")) == set(normalize.STOP_WORDS)
    assert worker.evaluate("[CounterpediaSearch.SMALL_KANA, CounterpediaSearch.FULL_KANA]") == [
        normalize.SMALL_KANA,
        normalize.FULL_KANA,
    ]
    assert worker.evaluate("""[CounterpediaSearch.MIN_LETTERS, CounterpediaSearch.TWO_EDITS_FROM,
        CounterpediaSearch.MAX_CORRECTIONS, CounterpediaSearch.CORRECTED_QUALITY]""") == [
        typos.MIN_LETTERS,
        typos.TWO_EDITS_FROM,
        typos.MAX_CORRECTIONS,
        typos.CORRECTED_QUALITY,
    ]


def test_distances_and_shorthands_agree(worker):
    pairs = [
        ["loyalty", "lyalty"],
        ["ca", "abc"],
        ["proliferate", "prolifirate"],
        ["ちゅうせい", "じゅうせい"],
        ["kitten", "sitting"],
        ["", "abc"],
        ["abcdef", "badcfe"],
    ]
    got = worker.evaluate(
        "pairs => pairs.map(p => [0, 1, 2, 5].map(k => CounterpediaSearch.distance(p[0], p[1], k)))", pairs
    )
    assert got == [[typos.distance(a, b, k) for k in (0, 1, 2, 5)] for a, b in pairs]
    table = [
        ["p1p1", {"ja": "+1/+1カウンター", "en": "+1/+1 counter", "fr": "marqueur +1/+1"}],
        ["+1 counter", {"ja": "+1/+1カウンター", "en": "+1/+1 counter", "fr": "marqueur +1/+1"}],
    ]
    for lang in relevance.LANGS:
        rows = shorthands.table(table, lang)
        got = worker.evaluate(
            "([qs, rows]) => qs.map(q => CounterpediaSearch.expandShorthands(q, rows))", [QUERIES, rows]
        )
        assert got == [list(shorthands.expand(q, rows)) for q in QUERIES], lang


def test_folding_splitting_and_stemming_agree(worker):
    got = worker.evaluate(
        """samples => samples.map(s => ({
            fold: CounterpediaSearch.foldText(s), token: CounterpediaSearch.foldToken(s),
            split: CounterpediaSearch.split(s), en: CounterpediaSearch.stem(CounterpediaSearch.foldToken(s), "en"),
            fr: CounterpediaSearch.stem(CounterpediaSearch.foldToken(s), "fr"),
            ja: CounterpediaSearch.japaneseTerms(CounterpediaSearch.foldText(s)),
            sentences: CounterpediaSearch.sentences(s + ". Two! 三。")}))""",
        SAMPLES,
    )
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
    got = worker.evaluate(
        """([queries, lang]) => queries.map(q => CounterpediaSearch.parseQuery(q, lang).map(
        t => [t.text, t.kind, t.shown, t.presence, t.typed]))""",
        [QUERIES + SAMPLES, lang],
    )
    for query, js in zip(QUERIES + SAMPLES, got):
        assert js == [t.as_json() for t in parse(query, lang)], query


# Both rank with a limit, as the site and the command line do (the groups of units whose best possible score is
# below the TOP-th are not scored; "did you mean" is made from those TOP), and the worker also without one (every
# unit scored), to show that the limit leaves the first TOP as they are (the Python code's, equal to the worker's,
# then too): scoring every unit in Python cost 2.6 s of CPU per language, in the worker a third of it.
TOP = 30
# The queries whose words are searched both in the whole text and in its pieces (a few ms a word in the whole text).
WHOLE_AND_PIECES = QUERIES[len(CASES) :] + SAMPLES


@pytest.mark.parametrize("lang", relevance.LANGS)
def test_ranking_and_snippets_agree_on_the_real_index(worker, real_site_index, lang):
    index = real_site_index(lang)
    data = site_index.decode(index["docs"][0])
    searchable = site_index.searchable(data)
    searchable.segments = rank.Segments.of(searchable.folded, searchable.starts)  # as the command line searches
    stem_lang = "fr" if lang == "fr" else "en"
    # The answer as one JSON string: Playwright's checking of a returned value's 170,000 parts cost 2 s of CPU.
    differ, got = json.loads(
        worker.evaluate(
            """async ([docs, queries, lang, stemLang, TOP, both]) => {
        const S = CounterpediaSearch, index = await S.loadIndex(docs), segments = S.segmentsOf(index), differ = [];
        const sorted = found => Array.from(found).sort((a, b) => a[0] - b[0]);
        for (const q of both) for (const t of S.parseQuery(q, stemLang)) {
          if (S.SEGMENT_SEPARATORS.split("").some(c => t.text.includes(c))) continue;  // always in the whole text
          const whole = sorted(S.scanText(index, t, stemLang)), pieces = sorted(S.scanSegments(segments, t, stemLang));
          if (JSON.stringify(whole) !== JSON.stringify(pieces)) differ.push([q, t.text]);
        }
        return JSON.stringify([differ, queries.map(q => {
          const expanded = S.expandShorthands(q, index.shorthands);
          const terms = S.parseQuery(expanded[0], stemLang), corrections = S.correct(index, terms, stemLang);
          const marked = terms.slice();
          corrections.forEach((keys, n) => keys.forEach(key => marked.push(S.correctedTerm(terms[n], key))));
          const ranked = S.rank(index, terms, stemLang, null, lang, TOP, corrections);
          const every = S.rank(index, terms, stemLang, null, lang, null, corrections).slice(0, TOP);
          const shown = (n, key) => S.shownCorrection(index, terms[n], key, stemLang);
          const row = r => [r.unit, r.score, r.found, r.best, r.snippetEntry, r.corrected];
          return [corrections, S.suggestion(q, terms, corrections, ranked, shown), ranked.map(r => {
            const quoted = r.snippetEntry >= 0 ? S.snippet(index.texts[r.snippetEntry], marked, stemLang) : null;
            return [...row(r), quoted && [quoted[0], quoted[1].map(s => quoted[0].slice(s[0], s[1]))]];
          }), every.map(row)];
        })]);
    }""",
            [index["docs"], QUERIES, lang, stem_lang, TOP, WHOLE_AND_PIECES],
        )
    )
    assert differ == []  # the worker's searches before and after it made the pieces find the same
    for query, (js_corrections, js_suggestion, js, js_every) in zip(QUERIES, got):
        assert [row[:6] for row in js] == js_every, query  # the limit changes nothing in the first TOP
        terms = parse(shorthands.expand(query, data["shorthands"])[0], stem_lang)
        scans = [rank.scan(searchable, term, stem_lang) for term in terms]  # as engine.search reads them
        corrections = rank.correct(searchable, terms, stem_lang, scans)
        marked = terms + [rank.corrected_term(terms[n], key) for n, keys in enumerate(corrections) for key in keys]
        ranked = rank.rank(searchable, terms, stem_lang, prefer=lang, limit=TOP, corrections=corrections, hits=scans)
        mine = []
        for r in ranked:
            quoted = None
            if r.snippet_entry >= 0:
                text, spans = rank.snippet(searchable.texts[r.snippet_entry], marked, stem_lang)
                quoted = [text, [text[a:b] for a, b in spans]]
            mine.append(
                [
                    r.unit,
                    r.score,
                    [[n, f] for n, f in r.found.items()],
                    r.best,
                    r.snippet_entry,
                    [[n, key] for n, key in sorted(r.corrected.items())],
                    quoted,
                ]
            )
        assert js_corrections == corrections, query
        assert js == mine, query
        suggestion = typos.suggestion(
            query,
            terms,
            corrections,
            ranked,
            lambda n, key: typos.shown(searchable.vocabulary, terms[n], key, stem_lang),
        )
        assert js_suggestion == suggestion, query
