"""`counterpedia status [--lang L] [--json] [--list CATEGORY]`."""

from __future__ import annotations

import json

from counterpedia.cli import main


def test_json_counts_per_kind_and_language(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert set(counts) >= {"counter", "rule", "source"} - {"source"}
    for kind, entry in counts.items():
        assert set(entry) == {"records", "total", "ja", "en", "fr"}
        for lang in ("ja", "en", "fr"):
            assert set(entry[lang]) == {"official", "community", "machine", "drifted", "missing"}
            assert sum(entry[lang].values()) == entry["total"], (kind, lang)


def test_one_language(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--json", "--lang", "fr"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert all(set(entry) == {"records", "total", "fr"} for entry in counts.values())


def test_table_and_worklist(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--lang", "ja", "--list", "missing"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["kind", "lang", "records", "total", "official", "community", "machine", "drifted", "missing"]
    listed = [line for line in out if line.startswith("missing\t")]
    assert all(line.split("\t")[3].endswith(".ja") for line in listed)


def test_no_data_folder_is_bad_usage(tmp_path, capsys):
    assert main(["status", "--data", str(tmp_path / "nowhere")]) == 2
    assert "no such data folder" in capsys.readouterr().err


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
    card.write_text(card.read_text(encoding="utf-8") + "text:\n  en: {text: Oracle text., status: official, source: cr, "
                    "version: \"20260116\"}\nrulings:\n" + ruling.format(n="0000000a") + ruling.format(n="0000000b"),
                    encoding="utf-8")
    assert main(["status", "--data", str(valid_data), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    loose = len(list((valid_data / "rulings").glob("*.yaml")))
    assert counts["ruling"]["records"] == loose + 2 and counts["ruling"]["total"] == loose + 2
    assert counts["card"]["records"] == 1 and counts["card"]["total"] == 2
