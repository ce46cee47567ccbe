"""`counterpedia recover` and what the other commands do with a journal of pending writes (issue 23)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.storage import writes


@pytest.fixture
def data(valid_data: Path, in_dir) -> Path:
    in_dir(valid_data.parent)
    assert main(["fmt", "data"]) == 0
    return valid_data


def counter(data: Path) -> Path:
    return next((data / "counters").glob("*.yaml"))


def plant(data: Path, files: list[dict], where: Path | None = None, command: str = "import mtgjson") -> Path:
    path = where or writes.journal_path(data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"command": command, "files": files}), encoding="utf-8")
    return path


def test_a_journal_committed_into_the_data_folder_writes_nothing_and_validate_reports_it(data, tmp_path, capsys):
    # The reproduction of issue 23: a journal naming a file outside the repository, then `fmt` of one record.
    outside = tmp_path / "outside.txt"
    plant(data, [{"path": str(outside), "text": "pwned\n", "before": None}], where=data / writes.JOURNAL_NAME)
    assert main(["fmt", str(counter(data).relative_to(data.parent))]) == 0
    assert not outside.exists()
    capsys.readouterr()
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert "error[E011]" in out and writes.JOURNAL_NAME in out


def test_a_hostile_journal_in_the_cache_stops_every_writer_and_names_the_way_out(data, tmp_path, capsys):
    outside = tmp_path / "outside.yaml"
    plant(data, [{"path": str(outside), "text": "x: 1\n", "before": None}])
    capsys.readouterr()
    assert main(["fmt", "data"]) == 1
    err = capsys.readouterr().err
    assert "refused" in err and "recover --abandon" in err and "Traceback" not in err
    assert not outside.exists()
    assert main(["validate"]) == 1
    assert "error[E012]" in capsys.readouterr().out
    assert main(["recover"]) == 1 and not outside.exists()
    assert main(["recover", "--abandon"]) == 0
    assert main(["validate"]) == 0


def test_validate_says_a_plan_is_pending_and_recover_finishes_it(data, capsys):
    target = counter(data)
    before = target.read_text(encoding="utf-8")
    planned = before + "# finished by recover\n"
    rel = target.relative_to(data.parent).as_posix()
    plant(data, [{"path": rel, "text": planned, "before": writes._digest(before)}])
    capsys.readouterr()
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert "error[E012]" in out and "interrupted `import mtgjson`" in out and rel in out
    assert main(["recover"]) == 0
    captured = capsys.readouterr()
    assert "finished the interrupted `import mtgjson`: 1 file(s) written" in captured.err
    assert target.read_text(encoding="utf-8") == planned
    assert main(["validate"]) == 0
    assert main(["recover"]) == 0 and "nothing to do" in capsys.readouterr().err


def test_abandon_lists_what_it_drops(data, capsys):
    rel = counter(data).relative_to(data.parent).as_posix()
    plant(data, [{"path": rel, "text": "x", "before": None}])
    capsys.readouterr()
    assert main(["recover", "--abandon"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == [f"not written: {rel}"] and "dropped the plan of an interrupted `import mtgjson`" in err
    assert not writes.journal_path(data).exists()


def test_recover_without_a_data_folder_is_bad_usage(tmp_path, in_dir, capsys):
    in_dir(tmp_path)
    assert main(["recover"]) == 2
    assert "no such data folder" in capsys.readouterr().err
