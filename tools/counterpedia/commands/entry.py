"""The `counterpedia` command's entry point: Ctrl-C while it starts is a quiet exit 130, never a traceback.

Start-up imports the CLI and, for some commands, heavy modules (MkDocs, jsonschema): a KeyboardInterrupt
raised inside an import would print a traceback. Until the command itself runs, SIGINT ends the process
at once (nothing has been written yet); the command then gets Python's usual KeyboardInterrupt, which
the CLI turns into exit status 130 after the command's own clean-up (`counterpedia.commands.interrupts`)."""

import sys

from .interrupts import quiet_until_the_command_runs


def main() -> int:
    quiet_until_the_command_runs()
    # start-up: the CLI (argparse, the commands) is imported once a Ctrl-C can no longer print a traceback
    from .cli import main as run
    from .short_lived import end_by_exit, exit_now_if_kept

    end_by_exit()
    code = run(sys.argv[1:])
    exit_now_if_kept(code)
    return code


if __name__ == "__main__":
    sys.exit(main())
