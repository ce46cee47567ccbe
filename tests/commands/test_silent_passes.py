"""Issue 23, silent passes and files that are not records: each said aloud, never a quiet exit 0."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.storage import yamlevents, yamlshape
from counterpedia.storage.load import MAX_FILE_BYTES


def broken(data: Path) -> Path:
    record = data / "counters" / "rad.yaml"
    record.write_text(record.read_text(encoding="utf-8").replace("holders: [player]", "holders: 7"), encoding="utf-8")
    return record


def test_validate_data_names_the_folder_it_checks(valid_data, in_dir, capsys):
    broken(valid_data)
    in_dir(valid_data.parent)
    assert main(["validate", "--data", "data"]) == 1
    assert "data/counters/rad.yaml" in capsys.readouterr().out


def test_validate_data_of_a_missing_folder_is_bad_usage(valid_data, in_dir, capsys):
    in_dir(valid_data.parent)
    assert main(["validate", "--data", "/nonexistent"]) == 2
    assert "/nonexistent" in capsys.readouterr().err


def test_a_folder_without_records_says_nothing_was_validated(tmp_path, in_dir, capsys):
    (tmp_path / "empty").mkdir()
    in_dir(tmp_path)
    assert main(["validate", "empty"]) == 1
    assert "nothing was validated" in capsys.readouterr().out


@pytest.mark.parametrize("make", ["fifo", "zero", "large"])
def test_a_file_that_is_not_a_record_is_refused_not_read_forever(valid_data, in_dir, capsys, make):
    target = valid_data / "counters" / "odd.yaml"
    if make == "fifo":
        os.mkfifo(target)
    elif make == "zero":
        target.symlink_to("/dev/zero")
    else:
        target.write_bytes(b"id: odd\nx: '" + b"a" * MAX_FILE_BYTES + b"'\n")
    in_dir(valid_data.parent)
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert "data/counters/odd.yaml:1:1: error[" + ("E013" if make == "large" else "E004") + "]" in out, out


def test_a_plain_long_list_is_not_called_an_alias_bomb(valid_data, in_dir, capsys, monkeypatch):
    monkeypatch.setattr(yamlshape, "MAX_VALUES", 1000)
    monkeypatch.setattr(yamlevents, "MAX_VALUES", 1000)
    (valid_data / "counters" / "long.yaml").write_text("id: long\nx:\n" + "- a\n" * 1200, encoding="utf-8")
    in_dir(valid_data.parent)
    assert main(["validate", "data/counters/long.yaml"]) == 1
    out = capsys.readouterr().out
    assert "error[E013]" in out and "alias" not in out, out


def test_a_symlinked_record_outside_the_repository_is_in_the_whole_data_report(valid_data, tmp_path, in_dir, capsys):
    outside = tmp_path / "elsewhere.yaml"
    record = broken(valid_data)
    outside.write_bytes(record.read_bytes())
    record.unlink()
    record.symlink_to(outside)
    in_dir(valid_data.parent)
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert "data/counters/rad.yaml:" in out and "no counter record with id 'rad'" not in out, out


def test_the_hint_for_an_unquoted_number_quotes_what_was_typed(valid_data, in_dir, capsys):
    record = valid_data / "counters" / "rad.yaml"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace('rules: ["727.1"', 'rules: [702.100, "727.1"'), encoding="utf-8")
    in_dir(valid_data.parent)
    assert main(["validate", "data/counters/rad.yaml"]) == 1
    out = capsys.readouterr().out
    assert '("702.100")' in out and '("702.1")' not in out, out


def test_fmt_leaves_an_unquoted_number_as_typed_and_says_why(valid_data, in_dir, capsys):
    record = valid_data / "counters" / "rad.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace('rules: ["727.1"', 'rules: [702.100, "727.1"'), encoding="utf-8"
    )
    before = record.read_bytes()
    in_dir(valid_data.parent)
    assert main(["fmt", "data/counters/rad.yaml"]) == 1
    captured = capsys.readouterr()
    assert "not formatted" in captured.out and "702.100" in captured.out
    assert record.read_bytes() == before


def test_fmt_does_not_rewrite_a_record_of_the_wrong_types(valid_data, in_dir, capsys):
    record = broken(valid_data)
    record.write_text(record.read_text(encoding="utf-8") + "\n\n", encoding="utf-8")
    before = record.read_bytes()
    in_dir(valid_data.parent)
    assert main(["fmt", "data/counters/rad.yaml"]) == 1
    assert "error[E101] holders" in capsys.readouterr().out
    assert record.read_bytes() == before


@pytest.mark.parametrize("newline", [b"\r", b"\r\n"])
def test_fmt_writes_lf_and_check_reports_a_file_that_is_not(valid_data, in_dir, capsys, newline):
    record = valid_data / "counters" / "rad.yaml"
    assert main(["fmt", str(record)]) == 0
    lf = record.read_bytes()
    record.write_bytes(lf.replace(b"\n", newline))
    in_dir(valid_data.parent)
    assert main(["fmt", "--check", "data/counters/rad.yaml"]) == 1
    assert "data/counters/rad.yaml" in capsys.readouterr().out
    assert main(["fmt", "data/counters/rad.yaml"]) == 0
    assert record.read_bytes() == lf


@pytest.mark.parametrize("out", ["data", "data/cards/x", ".", "", "docs"])
def test_export_refuses_the_data_folder_the_project_and_its_folders(valid_data, in_dir, capsys, out):
    (valid_data.parent / "docs").mkdir()
    in_dir(valid_data.parent)
    before = sorted(p for p in valid_data.parent.rglob("*"))
    assert main(["export", "--out", out]) == 2
    assert capsys.readouterr().err.startswith("counterpedia export: ")
    assert sorted(p for p in valid_data.parent.rglob("*")) == before, "nothing written"


def test_export_writes_a_folder_of_its_own(valid_data, in_dir):
    in_dir(valid_data.parent)
    assert main(["export", "--out", "export"]) == 0
    assert (valid_data.parent / "export" / "index.json").is_file()


def test_site_build_refuses_an_empty_out(capsys):
    assert main(["site", "build", "--out", ""]) == 2
    assert "--out ''" in capsys.readouterr().err


def test_a_named_device_is_refused_at_once(valid_data, in_dir, capsys):
    in_dir(valid_data.parent)
    assert main(["validate", "/dev/zero"]) == 1  # before: read until the memory ran out
    assert "/dev/zero" in capsys.readouterr().out


def test_every_command_reads_a_record_saved_as_yml(valid_data, in_dir, capsys):
    """`validate`, `status` and `search` agree on which files are records: `.yml` is one too."""
    (valid_data / "counters" / "zorbix.yml").write_text(
        "id: zorbix\nnames:\n  en: {text: zorbix counter, status: official, source: cr, version: '20260116'}\n"
        "holders: [permanent]\nrules: ['122.1']\nsources: [cr]\n",
        encoding="utf-8",
    )
    in_dir(valid_data.parent)
    assert main(["status", "--data", "data", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["counter"]["records"] == 3  # rad, time and zorbix
    assert main(["search", "zorbix", "--data", "data"]) == 0
    assert "data/counters/zorbix.yml" in capsys.readouterr().out
    (valid_data / "counters" / "zorbix.yml").write_text("id: zorbix\nholders: 7\n", encoding="utf-8")
    assert main(["validate"]) == 1
    assert "data/counters/zorbix.yml" in capsys.readouterr().out
