"""counterpedia import scryfall: on the hand-written samples of tests/fixtures/scryfall/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.cli import main
from counterpedia.importers import scryfall
from counterpedia.yamlio import load
from counterpedia.validate import validate

from .conftest import ACORN


def run(data: Path, samples: Path, *extra: str) -> list[str]:
    return ["import", "scryfall", str(samples / "oracle-cards.json"), str(samples / "rulings.json"),
            "--all-cards", str(samples / "all-cards.json"), "--data", str(data), "--version", "2026-11-29", *extra]


def test_it_adds_cards_links_rulings_and_printed_names(import_data, samples, capsys):
    assert main(run(import_data, samples)) == 0
    out = capsys.readouterr().out
    assert "added: 2 card(s), 4 counter-card link(s), 3 ruling(s), 4 printed name(s), 3 source(s)" in out

    hoarder = load(import_data / "cards" / "s" / "sample-acorn-hoarder.yaml")
    assert hoarder["names"]["en"]["text"] == "Sample Acorn Hoarder"
    assert hoarder["names"]["ja"] == {"text": "見本のどんぐり溜め", "status": "official", "source": "scryfall-bulk-data", "version": "2024-07-26"}
    assert hoarder["names"]["fr"]["text"] == "Amasseur de glands d’exemple"
    assert dict(hoarder["set"]) == {"name": "Sample Set", "code": "SMP", "source": "scryfall-bulk-data"}
    # a double-faced card: found through card_faces, named by its faces' printed names
    clockwork = load(import_data / "cards" / "s" / "sample-clockwork-sample-clock-tower.yaml")
    assert clockwork["names"]["ja"]["text"] == "見本の時計仕掛け // 見本の時計塔"
    assert "fr" not in clockwork["names"]
    # a card that uses no counter is not imported, nor is its ruling
    assert not (import_data / "cards" / "s" / "sample-plain-bear.yaml").exists()
    assert not list((import_data / "rulings").glob("2020-01-24-*"))
    # the counter kinds each card uses
    assert list(clockwork["counters"]) == ["acorn", "plus1-plus1"]
    assert list(hoarder["counters"]) == ["acorn"]


def test_rulings_keep_their_date_source_and_status(import_data, samples):
    main(run(import_data, samples))
    wotc = [load(p) for p in (import_data / "rulings").glob("2024-07-26-sample-acorn-hoarder-*.yaml")]
    note = [load(p) for p in (import_data / "rulings").glob("2024-08-01-sample-acorn-hoarder-*.yaml")]
    assert len(wotc) == len(note) == 1
    assert wotc[0]["date"] == "2024-07-26" and wotc[0]["source"] == "wotc-rulings"
    assert wotc[0]["text"]["en"]["status"] == "official" and wotc[0]["text"]["en"]["via"] == "scryfall-bulk-data"
    assert list(wotc[0]["about"]["counters"]) == ["acorn"] and list(wotc[0]["about"]["cards"]) == ["sample-acorn-hoarder"]
    assert note[0]["source"] == "scryfall-notes" and note[0]["text"]["en"]["status"] == "community"


def test_hand_edited_fields_are_never_overwritten(import_data, samples):
    main(run(import_data, samples))
    assert (import_data / "counters" / "acorn.yaml").read_text(encoding="utf-8") == ACORN
    knight = (import_data / "cards" / "s" / "sample-decor-knight.yaml").read_text(encoding="utf-8")
    # every line of the hand-edited record is still there, in order, byte for byte
    assert knight.startswith("# Hand-edited: keep my spelling.\nid: sample-decor-knight\nnames:\n  en:\n    text: Sample Décor Knight (hand-edited)\n")
    assert "Chevalier du décor d’exemple" in knight  # the missing French name was added
    assert "Caballero" not in knight  # only ja and fr


def test_a_second_run_adds_nothing(import_data, samples, capsys):
    main(run(import_data, samples))
    before = {p: p.read_bytes() for p in import_data.rglob("*.yaml")}
    capsys.readouterr()
    assert main(run(import_data, samples)) == 0
    assert "added: 0 card(s), 0 counter-card link(s), 0 ruling(s), 0 printed name(s), 0 source(s)" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in import_data.rglob("*.yaml")} == before


def test_dry_run_writes_nothing(import_data, samples, capsys):
    before = {p: p.read_bytes() for p in import_data.rglob("*.yaml")}
    assert main(run(import_data, samples, "--dry-run")) == 0
    assert "would add: 2 card(s)" in capsys.readouterr().out
    assert {p: p.read_bytes() for p in import_data.rglob("*.yaml")} == before


def test_the_imported_data_validates(import_data, samples, in_dir):
    main(run(import_data, samples))
    in_dir(import_data.parent)
    _kb, diagnostics = validate([Path("data")])
    assert [d.render() for d in diagnostics] == []


def test_excluded_kinds_found_in_oracle_text_are_reported(import_data, samples, capsys):
    main(run(import_data, samples))
    assert "excluded counter kind 'cell' appears in the Oracle text of Sample Cell Block" in capsys.readouterr().out
    assert not (import_data / "cards" / "s" / "sample-cell-block.yaml").exists()


def test_oracle_cards_alone(import_data, samples, capsys):
    assert main(["import", "scryfall", str(samples / "oracle-cards.json"), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    assert "added: 2 card(s), 4 counter-card link(s), 0 ruling(s), 0 printed name(s), 1 source(s)" in capsys.readouterr().out
    assert not list((import_data / "rulings").glob("2024-07-26-*"))
    assert "ja" not in load(import_data / "cards" / "s" / "sample-acorn-hoarder.yaml")["names"]


@pytest.mark.parametrize(
    "args, message",
    [
        (["bad/not-an-array.json"], "expected a JSON array"),
        (["bad/truncated.json"], "not closed"),
        (["bad/no-name.json"], "has no \"name\""),
        (["oracle-cards.json", "bad/bad-date-rulings.json"], "not a YYYY-MM-DD date"),
        (["missing.json"], "no such file"),
        (["rulings.json"], "has no \"name\""),
    ],
)
def test_bad_input_exits_2_with_a_message_and_no_traceback(import_data, samples, capsys, args, message):
    before = {p: p.read_bytes() for p in import_data.rglob("*.yaml")}
    code = main(["import", "scryfall", *[str(samples / a) for a in args], "--data", str(import_data)])
    err = capsys.readouterr().err
    assert code == 2
    assert message in err and "Traceback" not in err
    assert err.startswith("counterpedia import scryfall: ")
    assert {p: p.read_bytes() for p in import_data.rglob("*.yaml")} == before


def test_bad_usage(tmp_path, samples, capsys):
    assert main(["import", "scryfall", str(samples / "oracle-cards.json"), "--data", str(tmp_path / "nowhere")]) == 2
    assert "no such data folder" in capsys.readouterr().err
    assert main(["import", "scryfall", str(samples / "oracle-cards.json"), "--data", str(tmp_path), "--version", "May 1"]) == 2


def test_counter_kinds_come_from_english_names():
    kinds = scryfall.counter_kinds({
        "acorn": {"names": {"en": {"text": "acorn counter"}}},
        "plus-x-plus-y": {"names": {"en": {"text": "+X/+Y counter"}}},
        "odd": {"names": {"ja": {"text": "何か"}}},
    })
    assert [k.id for k in kinds] == ["acorn"]
    card = {"oracle_text": "Put an acorn counter on it.", "card_faces": [{"oracle_text": "Remove two acorn counters."}]}
    assert scryfall.counters_in(card, kinds) == ["acorn"]
    assert scryfall.counters_in({"oracle_text": "Put a Bacorn counter."}, kinds) == []


def test_slugs():
    assert scryfall.slug("Edgar Markov's Coffin") == "edgar-markovs-coffin"
    assert scryfall.slug("Palantír of Orthanc") == "palantir-of-orthanc"
    assert scryfall.slug("Sample Clockwork // Sample Clock Tower") == "sample-clockwork-sample-clock-tower"


def test_writes_are_atomic(tmp_path, monkeypatch):
    from counterpedia import writes, yamlio

    target = tmp_path / "x.yaml"
    target.write_text("old\n", encoding="utf-8")

    def boom(*_a):
        raise OSError("disk full")

    monkeypatch.setattr(writes.os, "replace", boom)
    with pytest.raises(OSError):
        yamlio.atomic_write(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert list(tmp_path.iterdir()) == [target]
