"""Ctrl-C while `counterpedia` starts: a quiet exit 130 until the command runs, then Python's usual
KeyboardInterrupt (which the CLI turns into exit status 130 after the command's own clean-up).

`_signal`, the C module under `signal`: importing `signal` itself takes milliseconds (it builds enums), long
enough for a Ctrl-C to land in it. `os` is loaded with the interpreter."""

from __future__ import annotations

import _signal
import os

INTERRUPTED = 130


def quiet_exit(_signum: int, _frame: object) -> None:
    os._exit(INTERRUPTED)


def quiet_until_the_command_runs() -> None:
    """From now on until `restore_interrupts`, SIGINT ends the process at once (nothing is written yet)."""
    try:
        _signal.signal(_signal.SIGINT, quiet_exit)
    except ValueError:  # not the main thread: signals were never ours to change
        pass


def restore_interrupts() -> None:
    """Called just before the command runs: Ctrl-C raises KeyboardInterrupt again (writes clean up)."""
    try:
        if _signal.getsignal(_signal.SIGINT) is quiet_exit:
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    except ValueError:  # not the main thread: signals were never ours to change
        pass
