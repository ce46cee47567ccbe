"""The printed-names stage of the MTGJSON import, on card objects cut from the real set files
(tests/fixtures/printed-names/printed-names.json: see its README for the provenance)."""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.importers import printed_names
from counterpedia.model.provenance import text_hash
from counterpedia.storage.yamlio import load

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "printed-names" / "printed-names.json"


@dataclass
class Set:
    code: str
    release_date: str
    cards: list


def sets() -> list[Set]:
    return [
        Set(s["code"], s["releaseDate"], s["cards"]) for s in json.loads(FIXTURE.read_text(encoding="utf-8"))["sets"]
    ]


def name(text: str, status: str = "machine", source: str = "counterpedia-mt", english: str = "") -> str:
    if status == "official" and source == "wotc-oracle":
        return f'{{text: {text}, status: official, source: wotc-oracle, version: "2022-04-25", via: mtgjson-20220425}}'
    if status == "official":
        return f'{{text: {text}, status: official, source: {source}, version: "20260116"}}'
    return (
        f'{{text: {text}, status: {status}, source: {source}, version: "2026-11-29", '
        f'translates: {{lang: en, version: "20260116", hash: "{text_hash(english)}"}}}}'
    )


def counter(record_id: str, english: str, ja: str | None, fr: str | None, extra: str = "", comment: str = "") -> str:
    lines = [comment] if comment else []
    # English counter names as the Oracle text prints them (no rule of these test records names them).
    lines += [f"id: {record_id}", "names:", f"  en: {name(english, 'official', 'wotc-oracle')}"]
    if ja:
        lines.append(f"  ja: {ja if ja.startswith('{') else name(ja, english=english)}")
    if fr:
        lines.append(f"  fr: {fr if fr.startswith('{') else name(fr, english=english)}")
    lines += ["holders: [permanent]", "sources: [wotc-oracle]"]
    return "\n".join(lines) + "\n" + extra


def mechanic(record_id: str, english: str, kind: str, ja: str, fr: str) -> str:
    return (
        f"id: {record_id}\ntype: {kind}\nnames:\n  ja: {name(ja, english=english)}\n"
        f"  en: {name(english, 'official', 'cr')}\n  fr: {name(fr, english=english)}\n"
    )


LORE_SUMMARY_EN = "Lore counters track the chapter of a Saga."
LORE = counter(
    "lore",
    "lore counter",
    None,
    "marqueur « histoire »",
    comment="# A hand comment that must stay.",
    extra=(
        "summary:\n"
        f'  en: {{text: {LORE_SUMMARY_EN}, status: community, source: counterpedia, version: "2026-11-29"}}\n'
        f"  fr: {{text: Les marqueurs « histoire » indiquent le chapitre d’une Saga., status: machine, source: counterpedia-mt, "
        f'version: "2026-11-29", translates: {{lang: en, version: "2026-11-29", hash: "{text_hash(LORE_SUMMARY_EN)}"}}}}\n'
    ),
)
THEFT = counter(
    "theft",
    "theft counter",
    None,
    "marqueur « vol »",
    extra=(
        'summary:\n  en: {text: Theft counters., status: community, source: counterpedia, version: "2026-11-29"}\n'
        f'  fr: {{text: Les marqueurs « vol »., status: machine, source: counterpedia-mt, version: "2026-11-29", '
        f'translates: {{lang: en, version: "2026-11-29", hash: "{text_hash("Theft counters.")}"}}}}\n'
    ),
)
FLYING = counter(
    "flying",
    "flying counter",
    None,
    "marqueur « vol »",
    extra=(
        'rules: ["122.1b"]\n'
        'summary:\n  en: {text: Flying counters., status: community, source: counterpedia, version: "2026-11-29"}\n'
        f'  fr: {{text: Un marqueur « vol » donne le vol., status: machine, source: counterpedia-mt, version: "2026-11-29", '
        f'translates: {{lang: en, version: "2026-11-29", hash: "{text_hash("Flying counters.")}"}}}}\n'
    ),
)

RECORDS = {
    "counters/lore.yaml": LORE,
    "counters/theft.yaml": THEFT,
    "counters/flying.yaml": FLYING,
    "counters/storage.yaml": counter("storage", "storage counter", "保管カウンター", None),
    "counters/indestructible.yaml": counter(
        "indestructible",
        "indestructible counter",
        '{text: 破壊不能カウンター, status: official, source: wotc-printed-cards, version: "2020-04-17", '
        'via: mtgjson-20220425, printing: {set: C20, number: "41"}}',
        None,
        extra='rules: ["122.1b"]\n',
    ),
    "counters/wish.yaml": counter("wish", "wish counter", "望みカウンター", "marqueur « souhait »"),
    "counters/level.yaml": counter("level", "level counter", "レベルカウンター", "marqueur « niveau »"),
    "mechanics/bolster.yaml": mechanic("bolster", "Bolster", "keyword-action", "鼓舞", "renfort"),
    "mechanics/reinforce.yaml": mechanic("reinforce", "Reinforce", "keyword-ability", "補強", "renforcement"),
    "mechanics/undying.yaml": mechanic("undying", "Undying", "keyword-ability", "不死", "immortalité"),
    "mechanics/poisonous.yaml": mechanic("poisonous", "Poisonous", "keyword-ability", "毒性", "toxicité"),
    "terms/mill.yaml": f"id: mill\nnames:\n  en: {name('Mill', 'official', 'cr')}\n  fr: {name('meuler', english='Mill')}\n",
    "rules/saga.yaml": (
        'id: saga\nsection: "714"\ntitle:\n  en: {text: Saga Cards, status: official, source: cr, version: "20260116"}\n'
        'rules:\n  - number: "714.2"\n    text:\n'
        '      en: {text: Sagas use lore counters., status: official, source: cr, version: "20260116"}\n'
        "      fr: {text: Les Sagas utilisent des marqueurs « histoire »., status: machine, source: counterpedia-mt, "
        f'version: "2026-11-29", translates: {{lang: en, version: "20260116", hash: "{text_hash("Sagas use lore counters.")}"}}}}\n'
    ),
}


@pytest.fixture
def data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", target)
    shutil.copy(ROOT / "data" / "sources" / "counterpedia.yaml", target / "sources")
    for path, text in RECORDS.items():
        (target / path).write_text(text, encoding="utf-8")
    return target


def run(data: Path) -> printed_names.Plan:
    result = printed_names.plan(sets(), data)
    printed_names.apply(result, data)
    return result


def test_a_machine_name_becomes_the_printed_one_citing_its_printing(data):
    run(data)
    lore = load(data / "counters" / "lore.yaml")
    assert lore["names"]["fr"] == {
        "text": "marqueur « sapience »",
        "status": "official",
        "source": "wotc-printed-cards",
        "version": "2022-02-18",
        "via": "mtgjson-20220425",
        "printing": {"set": "NEO", "number": "235", "card": "Satsuki, the Living Lore"},
    }
    text = (data / "counters" / "lore.yaml").read_text(encoding="utf-8")
    assert text.startswith("# A hand comment that must stay.\n# Printed names (ja, fr): as printed on cards")
    assert list(lore["names"]) == ["ja", "en", "fr"]  # the missing Japanese name was added, in its place
    assert load(data / "counters" / "wish.yaml")["names"]["ja"]["text"] == "願いカウンター"
    assert load(data / "counters" / "level.yaml")["names"]["ja"]["text"] == "Lvカウンター"


def test_the_most_recent_printing_wins_and_older_names_go_to_the_review_list(data):
    result = run(data)
    storage = load(data / "counters" / "storage.yaml")["names"]["ja"]
    assert storage["text"] == "貯蔵カウンター" and dict(storage["printing"])["set"] == "AFC"
    review = load(data.parent / "catalogue" / "printed-name-variants.yaml")
    entry = next(v for v in review["variants"] if v["record"] == "counter/storage")
    assert entry["chosen"] == "貯蔵カウンター"
    assert [(o["name"], o["latest"]["set"]) for o in entry["others"]] == [("蓄積カウンター", "CMD")]
    assert any("storage ja: 保管カウンター (machine) -> 貯蔵カウンター" in line for line in result.lines)


def test_an_official_name_of_another_source_is_reported_not_replaced(data):
    result = run(data)
    assert load(data / "counters" / "indestructible.yaml")["names"]["ja"]["text"] == "破壊不能カウンター"
    review = load(data.parent / "catalogue" / "printed-name-variants.yaml")
    assert [(d["record"], d["official"], d["printed"]) for d in review["disagreements"]] == [
        ("counter/indestructible", "破壊不能カウンター", "破壊不能・カウンター")
    ]
    assert any(line.startswith("disagreement: counter indestructible ja") for line in result.lines)


def test_french_mechanic_names_come_from_cards_and_japanese_ones_are_only_reported(data):
    run(data)
    french = {
        m: load(data / "mechanics" / f"{m}.yaml")["names"]["fr"]["text"] for m in ("bolster", "reinforce", "undying")
    }
    assert french == {"bolster": "renforcement", "reinforce": "renfort", "undying": "survivance"}
    mill = load(data / "terms" / "mill.yaml")["names"]["fr"]
    assert (mill["text"], mill["status"], dict(mill["printing"])["card"]) == (
        "meuler",
        "official",
        "Go-Shintai of Lost Wisdom",
    )
    poisonous = load(data / "mechanics" / "poisonous.yaml")["names"]
    assert poisonous["ja"]["text"] == "毒性" and poisonous["ja"]["status"] == "machine"  # the Japanese CR's business
    assert poisonous["fr"]["text"] == "empoisonnement"
    review = load(data.parent / "catalogue" / "printed-name-variants.yaml")
    assert [(n["record"], n["current"], n["printed"]) for n in review["not_written"]] == [
        ("mechanic/poisonous", "毒性", "有毒")
    ]


def test_machine_texts_follow_the_printed_names_and_keep_their_translates(data):
    before = load(data / "rules" / "saga.yaml")["rules"][0]["text"]["fr"]["translates"]["hash"]
    run(data)
    rule = load(data / "rules" / "saga.yaml")["rules"][0]["text"]["fr"]
    assert rule["text"] == "Les Sagas utilisent des marqueurs « sapience »."
    assert rule["translates"]["hash"] == before and rule["status"] == "machine"
    assert load(data / "counters" / "lore.yaml")["summary"]["fr"]["text"].startswith("Les marqueurs « sapience »")
    # theft's own text follows its new name; flying keeps « vol », which is still its name
    assert load(data / "counters" / "theft.yaml")["summary"]["fr"]["text"] == "Les marqueurs « larcin »."
    assert load(data / "counters" / "flying.yaml")["summary"]["fr"]["text"] == "Un marqueur « vol » donne le vol."


def test_counts_before_and_after(data):
    result = printed_names.plan(sets(), data)
    # fr: none before; lore, theft, flying, wish, level, storage, indestructible and time (valid data set) after
    assert (result.official_before["counter fr"], result.official_after["counter fr"]) == (0, 8)
    # ja: indestructible before (and kept); storage, wish, level, lore, theft, flying and time added
    assert (result.official_before["counter ja"], result.official_after["counter ja"]) == (1, 8)
    assert (result.official_before["mechanic ja"], result.official_after["mechanic ja"]) == (0, 0)


def test_the_result_is_valid_and_a_second_run_changes_nothing(data, in_dir):
    run(data)
    in_dir(data.parent)
    _kb, diagnostics = validate([Path("data")])
    assert [d.render() for d in diagnostics if d.severity == "error"] == []
    files = {p: p.read_bytes() for p in data.parent.rglob("*.yaml")}
    again = printed_names.plan(sets(), data)
    assert again.changes == [] and again.reworded == []
    printed_names.apply(again, data)
    assert {p: p.read_bytes() for p in data.parent.rglob("*.yaml")} == files


def test_the_dry_run_of_the_import_writes_nothing(data, capsys, tmp_path):
    """The stage runs inside `counterpedia import mtgjson`, which reads the set file (here compressed)."""
    import gzip

    from counterpedia.commands.cli import main

    gz = tmp_path / "NEO.json.gz"
    neo = next(s for s in json.loads(FIXTURE.read_text(encoding="utf-8"))["sets"] if s["code"] == "NEO")
    with gzip.open(gz, "wt", encoding="utf-8") as stream:
        json.dump(
            {
                "meta": {"date": "2022-04-25", "version": "5.2.0+20220425"},
                "data": {**neo, "name": "Kamigawa: Neon Dynasty"},
            },
            stream,
        )
    files = {p: p.read_bytes() for p in data.rglob("*.yaml")}
    assert main(["import", "mtgjson", str(gz), "--data", str(data), "--dry-run"]) == 0
    assert "counter lore fr: marqueur « histoire » (machine) -> marqueur « sapience »" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in data.rglob("*.yaml")} == files
    assert not (data.parent / "catalogue" / "printed-name-variants.yaml").exists()


def test_a_partial_import_merges_into_the_review_list_never_wipes_it(data):
    review_file = data.parent / "catalogue" / "printed-name-variants.yaml"
    review_file.parent.mkdir(parents=True, exist_ok=True)
    review_file.write_text(
        "via: mtgjson-20220425\nvariants:\n  - record: counter/elsewhere\n    lang: ja\n    chosen: 余所カウンター\n"
        "disagreements: []\nnot_written: []\n",
        encoding="utf-8",
    )
    run(data)
    review = load(review_file)
    records = [v["record"] for v in review["variants"]]
    assert "counter/elsewhere" in records, "a record this run did not read keeps its review item"
    assert "counter/storage" in records
