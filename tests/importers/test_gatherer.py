"""counterpedia import gatherer-rulings: on excerpts of the real MTGJSON 3 set files (tests/fixtures/gatherer/)."""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.importers.ruling_text import mana_value_key, ruling_key
from counterpedia.storage.yamlio import load

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "gatherer"
COPY = "gatherer-excerpts"


def _sha256(path: Path) -> str:
    raw = path.read_bytes()
    return hashlib.sha256(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).hexdigest()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", data)
    shutil.copy(ROOT / "data" / "sources" / "mtgjson-rulings-20220425.yaml", data / "sources")
    files = "".join(f"  - name: {p.name}\n    sha256: {_sha256(p)}\n" for p in sorted((FIXTURES / "sets").iterdir()))
    (data / "sources" / f"{COPY}.yaml").write_text(
        f"id: {COPY}\ntype: dataset\ntitle: Excerpts of MTGJSON 3 set files\npublisher: MTGJSON\nlanguage: en\n"
        f"files:\n{files}",
        encoding="utf-8",
    )
    for card in (FIXTURES / "cards").iterdir():
        (data / "cards" / card.name[0]).mkdir(exist_ok=True)
        shutil.copy(card, data / "cards" / card.name[0] / card.name)
    return data


def card(data: Path, card_id: str):
    return load(data / "cards" / card_id[0] / f"{card_id}.yaml")


def snapshot(data: Path) -> dict:
    return {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}


def run(data: Path, *paths: Path | str, extra: tuple[str, ...] = ()) -> int:
    return main(
        ["import", "gatherer-rulings", *(str(p) for p in paths or [FIXTURES / "sets"]), "--data", str(data), *extra]
    )


def report(data: Path, capsys, *paths, extra=()) -> dict:
    assert run(data, *paths, extra=("--json", *extra)) == 0
    return json.loads(capsys.readouterr().out)


def by_text(card_record, start: str):
    return next(r for r in card_record["rulings"] if r["text"]["en"]["text"].startswith(start))


def test_the_normalisation_is_apostrophes_quotes_and_spaces_only():
    assert ruling_key("It\u2019s \u201ccalled\u201d  X.\n") == ruling_key('It\'s "called" X.')
    assert ruling_key("It's") != ruling_key("It is")
    assert ruling_key("a—b") != ruling_key("a-b")  # dashes are not made the same
    assert mana_value_key("Its mana value is 0.") == "Its converted mana cost is 0."
    assert mana_value_key("Its converted mana cost is 0.") is None


def test_a_ruling_gatherer_holds_exactly_becomes_official_and_nothing_else_changes(data, capsys):
    ids = [p.stem for p in (FIXTURES / "cards").iterdir()]
    before = {i: card(data, i) for i in ids}
    found = report(data, capsys)
    assert found["via"] == COPY
    upgraded = []
    for card_id in ids:
        after = card(data, card_id)
        assert len(after["rulings"]) == len(before[card_id]["rulings"])
        for old, new in zip(before[card_id]["rulings"], after["rulings"]):
            if new["source"] == "wotc-gatherer":
                upgraded.append(new)
                assert new["id"] == old["id"] and new["date"] == old["date"] and new.get("about") == old.get("about")
                assert new["text"]["en"] == {
                    "text": old["text"]["en"]["text"],
                    "status": "official",
                    "source": "wotc-gatherer",
                    "via": COPY,
                    "version": old["text"]["en"]["version"],
                }
            else:
                assert {k: v for k, v in new.items() if k != "review"} == old
    assert len(upgraded) == found["upgraded"] > 0
    # The text is ours, curly quotes and all: Gatherer's straight quotes are only compared, never written.
    assert any("\u2019" in new["text"]["en"]["text"] for new in upgraded)
    assert (data / "sources" / "wotc-gatherer.yaml").is_file()
    assert load(data / "sources" / "wotc-gatherer.yaml")["publisher"] == "Wizards of the Coast"


def test_looser_matches_are_review_items_never_upgrades(data, capsys):
    found = report(data, capsys)
    assert (
        found["review"]["other-date"] >= 1 and found["review"]["mana-value"] >= 1 and found["review"]["other-card"] >= 1
    )
    assert found["review_added"] == sum(found["review"].values()) == len(found["review_items"])
    for item in found["review_items"]:
        ruling = next(r for r in card(data, item["card"])["rulings"] if r["id"] == item["ruling"])
        assert ruling["source"] == "mtgjson-rulings-20220425" and ruling["text"]["en"]["status"] == "community"
        assert ruling["date"] == item["date"]
        entry = {"reason": item["reason"], "evidence": COPY, "date": item["evidence_date"]}
        if "other_card" in item:
            entry["card"] = item["other_card"]
        assert entry in ruling["review"]
    mana = next(i for i in found["review_items"] if i["reason"] == "mana-value")
    assert mana["card"] == "confiscation-coup"
    other = next(i for i in found["review_items"] if i["reason"] == "other-card")
    assert other["card"] == "battle-for-bretagard"
    ruling = next(r for r in card(data, "battle-for-bretagard")["rulings"] if r["id"] == other["ruling"])
    assert ruling["review"] == [
        {"reason": "other-card", "evidence": COPY, "date": ruling["review"][0]["date"], "card": "History of Benalia"}
    ]
    dated = next(i for i in found["review_items"] if i["reason"] == "other-date")
    assert dated["card"] == "benalish-commander" and dated["date"] != dated["evidence_date"]


def test_the_report_is_printed_with_counts(data, capsys):
    assert run(data) == 0
    out = capsys.readouterr().out
    assert "upgraded to official:" in out and "other-date" in out and "mana-value" in out and "other-card" in out


def test_a_second_run_changes_nothing(data, capsys):
    first = report(data, capsys)
    files = snapshot(data)
    second = report(data, capsys)
    assert snapshot(data) == files
    assert second["upgraded"] == 0 and second["already_official"] == first["upgraded"] and second["review_added"] == 0


def test_a_hand_edit_is_never_overwritten(data, capsys):
    path = data / "cards" / "c" / "confiscation-coup.yaml"
    report(data, capsys, extra=("--dry-run",))
    text = path.read_text(encoding="utf-8")
    # An editor adds a note of their own to a ruling the import would upgrade.
    marker = "        status: community\n        source: mtgjson-rulings-20220425\n"
    assert marker in text
    edited = text.replace(marker, marker + "        note: checked against the 2016 release notes\n", 1)
    path.write_text(edited, encoding="utf-8")
    found = report(data, capsys)
    assert found["kept_edited"] and "confiscation-coup.yaml" in found["kept_edited"][0]
    first = card(data, "confiscation-coup")["rulings"]
    noted = next(r for r in first if "note" in r["text"]["en"])
    assert noted["source"] == "mtgjson-rulings-20220425" and noted["text"]["en"]["status"] == "community"


def test_dry_run_writes_nothing(data, capsys):
    files = snapshot(data)
    found = report(data, capsys, extra=("--dry-run",))
    assert found["upgraded"] >= 1 and snapshot(data) == files


def test_the_imported_data_validates(data, capsys, in_dir):
    report(data, capsys)
    in_dir(data.parent)
    _kb, diagnostics = validate([Path("data")])
    assert [d.render() for d in diagnostics] == []


def _bad(tmp_path: Path, name: str, content: str | bytes) -> Path:
    folder = tmp_path / "bad"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


KLD = FIXTURES / "sets" / "KLD.json.gz"


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("KLD.json.gz", gzip.decompress(KLD.read_bytes())[:3000], "cut short"),
        ("KLD.json.gz", gzip.compress(gzip.decompress(KLD.read_bytes()))[:1500], "cut short"),
        (
            "X.json",
            '{"name": "X", "code": "X", "cards": [{"name": "A", "rulings": {"date": "2016-09-20"}}]}',
            'set X, card 0 (A) at character 37: "rulings" is an object, not a list',
        ),
        (
            "X.json",
            '{"name": "X", "code": "X", "cards": [{"name": "A", "rulings": [{"date": 20160920, "text": "t"}]}]}',
            'card 0 (A) at character 37: ruling 0 has "date" 20160920, not a real YYYY-MM-DD date',
        ),
        (
            "X.json",
            '{"name": "X", "code": "X", "cards": [{"name": "A", "rulings": [{"date": "2016-09-20", "text": 1}]}]}',
            'ruling 0 has "text" 1, not a text',
        ),
        (
            "X.json",
            '{"name": "X", "code": "X", "cards": [{"rulings": []}]}',
            'set X, card 0 at character 37: no "name"',
        ),
        ("X.json", '{"name": "X", "code": "X", "cards": [{"name": "A"}]}', "set X has 1 card(s) and no rulings"),
        (
            "X.json",
            '{"meta": {"date": "2022-04-25"}, "data": {"name": "X", "code": "X", "cards": []}}',
            "MTGJSON 4 or 5",
        ),
        ("X.json", "[]", "not an MTGJSON 3 set file"),
    ],
)
def test_bad_input_gets_a_located_diagnostic_exit_1_and_nothing_written(data, tmp_path, capsys, name, content, message):
    bad = _bad(tmp_path, name, content)
    files = snapshot(data)
    assert run(data, FIXTURES / "sets", bad, extra=("--via", COPY)) == 1
    err = capsys.readouterr().err
    assert message in err and str(bad) in err and "nothing was written" in err and "Traceback" not in err
    assert snapshot(data) == files


def test_a_file_no_source_record_lists_needs_via(data, tmp_path, capsys):
    copy = _bad(tmp_path, "PLC.json", (FIXTURES / "sets" / "PLC.json").read_bytes() + b"\n")
    assert run(data, copy) == 1
    assert "no source record lists this file" in capsys.readouterr().err
    assert run(data, copy, extra=("--via", COPY)) == 0


def test_bad_usage(data, tmp_path, capsys):
    assert run(data, tmp_path / "missing.json") == 2
    assert run(data, extra=("--via", "no-such-source")) == 1
    assert "no such source record" in capsys.readouterr().err


def test_a_review_note_citing_an_unknown_copy_is_e111(data, capsys, in_dir):
    report(data, capsys)
    path = data / "cards" / "b" / "benalish-commander.yaml"
    text = path.read_text(encoding="utf-8")
    assert f"evidence: {COPY}" in text
    path.write_text(text.replace(f"evidence: {COPY}", "evidence: no-such-copy", 1), encoding="utf-8")
    in_dir(data.parent)
    _kb, diagnostics = validate([Path("data")])
    assert [(d.code, "no-such-copy" in d.message) for d in diagnostics] == [("E111", True)]


def test_the_import_refuses_a_data_folder_with_a_record_it_cannot_read(data, capsys):
    """As every import does: a record in the middle of a hand edit may be the one it would upgrade."""
    broken = data / "cards" / "s" / "struggle-for-project-purity.yaml"
    broken.write_text(broken.read_text(encoding="utf-8") + "names: [\n", encoding="utf-8")
    before = snapshot(data)
    assert run(data) == 1
    err = capsys.readouterr().err
    assert "1 record file(s) cannot be read" in err and "struggle-for-project-purity.yaml" in err, err
    assert snapshot(data) == before
