"""`counterpedia cr check` and `cr sync`: the quotes in data/ against an edition, and their update."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..diagnostics import render_all
from ..knowledge import load
from . import locate
from .cli import USAGE, _error, _guarded, _load, cr_option
from .quotes import SAME, compare_quotes, diagnostics
from .sync import apply, plan


def register(commands: argparse._SubParsersAction) -> None:
    where = cr_option()
    check = commands.add_parser("check", parents=[where], help="compare every quoted English rule with an edition (default: the newest)")
    check.add_argument("--data", default="data", help="the data folder (default: data)")
    check.add_argument("--edition", metavar="YYYYMMDD", help="the edition to compare with (default: the newest available)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(func=run_check)

    sync = commands.add_parser("sync", parents=[where], help="update the English quotes to an edition (dry run unless --apply)")
    sync.add_argument("--data", default="data", help="the data folder (default: data)")
    sync.add_argument("--edition", metavar="YYYYMMDD", help="the edition to update to (default: the newest available)")
    sync.add_argument("--apply", action="store_true", help="write the changes (atomically, comments kept)")
    sync.set_defaults(func=run_sync)


def _target(args) -> tuple:
    path = locate.find(args.edition, args.cr) if args.edition else locate.newest(args.cr)
    return _load(path)


def _loader(args):
    """Editions a quote was taken from, for following renumbering; any place CR files are kept."""

    def load_edition(edition_id: str):
        for explicit in (args.cr, None):
            try:
                return _load(locate.find(edition_id, explicit))
            except locate.CRNotFound:
                continue
        return None

    return load_edition


def _knowledge(args):
    data = Path(args.data)
    if not data.is_dir():
        raise locate.CRNotFound(f"{data}: no data folder here (use --data)")
    kb, problems = load(data)
    return kb, problems


class _DataError(Exception):
    pass


def _compared(args):
    """The target edition, the knowledge base and every quote compared with it."""
    edition = _target(args)
    kb, problems = _knowledge(args)
    if any(p.severity == "error" for p in problems):
        print(render_all(problems), file=sys.stderr)
        raise _DataError()
    return edition, kb, compare_quotes(kb, edition, _loader(args))


def _with_data(command):
    @_guarded
    def wrapper(args) -> int:
        try:
            return command(args, *_compared(args))
        except _DataError:
            return _error("the data does not load; run `counterpedia validate` first", USAGE)

    return wrapper


@_with_data
def run_check(args, edition, kb, changes) -> int:
    found = diagnostics(changes, edition.edition)
    output = render_all(found, args.format)
    if output:
        print(output)
    same = sum(1 for c in changes if c.state == SAME)
    print(f"{same} of {len(changes)} quoted rules match the {edition.edition} edition", file=sys.stderr)
    return 1 if found else 0


@_with_data
def run_sync(args, edition, kb, changes) -> int:
    result = plan(kb, changes, edition.edition)
    for line in result.lines():
        print(line)
    if not result.files:
        print(f"nothing to change: the quotes match the {edition.edition} edition", file=sys.stderr)
        return 0
    if args.apply:
        apply(result)
        print(f"updated {len(result.files)} file(s) to the {edition.edition} edition", file=sys.stderr)
    else:
        print(f"{len(result.files)} file(s) would change; run again with --apply to write them", file=sys.stderr)
    return 0
