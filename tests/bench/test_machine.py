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
