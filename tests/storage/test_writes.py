"""Journaled multi-file writes: all or nothing across an interruption, never overwriting an edit."""

import json
import os
import stat
import subprocess
from pathlib import Path

import pytest

from counterpedia.storage import writes
from counterpedia.storage.writes import FileWrite, WriteError, apply_plan, recover

ROOT = Path(__file__).resolve().parents[1]


def test_plan_is_written_and_journal_removed(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("old\n")
    report = apply_plan(tmp_path, [FileWrite(a, "new a\n"), FileWrite(b, "new b\n")], "test")
    assert a.read_text() == "new a\n" and b.read_text() == "new b\n"
    assert sorted(report.written) == [a, b]
    assert not writes.journal_path(tmp_path).exists()


def test_unchanged_files_are_not_touched(tmp_path):
    a = tmp_path / "a.yaml"
    a.write_text("same\n")
    before = a.stat().st_mtime_ns
    report = apply_plan(tmp_path, [FileWrite(a, "same\n")], "test")
    assert report.unchanged == [a] and report.written == []
    assert a.stat().st_mtime_ns == before


def test_new_file_gets_the_umask_default_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        path = tmp_path / "new.yaml"
        writes.atomic_write(path, "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_replaced_file_keeps_its_mode(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("x\n")
    path.chmod(0o640)
    writes.atomic_write(path, "y\n")
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def _interrupted_plan(tmp_path, monkeypatch, fail_at: int):
    """Apply a plan of three files whose `fail_at`-th write fails, as a kill or a full disk would."""
    paths = [tmp_path / f"{name}.yaml" for name in "abc"]
    for path in paths:
        path.write_text(f"old {path.stem}\n")
    real = writes.atomic_write
    calls = {"n": 0}

    def failing(path, text):
        if path != writes.journal_path(tmp_path):
            calls["n"] += 1
            if calls["n"] == fail_at:
                raise PermissionError(13, "Permission denied")
        real(path, text)

    monkeypatch.setattr(writes, "atomic_write", failing)
    with pytest.raises(WriteError) as caught:
        apply_plan(tmp_path, [FileWrite(p, f"new {p.stem}\n") for p in paths], "cr sync --apply")
    monkeypatch.setattr(writes, "atomic_write", real)
    return paths, caught.value


def test_failed_write_names_what_was_written_and_recover_finishes(tmp_path, monkeypatch):
    paths, error = _interrupted_plan(tmp_path, monkeypatch, fail_at=2)
    assert error.written == [paths[0]] and error.pending == paths[1:]
    assert "Permission denied" in str(error) and "run the command again" in str(error)
    assert writes.journal_path(tmp_path).is_file()
    report = recover(tmp_path)
    assert report.recovered_from == "cr sync --apply"
    assert [p.read_text() for p in paths] == ["new a\n", "new b\n", "new c\n"]
    assert not writes.journal_path(tmp_path).exists()
    assert recover(tmp_path) is None


def test_recover_refuses_when_a_planned_file_was_edited_since(tmp_path, monkeypatch):
    paths, _error = _interrupted_plan(tmp_path, monkeypatch, fail_at=2)
    paths[2].write_text("edited by hand\n")
    with pytest.raises(WriteError, match="changed since"):
        recover(tmp_path)
    assert paths[2].read_text() == "edited by hand\n"
    assert writes.journal_path(tmp_path).is_file()


def test_apply_refuses_while_a_journal_is_pending(tmp_path, monkeypatch):
    _interrupted_plan(tmp_path, monkeypatch, fail_at=2)
    with pytest.raises(WriteError, match="pending"):
        apply_plan(tmp_path, [FileWrite(tmp_path / "x.yaml", "x"), FileWrite(tmp_path / "y.yaml", "y")], "test")


def test_unreadable_journal_is_reported_not_a_traceback(tmp_path):
    writes.journal_path(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    writes.journal_path(tmp_path).write_text("{not json")
    with pytest.raises(WriteError, match="cannot be read"):
        recover(tmp_path)


def test_stray_temporaries_are_removed_but_nothing_else(tmp_path):
    (tmp_path / "cards").mkdir()
    stray = tmp_path / "cards" / ".foo.yaml.ab12cd.tmp"
    stray.write_text("half")
    keep = tmp_path / "cards" / "notes.tmp"
    keep.write_text("mine")
    assert writes.remove_stray_temporaries(tmp_path) == [stray]
    assert keep.exists() and not stray.exists()


def test_journal_records_the_plan(tmp_path, monkeypatch):
    _interrupted_plan(tmp_path, monkeypatch, fail_at=1)
    journal = json.loads(writes.journal_path(tmp_path).read_text())
    assert journal["command"] == "cr sync --apply"
    assert [e["text"] for e in journal["files"]] == ["new a\n", "new b\n", "new c\n"]


def test_a_journal_that_cannot_be_written_stops_before_any_file(tmp_path, monkeypatch):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("old a\n")

    def refuse(path, text):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(writes, "atomic_write", refuse)
    with pytest.raises(WriteError, match="Nothing was written") as raised:
        apply_plan(tmp_path, [FileWrite(a, "new a\n"), FileWrite(b, "new b\n")], "test")
    assert raised.value.written == [] and a.read_text() == "old a\n" and not b.exists()


# --- The journal is a plan to write files: it is guarded like code (issue 23).


def _journal(root, files, command="counterpedia fmt"):
    """Write a journal by hand, as a commit, a pull request or a careless user could leave one."""
    path = writes.journal_path(root)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"command": command, "files": files}), encoding="utf-8")
    return path


def _data(tmp_path):
    data = tmp_path / "project" / "data"
    (data / "counters").mkdir(parents=True)
    record = data / "counters" / "rad.yaml"
    record.write_text("id: rad\n")
    return data, record


def test_the_journal_lives_in_the_git_ignored_cache_beside_the_data(tmp_path):
    data, _record = _data(tmp_path)
    assert writes.journal_path(data).parent == data.parent / ".cache" / "counterpedia"
    ignored = subprocess.run(["git", "check-ignore", "-q", ".cache/counterpedia/pending-writes-data-0.json"], cwd=ROOT)
    assert ignored.returncode == 0, ".cache/ must be git-ignored, so that no commit carries a journal"


@pytest.mark.parametrize(
    "target",
    [
        "../outside.yaml",  # above the project
        "/tmp/counterpedia-outside.yaml",  # absolute
        "data/../../outside.yaml",  # climbing out through the data folder
        ".git/hooks/pre-commit",  # the project's own files: code that git runs
        "data/.hidden/x.yaml",  # a hidden folder inside the data folder
        "data/counters/evil.pth",  # not a record
        ".venv/lib/python3.11/site-packages/evil.pth",
    ],
)
def test_a_journal_naming_a_path_outside_the_records_is_refused_whole(tmp_path, target):
    data, record = _data(tmp_path)
    _journal(
        data,
        [
            {"path": "data/counters/rad.yaml", "text": "id: rad\nhacked: 1\n", "before": None},
            {"path": target, "text": "import os\n", "before": None},
        ],
    )
    with pytest.raises(WriteError, match="outside the YAML records") as raised:
        recover(data)
    assert "nothing was written" in str(raised.value)
    assert record.read_text() == "id: rad\n"  # not even the legitimate-looking entry
    assert not (tmp_path / "outside.yaml").exists() and not (data.parent / ".git").exists()
    assert not os.path.exists("/tmp/counterpedia-outside.yaml")
    assert writes.journal_path(data).is_file()  # kept for the user to inspect


def test_a_symlink_out_of_the_data_folder_is_resolved_and_refused(tmp_path):
    data, _record = _data(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (data / "cards").symlink_to(outside, target_is_directory=True)
    _journal(
        data,
        [
            {"path": "data/cards/x.yaml", "text": "id: x\n", "before": None},
            {"path": "data/counters/rad.yaml", "text": "id: rad\n#\n", "before": None},
        ],
    )
    with pytest.raises(WriteError, match="outside the YAML records"):
        recover(data)
    assert not (outside / "x.yaml").exists()


def test_a_journal_in_the_data_folder_is_never_read(tmp_path):
    data, record = _data(tmp_path)
    (data / writes.JOURNAL_NAME).write_text(
        json.dumps({"command": "fmt", "files": [{"path": str(record), "text": "hacked\n", "before": None}]})
    )
    assert recover(data) is None
    assert apply_plan(data, [FileWrite(record, "id: rad\n# ok\n")], "test").written == [record]
    assert writes.legacy_journal(data) == data / writes.JOURNAL_NAME


def test_a_journal_another_user_wrote_is_reported_not_replayed(tmp_path, monkeypatch):
    data, record = _data(tmp_path)
    _journal(data, [{"path": "data/counters/rad.yaml", "text": "id: rad\n# new\n", "before": None}])
    monkeypatch.setattr(writes.os, "getuid", lambda: os.stat(writes.journal_path(data)).st_uid + 1)
    with pytest.raises(WriteError, match="another user"):
        recover(data)
    with pytest.raises(WriteError, match="another user"):
        recover(data, explicit=True)
    assert record.read_text() == "id: rad\n"


def test_a_journal_older_than_its_data_waits_for_an_explicit_recover(tmp_path):
    data, record = _data(tmp_path)
    other = data / "counters" / "oil.yaml"
    journal = _journal(
        data,
        [{"path": "data/counters/rad.yaml", "text": "id: rad\n# new\n", "before": writes._digest("id: rad\n")}],
        command="import mtgjson",
    )
    other.write_text("id: oil\n")
    os.utime(journal, (other.stat().st_mtime - 60, other.stat().st_mtime - 60))
    with pytest.raises(WriteError, match="changed after it was written") as raised:
        recover(data)
    assert "counterpedia recover" in str(raised.value) and record.read_text() == "id: rad\n"
    report = recover(data, explicit=True)
    assert report.recovered_from == "import mtgjson" and record.read_text() == "id: rad\n# new\n"


def test_abandon_drops_the_plan_and_says_what_it_held(tmp_path):
    data, record = _data(tmp_path)
    _journal(data, [{"path": "data/counters/rad.yaml", "text": "x", "before": None}], command="import scryfall")
    assert writes.abandon(data) == ("import scryfall", ["data/counters/rad.yaml"])
    assert not writes.journal_path(data).exists() and record.read_text() == "id: rad\n"
    assert writes.abandon(data) is None


def test_a_plan_outside_its_root_is_refused_before_anything_is_written(tmp_path):
    data, record = _data(tmp_path)
    with pytest.raises(WriteError, match="refused"):
        apply_plan(data, [FileWrite(record, "id: rad\n#\n"), FileWrite(tmp_path / "x.yaml", "x")], "test")
    assert record.read_text() == "id: rad\n" and not (tmp_path / "x.yaml").exists()
