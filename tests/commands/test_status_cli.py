"""`counterpedia status [--lang L] [--json] [--list CATEGORY]`."""

from __future__ import annotations

import json

from counterpedia.commands.cli import main


def test_json_counts_per_kind_and_language(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert set(counts) >= {"counter", "rule", "source"} - {"source"}
    for kind, entry in counts.items():
        # the rulings also say how many are proven official, unproven, and for review (issue 22)
        assert set(entry) == {"records", "total", "ja", "en", "fr"} | ({"proof"} if kind == "ruling" else set())
        for lang in ("ja", "en", "fr"):
            assert set(entry[lang]) == {"official", "community", "machine", "drifted", "missing"}
            assert sum(entry[lang].values()) == entry["total"], (kind, lang)


def test_one_language(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--json", "--lang", "fr"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert all(set(entry) - {"proof"} == {"records", "total", "fr"} for entry in counts.values())


def test_table_and_worklist(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--lang", "ja", "--list", "missing"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == [
        "kind",
        "lang",
        "records",
        "total",
        "official",
        "community",
        "machine",
        "drifted",
        "missing",
    ]
    listed = [line for line in out if line.startswith("missing\t")]
    assert all(line.split("\t")[3].endswith(".ja") for line in listed)


def test_no_data_folder_is_bad_usage(tmp_path, capsys):
    assert main(["status", "--data", str(tmp_path / "nowhere")]) == 2
    assert "no such data folder" in capsys.readouterr().err


def test_a_status_typo_is_reported_not_a_crash(valid_data, capsys):
    card = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("status: official", "status: oficial"), encoding="utf-8")
    assert main(["status", "--data", str(valid_data)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith("kind")  # the counts of everything else are still shown
    assert "cards/s/struggle-for-project-purity.yaml:3:51: error[E101] names.en.status: 'oficial'" in captured.err
    assert "could not be counted in full" in captured.err


def test_a_record_that_does_not_parse_is_reported(valid_data, capsys):
    (valid_data / "counters" / "broken.yaml").write_text("id: [broken\n", encoding="utf-8")
    assert main(["status", "--data", str(valid_data), "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["counter"]["total"] >= 1
    assert "counters/broken.yaml:2:1: error[E001]" in captured.err


def test_a_folder_holding_only_a_binary_file(tmp_path, capsys):
    (tmp_path / "counters").mkdir()
    (tmp_path / "counters" / "blob.yaml").write_bytes(bytes(range(256)))
    assert main(["status", "--data", str(tmp_path)]) == 1
    assert "error[E004]" in capsys.readouterr().err
    (tmp_path / "counters" / "blob.yaml").rename(tmp_path / "counters" / "blob.bin")
    assert main(["status", "--data", str(tmp_path)]) == 2
    assert "no records in it" in capsys.readouterr().err


def test_rulings_are_counted_one_by_one_and_cards_as_records(valid_data, capsys):
    """A card's embedded rulings count as rulings, each one; a card counts once (its names and text are two texts)."""
    card = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    ruling = """  - id: 2024-03-08-{n}
    date: "2024-03-08"
    source: wotc-pip-release-notes
    original: en
    text:
      en: {{text: Ruling {n}., status: official, source: wotc-pip-release-notes, version: "2024-03-08"}}
"""
    card.write_text(
        card.read_text(encoding="utf-8") + "text:\n  en: {text: Oracle text., status: official, source: cr, "
        'version: "20260116"}\nrulings:\n' + ruling.format(n="0000000a") + ruling.format(n="0000000b"),
        encoding="utf-8",
    )
    assert main(["status", "--data", str(valid_data), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    loose = len(list((valid_data / "rulings").glob("*.yaml")))
    assert counts["ruling"]["records"] == loose + 2 and counts["ruling"]["total"] == loose + 2
    cards = len(list((valid_data / "cards").rglob("*.yaml")))  # each with its names and its text
    assert cards >= 2 and counts["card"]["records"] == cards and counts["card"]["total"] == 2 * cards


RULINGS = """id: sample-card
names:
  en: {text: Sample Card, status: official, source: wotc-oracle, version: "2022-04-25"}
rulings:
  - id: 2016-09-20-aaaaaaaa
    date: "2016-09-20"
    source: mtgjson-rulings-20220425
    original: en
    text:
      en: {text: An unproven ruling., status: community, source: mtgjson-rulings-20220425, version: "2016-09-20"}
    review:
      - {reason: other-date, evidence: mtgjson3-gatherer-20181107, date: "2013-06-07"}
      - {reason: other-card, evidence: mtgjson3-gatherer-20181107, date: "2016-09-20", card: Another Card}
"""


def test_rulings_official_unproven_and_for_review(valid_data, capsys):
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for source in ("mtgjson3-gatherer-20181107", "mtgjson-rulings-20220425"):
        (valid_data / "sources" / f"{source}.yaml").write_bytes(
            (root / "data" / "sources" / f"{source}.yaml").read_bytes()
        )
    (valid_data / "cards" / "s" / "sample-card.yaml").write_text(RULINGS, encoding="utf-8")
    assert main(["status", "--data", str(valid_data), "--json"]) == 0
    proof = json.loads(capsys.readouterr().out)["ruling"]["proof"]
    assert proof["unproven"] >= 1 and proof["official"] >= 0
    assert proof["review"] == {"other-date": 1, "mana-value": 0, "other-card": 1}
    assert main(["status", "--data", str(valid_data), "--list", "review", "--list", "unproven"]) == 0
    out = capsys.readouterr().out.splitlines()
    review = [line.split("\t") for line in out if line.startswith("review\t")]
    assert [(r[2], r[3]) for r in review] == [
        ("sample-card/2016-09-20-aaaaaaaa", "review.0: other-date (mtgjson3-gatherer-20181107 2013-06-07)"),
        (
            "sample-card/2016-09-20-aaaaaaaa",
            "review.1: other-card (mtgjson3-gatherer-20181107 2016-09-20, Another Card)",
        ),
    ]
    assert any(line.startswith("unproven\truling\tsample-card/2016-09-20-aaaaaaaa") for line in out)
    assert any(line.startswith("rulings: ") and "other-date 1" in line for line in out)
