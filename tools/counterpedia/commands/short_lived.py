"""Python's cycle collector paused while one command runs.

`validate` and `search` build hundreds of thousands of dicts and lists and end soon after, with nothing in a
cycle worth collecting: the collector would walk them again and again for nothing. A caller that runs a command
in-process (the tests, a script) gets the collector back as it found it, after a clean run as after an error."""

from __future__ import annotations

import gc
from types import TracebackType


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
