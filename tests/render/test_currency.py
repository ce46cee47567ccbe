"""How current each source is (cards, rulings, English rules, Japanese rules), on the home page and on every card,
counter and rules page: computed from the data and the CR files, never written by hand."""

from __future__ import annotations

import re
from types import SimpleNamespace

from counterpedia.cr.quotes_cli import quoted_edition
from counterpedia.model.knowledge import load
from counterpedia.model.provenance import text_hash
from counterpedia.render.pages import SiteRenderer

SCRYFALL = """id: scryfall-sets-20251103
type: dataset
title: Scryfall set files (snapshot 2025-11-03)
publisher: Scryfall
language: mul
date: "2025-11-03"
"""

NEW_CARD = """id: sample-hone-blade
names:
  en: {text: Sample Hone Blade, status: official, source: wotc-oracle, version: "2025-11-03", via: scryfall-sets-20251103}
text:
  en: {text: "Equipped creature gets +1/+0 for each time counter on this Equipment.", status: official, source: wotc-oracle, version: "2025-11-03", via: scryfall-sets-20251103}
counters: [time]
"""


def currency(page: str) -> str:
    return re.search(r'<p class="cp-currency".*?</p>', page).group(0)


def pages_of(kb, lang: str, archive=None) -> dict[str, str]:
    renderer = SiteRenderer(kb, lang, archive)
    pages = {"index.md": renderer.home_page()}
    for kind, render in (
        ("card", renderer.card_page),
        ("counter", renderer.counter_page),
        ("rule", renderer.rule_page),
    ):
        for record in kb.all(kind):
            pages[f"{kind}/{record.id}"] = render(record)
    return pages


def test_every_home_card_counter_and_rules_page_says_how_current_each_source_is(valid_data):
    kb, _ = load(valid_data)
    for lang, words in (
        ("en", ("Cards:", "Rulings:", "English rules:", "Japanese rules:")),
        ("ja", ("カード:", "裁定:", "英語の総合ルール:", "日本語の総合ルール:")),
        ("fr", ("Cartes :", "Décisions :", "Règles en anglais :", "Règles en japonais :")),
    ):
        for path, page in pages_of(kb, lang).items():
            line = currency(page)
            assert all(word in line for word in words), (lang, path, line)


def test_the_dates_come_from_the_data(valid_data):
    kb, _ = load(valid_data)
    line = currency(SiteRenderer(kb, "en").home_page())
    # The cards were read from MTGJSON's build of 2022-04-25: nothing printed later is claimed.
    assert "Cards: [MTGJSON" in line and "(nothing printed after 2022-04-25 is in them)" in line
    # No dataset of rulings here: the one ruling was entered by hand (the seeds' rad ruling of 2024-03-08).
    assert "Rulings: 1 entered by hand (the newest of 2024-03-08)" in line
    assert "English rules: quoted from the edition 20260116." in line
    assert "Japanese rules: no official translation quoted." in line


def test_a_newer_import_moves_the_cards_date_by_itself(valid_data):
    (valid_data / "sources" / "scryfall-sets-20251103.yaml").write_text(SCRYFALL, encoding="utf-8")
    (valid_data / "cards" / "s" / "sample-hone-blade.yaml").write_text(NEW_CARD, encoding="utf-8")
    kb, _ = load(valid_data)
    renderer = SiteRenderer(kb, "en")
    line = currency(renderer.home_page())
    assert "Cards: [Scryfall set files (snapshot 2025-11-03)](sources.md#scryfall-sets-20251103), [MTGJSON" in line
    assert "(nothing printed after 2025-11-03 is in them)" in line
    # A card read from the older copy says so on its own page; one from the newest needs not.
    older = currency(renderer.card_page(kb.get("card", "inevitable-betrayal")))
    assert "this card's Oracle text is from [MTGJSON 5.2.0 set files (build 2022-04-25)]" in older
    assert "this card's Oracle text" not in currency(renderer.card_page(kb.get("card", "sample-hone-blade")))


def test_quotes_behind_the_newest_edition_at_hand_say_so(valid_data):
    kb, _ = load(valid_data)
    archive = SimpleNamespace(newest=SimpleNamespace(edition="20260925"))
    renderer = SiteRenderer(kb, "en")
    renderer.archive = archive  # only its newest edition is read here
    line = currency(renderer.home_page())
    assert "English rules: quoted from the edition 20260116 (the newer edition 20260925 is not quoted yet)" in line


def test_a_japanese_translation_of_an_older_english_says_which_and_is_drifted(valid_data):
    path = valid_data / "rules" / "rad-counters.yaml"
    text = path.read_text(encoding="utf-8")
    english = "A card that refers to life loss “from radiation” refers to life lost as a result of the triggered ability associated with rad counters."
    japanese = (
        "      ja:\n        text: カードが「放射能によって/from radiation」失ったライフを参照するなら、RADカウンターに付属する誘発型能力の結果として失ったライフを参照する。\n"
        '        status: official\n        source: cr\n        version: "20260116"\n'
        f'        translates: {{lang: en, version: "20260116", number: "727.1a", hash: "{text_hash(english)}"}}\n'
    )
    text = text.replace('  - number: "727.1a"\n    text:\n', '  - number: "727.1a"\n    text:\n' + japanese)
    path.write_text(text, encoding="utf-8")
    kb, problems = load(valid_data)
    assert not [p for p in problems if p.severity == "error"]
    renderer = SiteRenderer(kb, "en")
    page = renderer.rule_page(kb.get("rule", "rad-counters"))
    assert "Japanese rules: the official translation of 20260116 (it translates the English of 20260116)." in currency(
        page
    )
    renderer_ja = SiteRenderer(kb, "ja")
    assert "英語 20260116 版の翻訳 · 20260116 版では [727\\.1a](" in renderer_ja.rule_page(
        kb.get("rule", "rad-counters")
    )
    # The English changes (a new edition): the Japanese is drifted, and the pages count it.
    path.write_text(
        text.replace(english, english.replace("refers to life lost", "means life lost"), 1), encoding="utf-8"
    )
    kb, _ = load(valid_data)
    line = currency(SiteRenderer(kb, "en").rule_page(kb.get("rule", "rad-counters")))
    assert "1 of them no longer match the current English (drifted)" in line


def test_the_real_data_says_what_it_quotes(real_kb):
    kb = real_kb
    quoted = quoted_edition(kb)
    ja = SiteRenderer(kb, "ja")
    home = currency(ja.home_page())
    assert f"英語の総合ルール: {quoted} 版から引用" in home
    editions = {
        str(e["text"]["ja"]["version"])
        for r in kb.all("rule")
        for e in r.data["rules"]
        if isinstance(e.get("text", {}).get("ja"), dict) and e["text"]["ja"].get("status") == "official"
    }
    for edition in editions:
        assert f"{edition} 版の公式訳" in home
    # Every official Japanese rule text shown on a rule page says which English edition it translates.
    for record in kb.all("rule"):
        page = ja.rule_page(record)
        for entry in record.data["rules"]:
            translation = entry.get("text", {}).get("ja")
            if isinstance(translation, dict) and translation.get("status") == "official":
                assert f"英語 {translation['translates']['version']} 版の翻訳" in page, (record.id, entry["number"])


COMMUNITY_RULING = """
rulings:
  - id: 2021-06-18-0badc0de
    date: "2021-06-18"
    source: mtgjson-20220425
    original: en
    text:
      en: {text: "Suspend is a keyword ability.", status: community, source: mtgjson-20220425, version: "2021-06-18"}
"""


def test_the_home_page_says_how_many_rulings_are_official_and_how_many_unproven(valid_data):
    card = valid_data / "cards" / "i" / "inevitable-betrayal.yaml"
    card.write_text(card.read_text(encoding="utf-8") + COMMUNITY_RULING, encoding="utf-8")
    kb, _ = load(valid_data)
    pages = {lang: SiteRenderer(kb, lang).home_page() for lang in ("en", "ja", "fr")}
    # counted from the data: the seeds' rad ruling is Wizards' (official); the imported one is unproven
    assert "Rulings: 1 official (proven to be Wizards of the Coast's own texts), 1 unproven" in pages["en"]
    assert "裁定: 公式 1 件" in pages["ja"] and "未確認 1 件" in pages["ja"]
    assert "Décisions : 1 officielles" in pages["fr"] and "1 non prouvées" in pages["fr"]
