"""`counterpedia import scryfall ORACLE_CARDS.json [RULINGS.json] [--all-cards ALL_CARDS.json] [--data DIR] [--dry-run]`."""

from __future__ import annotations

import sys
from pathlib import Path


def cmd_import_scryfall(args) -> int:
    from ..catalogue.excluded import ExcludedListError, default_path, load_excluded
    from .scryfall import ImportFormatError, run

    prog = "counterpedia import scryfall"
    data_dir = Path(args.data) if args.data else Path("data")
    if not data_dir.is_dir():
        print(f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)", file=sys.stderr)
        return 2
    files = [Path(args.oracle_cards)] + [Path(p) for p in (args.rulings, args.all_cards) if p]
    for path in files:
        if not path.is_file():
            print(f"{prog}: {path}: no such file", file=sys.stderr)
            return 2
    if args.version and not _is_date(args.version):
        print(f"{prog}: --version {args.version!r} is not a YYYY-MM-DD date", file=sys.stderr)
        return 2
    excluded: list[str] = []
    excluded_path = default_path(data_dir)
    if excluded_path.is_file():
        try:
            excluded = [entry["name"] for entry in load_excluded(excluded_path)]
        except ExcludedListError:
            excluded = []  # the validator reports it; the import does not depend on it
    try:
        report = run(data_dir, Path(args.oracle_cards), Path(args.rulings) if args.rulings else None,
                     Path(args.all_cards) if args.all_cards else None, args.version, excluded, args.dry_run)
    except ImportFormatError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 2
    for line in report.lines:
        print(line)
    return 0


def _is_date(value: str) -> bool:
    import datetime as dt
    try:
        dt.date.fromisoformat(value)
        return len(value) == 10
    except ValueError:
        return False


def register(sub) -> None:
    from ..cli import ArgumentParser

    p = sub.add_parser("import", help="fill the data from public bulk data (Scryfall)")
    import_sub = p.add_subparsers(dest="import_command", metavar="SOURCE", parser_class=ArgumentParser, required=True)
    s = import_sub.add_parser(
        "scryfall",
        help="cards using each counter kind, their rulings and printed ja/fr names, from Scryfall's bulk files",
        description="Read Scryfall's bulk-data files (streamed) and add what is missing: card records for the cards whose "
                    "Oracle text uses a counter kind, those cards in each counter's `cards` list, their rulings, and with "
                    "--all-cards their Japanese and French printed names. Existing fields are never changed.",
    )
    s.add_argument("oracle_cards", metavar="ORACLE_CARDS.json", help="Scryfall's Oracle Cards bulk file")
    s.add_argument("rulings", metavar="RULINGS.json", nargs="?", help="Scryfall's Rulings bulk file")
    s.add_argument("--all-cards", metavar="ALL_CARDS.json", help="Scryfall's All Cards bulk file (printed names in every language)")
    s.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    s.add_argument("--version", metavar="YYYY-MM-DD", help="the date of the Scryfall data, recorded as the texts' version (default: today)")
    s.add_argument("--dry-run", action="store_true", help="report what would be added, write nothing")
    s.set_defaults(func=cmd_import_scryfall)
