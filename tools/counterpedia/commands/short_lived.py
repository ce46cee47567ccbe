"""What a short-lived command spares itself: Python's cycle collector while it runs, and freeing its objects
one by one as the process ends.

`validate` and `search` build hundreds of thousands of dicts and lists and end soon after, with nothing in a
cycle worth collecting: the collector would walk them again and again for nothing. A caller that runs a command
in-process (the tests, a script) gets the collector back as it found it, after a clean run as after an error.

The console script (`counterpedia.commands.entry`) ends a process in which a command asked for its objects to
`outlive` it with os._exit once the output is flushed: freeing a cold validate's knowledge base object by object
took 0.07 s of its 2 s. Only there: a command run in-process keeps nothing (`outlive` is a no-op)."""

from __future__ import annotations

import gc
import os
import sys
from types import TracebackType

_kept: list[object] = []  # what outlives its command, while `ending_by_exit` holds
_ending_by_exit = False


class CycleCollectionPaused:
    """`with CycleCollectionPaused():` the collector is off inside, and as it was after."""

    def __enter__(self) -> None:
        self._was_enabled = gc.isenabled()
        gc.disable()

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        if self._was_enabled:
            gc.enable()


def end_by_exit() -> None:
    """Called by the console script before the command runs: from now on `outlive` keeps what it is given."""
    global _ending_by_exit
    _ending_by_exit = True


def outlive(thing: object) -> None:
    """Keep `thing` to the end of the process, when the console script will end it with os._exit (not freed
    object by object, which only costs time); in-process, nothing is kept."""
    if _ending_by_exit:
        _kept.append(thing)


def exit_now_if_kept(code: int) -> None:
    """End the process at once with `code` when a command kept something for it: the output flushed first, and
    the normal exit (which reports a flush error as Python does) when flushing fails."""
    if not _kept:
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe or stream: Python's own exit reports it
        return
    os._exit(code)
