"""A child process measured as a user runs it: its exit status and output kept with its figures."""

from __future__ import annotations

import sys

from counterpedia.bench.machine import describe, run


def test_a_child_is_run_to_its_end_with_its_status_and_output():
    done = run([sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"])
    assert (done.status, done.stdout, done.stderr, done.ok()) == (3, "out\n", "err\n", False)
    assert done.peak_mb > 0 and done.seconds >= 0 and done.cpu >= 0


def test_the_machine_is_described_with_its_load():
    assert "cores, load average" in describe()


def test_a_childs_peak_memory_is_its_own_not_the_benchs(tmp_path):
    """Measured straight from a large process, a small command's peak would be the large one's (Linux counts the
    address space the child replaces on exec): the bench holds hundreds of MB by its last sections."""
    ballast = bytearray(300 * 1024 * 1024)  # this process: 300 MB more
    ballast[::4096] = b"x" * len(ballast[::4096])  # touched, so resident
    done = run([sys.executable, "-c", "pass"])
    assert done.ok() and done.peak_mb < 150
    del ballast


def test_a_command_that_cannot_start_is_a_failed_run(tmp_path):
    done = run([str(tmp_path / "no-such-command")])
    assert not done.ok() and "no-such-command" in done.stderr
