"""`counterpedia cr …`: list, fetch, diff and follow the Comprehensive Rules.

The main CLI calls `register(subparsers)` and then `args.func(args)`; each subcommand's
function returns the exit status: 0 ok, 1 problems (a failed download, changes found with
--exit-code, a rule in no edition), 2 bad usage (no CR files, unknown edition, a file
that is not the CR). Errors are one line on stderr with what to do, never a traceback.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path

from ..storage.format import FormatError
from . import ja_fetch, ja_locate, locate
from .diff import Change, diff, summary
from .fetch import FetchError, check_edition_id, check_url, fetch
from .history import RuleNotFound, Step, history
from .ja_parse import parse_file as parse_ja
from .locate import CRNotFound
from .parse import CRParseError, Edition, effective_date, parse_file, split_lines
from .words import to_terminal, word_diff

OK, PROBLEMS, USAGE = 0, 1, 2
RULE_NUMBER_HELP = "a rule number such as 727.1, 122.1a or 702"
CONTEXT_WORDS = 8  # unchanged words shown on each side of a change in terminal diffs


def cr_option() -> argparse.ArgumentParser:
    """A parent parser with the `--cr PATH` option, for every subcommand that reads CR files."""
    where = argparse.ArgumentParser(add_help=False)
    where.add_argument(
        "--cr",
        metavar="PATH",
        help="a CR file, or a directory of MagicCompRules*.txt files (overrides the environment and the cache)",
    )
    return where


def register(subparsers: argparse._SubParsersAction) -> argparse._SubParsersAction:
    """Add the `cr` command and its subcommands to the main parser's subparsers.

    Returns the `cr` subcommands, so other modules can add theirs (check, sync) next to
    these, with `parents=[cr_option()]` for the same --cr option.
    """
    cr = subparsers.add_parser(
        "cr",
        help="Comprehensive Rules: list, fetch, diff editions, follow a rule",
        description="Work with the official Comprehensive Rules text files. They are found through "
        "--cr, then $COUNTERPEDIA_CR (a file) or $COUNTERPEDIA_CR_DIR (folders separated by ':', as in PATH), then the cache "
        f"({locate.cache_dir()}), where `counterpedia cr fetch YYYYMMDD` puts them.",
    )
    commands = cr.add_subparsers(dest="cr_command", metavar="COMMAND")
    cr.set_defaults(func=lambda args: _usage(cr))

    where = cr_option()

    editions = commands.add_parser("editions", parents=[where], help="list the editions available")
    editions.add_argument("--json", action="store_true", help="print JSON")
    editions.set_defaults(func=run_editions)

    compare = commands.add_parser(
        "diff", parents=[where], help="rules added, removed, changed and renumbered between two editions"
    )
    compare.add_argument("old", metavar="OLD", help="an edition id (YYYYMMDD) or a CR file")
    compare.add_argument("new", metavar="NEW", help="an edition id (YYYYMMDD) or a CR file")
    compare.add_argument("--json", action="store_true", help="print a JSON list of changes")
    compare.add_argument("--exit-code", action="store_true", help="exit with 1 when there are changes")
    compare.add_argument("--full", action="store_true", help="show whole texts, not just the words around each change")
    compare.set_defaults(func=run_diff)

    follow = commands.add_parser("history", parents=[where], help="a rule's number and text changes in every edition")
    follow.add_argument("rule", metavar="RULE", help=RULE_NUMBER_HELP)
    follow.add_argument(
        "--edition", metavar="YYYYMMDD", help="the edition RULE is numbered in (default: the newest that has it)"
    )
    follow.add_argument("--diff", action="store_true", help="show the word diff of each text change")
    follow.add_argument("--json", action="store_true", help="print JSON")
    follow.set_defaults(func=run_history)

    download = commands.add_parser("fetch", help="download an edition from Wizards of the Coast into the cache")
    download.add_argument("edition", metavar="YYYYMMDD", nargs="?", help="the edition's date, e.g. 20260116")
    download.add_argument(
        "--lang",
        choices=("en", "ja"),
        default="en",
        help="ja: the official Japanese translation, from its page on mtg-jp.com, saved as lines "
        "(the edition, if given, must be the page's)",
    )
    download.add_argument("--url", help="download this URL instead (the edition id is then taken from it)")
    download.add_argument(
        "--dir",
        metavar="DIR",
        help=f"save into DIR instead of the cache ({locate.cache_dir()}; --lang ja: its cr-ja sibling)",
    )
    download.set_defaults(func=run_fetch)
    return commands


def run(args: argparse.Namespace) -> int:
    """Run the subcommand chosen on the command line."""
    return args.func(args)


def _guarded(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Turn every expected failure into a one-line message and an exit status."""

    @functools.wraps(command)
    def wrapper(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except (CRNotFound, CRParseError, RuleNotFound) as error:
            status = PROBLEMS if isinstance(error, RuleNotFound) else USAGE
            return _error(str(error), status)
        except FetchError as error:
            return _error(str(error), PROBLEMS)
        except FormatError as error:  # a record `cr sync` would have to rewrite, but cannot format as it reads it
            for diagnostic in error.diagnostics:
                print(diagnostic.render(), file=sys.stderr)
            return _error(
                "nothing was written: fix the record(s) above (`counterpedia validate`, `counterpedia fmt`)", PROBLEMS
            )
        except BrokenPipeError:  # before OSError: `counterpedia cr diff … | head`
            sys.stderr.close()
            return OK
        except OSError as error:  # the environment (a file that cannot be read or written), not a bug
            where = f"{error.filename}: " if error.filename else ""
            return _error(f"{where}{error.strerror or error}", PROBLEMS)
        except KeyboardInterrupt:
            return 130
        except Exception as error:  # noqa: BLE001 - a bug still gets a message, not a traceback
            return _error(f"internal error ({type(error).__name__}: {error}); please report it", PROBLEMS)

    return wrapper


def _error(message: str, status: int) -> int:
    print(f"counterpedia cr: error: {message}", file=sys.stderr)
    return status


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_usage(sys.stderr)
    print("counterpedia cr: error: choose a command: editions, diff, history or fetch", file=sys.stderr)
    return USAGE


@functools.cache
def _load(path: Path) -> Edition:
    return parse_file(path)


# --- editions ---------------------------------------------------------------------------


@_guarded
def run_editions(args: argparse.Namespace) -> int:
    where, path = locate.search_path(args.cr)
    found = locate.available_editions(args.cr)
    if not found:
        raise CRNotFound(f"no Comprehensive Rules files in {path} (from {where}); {locate.HOW_TO_GET}")
    rows = []
    for edition, file in found.items():
        rows.append({"edition": edition, "effective": _effective(file), "path": str(file)})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=2))
        return OK
    print(f"{len(rows)} edition(s) in {path} (from {where}):")
    for row in rows:
        print(f"  {row['edition']}  effective {row['effective'] or '?':<10}  {row['path']}")
    return OK


def _effective(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            head = handle.read(2048).decode("utf-8", errors="replace")
        return effective_date(split_lines(head)).isoformat()
    except (OSError, CRParseError):
        return None


# --- diff -------------------------------------------------------------------------------


@_guarded
def run_diff(args: argparse.Namespace) -> int:
    old = _load(locate.resolve(args.old, args.cr))
    new = _load(locate.resolve(args.new, args.cr))
    changes = diff(old, new)
    if args.json:
        print(json.dumps([c.to_json() for c in changes], ensure_ascii=False, indent=2))
    else:
        _print_diff(old, new, changes, None if args.full else CONTEXT_WORDS)
    return PROBLEMS if args.exit_code and changes else OK


def _print_diff(old: Edition, new: Edition, changes: list[Change], context: int | None) -> None:
    counts = ", ".join(f"{n} {kind}" for kind, n in summary(changes).items())
    print(f"Comprehensive Rules {old.edition} → {new.edition}: {counts}")
    for change in changes:
        print()
        if change.change == "renumbered":
            note = " (text changed)" if change.text_changed else ""
            note += " (examples changed)" if change.examples_changed else ""
            print(f"renumbered {change.old} → {change.new}{note}")
        else:
            print(f"{change.change} {change.new or change.old}")
        rule = change.new_rule or change.old_rule
        if change.change in ("added", "removed") and rule is not None:  # an added rule has a new one, a removed an old
            print(_indent(rule.text))
            for example in rule.examples:
                print(_indent(f"Example: {example}"))
            continue
        if change.text_changed:
            print(_indent(to_terminal(list(change.words), context)))
        if change.examples_changed:
            print(_indent("Examples: " + to_terminal(list(change.example_words), context)))


def _indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line for line in text.split("\n"))


# --- history ----------------------------------------------------------------------------


@_guarded
def run_history(args: argparse.Namespace) -> int:
    rule = args.rule.strip().rstrip(".")
    if not _is_rule_number(rule):
        return _error(f"'{args.rule}' is not {RULE_NUMBER_HELP}", USAGE)
    found = locate.available_editions(args.cr)
    if not found:
        where, path = locate.search_path(args.cr)
        raise CRNotFound(f"no Comprehensive Rules files in {path} (from {where}); {locate.HOW_TO_GET}")
    if args.edition and args.edition not in found:
        locate.find(args.edition, args.cr)  # raises with the list of what is available
    steps = history(rule, [_load(path) for path in found.values()], anchor=args.edition)
    if args.json:
        print(json.dumps([s.to_json() for s in steps], ensure_ascii=False, indent=2))
        return OK
    _print_history(rule, steps, args.diff)
    return OK


def _is_rule_number(text: str) -> bool:
    section, dot, rest = text.partition(".")
    if not (len(section) == 3 and section.isdigit()):
        return False
    if not dot:
        return True
    digits = rest.rstrip("abcdefghijkmnpqrstuvwxyz")
    return digits.isdigit() and len(rest) - len(digits) <= 2  # 704.5aa (20260925)


def _print_history(rule: str, steps: list[Step], show_diff: bool) -> None:
    present = [s for s in steps if s.number]
    latest = present[-1]
    print(f"Rule {rule}: in {len(present)} of {len(steps)} editions; now {latest.number} ({latest.edition})")
    previous_rule = None
    for step in steps:
        flags = (("text", step.text_changed), ("examples", step.examples_changed))
        edits = " and ".join(what for what, flag in flags if flag)
        if step.change == "renumbered":
            note = f"renumbered from {step.previous}" + (f", {edits} changed" if edits else "")
        elif step.change == "changed":
            note = f"{edits} changed"
        else:
            note = step.change
        print(f"  {step.edition}  {step.number or '—':<9} {note}")
        if show_diff and previous_rule is not None and step.rule is not None and step.text_changed:
            print(_indent(to_terminal(word_diff(previous_rule.text, step.rule.text), CONTEXT_WORDS), "      "))
        previous_rule = step.rule


# --- fetch ------------------------------------------------------------------------------


@_guarded
def run_fetch(args: argparse.Namespace) -> int:
    if getattr(args, "lang", "en") == "ja":
        return _fetch_ja(args)
    if args.edition is None and args.url is None:
        return _error(
            "which edition? Give its date, e.g. `counterpedia cr fetch 20260116` "
            "(the current one is named on https://magic.wizards.com/en/rules), or --url URL",
            USAGE,
        )
    try:
        if args.edition is not None:
            check_edition_id(args.edition)
        if args.url is not None:
            check_url(args.url)
    except FetchError as error:  # a mistake on the command line, not a failed download
        return _error(str(error), USAGE)
    target = Path(args.dir) if args.dir else locate.cache_dir()
    path = fetch(args.edition, target, url=args.url)
    edition = parse_file(path)
    effective = edition.effective.isoformat()
    print(f"saved {edition.edition} (effective {effective}, {len(edition.rules)} rules) to {path}")
    where, searched = locate.search_path()
    if not args.dir and where != "cache":
        print(f"note: {where} is set, so commands look in {searched}, not in the cache", file=sys.stderr)
    return OK


def _fetch_ja(args: argparse.Namespace) -> int:
    if args.edition is not None and not (len(args.edition) == 8 and args.edition.isdigit()):
        return _error(f"'{args.edition}' is not an edition id: expected YYYYMMDD, such as 20260116", USAGE)
    target = Path(args.dir) if args.dir else ja_locate.cache_dir()
    path = ja_fetch.fetch(args.edition, target, url=args.url)
    edition = parse_ja(path)
    print(
        f"saved the Japanese {edition.edition} (effective {edition.effective}, {len(edition.rules)} rules, "
        f"{len(edition.glossary)} glossary entries) to {path}"
    )
    where, _searched = ja_locate.source()
    if not args.dir and where != "cache":
        print(f"note: {where} is set, so commands read it, not the cache", file=sys.stderr)
    return OK


def main(argv: list[str] | None = None) -> int:
    """`python -m counterpedia.cr.cli …`, for use before (or without) the main CLI."""
    parser = argparse.ArgumentParser(prog="counterpedia")
    register(parser.add_subparsers(dest="command", metavar="COMMAND"))
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_usage(sys.stderr)
        return USAGE
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
