"""Parsing many files in two processes gives exactly what parsing them in one does, and never forks where
that is unsafe (another thread running) or where it does not pay."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest

from counterpedia import parse_many
from counterpedia.load import load_paths
from counterpedia.parse_many import MIN_ITEMS, map_in_two

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def forking(monkeypatch):
    """Where the parse forks: two cores, fork, and no other thread in this test process (a browser test before
    this one may leave one: it then parses in-process, as it should)."""
    if not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        pytest.skip("parsing forks only with os.fork and two cores or more")
    if threading.active_count() > 1:
        pytest.skip("another thread runs in this test process: parsing stays in-process")
    monkeypatch.delenv("COUNTERPEDIA_NO_FORK", raising=False)


def pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def test_the_second_half_is_computed_by_a_child_in_order(forking):
    items = list(range(MIN_ITEMS + 1))
    results = map_in_two(pid_and_square, items)
    assert [square for _pid, square in results] == [n * n for n in items]
    pids = {pid for pid, _square in results}
    assert os.getpid() in pids and len(pids) == 2


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


def test_a_child_that_fails_leaves_its_half_to_the_parent(forking):
    parent = os.getpid()

    def fails_in_the_child(n: int) -> int:
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        return n + 1

    items = list(range(MIN_ITEMS * 2))
    assert map_in_two(fails_in_the_child, items) == [n + 1 for n in items]


def test_loading_the_data_in_two_processes_gives_the_same_records_and_problems(forking, tmp_path, monkeypatch):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    assert sum(1 for _ in data.rglob("*.yaml")) >= MIN_ITEMS
    broken = next((data / "cards").rglob("*.yaml"))
    broken.write_text(broken.read_text(encoding="utf-8") + "oops: [\n", encoding="utf-8")
    monkeypatch.setenv("COUNTERPEDIA_NO_CACHE", "1")
    calls = []
    monkeypatch.setattr(parse_many, "can_fork", lambda n, real=parse_many.can_fork: calls.append(real(n)) or calls[-1])
    forked = load_paths([data], root=data)
    monkeypatch.setenv("COUNTERPEDIA_NO_FORK", "1")
    alone = load_paths([data], root=data)
    assert calls == [True, False]
    assert [(d.path, d.kind, d.data, d.stem, d.source) for d in forked.documents] == \
        [(d.path, d.kind, d.data, d.stem, d.source) for d in alone.documents]
    assert forked.diagnostics == alone.diagnostics and [d.code for d in forked.diagnostics] == ["E001"]
