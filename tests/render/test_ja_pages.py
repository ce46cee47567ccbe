"""What readers see of the official Japanese texts: differences from the English, quotes of earlier
editions as history, the Japanese full rules beside the English, and the French site's note."""

from __future__ import annotations

import pytest

from counterpedia.cr.ja_parse import parse_file
from counterpedia.render.pages import SiteRenderer

from ..cr.ja_reference import FIXTURE
from .test_cr_pages import archive  # noqa: F401 - the official editions, skipped without CR files

FR_NOTE = "Il n'existe pas de version française officielle à jour des règles complètes"


@pytest.fixture(scope="module")
def kb(real_kb):
    return real_kb


def pages(renderer: SiteRenderer, *paths: str) -> dict[str, str]:
    """The pages `paths` alone, as `all_pages()` renders them: the real data has 5,000 pages a language, and
    rendering them all to read three took most of this module's minutes."""
    makers = renderer.page_makers()
    return {path: makers[path]() for path in paths}


def test_a_difference_from_the_english_is_shown_beside_the_japanese(kb):
    page = SiteRenderer(kb, "ja").rule_page(kb.get("rule", "counters"))
    assert "英語版との違い" in page
    assert "英語版の「exalted」（賛美）がこの訳にはない。" in page  # 122.1b
    assert "この訳には英語版にない「(訳注：両方が同数である場合、その両方を全て取り除く。)」がある。" in page  # 122.3
    english = SiteRenderer(kb, "en").rule_page(kb.get("rule", "counters"))
    assert "leaves out" not in english  # the English page shows the English text, which has no such note


def test_quotes_of_earlier_editions_are_history_not_the_current_text(kb):
    for lang, label in (
        ("ja", "以前の版の引用"),
        ("en", "Quotes of earlier editions"),
        ("fr", "Citations d'éditions antérieures"),
    ):
        page = SiteRenderer(kb, lang).rule_page(kb.get("rule", "bloodthirst"))
        history = page.split('class="cp-history-quotes"', 1)[1]
        assert label in history and "2011-07-08" in history
        current = page.split('class="cp-history-quotes"', 1)[0]
        assert "20260116" in current and "2011-07-08" not in current.split("### 702.54a")[0].split("702.54 {#")[-1]
    ja = SiteRenderer(kb, "ja").rule_page(kb.get("rule", "bloodthirst"))
    assert "当時の番号 702.52a" in ja and "狂喜 N／Bloodthirst N" in ja


def test_the_french_site_says_once_that_its_rule_texts_are_machine_translations(kb):
    paths = ("index.md", "rules/index.md", "rules/counters.md", "rules/rad-counters.md")
    french = pages(SiteRenderer(kb, "fr"), *paths)
    for path in paths:
        assert french[path].count(FR_NOTE) == 1, path
    for lang in ("ja", "en"):  # their home page, index.md of all_pages(), alone: not their 3,000 other pages as well
        assert FR_NOTE not in SiteRenderer(kb, lang).home_page()


def test_the_japanese_full_rules_show_the_official_text_beside_the_english(kb, archive):  # noqa: F811
    ja = parse_file(FIXTURE)
    japanese = pages(SiteRenderer(kb, "ja", archive, ja), "cr/122.md", "cr/704.md", "cr/100.md", "cr/index.md")
    section = japanese["cr/122.md"]
    assert (
        section.startswith('---\ntitle: "122. カウンター"') and '<p class="cp-meta" lang="en">Counters</p>' in section
    )
    rule = section.split('id="122-1b"', 1)[1].split('id="122-1c"', 1)[0]
    assert 'class="cp-rule__text" lang="ja"' in rule and "飛行、先制攻撃、二段攻撃、接死、腐乱" in rule
    assert 'class="cp-rule__canonical" lang="en"' in rule and "deathtouch, decayed, exalted" in rule
    assert "公式和訳 (20260116 版)" in section and "sources.md#cr-ja-20260116" in section
    assert "ライフが0以下のプレイヤーはゲームに敗北する。" in japanese["cr/704.md"]
    # A rule the Japanese file lacks (an excerpt) is shown in English only.
    assert (
        'class="cp-rule__text" lang="en"' in japanese["cr/100.md"] and "cp-rule__canonical" not in japanese["cr/100.md"]
    )
    assert "122. カウンター (Counters)" in japanese["cr/index.md"]
    english = pages(SiteRenderer(kb, "en", archive, ja), "cr/122.md")["cr/122.md"]
    assert "カウンターとは" not in english
    french = pages(SiteRenderer(kb, "fr", archive, ja), "cr/122.md", "cr/index.md")
    assert french["cr/122.md"].count(FR_NOTE) == 1 and french["cr/index.md"].count(FR_NOTE) == 1


def test_a_japanese_file_of_no_english_edition_is_not_shown(kb, archive):  # noqa: F811
    from counterpedia.cr.ja_parse import parse_text

    stranger = parse_text(FIXTURE.read_text(encoding="utf-8").replace("2026年1月16日", "2025年11月15日"))
    counters = pages(SiteRenderer(kb, "ja", archive, stranger), "cr/122.md")["cr/122.md"]
    assert "カウンターとは" not in counters
    assert "公式和訳の版 (20251115) が英語版 (20260116) と異なる" in counters


def test_a_japanese_translation_behind_the_english_says_so_rule_by_rule(kb):
    """The official Japanese of 20260116 beside the English of a later edition (the 2026 copies): each rule shows
    the Japanese of the rule it was, says which English it translates, and is marked drifted where the English
    changed since; a rule added since shows the English alone."""
    from counterpedia.cr.archive import RulesArchive
    from counterpedia.cr.parse import parse_file as parse_english

    from ..cr.cr_reference import EDITION_IDS, NEWER_IDS, reference_files

    found = reference_files()
    wanted = ["20260116", "20260925"]
    if not all(e in found for e in wanted):
        pytest.skip("the CR files of 20260116 and 20260925 are not available; set COUNTERPEDIA_CR_DIR")
    assert set(wanted) <= set(EDITION_IDS + NEWER_IDS)
    archive = RulesArchive([parse_english(found[e]) for e in wanted])
    rendered = pages(SiteRenderer(kb, "ja", archive, parse_file(FIXTURE)), "cr/122.md", "cr/728.md")
    counters = rendered["cr/122.md"]
    assert "公式和訳 (20260116 版) で、英語 20260116 版の翻訳です" in counters and "20260925 版になりました" in counters
    unchanged = counters.split('id="122-1h"', 1)[1].split('id="122-1i"', 1)[0]
    assert 'lang="ja"' in unchanged and "cp-badge--drifted" not in unchanged
    changed = counters.split('id="122-1i"', 1)[1].split('id="122-1j"', 1)[0]  # "see rule 727" became 728
    assert (
        "727〔RADカウンター〕参照" in changed and "cp-badge--drifted" in changed and "英語 20260116 版の翻訳" in changed
    )
    added = counters.split('id="122-1j"', 1)[1].split('id="122-2"', 1)[0]  # hone counters: no translation yet
    assert "cp-rule__canonical" not in added and 'class="cp-rule__text" lang="en"' in added
    rad = rendered["cr/728.md"]  # 727 in 20260116
    assert rad.startswith('---\ntitle: "728. RADカウンター"') and "20260116 版では [727\\.1" in rad


def test_the_sidebar_says_when_the_full_rules_are_bilingual():
    from counterpedia.render.pages import nav

    assert "総合ルール全文 (日英対訳)" in str(nav("ja", [], full_rules=True, bilingual=True))
    assert "総合ルール全文 (英語)" in str(nav("ja", [], full_rules=True))
