"""Expensive fixtures built once per test run, whatever the number of pytest-xdist workers.

With xdist, each worker is a process of its own, and a session-scoped fixture is built once per worker. What
is costly to make (a three-language site build) is made once per run instead: in a folder of the run's base
temporary folder, which every worker of the run shares (`<basetemp>/popen-gwN` is a worker's own;
`<basetemp>` is the run's), named after the inputs that make it, under a file lock. The first worker that
needs it builds it while the others wait on the lock; the next ones find it built. No worker order is
assumed. Without xdist, the same folder lives in the run's own base temporary folder.

A build that fails (or skips) is recorded beside the folder: the other workers fail (or skip) with the same
message instead of building it again.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock


class NotBuilt(Exception):
    """Another process of the run failed to build it (or skipped): `message` says why."""

    def __init__(self, message: str, skipped: bool):
        super().__init__(message)
        self.skipped = skipped


def build_once(shared: Path, name: str, inputs: dict, build: Callable[[Path], object]) -> Path:
    """The folder `build(folder)` fills, made by the first process that asks and then reused by all.

    `inputs` names everything the result depends on (data folder, environment): two different inputs
    never share a folder. `build` must leave the folder complete or raise."""
    key = hashlib.sha256(json.dumps([name, inputs], sort_keys=True, default=str).encode()).hexdigest()[:16]
    shared.mkdir(parents=True, exist_ok=True)
    folder = shared / f"{name}-{key}"
    done, failed = shared / f"{name}-{key}.built", shared / f"{name}-{key}.failed"
    with FileLock(str(shared / f"{name}-{key}.lock")):
        if failed.is_file():
            outcome = json.loads(failed.read_text(encoding="utf-8"))
            raise NotBuilt(outcome["message"], outcome["skipped"])
        if not done.is_file():
            shutil.rmtree(folder, ignore_errors=True)  # what a process that died half way left
            folder.mkdir()
            try:
                build(folder)
            except (Exception, pytest.skip.Exception, pytest.fail.Exception) as error:
                skipped = isinstance(error, pytest.skip.Exception)
                message = (
                    str(error)
                    if isinstance(error, pytest.fail.Exception) or skipped
                    else f"{type(error).__name__}: {error}"
                )
                failed.write_text(json.dumps({"skipped": skipped, "message": message}), encoding="utf-8")
                raise
            done.write_text(json.dumps(inputs, sort_keys=True, default=str), encoding="utf-8")
    return folder


def run_folder(tmp_path_factory: pytest.TempPathFactory, config: pytest.Config) -> Path:
    """The base temporary folder of the whole run, shared by its xdist workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


def built_once(request: pytest.FixtureRequest, name: str, inputs: dict, build: Callable[[Path], object]) -> Path:
    """`build_once` for a session fixture: in the run's folder; another worker's failure fails (or skips) here
    too, saying so."""
    shared = run_folder(request.getfixturevalue("tmp_path_factory"), request.config) / "shared"
    try:
        return build_once(shared, name, inputs, build)
    except NotBuilt as error:
        message = f"{name}, built by another worker of this run: {error}"
        if error.skipped:
            pytest.skip(message)
        pytest.fail(message)
