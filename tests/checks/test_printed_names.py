"""E180: a machine or community name that the cards of the knowledge base contradict. The card records are of the
shape the MTGJSON import writes (`text.en` Oracle, `text.ja`/`text.fr` printed, with `printing`), built from card
objects cut from the real set files (tests/fixtures/printed-names/printed-names.json)."""

from __future__ import annotations

import json
from pathlib import Path

from counterpedia.checks.validate import validate

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "printed-names" / "printed-names.json"
LANGUAGES = {"Japanese": "ja", "French": "fr"}


def card_record(code: str, number: str) -> tuple[str, str]:
    """(file name, YAML) of a card record for one card of the fixture."""
    for card_set in json.loads(FIXTURE.read_text(encoding="utf-8"))["sets"]:
        for card in card_set["cards"]:
            if card_set["code"] == code and card["number"] == number:
                record_id = card["name"].lower().replace(",", "").replace("'", "").replace(" ", "-")
                lines = [
                    f"id: {record_id}",
                    "names:",
                    f'  en: {{text: {json.dumps(card["name"])}, status: official, source: wotc-oracle, version: "2022-04-25", via: mtgjson-20220425}}',
                    "text:",
                    f"  en: {{text: {json.dumps(card['text'], ensure_ascii=False)}, status: official, source: wotc-oracle, "
                    'version: "2022-04-25", via: mtgjson-20220425}',
                ]
                for foreign in card["foreignData"]:
                    lines.append(
                        f"  {LANGUAGES[foreign['language']]}: {{text: {json.dumps(foreign['text'], ensure_ascii=False)}, "
                        f'status: official, source: wotc-printed-cards, version: "{card_set["releaseDate"]}", '
                        f'via: mtgjson-20220425, printing: {{set: {code}, number: "{number}"}}}}'
                    )
                return f"{record_id}.yaml", "\n".join(lines) + "\n"
    raise KeyError((code, number))


def counter(record_id: str, english: str, ja: str, status: str = "machine", source: str = "counterpedia-mt") -> str:
    translates = ', translates: {lang: en, version: "20260116"}' if status != "official" else ""
    return (
        f'id: {record_id}\nnames:\n  en: {{text: {english}, status: official, source: cr, version: "20260116"}}\n'
        f'  ja: {{text: {ja}, status: {status}, source: {source}, version: "2026-11-29"{translates}}}\n'
        "holders: [permanent]\nsources: [cr]\n"
    )


def diagnostics_for(valid_data: Path, in_dir, records: dict[str, str], cards: list[tuple[str, str]]) -> list[str]:
    for path, text in records.items():
        (valid_data / path).write_text(text, encoding="utf-8")
    for code, number in cards:
        file, text = card_record(code, number)
        (valid_data / "cards" / file).write_text(text, encoding="utf-8")
    (valid_data / "sources" / "counterpedia-community.yaml").write_text(
        "id: counterpedia-community\ntype: editorial\ntitle: Community translations\npublisher: Counterpedia\nlanguage: mul\n",
        encoding="utf-8",
    )
    in_dir(valid_data.parent)
    _kb, found = validate([Path("data")])
    return [f"{d.path} {d.code} {d.message}" for d in found if d.code == "E180"]


def test_a_machine_name_that_the_newest_printing_contradicts_is_reported(valid_data, in_dir):
    found = diagnostics_for(
        valid_data,
        in_dir,
        {"counters/storage.yaml": counter("storage", "storage counter", "蓄積カウンター")},
        [("AFC", "231"), ("CMD", "271")],
    )
    assert found == [
        "data/counters/storage.yaml E180 the machine ja name '蓄積カウンター' differs from '貯蔵カウンター', "
        "the name printed on Crucible of the Spirit Dragon (AFC 231, 2021-07-23)"
    ]


def test_an_older_printing_does_not_contradict_the_name_of_the_newest(valid_data, in_dir):
    found = diagnostics_for(
        valid_data,
        in_dir,
        {"counters/storage.yaml": counter("storage", "storage counter", "貯蔵カウンター")},
        [("AFC", "231"), ("CMD", "271")],
    )
    assert found == []


def test_community_names_are_checked_and_official_ones_are_not(valid_data, in_dir):
    records = {
        "counters/storage.yaml": counter(
            "storage", "storage counter", "保管カウンター", "community", "counterpedia-community"
        ),
        "counters/lore.yaml": counter("lore", "lore counter", "物語カウンター", "official", "cr"),
    }
    found = diagnostics_for(valid_data, in_dir, records, [("AFC", "231"), ("NEO", "235")])
    assert [f.split(" E180 ")[0] for f in found] == ["data/counters/storage.yaml"]


def test_a_mechanic_name_that_a_keyword_line_contradicts_is_reported(valid_data, in_dir):
    undying = (
        "id: undying\ntype: keyword-ability\nnames:\n"
        '  en: {text: Undying, status: official, source: cr, version: "20260116"}\n'
        '  fr: {text: immortalité, status: machine, source: counterpedia-mt, version: "2026-11-29", '
        'translates: {lang: en, version: "20260116"}}\n'
    )
    found = diagnostics_for(valid_data, in_dir, {"mechanics/undying.yaml": undying}, [("C20", "195")])
    assert found == [
        "data/mechanics/undying.yaml E180 the machine fr name 'immortalité' differs from 'survivance', "
        "the name printed on Vorapede (C20 195, 2020-04-17)"
    ]
