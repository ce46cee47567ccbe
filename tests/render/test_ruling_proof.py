"""Every ruling shows whether it is proven official and where it comes from; the home page, each counter page and
the dashboard count official and unproven rulings; a counter's rulings can be filtered to the official ones."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.model import proof
from counterpedia.model.knowledge import load
from counterpedia.render.pages import SiteRenderer

ROOT = Path(__file__).resolve().parents[2]

CARD = """id: sample-rad-card
names:
  en: {text: Sample Rad Card, status: official, source: wotc-oracle, version: "2022-04-25"}
rulings:
  - id: 2016-09-20-aaaaaaaa
    date: "2016-09-20"
    source: wotc-gatherer
    original: en
    text:
      en:
        text: A proven ruling’s text.
        status: official
        source: wotc-gatherer
        via: mtgjson3-gatherer-20181107
        version: "2016-09-20"
    about: {counters: [rad]}
  - id: 2021-06-18-bbbbbbbb
    date: "2021-06-18"
    source: mtgjson-rulings-20220425
    original: en
    text:
      en:
        text: An unproven ruling’s text.
        status: community
        source: mtgjson-rulings-20220425
        version: "2021-06-18"
    about: {counters: [rad]}
    review:
      - {reason: other-date, evidence: mtgjson3-gatherer-20181107, date: "2013-06-07"}
"""

LABELS = {
    "en": (
        "Wizards of the Coast (Gatherer), via MTGJSON 3",
        "MTGJSON 5.2.0 (Wizards or Scryfall, not stated)",
        "Show official rulings only",
    ),
    "fr": (
        "Wizards of the Coast (Gatherer), via MTGJSON 3",
        "MTGJSON 5.2.0 (Wizards ou Scryfall, non précisé)",
        "Afficher les décisions officielles seulement",
    ),
    "ja": (
        "Wizards of the Coast（Gatherer）、MTGJSON 3 経由",
        "MTGJSON 5.2.0（Wizards か Scryfall か明記なし）",
        "公式の裁定だけを表示",
    ),
}


@pytest.fixture
def kb(valid_data):
    data = valid_data
    for source in ("wotc-gatherer", "mtgjson3-gatherer-20181107", "mtgjson-rulings-20220425"):
        shutil.copy(ROOT / "data" / "sources" / f"{source}.yaml", data / "sources")
    (data / "cards" / "s").mkdir(exist_ok=True)
    (data / "cards" / "s" / "sample-rad-card.yaml").write_text(CARD, encoding="utf-8")
    return load(data)[0]


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_each_ruling_shows_its_status_and_provenance_and_can_be_filtered(kb, lang):
    renderer = SiteRenderer(kb, lang)
    about_rad = [r for r, _href in renderer.rulings_about("counters/rad.md", "counter", "rad")]
    assert {"sample-rad-card", None} >= {r.owner.id if r.owner else None for r in about_rad}
    found = proof.counts(about_rad)
    assert found["official"] >= 1 and found["unproven"] >= 1
    gatherer, mtgjson, toggle = LABELS[lang]
    for page in (
        renderer.counter_page(kb.get("counter", "rad")),
        renderer.rulings_about_page("counter", kb.get("counter", "rad")),
    ):
        assert gatherer in page and mtgjson in page
        assert renderer.t("rulings_proof_short").format(**found) in page
        assert toggle in page and 'class="cp-official-filter__input"' in page
        assert page.count('class="cp-ruling cp-ruling--official"') == found["official"]
        assert page.count('class="cp-ruling cp-ruling--unproven"') == found["unproven"]
    card_page = renderer.card_page(kb.get("card", "sample-rad-card"))
    assert gatherer in card_page and mtgjson in card_page


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_the_home_page_and_the_dashboard_count_official_and_unproven_rulings(kb, lang):
    renderer = SiteRenderer(kb, lang)
    sentence = renderer.t("rulings_proof").format(**proof.counts(kb.all("ruling")))
    assert sentence in renderer.home_page()
    status = renderer.status_page()
    assert sentence in status and LABELS[lang][0] in status
    assert "`other-date`: 1" in status


def test_the_review_notes_are_counted(kb):
    assert proof.review_counts(kb) == {"other-date": 1, "mana-value": 0, "other-card": 0}
