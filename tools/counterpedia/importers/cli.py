"""`counterpedia import mtgjson PATH… [--data DIR] [--dry-run]` and
`counterpedia import scryfall ORACLE_CARDS.json [RULINGS.json] [--all-cards ALL_CARDS.json] [--data DIR] [--dry-run]`.

Exit status: 0 imported (conflicts are reported, not errors), 1 malformed input or a write that could not be
done (nothing written), 2 bad usage (no such file or folder, a bad option)."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from ..catalogue.excluded import ExcludedListError, default_path, load_excluded
from ..commands.arguments import ArgumentParser
from ..storage.writes import WriteError, apply_plan, journal_path, recover
from .gatherer_cli import add_parser as add_gatherer_parser
from .mtgjson.pipeline import ImportError_, run
from .scryfall import COMMAND, ImportFormatError, plan


def cmd_import_scryfall(args) -> int:
    prog = "counterpedia import scryfall"
    data_dir = _data_dir(prog, args)
    if data_dir is None:
        return 2
    files = [Path(args.oracle_cards)] + [Path(p) for p in (args.rulings, args.all_cards) if p]
    for path in files:
        if not path.is_file():
            print(f"{prog}: {path}: no such file", file=sys.stderr)
            return 2
    if args.version and not _is_date(args.version):
        print(f"{prog}: --version {args.version!r} is not a YYYY-MM-DD date", file=sys.stderr)
        return 2
    lines = []
    try:
        if not args.dry_run:
            recovered = recover(data_dir)
            if recovered is not None:
                lines.append(f"finished the interrupted `{recovered.recovered_from}` first ({len(recovered.written)} file(s) written)")
        elif journal_path(data_dir).is_file():
            lines.append(f"note: an interrupted command left {journal_path(data_dir)}: run without --dry-run to finish it first")
        result = plan(data_dir, Path(args.oracle_cards), Path(args.rulings) if args.rulings else None,
                      Path(args.all_cards) if args.all_cards else None, args.version, _excluded(data_dir), args.dry_run)
        writes = result.workspace.writes()
        if args.dry_run:
            result.lines.append(f"would write {len(writes)} file(s) (dry run: nothing written)")
        else:
            report = apply_plan(data_dir, writes, COMMAND)
            result.lines.append(f"wrote {len(report.written)} file(s)")
    except (ImportFormatError, WriteError) as error:
        print(f"{prog}: {error}", file=sys.stderr)
        print(f"{prog}: {_outcome(error)}", file=sys.stderr)
        return 1
    for line in lines + result.lines:
        print(line)
    return 0


def _outcome(error: BaseException) -> str:
    """What a failed import left: nothing, or (a write that failed half way: a full disk) part of its plan, which
    the journal keeps for the next run. It used to say "nothing was written" after "Written before it: 1711"."""
    cause = error if isinstance(error, WriteError) else error.__cause__
    if isinstance(cause, WriteError) and cause.written:
        return (f"{len(cause.written)} file(s) were written before the failure and {len(cause.pending)} were not; "
                "the plan is kept: run the command again, or `counterpedia recover`, to finish it")
    return "nothing was written"


def _data_dir(prog: str, args) -> Path | None:
    data_dir = Path(args.data) if args.data else Path("data")
    if not data_dir.is_dir():
        print(f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)", file=sys.stderr)
        return None
    return data_dir


def _excluded(data_dir: Path) -> list[str]:
    path = default_path(data_dir)
    if not path.is_file():
        return []
    try:
        return [entry["name"] for entry in load_excluded(path)]
    except ExcludedListError:
        return []  # the validator reports it; the import does not depend on it


def cmd_import_mtgjson(args) -> int:
    prog = "counterpedia import mtgjson"
    data_dir = _data_dir(prog, args)
    if data_dir is None:
        return 2
    paths = [Path(p) for p in args.paths]
    for path in paths:
        if not path.is_file():
            print(f"{prog}: {path}: no such file", file=sys.stderr)
            return 2
    try:
        result = run(data_dir, paths, args.dry_run, _excluded(data_dir))
    except ImportError_ as error:
        print(f"{prog}: {error}", file=sys.stderr)
        print(f"{prog}: {_outcome(error)}", file=sys.stderr)
        return 1
    for line in result.lines:
        print(line)
    return 0


def _is_date(value: str) -> bool:
    try:
        dt.date.fromisoformat(value)
        return len(value) == 10
    except ValueError:
        return False


def register(sub) -> None:
    p = sub.add_parser("import", help="fill the data from public bulk data (MTGJSON, Scryfall)")
    import_sub = p.add_subparsers(dest="import_command", metavar="SOURCE", parser_class=ArgumentParser, required=True)
    m = import_sub.add_parser(
        "mtgjson",
        help="cards using counters, their Oracle and printed ja/fr texts and their rulings, from MTGJSON v5 files",
        description="Read MTGJSON v5 files (AllPrintings.json or per-set files like NEO.json; plain, .gz, .xz or .bz2), "
                    "one set at a time, and add what is missing: a card record for each card whose Oracle text uses "
                    "counters, its English Oracle name and text, its printed Japanese and French names and texts (the "
                    "most recent printing in each language), and its rulings. A field already there is never changed: "
                    "a different value is reported as a conflict. See docs/editors/catalogue.md.",
    )
    m.add_argument("paths", metavar="PATH", nargs="+", help="MTGJSON files: AllPrintings.json, or set files (NEO.json, NEO.json.gz…)")
    m.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    m.add_argument("--dry-run", action="store_true", help="report what would be added and what conflicts, write nothing")
    m.set_defaults(func=cmd_import_mtgjson)
    s = import_sub.add_parser(
        "scryfall",
        help="cards using each counter kind, their rulings and printed ja/fr names, from Scryfall's bulk files",
        description="Read Scryfall's bulk-data files (streamed) and add what is missing: card records for the cards whose "
                    "Oracle text uses counters, their rulings (upgrading those read from MTGJSON to the source Scryfall gives), "
                    "and with --all-cards their printed Japanese and French names and texts. A field already there is never "
                    "changed: a different value is reported as a conflict.",
    )
    s.add_argument("oracle_cards", metavar="ORACLE_CARDS.json", help="Scryfall's Oracle Cards bulk file")
    s.add_argument("rulings", metavar="RULINGS.json", nargs="?", help="Scryfall's Rulings bulk file")
    s.add_argument("--all-cards", metavar="ALL_CARDS.json", help="Scryfall's All Cards bulk file (printed names and texts in every language)")
    s.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    s.add_argument("--version", metavar="YYYY-MM-DD", help="the date of the Scryfall data, recorded as the Oracle texts' version (default: today)")
    s.add_argument("--dry-run", action="store_true", help="report what would be added, write nothing")
    s.set_defaults(func=cmd_import_scryfall)
    add_gatherer_parser(import_sub)
