"""The argument parser of every `counterpedia` command and subcommand."""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn


class ArgumentParser(argparse.ArgumentParser):
    """argparse that exits with status 2 and a one-line hint, never a traceback."""

    def error(self, message: str) -> NoReturn:  # pragma: no cover - argparse contract
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")
