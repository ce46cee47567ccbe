"""The bench's `tests` section: `make test` run once in a child process, its wall time, counts and slowest tests."""

from __future__ import annotations

import shutil
import sys

import pytest

from counterpedia.bench import suite
from counterpedia.bench.__main__ import main

OUTPUT = """\
created: 2/2 workers
2 workers [1525 items]

........................................................................ [  4%]
============================= slowest 15 durations =============================
118.52s call     tests/importers/test_mtgjson_full.py::test_the_committed_records_are_what_the_import_of_the_shared_files_produces
61.02s setup    tests/test_site.py::test_every_counter_has_a_page_with_its_names[ja]
0.51s call     tests/test_ids.py::test_x

(12 durations < 0.005s hidden.  Use -vv to show these durations.)
=========================== short test summary info ============================
SKIPPED [1] tests/test_linkchecker.py:22: linkchecker is not installed
=============== 1 failed, 1516 passed, 8 skipped in 331.12s (0:05:31) ===============
"""


def test_the_closing_line_the_workers_and_the_slowest_tests_are_read():
    assert suite.counts(OUTPUT) == {"failed": 1, "passed": 1516, "skipped": 8}
    assert suite.workers(OUTPUT) == 2
    assert [line.split()[0] for line in suite.slowest(OUTPUT)] == ["118.52s", "61.02s", "0.51s"]
    assert suite.counts("1517 passed in 1.20s\n") == {"passed": 1517}  # pytest -q
    assert suite.counts("no closing line\n") == {} and suite.workers("") is None and suite.slowest("") == []


@pytest.fixture
def project(tmp_path):
    """A project whose `make test` prints what pytest would, and exits with $STATUS."""
    script = tmp_path / "fake_pytest.py"
    script.write_text(
        "import os, sys\nsys.stdout.write(open(os.environ['OUTPUT']).read())\n"
        "sys.exit(int(os.environ.get('STATUS', '0')))\n",
        encoding="utf-8",
    )
    (tmp_path / "output.txt").write_text(OUTPUT.replace("1 failed, ", ""), encoding="utf-8")
    (tmp_path / "Makefile").write_text(
        f"test:\n\t@OUTPUT={tmp_path / 'output.txt'} {sys.executable} {script}\n", encoding="utf-8"
    )
    (tmp_path / "mkdocs.yml").write_text("site_name: fake\n", encoding="utf-8")  # for the bench's own check
    return tmp_path


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_test_is_run_in_a_child_and_timed(project, capsys):
    figures = suite.measure(project)
    assert figures.ok() and figures.error() == ""
    assert figures.counts == {"passed": 1516, "skipped": 8} and figures.workers == 2
    assert 0 < figures.run.seconds < 60
    suite.report(figures)
    out = capsys.readouterr().out
    assert "make test (2 workers):" in out and "1516 passed, 8 skipped" in out
    assert "118.52s call     tests/importers/test_mtgjson_full.py" in out


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_a_failing_suite_is_an_error_of_the_bench(project, valid_data, monkeypatch, capsys):
    monkeypatch.setenv("STATUS", "1")
    figures = suite.measure(project)
    assert (
        not figures.ok() and figures.error() == "make test exited 2 (1516 passed, 8 skipped)"
    )  # make: a recipe failed
    assert main(["--data", str(valid_data), "--project", str(project), "--only", "tests"]) == 1
    captured = capsys.readouterr()
    assert "make test exited 2" in captured.err
    assert "make test, wall time (2 workers)" in captured.out and "< 360 s" in captured.out


def test_no_makefile_is_said_not_measured(tmp_path, capsys):
    figures = suite.measure(tmp_path)
    assert figures.run is None and "no Makefile" in figures.reason
    suite.report(figures)
    assert "not measured: no Makefile" in capsys.readouterr().out
