import pytest

from counterpedia.commands.mkdocs_plugin import alternates
from counterpedia.model.knowledge import load
from counterpedia.render.pages import SiteRenderer


@pytest.fixture
def kb(valid_data):
    return load(valid_data)[0]


def test_every_page_of_every_language_is_generated(kb):
    for lang in ("ja", "en", "fr"):
        pages = SiteRenderer(kb, lang).all_pages()
        assert {
            "index.md",
            "counters/rad.md",
            "rules/rad-counters.md",
            "cards/struggle-for-project-purity.md",
            "mechanics/mill.md",
            "rulings/index.md",
            "glossary.md",
            "sources.md",
            "status.md",
        } <= set(pages)


def test_a_translation_shows_its_badge_and_the_canonical_text_beside_it(kb):
    page = SiteRenderer(kb, "fr").rule_page(kb.get("rule", "rad-counters"))
    assert "Traduction automatique — l'anglais fait foi" in page
    assert 'class="cp-text__canonical" lang="en"' in page
    assert "Les marqueurs radiation" in page and "Rad counters are a kind of counter" in page


def test_missing_text_shows_as_missing(kb):
    page = SiteRenderer(kb, "ja").rule_page(kb.get("rule", "rad-counters"))
    assert "未翻訳" in page and "この言語の本文はまだありません。" in page


def test_rule_pages_have_an_anchor_per_subrule(kb):
    page = SiteRenderer(kb, "en").rule_page(kb.get("rule", "rad-counters"))
    assert "{#727-1}" in page and "{#727-1a}" in page


def test_counter_page_lists_names_rulings_and_what_cites_it(kb):
    page = SiteRenderer(kb, "ja").counter_page(kb.get("counter", "rad"))
    assert "RADカウンター" in page and "rad counter" in page
    assert "機械翻訳 — 英語版が正" in page
    assert "(../rulings/index.md#2024-03-08-rad-01)" in page
    assert "(../mechanics/mill.md)" in page  # the mill mechanic cites rad


def test_language_switcher_prefixes_reach_the_same_page():
    ja = {a["lang"]: a["prefix"] for a in alternates("ja")}
    en = {a["lang"]: a["prefix"] for a in alternates("en")}
    assert ja == {"ja": "", "en": "en/", "fr": "fr/"}
    assert en == {"ja": "../", "en": "", "fr": "../fr/"}


def test_rules_of_its_own_means_a_subrule_of_122_1():
    from counterpedia.model.knowledge import Record
    from counterpedia.render.pages import has_own_rules

    assert has_own_rules(Record("counter", "shield", {"rules": ["122.1c", "704.5"]}))
    assert has_own_rules(Record("counter", "plus2-plus2", {"rules": ["122.1a"]}))  # covered by the +X/+Y pattern
    assert not has_own_rules(Record("counter", "age", {"rules": ["702.24a"]}))
    assert not has_own_rules(Record("counter", "x", {"rules": ["122.1"]}))


def test_the_catalogue_names_the_rule_that_gives_a_kind_its_effect(valid_data):
    (valid_data / "counters" / "plus2-plus2.yaml").write_text(
        "id: plus2-plus2\nnames:\n  en: {text: +2/+2 counter, status: official, source: wotc-printed-cards, "
        'version: "2026-11-29"}\nholders: [permanent]\nrules: ["122.1a"]\nsources: [wotc-printed-cards]\n',
        encoding="utf-8",
    )
    kb = load(valid_data)[0]
    rows = {
        line.split("|")[2].strip(): line
        for line in SiteRenderer(kb, "en").home_page().splitlines()
        if line.startswith("| [")
    }
    assert "[122.1a](rules/counters.md#122-1a)" in rows[r"\+2/+2 counter"]  # a leading + is escaped: not a list item
    assert rows["rad counter"].split("|")[5].strip() == "no"  # this fixture's rad cites 727.1 and 727.1a only


SAMPLE = """# A made-up card for the tests (not a real card).
id: sample-card
names:
  en: {text: Sample Card, status: official, source: cr, via: counterpedia, version: "2022-04-25"}
  ja: {text: 見本のカード, status: official, source: cr, via: counterpedia, version: "2022-02-18", printing: {set: NEO, number: "2"}}
oracle_id: 00000000-0000-4000-8000-00000000d00d
counters: [rad]
text:
  en:
    text: |-
      Put a rad counter on target player.
    status: official
    source: cr
    via: counterpedia
    version: "2022-04-25"
  ja: {text: 対象のプレイヤーはRADカウンター１個を得る。, status: official, source: cr, via: counterpedia, version: "2022-02-18", printing: {set: NEO, number: "2"}}
rulings:
  - id: 2022-02-18-0a1b2c3d
    date: "2022-02-18"
    source: counterpedia
    original: en
    text:
      en: {text: The rad counter goes on the player., status: community, source: counterpedia, version: "2022-02-18"}
    about:
      counters: [rad]
"""


@pytest.fixture
def sample_kb(valid_data):
    (valid_data / "sources" / "counterpedia.yaml").write_text(
        'id: counterpedia\ntype: dataset\ntitle: A dated dataset\nlanguage: mul\ndate: "2022-04-25"\n', encoding="utf-8"
    )
    (valid_data / "cards" / "s" / "sample-card.yaml").write_text(SAMPLE, encoding="utf-8")
    return load(valid_data)[0]


def test_a_card_page_shows_names_oracle_and_printed_texts_and_its_rulings(sample_kb):
    page = SiteRenderer(sample_kb, "ja").card_page(sample_kb.get("card", "sample-card"))
    assert "見本のカード" in page and "Sample Card" in page and "NEO #2" in page
    assert "Put a rad counter on target player." in page  # the Oracle text, in English on every site
    assert "NEO \\#2 (2022-02-18) に印刷された文章" in page  # the printed text is labelled by its printing (# escaped)
    assert "現在のオラクル・テキストの翻訳ではありません" in page
    assert "{#ruling-2022-02-18-0a1b2c3d}" in page and "The rad counter goes on the player." in page
    assert "英語 · 原文" in page  # the English ruling, shown as the authoritative text, not machine-translated
    assert "データの時点" in page and "(2022-04-25)" in page  # how current the data is


def test_a_counter_page_lists_its_cards_in_a_table_and_links_its_rulings(sample_kb):
    renderer = SiteRenderer(sample_kb, "fr")
    page = renderer.counter_page(sample_kb.get("counter", "rad"))
    assert (
        '<div class="cp-catalogue cp-cards" data-search-exclude="true">' in page
        and '<input type="search" class="cp-filter"' in page
    )
    assert '<a href="../cards/sample-card.html">Sample Card</a>' in page and '<td lang="ja">見本のカード</td>' in page
    assert "](../rulings/counters/rad.md)" in page
    pages = renderer.all_pages()
    assert "rulings/counters/rad.md" in pages and "rulings/2022.md" in pages
    assert "../cards/sample-card.html#ruling-2022-02-18-0a1b2c3d" in pages["rulings/2022.md"]
    assert "(../../cards/sample-card.md#ruling-2022-02-18-0a1b2c3d)" in pages["rulings/counters/rad.md"]
    assert "Actualité des données" in page


def test_leaf_pages_stay_out_of_the_sidebar():
    from counterpedia.render.pages import nav

    def pages(entries):
        for entry in entries:
            values = entry.values() if isinstance(entry, dict) else [entry]
            for value in values:
                yield from (pages(value) if isinstance(value, list) else [value])

    listed = list(pages(nav("en", ["editors/data-format.md"], full_rules=True)))
    assert not [
        p
        for p in listed
        if p.startswith(("cards/", "counters/", "rulings/"))
        and not p.endswith("index.md")
        and p != "rulings/by-counter.md"
    ]


def test_every_holder_a_counter_may_have_is_named_in_each_language():
    """A counter page names who can have the counter in the reader's language, never the schema's key."""
    import json
    from pathlib import Path

    from counterpedia.render import i18n

    schema = json.loads(
        (Path(__file__).resolve().parents[2] / "tools" / "counterpedia" / "schemas" / "counter.schema.json").read_text(
            encoding="utf-8"
        )
    )
    holders = schema["properties"]["holders"]["items"]["enum"]
    assert "sprocket" in holders  # the CRANK! counter of Unstable's Contraptions
    for holder in holders:
        assert set(i18n.HOLDERS[holder]) == {"ja", "en", "fr"}, holder
