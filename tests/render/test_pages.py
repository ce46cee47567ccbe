import pytest

from counterpedia.knowledge import load
from counterpedia.mkdocs_plugin import alternates
from counterpedia.render.pages import SiteRenderer


@pytest.fixture
def kb(valid_data):
    return load(valid_data)[0]


def test_every_page_of_every_language_is_generated(kb):
    for lang in ("ja", "en", "fr"):
        pages = SiteRenderer(kb, lang).all_pages()
        assert {"index.md", "counters/rad.md", "rules/rad-counters.md", "cards/struggle-for-project-purity.md",
                "mechanics/mill.md", "rulings/index.md", "glossary.md", "sources.md", "status.md"} <= set(pages)


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
    from counterpedia.knowledge import Record
    from counterpedia.render.pages import has_own_rules

    assert has_own_rules(Record("counter", "shield", {"rules": ["122.1c", "704.5"]}))
    assert has_own_rules(Record("counter", "plus2-plus2", {"rules": ["122.1a"]}))  # covered by the +X/+Y pattern
    assert not has_own_rules(Record("counter", "age", {"rules": ["702.24a"]}))
    assert not has_own_rules(Record("counter", "x", {"rules": ["122.1"]}))


def test_the_catalogue_names_the_rule_that_gives_a_kind_its_effect(valid_data):
    (valid_data / "counters" / "plus2-plus2.yaml").write_text(
        'id: plus2-plus2\nnames:\n  en: {text: +2/+2 counter, status: official, source: wotc-printed-cards, '
        'version: "2026-11-29"}\nholders: [permanent]\nrules: ["122.1a"]\nsources: [wotc-printed-cards]\n',
        encoding="utf-8")
    kb = load(valid_data)[0]
    rows = {line.split("|")[2].strip(): line for line in SiteRenderer(kb, "en").home_page().splitlines()
            if line.startswith("| [")}
    assert "[122.1a](rules/counters.md#122-1a)" in rows[r"\+2/+2 counter"]  # a leading + is escaped: not a list item
    assert rows["rad counter"].split("|")[5].strip() == "no"  # this fixture's rad cites 727.1 and 727.1a only


def test_every_holder_a_counter_may_have_is_named_in_each_language():
    """A counter page names who can have the counter in the reader's language, never the schema's key."""
    import json
    from pathlib import Path

    from counterpedia.render import i18n

    schema = json.loads((Path(__file__).resolve().parents[2] / "tools" / "counterpedia" / "schemas" / "counter.schema.json")
                        .read_text(encoding="utf-8"))
    holders = schema["properties"]["holders"]["items"]["enum"]
    assert "sprocket" in holders  # the CRANK! counter of Unstable's Contraptions
    for holder in holders:
        assert set(i18n.HOLDERS[holder]) == {"ja", "en", "fr"}, holder
