"""import scryfall: a `wotc` ruling upgrades the same ruling imported from MTGJSON 5 to official (same card, same
date, same text under the one normalisation of importers.ruling_text); a `scryfall` note never becomes official.
Fixtures: tests/fixtures/gatherer/scryfall/, in Scryfall's bulk-data formats (see the README there)."""

from __future__ import annotations

import shutil
from pathlib import Path

from counterpedia.commands.cli import main
from counterpedia.storage.yamlio import load

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "gatherer"
SCRYFALL = FIXTURES / "scryfall"
CARD = "animation-module"


def setup(data: Path) -> Path:
    shutil.copy(ROOT / "data" / "sources" / "mtgjson-rulings-20220425.yaml", data / "sources")
    (data / "cards" / "a").mkdir(exist_ok=True)
    path = data / "cards" / "a" / f"{CARD}.yaml"
    shutil.copy(FIXTURES / "cards" / f"{CARD}.yaml", path)
    return path


def scryfall(data: Path, rulings: Path = SCRYFALL / "rulings.json") -> int:
    return main(
        [
            "import",
            "scryfall",
            str(SCRYFALL / "oracle-cards.json"),
            str(rulings),
            "--data",
            str(data),
            "--version",
            "2026-11-29",
        ]
    )


def test_a_wotc_ruling_upgrades_the_same_community_ruling_and_a_scryfall_note_never_becomes_official(
    import_data, capsys
):
    path = setup(import_data)
    before = load(path)["rulings"]
    assert scryfall(import_data) == 0
    after = load(path)["rulings"]
    assert [r["id"] for r in after] == [r["id"] for r in before] and [r["date"] for r in after] == [
        r["date"] for r in before
    ]
    wotc, note, wotc_too = after
    # Scryfall's text has a curly apostrophe, ours a straight one: the same ruling; our text is kept.
    assert "\u2019" not in wotc["text"]["en"]["text"] and wotc["text"]["en"]["text"] == before[0]["text"]["en"]["text"]
    assert wotc["source"] == "wotc-rulings"
    assert wotc["text"]["en"] == {
        "text": before[0]["text"]["en"]["text"],
        "status": "official",
        "source": "wotc-rulings",
        "via": "scryfall-bulk-data",
        "version": "2016-09-20",
    }
    assert note["source"] == "scryfall-notes" and note["text"]["en"]["status"] == "community"
    assert wotc_too["text"]["en"]["status"] == "official"


def test_a_hand_edited_ruling_is_not_upgraded(import_data, capsys):
    path = setup(import_data)
    text = path.read_text(encoding="utf-8")
    marker = '        version: "2016-09-20"\n'
    last = text.rindex(marker)
    path.write_text(
        text[:last]
        + marker
        + "        note: reworded by Wizards since; see the 2016 release notes\n"
        + text[last + len(marker) :],
        encoding="utf-8",
    )
    assert scryfall(import_data) == 0
    out = capsys.readouterr().out
    assert "edited by hand, so not upgraded to wotc-rulings: kept" in out
    edited = load(path)["rulings"][2]
    assert edited["source"] == "mtgjson-rulings-20220425" and edited["text"]["en"]["status"] == "community"
    assert edited["text"]["en"]["note"].startswith("reworded")


def test_a_second_run_changes_nothing(import_data, capsys):
    path = setup(import_data)
    assert scryfall(import_data) == 0
    first = path.read_bytes()
    assert scryfall(import_data) == 0
    assert path.read_bytes() == first


def test_a_ruling_proven_by_gatherer_is_not_demoted_by_a_scryfall_note(import_data, tmp_path, capsys):
    path = setup(import_data)
    notes = tmp_path / "rulings.json"  # every ruling of the card said to be Scryfall's own note
    notes.write_text(
        (SCRYFALL / "rulings.json").read_text(encoding="utf-8").replace('"wotc"', '"scryfall"'), encoding="utf-8"
    )
    assert (
        main(
            [
                "import",
                "gatherer-rulings",
                str(FIXTURES / "sets" / "KLD.json.gz"),
                "--via",
                "mtgjson-20220425",
                "--data",
                str(import_data),
            ]
        )
        == 0
    )
    proven = [r for r in load(path)["rulings"] if r["source"] == "wotc-gatherer"]
    assert proven
    assert scryfall(import_data, notes) == 0
    after = {r["id"]: r for r in load(path)["rulings"]}
    for ruling in proven:
        assert (
            after[ruling["id"]]["source"] == "wotc-gatherer"
            and after[ruling["id"]]["text"]["en"]["status"] == "official"
        )
