"""Ctrl-C while `counterpedia` starts or runs: exit status 130, never a traceback."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from counterpedia import cli

ROOT = Path(__file__).resolve().parents[1]
ENTRY = [sys.executable, "-c", "import sys; from counterpedia.entry import main; sys.exit(main())"]


def python_start_up() -> float:
    """Seconds Python itself takes to start here (before any of our code can run)."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - start)
    return sorted(times)[1]


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT on this platform")
def test_ctrl_c_during_start_up_or_the_command_is_exit_130_without_a_traceback(valid_data):
    # Interrupts at increasing delays land in the imports (MkDocs, jsonschema…), then in the build itself.
    # The first few milliseconds belong to Python's own start-up (site imports): they are skipped.
    first = 2 * python_start_up()
    outcomes = []
    for step in range(12):
        process = subprocess.Popen(
            ENTRY + ["site", "build", "--project", str(ROOT), "--data", str(valid_data), "--out",
                     str(valid_data.parent / f"site-{step}"), "--lang", "en"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=valid_data.parent)
        time.sleep(first + step * 0.03)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=120)
        assert "Traceback" not in err.decode(), err.decode()
        assert process.returncode in (130, 0, -signal.SIGINT), (process.returncode, err.decode())
        outcomes.append(process.returncode)
    assert 130 in outcomes


def test_an_interrupt_inside_the_command_is_130(monkeypatch, capsys):
    def interrupted(_args):
        raise KeyboardInterrupt

    monkeypatch.setitem(cli.LAZY_COMMANDS, "import", lambda sub: sub.add_parser("import").set_defaults(func=interrupted))
    assert cli.main(["import"]) == 130
    assert capsys.readouterr().err == "counterpedia: interrupted\n"
