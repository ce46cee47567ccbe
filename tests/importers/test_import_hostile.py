"""Issue 23: imports meeting a near name, odd names, or a broken record among the data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.model.ids import id_problem
from counterpedia.storage.yamlio import load

FOOS_BAR = """id: foos-bar
names:
  en: {text: Foos Bar, status: official, source: cr, version: "20260116"}
counters:
  - acorn
"""


def oracle(tmp_path: Path, *cards: tuple[str, str]) -> Path:
    path = tmp_path / "oracle.json"
    path.write_text(
        json.dumps(
            [
                {"object": "card", "oracle_id": oracle_id, "name": name, "oracle_text": "Put an acorn counter on it."}
                for oracle_id, name in cards
            ]
        ),
        encoding="utf-8",
    )
    return path


def test_a_near_name_is_a_review_item_never_a_merge(import_data, tmp_path, capsys):
    (import_data / "cards" / "f").mkdir(parents=True, exist_ok=True)
    hand = import_data / "cards" / "f" / "foos-bar.yaml"
    hand.write_text(FOOS_BAR, encoding="utf-8")
    source = oracle(tmp_path, ("00000000-0000-4000-8000-00000000a001", "Foo's Bar"))
    assert main(["import", "scryfall", str(source), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    assert hand.read_text(encoding="utf-8") == FOOS_BAR, "the hand record keeps its own identity"
    assert 'review: card "Foo\'s Bar"' in capsys.readouterr().out
    others = [p for p in (import_data / "cards" / "f").glob("*.yaml") if p != hand]
    assert [load(p)["names"]["en"]["text"] for p in others] == ["Foo's Bar"]


def test_the_card_of_the_exact_name_then_completes_the_hand_record(import_data, tmp_path):
    (import_data / "cards" / "f").mkdir(parents=True, exist_ok=True)
    hand = import_data / "cards" / "f" / "foos-bar.yaml"
    hand.write_text(FOOS_BAR, encoding="utf-8")
    source = oracle(tmp_path, ("00000000-0000-4000-8000-00000000a002", "Foos Bar"))
    assert main(["import", "scryfall", str(source), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    assert [p.name for p in (import_data / "cards" / "f").glob("*.yaml")] == ["foos-bar.yaml"], "no second record"
    completed = load(hand)
    assert completed["oracle_id"] == "00000000-0000-4000-8000-00000000a002"
    assert completed["names"]["en"]["source"] == "cr", "what the hand record says is kept"


@pytest.mark.parametrize(
    "name", ["日本語のみ", "?!…", "../../etc/passwd", "a/b", "A" * 300, "CON", ".hidden", "-", "Index"]
)
def test_an_odd_card_name_gets_a_safe_id_inside_the_data_folder(import_data, tmp_path, name):
    source = oracle(tmp_path, ("00000000-0000-4000-8000-00000000c001", name))
    assert main(["import", "scryfall", str(source), "--data", str(import_data), "--version", "2026-11-29"]) == 0
    [made] = [p for p in (import_data / "cards").rglob("*.yaml") if load(p)["names"]["en"]["text"] == name]
    assert made.parent.parent == import_data / "cards" and id_problem(made.stem) is None, made


def test_a_broken_record_among_the_data_does_not_crash_an_import(import_data, tmp_path, capsys):
    (import_data / "counters" / "broken.yaml").write_text("id: broken\nnames: [a, b]\n", encoding="utf-8")
    source = oracle(tmp_path, ("00000000-0000-4000-8000-00000000d001", "Some Card"))
    status = main(
        ["import", "scryfall", str(source), "--data", str(import_data), "--version", "2026-11-29", "--dry-run"]
    )
    assert status == 0  # the broken counter record is validate's to report; the card is still planned
    assert "would write 2 file(s) (dry run: nothing written)" in capsys.readouterr().out


def test_an_import_skips_and_reports_what_validate_would_reject(import_data, tmp_path, capsys, in_dir):
    source = oracle(
        tmp_path,
        ("00000000-0000-4000-8000-00000000e001", "\u3000"),
        ("00000000-0000-4000-8000-00000000e002", "Good Card"),
        ("00000000-0000-4000-8000-00000000e003", "Evil \u202eCard"),
    )
    rulings = tmp_path / "rulings.json"
    rulings.write_text(
        json.dumps(
            [
                {
                    "object": "ruling",
                    "oracle_id": "00000000-0000-4000-8000-00000000e002",
                    "source": "wotc",
                    "published_at": "2024-07-26",
                    "comment": "   ",
                },
                {
                    "object": "ruling",
                    "oracle_id": "00000000-0000-4000-8000-00000000e002",
                    "source": "wotc",
                    "published_at": "2024-07-27",
                    "comment": "A real ruling.",
                },
            ]
        ),
        encoding="utf-8",
    )
    assert (
        main(["import", "scryfall", str(source), str(rulings), "--data", str(import_data), "--version", "2026-11-29"])
        == 0
    )
    out = capsys.readouterr().out
    assert "skipped: card '\\u3000'" in out and "the text is blank" in out
    assert "bidirectional control" in out and "left out: a ruling of 'Good Card' (2024-07-26)" in out
    [good] = (import_data / "cards" / "g").glob("good-card*.yaml")
    assert [r["text"]["en"]["text"] for r in load(good)["rulings"]] == ["A real ruling."]
    in_dir(import_data.parent)
    assert main(["validate"]) == 0, capsys.readouterr().out


MTGJSON = Path(__file__).resolve().parents[1] / "fixtures" / "mtgjson"


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda data: data["data"].__setitem__("code", "../../x"), "path characters"),
        (lambda data: data["data"]["cards"].append(dict(data["data"]["cards"][0])), "is also the uuid of card 0"),
    ],
)
def test_import_mtgjson_refuses_a_set_code_with_path_characters_and_a_uuid_twice(
    import_data, tmp_path, capsys, change, message
):
    data = json.loads((MTGJSON / "NEO.json").read_text(encoding="utf-8"))
    change(data)
    broken = tmp_path / "NEO.json"
    broken.write_text(json.dumps(data), encoding="utf-8")
    before = {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()}
    assert main(["import", "mtgjson", str(broken), "--data", str(import_data)]) == 1
    assert message in capsys.readouterr().err
    assert {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()} == before


def test_a_write_that_fails_half_way_does_not_say_nothing_was_written(import_data, tmp_path, capsys, monkeypatch):
    from counterpedia.storage import writes

    source = oracle(
        tmp_path,
        ("00000000-0000-4000-8000-00000000f001", "First Card"),
        ("00000000-0000-4000-8000-00000000f002", "Second Card"),
        ("00000000-0000-4000-8000-00000000f003", "Third Card"),
    )
    real = writes.atomic_write
    calls = []

    def full_after_one(path, text):
        calls.append(path)
        if len([c for c in calls if "pending-writes" not in str(c)]) > 1 and "pending-writes" not in str(path):
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(writes, "atomic_write", full_after_one)
    assert main(["import", "scryfall", str(source), "--data", str(import_data), "--version", "2026-11-29"]) == 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "Written before it: 1" in err
    assert "nothing was written" not in err and "the plan is kept" in err


@pytest.mark.parametrize(
    "cards, message",
    [
        (
            [{"oracle_id": "00000000-0000-4000-8000-00000000a101", "name": "Typed Card", "oracle_text": 7}],
            '"oracle_text" is a int, not a text',
        ),
        (
            [
                {
                    "oracle_id": "00000000-0000-4000-8000-00000000a102",
                    "name": "One Card",
                    "oracle_text": "Put an acorn counter on it.",
                },
                {
                    "oracle_id": "00000000-0000-4000-8000-00000000a102",
                    "name": "Other Card",
                    "oracle_text": "Put an acorn counter on it.",
                },
            ],
            "has the Oracle ID 00000000-0000-4000-8000-00000000a102 of an earlier card (One Card)",
        ),
    ],
)
def test_import_scryfall_reports_dropped_input(import_data, tmp_path, capsys, cards, message):
    source = tmp_path / "oracle.json"
    source.write_text(json.dumps([{"object": "card", **c} for c in cards]), encoding="utf-8")
    before = {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()}
    assert main(["import", "scryfall", str(source), "--data", str(import_data), "--version", "2026-11-29"]) == 1
    assert message in capsys.readouterr().err
    assert {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()} == before


def test_import_scryfall_reports_a_printed_name_of_the_wrong_type(import_data, tmp_path, capsys, samples):
    cards = json.loads((samples / "all-cards.json").read_text(encoding="utf-8"))
    japanese = next(c for c in cards if c.get("lang") == "ja" and "printed_name" in c)
    japanese["printed_name"] = ["not", "a", "text"]
    broken = tmp_path / "all-cards.json"
    broken.write_text(json.dumps(cards), encoding="utf-8")
    assert (
        main(
            [
                "import",
                "scryfall",
                str(samples / "oracle-cards.json"),
                "--all-cards",
                str(broken),
                "--data",
                str(import_data),
                "--version",
                "2026-11-29",
            ]
        )
        == 1
    )
    assert '"printed_name" is a list, not a text' in capsys.readouterr().err


def test_an_import_never_writes_through_a_symlink_out_of_the_data_folder(import_data, tmp_path, capsys, samples):
    knight = import_data / "cards" / "s" / "sample-decor-knight.yaml"
    outside = tmp_path / "outside.yaml"
    outside.write_bytes(knight.read_bytes())
    knight.unlink()
    knight.symlink_to(outside)
    before = outside.read_bytes()
    status = main(
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
    captured = capsys.readouterr()
    assert status == 1 and "Traceback" not in captured.err
    assert "not a YAML file inside" in captured.err and "nothing was written" in captured.err
    assert outside.read_bytes() == before


def test_an_import_meeting_a_record_with_a_syntax_error_says_so(import_data, samples, capsys):
    knight = import_data / "cards" / "s" / "sample-decor-knight.yaml"
    knight.write_text(knight.read_text(encoding="utf-8") + "names: [\n", encoding="utf-8")
    before = {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()}
    status = main(
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
    err = capsys.readouterr().err
    assert status == 1 and "Traceback" not in err
    assert "1 record file(s) cannot be read" in err and "sample-decor-knight.yaml" in err
    assert {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()} == before
