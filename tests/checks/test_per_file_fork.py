"""After a clone, validate checks the files it has no kept result for half in a forked child: it reports exactly
what checking them in one process reports.

Run in a fresh Python process, as tests/storage/test_parse_many.py does: the test runner may hold threads, and
then, rightly, nothing forks in it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SNIPPET = """
    import contextlib, io, json, os, sys
    from counterpedia.checks import per_file
    from counterpedia.commands.cli import main
    calls = []
    real = per_file.map_in_two
    checked = []
    def counted(function, items, *rest):
        from counterpedia.storage.parse_many import can_fork
        calls.append(can_fork(len(items)))
        checked.append(len(items))
        return real(function, items, *rest)
    per_file.map_in_two = counted
    def validate(cache):
        os.environ["XDG_CACHE_HOME"] = cache
        out = io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            status = main(["validate", "data"])
        return status, out.getvalue()
    def snapshot(cache):
        import glob
        (path,) = glob.glob(cache + "/counterpedia/parsed-*.pickle")
        with open(path, "rb") as stream:
            return stream.read()
    forked = validate("cache-forked")
    forked_snapshot = snapshot("cache-forked")  # written by the parent while the child checks its share
    os.environ["COUNTERPEDIA_NO_FORK"] = "1"
    alone = validate("cache-alone")
    same_snapshot = forked_snapshot == snapshot("cache-alone")
    # the keys of the results kept, worked out by the child for its files, are those a later run works out
    edited = sys.argv[1]
    with open(edited, "a", encoding="utf-8") as stream:
        stream.write("# edited\\n")
    del os.environ["COUNTERPEDIA_NO_FORK"]  # a setting: part of every key
    checked.clear()
    again = validate("cache-forked")
    checked_again = list(checked)
    # a child killed while it checks its files leaves them to the parent: the same output, never fewer problems
    parent, checked_parts = os.getpid(), per_file._checked_parts
    def killed_in_the_child(*arguments):
        if os.getpid() != parent:
            os.kill(os.getpid(), 9)
        return checked_parts(*arguments)
    per_file._checked_parts = killed_in_the_child
    killed = validate("cache-killed")
    print(json.dumps({"calls": calls, "forked": forked, "alone": alone, "again": again, "checked": checked_again,
                      "killed": killed, "same snapshot": same_snapshot}))
"""


@pytest.mark.slow
def test_the_files_checked_in_a_child_give_what_one_process_gives(tmp_path):
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        pytest.skip("validate forks only with os.fork and two cores or more")
    shutil.copytree(ROOT / "data", tmp_path / "data")
    shutil.copytree(ROOT / "catalogue", tmp_path / "catalogue")
    cards = sorted((tmp_path / "data" / "cards").rglob("*.yaml"))
    first, last = cards[0], cards[-1]  # one problem in each half of the files
    first.write_text(first.read_text(encoding="utf-8").replace("status: official", "status: oficial", 1), "utf-8")
    last.write_text(last.read_text(encoding="utf-8") + "rulings: 3\n", encoding="utf-8")
    # a problem across records, found by the checks the parent runs while the child checks its share of files
    (first.parent / "zz-twin.yaml").write_bytes(cards[1].read_bytes())
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    env.pop("COUNTERPEDIA_NO_FORK", None)
    env.pop("COUNTERPEDIA_NO_CACHE", None)
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(SNIPPET), str(cards[-2])],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["calls"][:2] == [True, False]  # forked the first time, in one process the second
    # after one card edited, only its parts are checked again (its own records', the citing checks'): each file's
    # results were kept under the key this run works out, the child's files' too
    assert found["checked"] == [2] and found["again"] == found["forked"]
    assert found["forked"] == found["alone"] == found["killed"]
    assert found["same snapshot"]  # the parse cache, written while the child checks, is the one-process run's
    assert found["calls"][2:] == [False, True]  # the run after the edit checks 2 parts in-process; the killed one forks
    status, output = found["forked"]
    assert status == 1 and first.name in output and last.name in output, output
    assert "zz-twin.yaml" in output and "[E103]" in output, output
