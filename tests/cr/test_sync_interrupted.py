"""`cr sync --apply` killed or failing part way: the next run finishes the job; nothing stray is left behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.storage import writes

from .conftest import data_snapshot as snapshot

ROOT = Path(__file__).resolve().parents[2]
# The edition before the one the data quotes (20260417 before 20260925: 701.50d -> 701.50e, 702.54b re-quoted,
# and read from a file that no source names as a copy, `via` goes from every quote: some 70 files change).
EDITION = "the edition before the one the data quotes"


@pytest.fixture(scope="module")
def synced(synced_data) -> tuple[str, dict[str, str]]:
    """(the edition synced to, the data's files after an uninterrupted `cr sync --apply` to it): one sync for the
    run (tests/cr/conftest.py), each test of this module interrupting a sync of its own copy and comparing the
    result with these files."""
    assert synced_data.returncode == 0, synced_data.err
    return synced_data.edition, synced_data.snapshot


@pytest.fixture
def copies(tmp_path, monkeypatch, cr_env, synced):
    """A folder to copy the data into and interrupt a sync in, and what an uninterrupted sync makes of the data."""
    global EDITION
    EDITION, expected = synced
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return work, expected


def kill_after_first_replaced_file(work: Path) -> subprocess.Popen:
    """Start `cr sync --apply` and SIGKILL it as soon as the first file of its plan is replaced."""
    process = subprocess.Popen(
        [sys.executable, "-m", "counterpedia.commands.cli", "cr", "sync", "--edition", EDITION, "--apply"],
        cwd=work,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    journal = writes.journal_path(work / "data")
    deadline = time.monotonic() + 300  # a guard against a hang, not a timing: make test runs beside other tests
    while not journal.is_file():
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the sync never started writing"
        time.sleep(0.0002)
    first = json.loads(journal.read_text(encoding="utf-8"))["files"][0]
    target, planned = work / first["path"], first["text"]
    while True:
        try:
            if target.read_text(encoding="utf-8") == planned:
                break
        except FileNotFoundError:
            pass
        assert time.monotonic() < deadline
        time.sleep(0.0002)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    return process


def test_a_killed_sync_is_finished_by_the_next_run(copies, synced_data, data_copier, capsys):
    work, expected = copies
    for _attempt in range(5):
        data_copier(work)  # anew at each attempt
        original = snapshot(work / "data")
        process = kill_after_first_replaced_file(work)
        if process.returncode == -signal.SIGKILL and writes.journal_path(work / "data").is_file():
            break
    else:
        pytest.fail("the sync always finished before it could be killed")
    killed = snapshot(work / "data")
    done = {p for p, digest in killed.items() if digest == expected.get(p) and digest != original.get(p)}
    assert done, "the kill came after the first file was replaced"

    capsys.readouterr()
    assert main(["cr", "sync", "--edition", EDITION, "--apply"]) == 0
    assert f"finished an interrupted `cr sync --edition {EDITION}`" in capsys.readouterr().err
    assert snapshot(work / "data") == expected
    assert not list((work / "data").rglob("*.tmp")) and not writes.journal_path(work / "data").exists()
    # The finished data is byte for byte the uninterrupted sync's (above), whose validation found no error.
    assert not synced_data.errors


def test_a_write_failing_part_way_says_what_was_written_and_a_rerun_finishes(copies, data_copier, capsys, monkeypatch):
    work, expected = copies
    data_copier(work)
    real, calls = writes.atomic_write, []

    def failing(path, text):
        calls.append(path)
        if len(calls) == 12:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path, text)

    monkeypatch.setattr(writes, "atomic_write", failing)
    capsys.readouterr()
    assert main(["cr", "sync", "--edition", EDITION, "--apply"]) == 1
    err = capsys.readouterr().err
    assert "Permission denied" in err and "Traceback" not in err and "internal error" not in err
    written = [line for line in err.splitlines() if line.startswith("written: ")]
    assert len(written) == 10  # the journal was the first write, the twelfth failed
    assert "run the command again" in err

    monkeypatch.setattr(writes, "atomic_write", real)
    assert main(["cr", "sync", "--edition", EDITION, "--apply"]) == 0
    assert snapshot(work / "data") == expected
    assert not list((work / "data").rglob("*.tmp"))


def test_a_dry_run_or_check_says_a_sync_was_interrupted(copies, data_copier, capsys, monkeypatch):
    work, _expected = copies
    data_copier(work)
    writes.journal_path(work / "data").parent.mkdir(parents=True, exist_ok=True)
    writes.journal_path(work / "data").write_text(json.dumps({"command": "cr sync", "files": []}), encoding="utf-8")
    capsys.readouterr()
    main(["cr", "check"])
    assert "an interrupted command left" in capsys.readouterr().err
