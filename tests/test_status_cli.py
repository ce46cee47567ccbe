"""`counterpedia status [--lang L] [--json] [--list CATEGORY]`."""

from __future__ import annotations

import json

from counterpedia.cli import main


def test_json_counts_per_kind_and_language(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert set(counts) >= {"counter", "rule", "source"} - {"source"}
    for kind, entry in counts.items():
        assert set(entry) == {"total", "ja", "en", "fr"}
        for lang in ("ja", "en", "fr"):
            assert set(entry[lang]) == {"official", "community", "machine", "drifted", "missing"}
            assert sum(entry[lang].values()) == entry["total"], (kind, lang)


def test_one_language(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--json", "--lang", "fr"]) == 0
    counts = json.loads(capsys.readouterr().out)
    assert all(set(entry) == {"total", "fr"} for entry in counts.values())


def test_table_and_worklist(valid_data, capsys):
    assert main(["status", "--data", str(valid_data), "--lang", "ja", "--list", "missing"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["kind", "lang", "total", "official", "community", "machine", "drifted", "missing"]
    listed = [line for line in out if line.startswith("missing\t")]
    assert all(line.split("\t")[3].endswith(".ja") for line in listed)


def test_no_data_folder_is_bad_usage(tmp_path, capsys):
    assert main(["status", "--data", str(tmp_path / "nowhere")]) == 2
    assert "no such data folder" in capsys.readouterr().err
