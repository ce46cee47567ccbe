"""The `counterpedia` command's entry point: Ctrl-C while it starts is a quiet exit 130, never a traceback.

Start-up imports the CLI and, for some commands, heavy modules (MkDocs, jsonschema): a KeyboardInterrupt
raised inside an import would print a traceback. Until the command itself runs, SIGINT ends the process
at once (nothing has been written yet); the command then gets Python's usual KeyboardInterrupt, which
the CLI turns into exit status 130 after the command's own clean-up."""

# `_signal`, the C module under `signal`: importing `signal` itself takes milliseconds (it builds enums),
# long enough for a Ctrl-C to land in it. `os` and `sys` are loaded with the interpreter.
import _signal
import os
import sys

INTERRUPTED = 130


def _quiet_exit(_signum, _frame) -> None:
    os._exit(INTERRUPTED)


def restore_interrupts():
    """Called just before the command runs: Ctrl-C raises KeyboardInterrupt again (writes clean up)."""
    try:
        if _signal.getsignal(_signal.SIGINT) is _quiet_exit:
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    except ValueError:  # not the main thread: signals were never ours to change
        pass


def main():
    try:
        _signal.signal(_signal.SIGINT, _quiet_exit)
    except ValueError:
        pass
    from .cli import main as run

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
