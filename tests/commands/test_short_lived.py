"""A short-lived command: its output whole when the console script ends it with os._exit, nothing kept in-process."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref

from counterpedia.commands import cli, short_lived

CONSOLE_SCRIPT = [sys.executable, "-c", "import sys; from counterpedia.commands import entry; sys.exit(entry.main())"]


def test_the_console_scripts_validate_writes_all_it_found_and_its_status(valid_data, tmp_path, capsys, monkeypatch):
    # The console script ends a validate with os._exit (its knowledge base is not freed object by object): its
    # output, block-buffered in a pipe, must be flushed first, whole, with the exit status of the run.
    broken = valid_data / "counters" / "rad.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace("id: rad", "id: Rad!"), encoding="utf-8")
    command = ["validate", "--no-cache", "--format", "json", str(valid_data)]
    monkeypatch.chdir(valid_data.parent)
    in_process = cli.main(command)
    expected = capsys.readouterr().out
    buffered = {name: value for name, value in os.environ.items() if name != "PYTHONUNBUFFERED"}  # as for a user
    run = subprocess.run(CONSOLE_SCRIPT + command, cwd=valid_data.parent, capture_output=True, text=True, env=buffered)
    assert in_process == 1 and '"error"' in expected
    assert (run.returncode, run.stdout) == (in_process, expected), run.stderr


def test_in_process_nothing_outlives_its_command():
    # Only the console script ends the process by os._exit: a test or a script running commands in-process must
    # get each command's knowledge base freed, or it would keep every one it ran.
    class Thing:
        pass

    thing = Thing()
    gone = weakref.ref(thing)
    short_lived.outlive(thing)
    del thing
    gc.collect()
    assert gone() is None
