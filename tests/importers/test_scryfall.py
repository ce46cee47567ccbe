"""counterpedia import scryfall: on the hand-written samples of tests/fixtures/scryfall/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.storage.yamlio import load

from .conftest import ACORN, KNIGHT


def run(data: Path, samples: Path, *extra: str) -> list[str]:
    return [
        "import",
        "scryfall",
        str(samples / "oracle-cards.json"),
        str(samples / "rulings.json"),
        "--all-cards",
        str(samples / "all-cards.json"),
        "--data",
        str(data),
        "--version",
        "2026-11-29",
        *extra,
    ]


def card(data: Path, card_id: str):
    return load(data / "cards" / card_id[0] / f"{card_id}.yaml")


def snapshot(data: Path) -> dict:
    return {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}


def test_it_adds_cards_counters_rulings_and_printed_names_and_texts(import_data, samples, capsys):
    assert main(run(import_data, samples)) == 0
    out = capsys.readouterr().out
    assert "scanned 5 card(s); 3 use counters" in out

    hoarder = card(import_data, "sample-acorn-hoarder")
    assert hoarder["oracle_id"] == "00000000-0000-4000-8000-000000000001"
    assert hoarder["names"]["en"] == {
        "text": "Sample Acorn Hoarder",
        "status": "official",
        "source": "wotc-oracle",
        "via": "scryfall-bulk-data",
        "version": "2026-11-29",
    }
    assert hoarder["names"]["ja"] == {
        "text": "見本のどんぐり溜め",
        "status": "official",
        "source": "wotc-printed-cards",
        "via": "scryfall-bulk-data",
        "version": "2024-07-26",
        "printing": {"set": "SMP", "number": "7"},
    }
    assert hoarder["names"]["fr"]["text"] == "Amasseur de glands d’exemple"
    assert hoarder["text"]["en"]["text"].startswith("At the beginning of your upkeep, put an acorn counter")
    assert hoarder["text"]["ja"]["printing"] == {"set": "SMP", "number": "7"}
    assert "fr" not in hoarder["text"]  # no printed French text in the sample
    assert list(hoarder["counters"]) == ["acorn"]
    # a double-faced card: found through card_faces, named and texted face by face
    clockwork = card(import_data, "sample-clockwork-sample-clock-tower")
    assert clockwork["names"]["ja"]["text"] == "見本の時計仕掛け // 見本の時計塔"
    assert clockwork["text"]["ja"]["text"].count("\n//\n") == 1
    assert list(clockwork["counters"]) == ["acorn", "plus1-plus1"]
    # a card that uses no counter is not imported, nor is its ruling
    assert not list(import_data.rglob("sample-plain-bear.yaml"))


def test_rulings_are_embedded_with_their_date_source_and_status(import_data, samples):
    main(run(import_data, samples))
    rulings = {r["date"]: r for r in card(import_data, "sample-acorn-hoarder")["rulings"]}
    wotc, note = rulings["2024-07-26"], rulings["2024-08-01"]
    assert wotc["source"] == "wotc-rulings" and wotc["id"].startswith("2024-07-26-") and len(wotc["id"]) == 19
    assert wotc["text"]["en"]["status"] == "official" and wotc["text"]["en"]["via"] == "scryfall-bulk-data"
    assert list(wotc["about"]["counters"]) == ["acorn"]  # its text names acorn counters
    assert note["source"] == "scryfall-notes" and note["text"]["en"]["status"] == "community"
    assert "about" not in note  # its text shows no counter, rule or mechanic


def test_hand_edited_fields_are_kept_and_a_different_value_is_a_conflict(import_data, samples, capsys):
    main(run(import_data, samples))
    out = capsys.readouterr().out
    assert (import_data / "counters" / "acorn.yaml").read_text(encoding="utf-8") == ACORN
    knight = (import_data / "cards" / "s" / "sample-decor-knight.yaml").read_text(encoding="utf-8")
    # every line of the hand-edited record is still there, in order, byte for byte; what was missing follows
    lines = knight.splitlines()
    positions = [lines.index(line) for line in KNIGHT.splitlines()]
    assert positions == sorted(positions), knight
    assert "Chevalier du décor d’exemple" in knight and "Caballero" not in knight  # ja and fr only
    assert (
        "conflict: " in out
        and "sample-decor-knight.yaml: names.en: the record has 'Sample Décor Knight (hand-edited)'; "
        "the import reads 'Sample Décor Knight'"
        in out
    )


def test_a_second_run_changes_no_file(import_data, samples, capsys):
    main(run(import_data, samples))
    before = snapshot(import_data)
    capsys.readouterr()
    assert main(run(import_data, samples)) == 0
    out = capsys.readouterr().out
    assert "wrote 0 file(s)" in out
    assert snapshot(import_data) == before


def test_dry_run_writes_nothing(import_data, samples, capsys):
    before = snapshot(import_data)
    assert main(run(import_data, samples, "--dry-run")) == 0
    out = capsys.readouterr().out
    assert "would add" in out and "would write" in out
    assert snapshot(import_data) == before


def test_the_imported_data_validates(import_data, samples, in_dir):
    main(run(import_data, samples))
    in_dir(import_data.parent)
    _kb, diagnostics = validate([Path("data")])
    assert [d.render() for d in diagnostics] == []


def test_excluded_kinds_found_in_oracle_text_are_reported(import_data, samples, capsys):
    main(run(import_data, samples))
    assert "excluded counter kind 'cell' appears in the Oracle text of Sample Cell Block" in capsys.readouterr().out
    assert not list(import_data.rglob("sample-cell-block.yaml"))


def test_oracle_cards_alone(import_data, samples, capsys):
    assert (
        main(
            [
                "import",
                "scryfall",
                str(samples / "oracle-cards.json"),
                "--data",
                str(import_data),
                "--version",
                "2026-11-29",
            ]
        )
        == 0
    )
    hoarder = card(import_data, "sample-acorn-hoarder")
    assert "rulings" not in hoarder and "ja" not in hoarder["names"]


def test_a_scryfall_ruling_upgrades_the_same_ruling_read_from_mtgjson(import_data, samples):
    """MTGJSON's rulings say nothing of who wrote them; Scryfall's do: same card, date and text -> upgraded."""
    from counterpedia.importers.merge import ruling_record
    from counterpedia.importers.model import ImportedRuling
    from counterpedia.storage.yamlio import dumps

    mtgjson = ImportedRuling(
        "2024-07-26",
        "If Sample Acorn Hoarder leaves the battlefield, its acorn counters cease to exist.",
        "mtgjson-rulings-20220425",
        "community",
        counters=["acorn"],
    )
    (import_data / "sources" / "mtgjson-rulings-20220425.yaml").write_text(
        "id: mtgjson-rulings-20220425\ntype: dataset\ntitle: MTGJSON rulings\nlanguage: en\n", encoding="utf-8"
    )
    (import_data / "cards" / "s" / "sample-acorn-hoarder.yaml").write_text(
        dumps(
            {
                "id": "sample-acorn-hoarder",
                "names": {
                    "en": {"text": "Sample Acorn Hoarder", "status": "official", "source": "cr", "version": "20260116"}
                },
                "oracle_id": "00000000-0000-4000-8000-000000000001",
                "rulings": [ruling_record(mtgjson)],
            }
        ),
        encoding="utf-8",
    )
    main(run(import_data, samples))
    rulings = card(import_data, "sample-acorn-hoarder")["rulings"]
    assert len(rulings) == 2  # the wotc ruling upgraded in place, Scryfall's note added
    upgraded = rulings[0]
    assert upgraded["id"] == mtgjson.id and upgraded["source"] == "wotc-rulings"
    assert upgraded["text"]["en"] == {
        "text": mtgjson.text,
        "status": "official",
        "source": "wotc-rulings",
        "via": "scryfall-bulk-data",
        "version": "2024-07-26",
    }
    assert list(upgraded["about"]["counters"]) == ["acorn"]


def test_names_that_differ_only_by_punctuation_get_two_ids_and_two_records(import_data, tmp_path):
    oracle = tmp_path / "twins.json"
    oracle.write_text(
        json.dumps(
            [
                {
                    "object": "card",
                    "oracle_id": "00000000-0000-4000-8000-00000000a001",
                    "name": "Foo's Bar",
                    "oracle_text": "Put an acorn counter on it.",
                },
                {
                    "object": "card",
                    "oracle_id": "00000000-0000-4000-8000-00000000a002",
                    "name": "Foos Bar",
                    "oracle_text": "Remove an acorn counter from it.",
                },
            ]
        ),
        encoding="utf-8",
    )
    assert main(["import", "scryfall", str(oracle), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    files = sorted(p.name for p in (import_data / "cards" / "f").glob("*.yaml"))
    assert len(files) == 2 and "foos-bar.yaml" in files
    names = {load(import_data / "cards" / "f" / name)["names"]["en"]["text"] for name in files}
    assert names == {"Foo's Bar", "Foos Bar"}
    # and a second run keeps each on its own record
    assert main(["import", "scryfall", str(oracle), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    assert sorted(p.name for p in (import_data / "cards" / "f").glob("*.yaml")) == files


def test_a_name_without_latin_letters_gets_a_real_id(import_data, tmp_path, in_dir):
    oracle = tmp_path / "ja.json"
    oracle.write_text(
        json.dumps(
            [
                {
                    "object": "card",
                    "oracle_id": "00000000-0000-4000-8000-00000000b001",
                    "name": "日本語のカード",
                    "oracle_text": "Put an acorn counter on it.",
                }
            ]
        ),
        encoding="utf-8",
    )
    assert main(["import", "scryfall", str(oracle), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    assert not (import_data / "cards" / ".yaml").exists()
    [path] = (import_data / "cards" / "c").glob("card-*.yaml")
    record = load(path)
    assert (
        record["id"] == path.stem
        and record["id"].startswith("card-")
        and record["names"]["en"]["text"] == "日本語のカード"
    )
    in_dir(import_data.parent)
    assert validate([Path("data")])[1] == []


@pytest.mark.parametrize(
    "args, message",
    [
        (["bad/not-an-array.json"], "expected a JSON array"),
        (["bad/truncated.json"], "the file is cut short"),
        (["bad/no-name.json"], 'has no "name"'),
        (["oracle-cards.json", "bad/bad-date-rulings.json"], "not a real YYYY-MM-DD date"),
        (["rulings.json"], 'has no "name"'),
    ],
)
def test_malformed_input_exits_1_with_a_message_and_writes_nothing(import_data, samples, capsys, args, message):
    before = snapshot(import_data)
    code = main(["import", "scryfall", *[str(samples / a) for a in args], "--data", str(import_data)])
    err = capsys.readouterr().err
    assert code == 1
    assert message in err and "Traceback" not in err
    assert err.startswith("counterpedia import scryfall: ") and "nothing was written" in err
    assert snapshot(import_data) == before


@pytest.mark.parametrize(
    "content, message",
    [
        ("[" * 200_000 + "]" * 200_000, "nested too deeply"),
        ('[{"object": "card", "name": "Big", "n": ' + "9" * 100_000 + "}]", "Exceeds the limit"),
    ],
)
def test_hostile_bulk_files_get_a_diagnostic_not_a_traceback(import_data, tmp_path, capsys, content, message):
    path = tmp_path / "hostile.json"
    path.write_text(content, encoding="utf-8")
    before = snapshot(import_data)
    assert main(["import", "scryfall", str(path), "--data", str(import_data)]) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and str(path) in err
    assert snapshot(import_data) == before


def test_bad_usage(tmp_path, samples, capsys):
    assert main(["import", "scryfall", str(samples / "oracle-cards.json"), "--data", str(tmp_path / "nowhere")]) == 2
    assert "no such data folder" in capsys.readouterr().err
    assert (
        main(["import", "scryfall", str(samples / "oracle-cards.json"), "--data", str(tmp_path), "--version", "May 1"])
        == 2
    )
    assert main(["import", "scryfall", str(tmp_path / "missing.json"), "--data", str(tmp_path)]) == 2
    assert "no such file" in capsys.readouterr().err


HAND_CLOCK_TOWER = """# Written by hand, after the card's back face.
id: sample-clock-tower
names:
  en: {text: Sample Clock Tower, status: official, source: cr, version: "20260116"}
counters:
  - acorn
"""


def test_a_hand_record_named_after_one_face_is_the_card_not_a_second_record(import_data, samples, capsys):
    hand = import_data / "cards" / "s" / "sample-clock-tower.yaml"
    hand.write_text(HAND_CLOCK_TOWER, encoding="utf-8")
    assert main(run(import_data, samples)) == 0
    out = capsys.readouterr().out
    # the card is not stored twice: the hand record gets its Oracle ID, the rest of its data and keeps its name
    assert not list(import_data.rglob("sample-clockwork-sample-clock-tower.yaml"))
    record = card(import_data, "sample-clock-tower")
    assert record["oracle_id"] and record["names"]["en"]["text"] == "Sample Clock Tower"
    assert record["names"]["ja"]["text"] == "見本の時計仕掛け // 見本の時計塔"
    assert list(record["counters"]) == ["acorn", "plus1-plus1"]
    assert "sample-clock-tower.yaml: names.en" not in out  # one face's name is no conflict
    _kb, diagnostics = validate([import_data])
    assert not [d for d in diagnostics if d.severity == "error"], [d.render() for d in diagnostics]
    # a second run finds it by its Oracle ID and writes nothing
    before = snapshot(import_data)
    assert main(run(import_data, samples)) == 0
    assert snapshot(import_data) == before
