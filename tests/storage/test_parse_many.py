"""Parsing many files in two processes gives exactly what parsing them in one does, and never forks where
that is unsafe (another thread running) or where it does not pay.

The forking cases run in a fresh Python process: the test runner itself may hold threads (a browser test
before them), and then, rightly, nothing forks in it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from counterpedia.storage.parse_many import MIN_ITEMS, map_in_two

ROOT = Path(__file__).resolve().parents[2]


def pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


@pytest.fixture
def fresh_python():
    """Runs a snippet in a new single-threaded Python process and returns what it prints, as JSON."""
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        pytest.skip("parsing forks only with os.fork and two cores or more")

    def run(code: str, cwd: Path = ROOT):
        env = {**os.environ, "PYTHONPATH": str(ROOT / "tools"), "COUNTERPEDIA_NO_CACHE": "1"}
        env.pop("COUNTERPEDIA_NO_FORK", None)
        result = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env, cwd=cwd
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    return run


def test_half_of_the_items_are_computed_by_a_child_in_order(fresh_python):
    found = fresh_python(f"""
        import json, os
        from counterpedia.storage.parse_many import map_in_two
        results = map_in_two(lambda n: (os.getpid(), n * n), list(range({MIN_ITEMS + 1})))
        print(json.dumps({{"squares": [s for _, s in results], "pids": sorted({{p for p, _ in results}}),
                          "me": os.getpid()}}))
    """)
    assert found["squares"] == [n * n for n in range(MIN_ITEMS + 1)]
    assert found["me"] in found["pids"] and len(found["pids"]) == 2


def test_the_childs_share_is_spread_over_the_items_while_the_parent_works_meanwhile(fresh_python):
    found = fresh_python(f"""
        import json, os
        from counterpedia.storage.parse_many import map_in_two
        me = os.getpid()
        meanwhile = []
        results = map_in_two(lambda n: (os.getpid(), n * n), list(range({MIN_ITEMS * 2})),
                             meanwhile=lambda: meanwhile.append(os.getpid()), share=0.62)
        print(json.dumps({{"squares": [s for _, s in results], "theirs": [p != me for p, _ in results],
                          "meanwhile": [p == me for p in meanwhile]}}))
    """)
    assert found["squares"] == [n * n for n in range(MIN_ITEMS * 2)]
    assert found["meanwhile"] == [True]  # once, in the parent
    theirs = found["theirs"]
    assert sum(theirs) == int(len(theirs) * 0.62)
    for start in range(0, len(theirs), 50):  # spread evenly: costly items that lie together are shared
        assert 28 <= sum(theirs[start : start + 50]) <= 33


def test_the_child_sends_what_sent_makes_of_its_results(fresh_python):
    found = fresh_python(f"""
        import json, os
        from counterpedia.storage.parse_many import map_in_two
        me = os.getpid()
        results = map_in_two(lambda n: (os.getpid() != me, n), list(range(1, {MIN_ITEMS + 1})),
                             sent=lambda result: (result[0], -result[1]))
        print(json.dumps(results))
    """)
    assert [abs(n) for _, n in found] == list(range(1, MIN_ITEMS + 1))
    assert all((n < 0) == theirs for theirs, n in found) and any(theirs for theirs, _ in found)


def test_without_a_fork_nothing_is_sent(monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_NO_FORK", "1")
    assert map_in_two(lambda n: n, list(range(MIN_ITEMS)), sent=lambda n: -n) == list(range(MIN_ITEMS))


def test_without_a_fork_the_work_meanwhile_is_done_after_the_items(monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_NO_FORK", "1")
    order: list[object] = []
    assert map_in_two(lambda n: order.append(n) or n, [1, 2], meanwhile=lambda: order.append("meanwhile")) == [1, 2]
    assert order == [1, 2, "meanwhile"]


def test_a_child_that_fails_leaves_its_half_to_the_parent(fresh_python):
    found = fresh_python(f"""
        import json, os
        from counterpedia.storage.parse_many import map_in_two
        parent = os.getpid()
        def fails_in_the_child(n):
            if os.getpid() != parent:
                raise RuntimeError("the child fails")
            return n + 1
        meanwhile = []
        found = map_in_two(fails_in_the_child, list(range({MIN_ITEMS * 2})), lambda: meanwhile.append(1), 0.62)
        print(json.dumps({{"found": found, "meanwhile": meanwhile}}))
    """)
    assert found == {"found": [n + 1 for n in range(MIN_ITEMS * 2)], "meanwhile": [1]}


def test_loading_the_data_in_two_processes_gives_the_same_records_and_problems(fresh_python, tmp_path):
    import shutil

    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    assert sum(1 for _ in data.rglob("*.yaml")) >= MIN_ITEMS
    broken = next((data / "cards").rglob("*.yaml"))
    broken.write_text(broken.read_text(encoding="utf-8") + "oops: [\n", encoding="utf-8")
    # bytes that are not UTF-8: decoded with the parse, in whichever process parses the file
    undecodable = sorted((data / "translation-memory").rglob("*.yaml"))[-1]
    undecodable.write_bytes(undecodable.read_bytes() + b"note: \xff\n")
    found = fresh_python(
        """
        import json, os
        from pathlib import Path
        from counterpedia.storage import parse_many
        from counterpedia.storage.load import load_paths
        calls = []
        real = parse_many.can_fork
        parse_many.can_fork = lambda n: calls.append(real(n)) or calls[-1]
        def loaded():
            result = load_paths([Path("data")], root=Path("data"))
            return ([[d.path, d.kind, d.data, d.stem, d.source] for d in result.documents],
                    [d.render() for d in result.diagnostics])
        forked = loaded()
        os.environ["COUNTERPEDIA_NO_FORK"] = "1"
        alone = loaded()
        print(json.dumps({"calls": calls, "same": forked == alone, "problems": forked[1], "records": len(forked[0])}))
    """,
        cwd=tmp_path,
    )
    assert found["calls"] == [True, False] and found["same"] is True
    assert found["records"] >= MIN_ITEMS and len(found["problems"]) == 2
    assert "[E001]" in found["problems"][0] and f"{undecodable.name}:" in found["problems"][1]
    assert "error[E004] byte 0xff is not UTF-8" in found["problems"][1]


def test_a_forked_load_keeps_in_the_parse_cache_what_one_process_keeps(fresh_python, tmp_path):
    """The child sends each file's data pickled for the parse cache, not twice: the parent's records, and the cache's
    records on the next load, are those of a load in one process."""
    shutil.copytree(ROOT / "data", tmp_path / "data")
    found = fresh_python(
        """
        import json, os
        from pathlib import Path
        from counterpedia.storage import parse_many
        from counterpedia.storage.load import load_paths
        calls = []
        real = parse_many.can_fork
        parse_many.can_fork = lambda n: calls.append([real(n), n]) or calls[-1][0]
        def loaded():
            result = load_paths([Path("data")], root=Path("data"))
            return ([[d.path, d.kind, repr(d.data), d.stem, d.source] for d in result.documents],
                    [d.render() for d in result.diagnostics])
        del os.environ["COUNTERPEDIA_NO_CACHE"]
        os.environ["XDG_CACHE_HOME"] = "cache-forked"
        forked = loaded()
        cached = loaded()
        os.environ["COUNTERPEDIA_NO_FORK"] = "1"
        os.environ["XDG_CACHE_HOME"] = "cache-alone"
        alone = loaded()
        print(json.dumps({"calls": calls, "same": forked == cached == alone, "records": len(forked[0])}))
    """,
        cwd=tmp_path,
    )
    files = sum(1 for _ in (tmp_path / "data").rglob("*.yaml"))
    assert found["calls"] == [[True, files], [False, 0], [False, files]]  # the second load: all from the cache
    assert found["same"] is True and found["records"] == files


def test_a_small_load_a_running_thread_or_the_switch_keep_it_in_process(monkeypatch):
    monkeypatch.delenv("COUNTERPEDIA_NO_FORK", raising=False)
    assert {pid for pid, _ in map_in_two(pid_and_square, list(range(MIN_ITEMS - 1)))} == {os.getpid()}
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert {pid for pid, _ in map_in_two(pid_and_square, list(range(MIN_ITEMS * 2)))} == {os.getpid()}
    finally:
        stop.set()
        thread.join()
    monkeypatch.setenv("COUNTERPEDIA_NO_FORK", "1")
    assert {pid for pid, _ in map_in_two(pid_and_square, list(range(MIN_ITEMS * 2)))} == {os.getpid()}


def test_an_import_lays_out_the_same_files_with_half_of_them_in_a_child(fresh_python, tmp_path):
    """importers/merge.Workspace.writes lays out its records through map_in_two: the plan is the one a single
    process makes, edited files (their comments kept) and created ones alike, in the same order."""
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", tmp_path / "data")
    found = fresh_python(
        """
        import json, os
        from pathlib import Path
        from ruamel.yaml.comments import CommentedMap
        from counterpedia.importers import merge
        from counterpedia.storage import parse_many

        parse_many.MIN_ITEMS = 2  # a few records are enough to fork
        laid_out = merge._laid_out
        open("pids", "w").close()

        def recording(job):
            with open("pids", "a") as stream:
                stream.write(f"{os.getpid()}\\n")
            return laid_out(job)

        merge._laid_out = recording

        def plan():
            workspace = merge.Workspace(Path("data"))
            for stem in ("inevitable-betrayal", "struggle-for-project-purity"):
                workspace.edit(Path(f"data/cards/{stem[0]}/{stem}.yaml"))["counters"] = ["time", "oil"]
            for n in range(3):
                workspace.create(Path(f"data/cards/n/new-card-{n}.yaml"), CommentedMap(
                    id=f"new-card-{n}", names={"en": {"text": f"New Card {n}", "status": "official"}}
                ), header="# Added by a test\\n")
            return [[str(w.path), w.text] for w in workspace.writes()]

        forked = plan()
        forked_pids = set(open("pids").read().split())
        os.environ["COUNTERPEDIA_NO_FORK"] = "1"
        single = plan()
        print(json.dumps({"same": forked == single, "writes": len(single), "pids": len(forked_pids)}))
    """,
        cwd=tmp_path,
    )
    assert found == {"same": True, "writes": 5, "pids": 2}
