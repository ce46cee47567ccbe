"""`counterpedia import scryfall --cards FILE… [--via SOURCE] [--version DATE] [--data DIR] [--dry-run]` and
`counterpedia import jpnames JPNAME.json [--via SOURCE] [--data DIR] [--dry-run]`.

Exit status: 0 imported (conflicts and disagreements are reported, not errors), 1 malformed input or a write
that could not be done (nothing written), 2 bad usage (no such file or folder, a bad option)."""

from __future__ import annotations

import sys
from pathlib import Path

from ..storage.writes import WriteError, apply_plan, journal_path, recover
from .jpnames import COMMAND as JPNAMES_COMMAND
from .jpnames import JpnameError
from .jpnames import plan as plan_jpnames
from .scryfall import ImportFormatError
from .scryfall_cards import COMMAND as CARDS_COMMAND
from .scryfall_cards import plan as plan_cards


def _run(prog: str, command: str, data_dir: Path, dry_run: bool, make_plan) -> int:
    lines = []
    try:
        if not dry_run:
            recovered = recover(data_dir)
            if recovered is not None:
                lines.append(f"finished the interrupted `{recovered.recovered_from}` first ({len(recovered.written)} file(s) written)")
        elif journal_path(data_dir).is_file():
            lines.append(f"note: an interrupted command left {journal_path(data_dir)}: run without --dry-run to finish it first")
        result = make_plan()
        writes = result.workspace.writes()
        if dry_run:
            result.lines.append(f"would write {len(writes)} file(s) (dry run: nothing written)")
        else:
            report = apply_plan(data_dir, writes, command)
            result.lines.append(f"wrote {len(report.written)} file(s)")
    except (ImportFormatError, JpnameError, WriteError) as error:
        print(f"{prog}: {error}", file=sys.stderr)
        print(f"{prog}: nothing was written", file=sys.stderr)
        return 1
    for line in lines + result.lines:
        print(line)
    return 0


def cmd_import_scryfall_cards(args, data_dir: Path) -> int:
    prog = "counterpedia import scryfall"
    paths = [Path(p) for p in args.cards]
    for path in paths:
        if not path.is_file():
            print(f"{prog}: {path}: no such file", file=sys.stderr)
            return 2
    via = args.via or "scryfall-bulk-data"
    return _run(prog, CARDS_COMMAND, data_dir, args.dry_run,
                lambda: plan_cards(data_dir, paths, via, args.version, args.dry_run))


def cmd_import_jpnames(args) -> int:
    prog = "counterpedia import jpnames"
    data_dir = Path(args.data) if args.data else Path("data")
    if not data_dir.is_dir():
        print(f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)", file=sys.stderr)
        return 2
    path = Path(args.path)
    if not path.is_file():
        print(f"{prog}: {path}: no such file", file=sys.stderr)
        return 2
    return _run(prog, JPNAMES_COMMAND, data_dir, args.dry_run,
                lambda: plan_jpnames(data_dir, path, args.via, args.dry_run))


def register_jpnames(import_sub) -> None:
    j = import_sub.add_parser(
        "jpnames",
        help="official Japanese card names from an English → Japanese name list (MTG Wiki's jpname.json)",
        description="Read a JSON array of {name, jpname} (the English card name and its printed Japanese name, as "
                    "4423-mtg/mtgwiki-scripts' data/jpname.json gives them) and add the Japanese name of every card "
                    "record that has none: official, source wotc-printed-cards, `via` the list's source record. A "
                    "Japanese name already there (a printing read from MTGJSON, a hand edit) is kept; where the list "
                    "says otherwise, the difference is reported. No French name is taken from anywhere here.",
    )
    j.add_argument("path", metavar="JPNAME.json", help="the name list (plain or compressed)")
    j.add_argument("--via", metavar="SOURCE", default="mtgwiki-jpname-20250927",
                   help="the source record (data/sources/) of the list: its repository, commit and date "
                        "(default: mtgwiki-jpname-20250927)")
    j.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    j.add_argument("--dry-run", action="store_true", help="report what would be added and what disagrees, write nothing")
    j.set_defaults(func=cmd_import_jpnames)
