"""tests/shared_build.py: what `make test`'s workers share is built once per run, by whichever asks first."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from .shared_build import NotBuilt, build_once


def slow_build(folder: Path) -> None:
    with open(folder.parent / "builds.log", "a", encoding="utf-8") as log:
        log.write(f"{folder.name}\n")
    time.sleep(0.5)
    (folder / "index.html").write_text("built", encoding="utf-8")


def ask(shared: Path, inputs: dict, results) -> None:
    results.put(str(build_once(shared, "site", inputs, slow_build)))


def test_processes_asking_together_get_one_build(tmp_path):
    context = multiprocessing.get_context("spawn")  # as separate as xdist's workers
    results = context.Queue()
    workers = [context.Process(target=ask, args=(tmp_path, {"data": "data"}, results)) for _ in range(3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
    folders = {results.get(timeout=10) for _ in workers}
    assert len(folders) == 1 and (Path(folders.pop()) / "index.html").read_text(encoding="utf-8") == "built"
    assert len((tmp_path / "builds.log").read_text(encoding="utf-8").splitlines()) == 1


def test_other_inputs_get_their_own_folder(tmp_path):
    first = build_once(tmp_path, "site", {"data": "data", "FULL_RULES": "1"}, slow_build)
    second = build_once(tmp_path, "site", {"data": "data", "FULL_RULES": "0"}, slow_build)
    assert first != second and build_once(tmp_path, "site", {"FULL_RULES": "1", "data": "data"}, slow_build) == first
    assert len((tmp_path / "builds.log").read_text(encoding="utf-8").splitlines()) == 2


def test_a_failed_build_is_not_tried_again_and_says_why(tmp_path):
    calls = []

    def broken(folder: Path) -> None:
        calls.append(folder)
        raise ValueError("data/counters/rad.yaml: broken")

    with pytest.raises(ValueError):
        build_once(tmp_path, "site", {}, broken)
    with pytest.raises(NotBuilt, match="ValueError: data/counters/rad.yaml: broken") as again:
        build_once(tmp_path, "site", {}, broken)
    assert len(calls) == 1 and not again.value.skipped


def test_a_half_built_folder_is_built_again(tmp_path):
    folder = build_once(tmp_path, "site", {}, slow_build)
    folder.with_suffix(".built").unlink()  # as if the process died before it was done
    (folder / "index.html").write_text("half", encoding="utf-8")
    assert (build_once(tmp_path, "site", {}, slow_build) / "index.html").read_text(encoding="utf-8") == "built"
