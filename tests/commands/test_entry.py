"""Ctrl-C while `counterpedia` starts or runs: exit status 130, never a traceback."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from counterpedia import __version__
from counterpedia.commands import cli

ROOT = Path(__file__).resolve().parents[2]
# The console script, saying "ready" once its guard is in place: an interrupt before main's first line lands in
# Python's own start-up (the site module, the console script's import), which no program can guard. Saying
# "ready" before the guard made the test race with it (CI: a traceback at `def main`). SIGINT unblocked first, as
# a terminal starts a command: a child inherits the blocked signals of pytest's worker, which an earlier test
# may have left (the guard would then never see the interrupt).
ENTRY = [
    sys.executable,
    "-c",
    "import _signal; _signal.pthread_sigmask(_signal.SIG_UNBLOCK, {_signal.SIGINT}); "
    "import sys; from counterpedia.commands import entry; guard = entry.quiet_until_the_command_runs; "
    "entry.quiet_until_the_command_runs = lambda: (guard(), print('ready', flush=True)); sys.exit(entry.main())",
]


@pytest.mark.skipif(not hasattr(signal, "SIGINT"), reason="no SIGINT on this platform")
def test_ctrl_c_during_start_up_or_the_command_is_exit_130_without_a_traceback(valid_data):
    # Interrupts at increasing delays land in the imports (MkDocs, jsonschema…), then in the build itself.
    outcomes = []
    for step in range(12):
        process = subprocess.Popen(
            ENTRY
            + [
                "site",
                "build",
                "--project",
                str(ROOT),
                "--data",
                str(valid_data),
                "--out",
                str(valid_data.parent / f"site-{step}"),
                "--lang",
                "en",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=valid_data.parent,
        )
        assert process.stdout.readline() == b"ready\n"
        time.sleep(step * 0.03)
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=120)
        assert "Traceback" not in err.decode(), err.decode()
        assert process.returncode in (130, 0), (process.returncode, err.decode())
        outcomes.append(process.returncode)
    assert 130 in outcomes


def test_an_interrupt_inside_the_command_is_130(monkeypatch, capsys):
    def interrupted(_args):
        raise KeyboardInterrupt

    monkeypatch.setitem(
        cli.LAZY_COMMANDS, "import", lambda sub: sub.add_parser("import").set_defaults(func=interrupted)
    )
    assert cli.main(["import"]) == 130
    assert capsys.readouterr().err == "counterpedia: interrupted\n"


def _commands(parser) -> set[str]:
    subparsers = next(a for a in parser._actions if a.dest == "command")
    return set(subparsers.choices)


def test_every_command_is_known_as_eager_or_lazy_and_validate_registers_no_lazy_one():
    # A command missing from both lists would make `counterpedia NAME` register every lazy command (slow start-up);
    # naming an eager command registers only the eager ones.
    assert _commands(cli.build_parser()) == set(cli.EAGER_COMMANDS) | set(cli.LAZY_COMMANDS)
    assert _commands(cli.build_parser(only=cli._command_of(["validate", "--data", "data"]))) == set(cli.EAGER_COMMANDS)
    assert cli._command_of(["search", "x"]) == "search"
    assert cli._command_of(["valdate"]) is None  # a typo: every command registered, argparse lists them all


def test_a_typo_lists_every_command(capsys):
    with pytest.raises(SystemExit):
        cli.build_parser(only=cli._command_of(["valdate"])).parse_args(["valdate"])
    assert "search" in capsys.readouterr().err


def test_version_is_printed_without_registering_the_lazy_commands(capsys):
    # `--version` is answered before any command is parsed: it registered every command (0.7 s of CPU).
    assert _commands(cli.build_parser(only=cli._parser_scope(["--version"]))) == set(cli.EAGER_COMMANDS)
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"counterpedia {__version__}\n"


def test_help_before_a_command_lists_every_command(capsys):
    # `counterpedia -h search` prints the list of commands: all of them, not the eager ones and search.
    with pytest.raises(SystemExit):
        cli.main(["-h", "search"])
    listed = capsys.readouterr().out
    assert all(f"    {name} " in listed for name in set(cli.EAGER_COMMANDS) | set(cli.LAZY_COMMANDS)), listed
