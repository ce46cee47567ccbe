"""Journaled multi-file writes: all or nothing across an interruption, never overwriting an edit."""

import json
import os
import stat

import pytest

from counterpedia.storage import writes
from counterpedia.storage.writes import FileWrite, WriteError, apply_plan, recover


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
        if path.name != writes.JOURNAL_NAME:
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
