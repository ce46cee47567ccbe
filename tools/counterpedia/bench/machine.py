"""The machine a figure is measured on, and what one child process costs: wall time, CPU time, peak memory."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Run:
    """One finished child process."""

    command: list[str]
    seconds: float  # wall time
    cpu: float  # user + system seconds: what the wall time would be on an idle machine, roughly
    peak_mb: float  # peak resident memory (the child's maximum RSS)
    status: int
    stdout: str
    stderr: str

    def ok(self) -> bool:
        return self.status == 0


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def describe() -> str:
    loads = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    return (
        f"{os.cpu_count()} cores, load average {loads[0]:.2f} {loads[1]:.2f} {loads[2]:.2f} (1, 5, 15 min); "
        f"Python {platform.python_version()} on {platform.system()} {platform.machine()}"
    )


def python() -> str:
    return sys.executable


def counterpedia_command() -> list[str]:
    """The installed `counterpedia` command beside this Python, as a user runs it."""
    executable = Path(sys.executable).with_name("counterpedia")
    return [str(executable)] if executable.exists() else [sys.executable, "-m", "counterpedia.commands.entry"]


# A small Python between the bench and the command: it starts the command, waits for it with wait4 and
# writes what that reports. Measured straight from the bench, a child's peak memory would be at least the
# bench's own (Linux counts the address space a child replaces on exec, the parent's after fork or vfork):
# the bench holds a built search index by then, hundreds of MB that the command never uses.
_LAUNCHER = """import json, os, subprocess, sys, time
start = time.perf_counter()
process = subprocess.Popen(sys.argv[2:])
_pid, status, usage = os.wait4(process.pid, 0)
seconds = time.perf_counter() - start
with open(sys.argv[1], "w", encoding="utf-8") as stream:
    json.dump({"seconds": seconds, "cpu": usage.ru_utime + usage.ru_stime, "maxrss_kb": usage.ru_maxrss,
               "status": os.waitstatus_to_exitcode(status)}, stream)
"""


def run(command: list[str], env: dict | None = None, cwd: Path | None = None) -> Run:
    """Run `command` to its end and measure it with wait4 (its own resource usage, through the launcher)."""
    environment = {**os.environ, **(env or {})}
    with (
        tempfile.TemporaryFile("w+", encoding="utf-8") as out,
        tempfile.TemporaryFile("w+", encoding="utf-8") as err,
        tempfile.TemporaryDirectory(prefix="counterpedia-run-") as folder,
    ):
        result = Path(folder) / "usage.json"
        try:
            status = subprocess.run(
                [sys.executable, "-c", _LAUNCHER, str(result), *command],
                stdout=out,
                stderr=err,
                env=environment,
                cwd=cwd,
                check=False,
            ).returncode
        except OSError as error:
            return Run(command, 0.0, 0.0, 0.0, 127, "", f"cannot run {command[0]}: {error}")
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
        if not result.is_file():  # the launcher itself failed (the command could not be started)
            return Run(command, 0.0, 0.0, 0.0, status or 127, stdout, stderr)
        usage = json.loads(result.read_text(encoding="utf-8"))
        return Run(command, usage["seconds"], usage["cpu"], usage["maxrss_kb"] / 1024, usage["status"], stdout, stderr)
