"""Parsing many record files at once: on a machine with two cores or more, half of them in a forked child (and
checking them: counterpedia.checks.per_file).

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
from typing import TypeVar, cast

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


def child_indexes(count: int, share: float) -> list[int]:
    """The indexes of `share` of `count` items, spread evenly over them: costly items often lie together (the
    translation memory's shards after the cards), and a contiguous half of the checks took 2.8 times the other's
    time."""
    return [i for i in range(count) if int((i + 1) * share) > int(i * share)]


def map_in_two(
    function: Callable[[T], R],
    items: Sequence[T],
    meanwhile: Callable[[], object] | None = None,
    share: float = 0.5,
    sent: Callable[[R], R] | None = None,
) -> list[R]:
    """`[function(item) for item in items]`, `share` of them computed by a forked child when `can_fork`. `meanwhile`:
    work of the parent's own (its result not kept) done after its items and before it waits for the child, which
    then takes more than half of them; without a fork, done after all the items. `sent`: what the child sends of
    each of its results (the caller's to make whole again), when not the result itself."""
    if not can_fork(len(items)):
        found = [function(item) for item in items]
        if meanwhile is not None:
            meanwhile()
        return found
    theirs = child_indexes(len(items), share)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its items, pickled into the pipe, then gone without running any exit handler
        status = 1
        try:
            os.close(read_end)
            found = [function(items[i]) for i in theirs]
            payload = pickle.dumps([sent(r) for r in found] if sent else found, protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(payload)
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    results: list[R | None] = [None] * len(items)
    try:
        taken = set(theirs)
        for i, item in enumerate(items):
            if i not in taken:
                results[i] = function(item)
        if meanwhile is not None:
            meanwhile()
    finally:
        with os.fdopen(read_end, "rb") as pipe:
            payload = pipe.read()
        _, status = os.waitpid(pid, 0)
    rest: list[R] | None = None
    if status == 0:
        try:
            rest = pickle.loads(payload)
        except (pickle.UnpicklingError, EOFError, ValueError):
            pass
    if not isinstance(rest, list) or len(rest) != len(theirs):
        rest = [function(items[i]) for i in theirs]  # a child that failed leaves its items to the parent
    for i, result in zip(theirs, rest):
        results[i] = result
    return cast(list[R], results)  # every index filled
