"""Issue 23: one writer at a time. Two real processes: the second waits, then refuses naming the first; a lock
left by a killed process is recovered, and said."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from counterpedia.commands.cli import main
from counterpedia.storage import writes

HOLD = """
import sys, time
from pathlib import Path
from counterpedia.storage import writes
with writes.writing(Path(sys.argv[1]), "import mtgjson"):
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def hold(data: Path, seconds: float) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLD, str(data), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "holding"
    return process


def test_a_second_writer_waits_then_refuses_naming_the_first(valid_data, in_dir, capsys, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_LOCK_WAIT", "0.5")
    first = hold(valid_data, 30)
    try:
        in_dir(valid_data.parent)
        before = {p: p.read_bytes() for p in valid_data.rglob("*.yaml")}
        assert main(["fmt", "data"]) == 1
        err = capsys.readouterr().err
        assert f"another counterpedia command (pid {first.pid}, `import mtgjson`) is writing" in err, err
        assert "try again when it ends" in err
        assert {p: p.read_bytes() for p in valid_data.rglob("*.yaml")} == before
    finally:
        first.kill()
        first.wait()


def test_a_second_writer_that_waits_long_enough_goes_on(valid_data, in_dir, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_LOCK_WAIT", "60")
    first = hold(valid_data, 1)
    in_dir(valid_data.parent)
    started = time.monotonic()
    assert main(["fmt", "data"]) == 0
    assert first.wait() == 0 and time.monotonic() - started < 60


def test_a_lock_left_by_a_killed_process_is_recovered_and_said(valid_data, in_dir, capsys):
    first = hold(valid_data, 60)
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert writes.lock_path(valid_data).read_text(encoding="utf-8"), "the killed holder's name is still in the file"
    in_dir(valid_data.parent)
    assert main(["fmt", "data"]) == 0
    err = capsys.readouterr().err
    assert f"(pid {first.pid}), which no longer runs" in err, err
    assert writes.lock_path(valid_data).read_text(encoding="utf-8") == "", "released cleanly"


def test_the_lock_is_reentrant_within_one_process(valid_data):
    with writes.writing(valid_data, "refresh", wait=0), writes.writing(valid_data, "import scryfall", wait=0):
        assert str(os.getpid()) in writes.lock_path(valid_data).read_text(encoding="utf-8")


def test_read_only_commands_take_no_lock(valid_data, in_dir, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_LOCK_WAIT", "0")
    first = hold(valid_data, 30)
    try:
        in_dir(valid_data.parent)
        assert main(["validate"]) == 0
        assert main(["fmt", "--check", "data"]) in (0, 1)
    finally:
        first.kill()
        first.wait()
