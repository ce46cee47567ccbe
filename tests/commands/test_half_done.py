"""Issue 23, half-done states: nothing left behind by a full disk, an ASCII terminal, a read-only folder, Ctrl-C."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time

import pytest

from counterpedia.commands.cli import main
from counterpedia.search import engine

EDITORIAL = "id: counterpedia\ntype: editorial\ntitle: Counterpedia editors\nlanguage: mul\n"

# Ctrl-C as a terminal delivers it to a command it starts: SIGINT handled and not blocked. A child inherits an
# ignored SIGINT and the blocked signals of the process that starts it; pytest's worker may hold either from an
# earlier test, and Python then never raises KeyboardInterrupt (the child would run on, or exit 0).
AS_FROM_A_TERMINAL = """
import signal
signal.signal(signal.SIGINT, signal.default_int_handler)
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
"""

WRITER = """
import sys
from pathlib import Path
from counterpedia.storage.writes import atomic_write
folder = Path(sys.argv[1])
print("writing", flush=True)
n = 0
while True:
    atomic_write(folder / f"r{n % 50}.yaml", "id: x\\n" * 20000)
    n += 1
"""


# Ctrl-C that lands right after the temporary file is created (the probe's 0-byte .NAME.yaml.XXXX.tmp, 3 of 3
# times): the signal is sent from inside mkstemp, as a real one would arrive.
INTERRUPTED_AFTER_CREATE = """
import os, signal, sys, tempfile
from pathlib import Path
from counterpedia.storage.writes import atomic_write
original = tempfile.mkstemp
def mkstemp(*args, **kwargs):
    found = original(*args, **kwargs)
    os.kill(os.getpid(), signal.SIGINT)
    return found
tempfile.mkstemp = mkstemp
try:
    atomic_write(Path(sys.argv[1]) / "rad.yaml", "id: rad\\n")
except KeyboardInterrupt:
    sys.exit(130)
"""


def test_ctrl_c_right_after_the_temporary_file_is_made_leaves_nothing_behind(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", AS_FROM_A_TERMINAL + INTERRUPTED_AFTER_CREATE, str(tmp_path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 130, done.stderr
    assert not list(tmp_path.glob(".*.tmp")), "a temporary file was left behind"


def test_ctrl_c_during_writes_leaves_no_temporary_file(tmp_path):
    for attempt in range(5):
        folder = tmp_path / str(attempt)
        folder.mkdir()
        process = subprocess.Popen(
            [sys.executable, "-c", AS_FROM_A_TERMINAL + WRITER, str(folder)], stdout=subprocess.PIPE, text=True
        )
        assert process.stdout is not None and process.stdout.readline().strip() == "writing"
        time.sleep(0.2 + attempt * 0.07)
        process.send_signal(signal.SIGINT)
        process.wait(timeout=60)
        assert not list(folder.glob(".*.tmp")), f"attempt {attempt}: a temporary file was left behind"
        assert all(p.read_text() == "id: x\n" * 20000 for p in folder.glob("*.yaml")), "every file whole"


def test_search_on_a_full_disk_leaves_no_temporary_file(valid_data, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(engine.os, "replace", full)
    assert main(["search", "rad", "--data", str(valid_data)]) == 0
    assert not [p for p in (tmp_path / "cache").rglob("*") if p.is_file()]


def test_search_on_an_ascii_terminal_escapes_what_it_cannot_show(valid_data):
    done = subprocess.run(
        [sys.executable, "-m", "counterpedia.commands.cli", "search", "RADカウンター", "--data", str(valid_data)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert done.returncode in (0, 1) and b"Traceback" not in done.stderr, done.stderr
    assert b"\\u30ab" in done.stdout + done.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_new_into_a_read_only_data_folder_says_so(valid_data, in_dir, capsys):
    (valid_data / "sources" / "counterpedia.yaml").write_text(EDITORIAL, encoding="utf-8")
    folder = valid_data / "cards"
    for each in (folder, *folder.iterdir()):
        each.chmod(0o555)
    try:
        in_dir(valid_data.parent)
        assert main(["new", "card", "walking-ballista"]) == 1
        err = capsys.readouterr().err
        assert "cannot write" in err and "nothing was written" in err
        assert not list(valid_data.rglob("*walking-ballista*"))
    finally:
        for each in (folder, *folder.iterdir()):
            each.chmod(0o755)


def test_new_that_cannot_write_says_so_without_a_traceback(valid_data, in_dir, capsys, monkeypatch):
    from counterpedia.commands import scaffold

    def refused(path, _text):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(scaffold, "atomic_write", refused)
    (valid_data / "sources" / "counterpedia.yaml").write_text(EDITORIAL, encoding="utf-8")
    in_dir(valid_data.parent)
    assert main(["new", "card", "walking-ballista"]) == 1
    err = capsys.readouterr().err
    assert "Permission denied" in err and "nothing was written" in err
