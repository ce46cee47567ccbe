"""Parsing many record files at once: on a machine with two cores or more, half of them in a forked child.

A fresh clone has no parse cache (counterpedia.storage.parse_cache), and its first `validate` spends most of its time
in the YAML parser, one file after another. Forking is safe only in a process that runs one thread (a thread
holding a lock at the fork would leave the child stuck), so anything else (a test runner with a browser, an
MkDocs server watching files) parses in-process, as small loads do. The child sends back plain data, through a
pipe, as pickle: it is our own process, forked from this one, so nothing foreign is unpickled. A child that
fails leaves its half to the parent: the result is always the same as parsing in-process.
`COUNTERPEDIA_NO_FORK=1` turns it off.
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

MIN_ITEMS = 400  # under this, forking costs more than it saves


def can_fork(items: int) -> bool:
    return (
        items >= MIN_ITEMS
        and hasattr(os, "fork")
        and (os.cpu_count() or 1) >= 2
        and threading.active_count() == 1
        and not os.environ.get("COUNTERPEDIA_NO_FORK")
    )


def map_in_two(function: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """`[function(item) for item in items]`, its second half computed by a forked child when `can_fork`."""
    if not can_fork(len(items)):
        return [function(item) for item in items]
    half = len(items) // 2
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its half, pickled into the pipe, then gone without running any exit handler
        status = 1
        try:
            os.close(read_end)
            payload = pickle.dumps([function(item) for item in items[half:]], protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    try:
        first = [function(item) for item in items[:half]]
    finally:
        with os.fdopen(read_end, "rb") as pipe:
            payload = pipe.read()
        _, status = os.waitpid(pid, 0)
    if status == 0:
        try:
            rest: list[R] = pickle.loads(payload)
            return first + rest
        except (pickle.UnpicklingError, EOFError, ValueError):
            pass
    return first + [function(item) for item in items[half:]]
