"""The command line as users meet it: exit statuses, formats, no traceback, no file touched."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

from counterpedia.commands.cli import main


def run(args, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "counterpedia.commands.cli", *args], cwd=cwd, capture_output=True, text=True
    )


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_clean_data_exits_zero(valid_data: Path):
    result = run(["validate"], valid_data.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no problems found" in result.stderr


def test_problems_exit_one_with_located_messages_and_touch_nothing(valid_data: Path):
    record = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    record.write_text(record.read_text(encoding="utf-8").replace("id: struggle", "id: strugle"), encoding="utf-8")
    (valid_data / "cards" / "b").mkdir()
    (valid_data / "cards" / "b" / "broken.yaml").write_text("id: [broken\n", encoding="utf-8")
    before = snapshot(valid_data)
    result = run(["validate"], valid_data.parent)
    assert result.returncode == 1
    assert "data/cards/s/struggle-for-project-purity.yaml:1:5: error[E102]" in result.stdout
    assert "data/cards/b/broken.yaml:2:1: error[E001]" in result.stdout
    assert "hint:" in result.stdout and "Traceback" not in result.stderr
    assert snapshot(valid_data) == before


def test_json_format_lists_every_diagnostic(valid_data: Path):
    (valid_data / "cards" / "broken.yaml").write_text("- not a mapping\n", encoding="utf-8")
    result = run(["validate", "--format", "json"], valid_data.parent)
    assert result.returncode == 1
    [item] = json.loads(result.stdout)
    assert item == {
        "path": "data/cards/broken.yaml",
        "line": 1,
        "column": 1,
        "code": "E003",
        "message": item["message"],
        "hint": item["hint"],
        "severity": "error",
    }


def test_strict_turns_warnings_into_errors(valid_data: Path):
    counter = valid_data / "counters" / "rad.yaml"
    counter.write_text(
        counter.read_text(encoding="utf-8").replace("text: rad counter", "text: rad counters"), encoding="utf-8"
    )
    lenient = run(["validate"], valid_data.parent)
    strict = run(["validate", "--strict"], valid_data.parent)
    assert lenient.returncode == 0 and "warning[W201]" in lenient.stdout
    assert strict.returncode == 1 and "error[W201]" in strict.stdout


def test_a_single_file_is_checked_against_its_data_set(valid_data: Path):
    result = run(["validate", "data/counters/rad.yaml"], valid_data.parent)
    assert result.returncode == 0, result.stdout


def test_bad_usage_exits_two(tmp_path: Path, valid_data: Path):
    assert run(["validate", "no/such/file.yaml"], valid_data.parent).returncode == 2
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert run(["validate"], elsewhere).returncode == 2  # no data/ folder here
    assert run(["no-such-command"], tmp_path).returncode == 2
    assert run([], tmp_path).returncode == 2
    for result in (run(["validate", "nope"], tmp_path), run(["hash"], tmp_path)):
        assert result.returncode == 2 and "Traceback" not in result.stderr


def test_validate_and_search_in_process_leave_the_cycle_collector_as_they_found_it(valid_data: Path, in_dir, capsys):
    # validate and search turn Python's cycle collector off for their run (a process that ends soon after): a caller running it
    # in-process (the tests, a script) gets it back on, after a clean run as after bad usage.
    import gc

    in_dir(valid_data.parent)
    was = gc.isenabled()
    gc.enable()
    try:
        for command in (["validate"], ["search", "rad", "--data", "data"]):
            assert main(command) == 0
            assert gc.isenabled(), command
        assert main(["validate", "no/such/file.yaml"]) == 2
        assert gc.isenabled()
        assert main(["search", "", "--data", "data"]) == 2
        assert gc.isenabled()
        gc.disable()
        main(["validate"])
        main(["search", "rad", "--data", "data"])
        assert not gc.isenabled()  # off before, off after
    finally:
        if was:
            gc.enable()
        else:
            gc.disable()


def test_hash_of_a_text_and_of_a_field(valid_data: Path, capsys):
    assert main(["hash", "rad counter"]) == 0
    direct = capsys.readouterr().out.strip()
    assert main(["hash", "--file", str(valid_data / "counters" / "rad.yaml"), "--path", "names.en"]) == 0
    assert capsys.readouterr().out.strip() == direct
    assert main(["hash", "--file", str(valid_data / "counters" / "rad.yaml"), "--path", "names.de"]) == 2


def test_hash_of_a_missing_file_says_so(capsys):
    assert main(["hash", "--file", "/no/such/record.yaml", "--path", "names.en"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_hash_refuses_a_text_and_a_file_together(valid_data: Path, capsys):
    record = str(valid_data / "counters" / "rad.yaml")
    assert main(["hash", "some text", "--file", record, "--path", "names.en"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["hash", "some text", "--path", "names.en"]) == 2
    assert "--path needs --file" in capsys.readouterr().err


def test_a_named_file_that_is_not_a_record_is_reported_not_ignored(valid_data: Path, tmp_path: Path):
    hostname = tmp_path / "hostname"
    hostname.write_text("machine\n", encoding="utf-8")
    readme = valid_data.parent / "README.md"
    readme.write_text("# a project\n", encoding="utf-8")
    for named in (str(hostname), "data/../README.md"):
        result = run(["validate", named], valid_data.parent)
        assert result.returncode == 1, result.stderr
        assert "error[E010]" in result.stdout and "no problems found" not in result.stderr
    stray = tmp_path / "stray.yaml"
    stray.write_text("id: stray\n", encoding="utf-8")
    result = run(["validate", str(stray)], valid_data.parent)
    assert result.returncode == 1 and "error[E005]" in result.stdout


def test_a_deep_file_met_while_scanning_the_folder_of_a_named_file(valid_data: Path):
    (valid_data / "counters" / "deep.yaml").write_text("id: deep\nnames: " + "[" * 10_000 + "]" * 10_000 + "\n")
    result = run(["validate", "data/counters/rad.yaml"], valid_data.parent)
    assert result.returncode == 0 and "Traceback" not in result.stderr
    result = run(["validate"], valid_data.parent)
    assert result.returncode == 1 and "data/counters/deep.yaml:2:39: error[E006]" in result.stdout


def test_wrong_types_are_located_errors_not_tracebacks(valid_data: Path):
    counter = valid_data / "counters" / "rad.yaml"
    counter.write_text(
        counter.read_text(encoding="utf-8")
        .replace('rules: ["727.1", "727.1a"]', "rules: 5")
        .replace('version: "20260116"}', 'version: "20260116", cites: 5}', 1),
        encoding="utf-8",
    )
    ruling = valid_data / "rulings" / "2024-03-08-rad-01.yaml"
    ruling.write_text(ruling.read_text(encoding="utf-8").replace("original: en", "original: []"), encoding="utf-8")
    result = run(["validate"], valid_data.parent)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "data/counters/rad.yaml:6:8: error[E101] rules: 5 is not of type 'array'" in result.stdout
    assert (
        "data/rulings/2024-03-08-rad-01.yaml:4:1: error[E101] original: [] is not one of: ja, en, fr" in result.stdout
    )
    assert "data/counters/rad.yaml:3:85: error[E101] names.en.cites: 5 is not of type 'array'" in result.stdout
    rule = valid_data / "rules" / "rad-counters.yaml"
    rule.write_text(rule.read_text(encoding="utf-8").replace("rules:\n", "rules: 5\nx:\n"), encoding="utf-8")
    result = run(["validate"], valid_data.parent)
    assert (
        result.returncode == 1
        and "Traceback" not in result.stderr
        and "rules: 5 is not of type 'array'" in result.stdout
    )


def test_a_named_reviewed_list_is_checked_against_the_data_beside_it(valid_data: Path):
    """`validate catalogue/autolink-stop-list.yaml` (what an editor's save hook runs) checks the list, names
    included, instead of calling it a record out of place (E005)."""
    catalogue = valid_data.parent / "catalogue"
    catalogue.mkdir()
    stop_list = catalogue / "autolink-stop-list.yaml"
    stop_list.write_text(
        "names:\n  - name: Counterspell\n    langs: [en]\n    reason: The texts write it as the ordinary word.\n",
        encoding="utf-8",
    )
    (valid_data / "counters" / "rad.yaml").write_text("id: [broken\n", encoding="utf-8")  # not the list's problem
    result = run(["validate", "catalogue/autolink-stop-list.yaml"], valid_data.parent)
    assert result.returncode == 1, result.stderr
    assert "catalogue/autolink-stop-list.yaml:2:11: error[E156]" in result.stdout
    assert "E005" not in result.stdout and "rad.yaml" not in result.stdout
    stop_list.write_text(
        "names:\n  - name: Struggle for Project Purity\n    langs: [en]\n    reason: A made-up case for this test.\n",
        encoding="utf-8",
    )
    result = run(["validate", "catalogue/autolink-stop-list.yaml"], valid_data.parent)
    assert result.returncode == 0, result.stdout
