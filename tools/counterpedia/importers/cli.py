"""`counterpedia import mtgjson PATH… [--data DIR] [--dry-run]`,
`counterpedia import scryfall ORACLE_CARDS.json [RULINGS.json] [--all-cards ALL_CARDS.json] [--data DIR] [--dry-run]`,
`counterpedia import scryfall --cards FILE… [--via SOURCE] [--version DATE] [--data DIR] [--dry-run]` and
`counterpedia import jpnames JPNAME.json [--via SOURCE] [--data DIR] [--dry-run]`: each checks its arguments and
hands its provider to the importer skeleton (importers/skeleton.py), which does the rest.

Exit status: 0 imported (conflicts are reported, not errors), 1 malformed input or a write that could not be
done (nothing written), 2 bad usage (no such file or folder, a bad option)."""

from __future__ import annotations

from pathlib import Path

from ..commands.arguments import ArgumentParser
from .gatherer_cli import add_parser as add_gatherer_parser
from .jpnames import JpnameImport
from .mtgjson.pipeline import COMMAND as MTGJSON
from .mtgjson.pipeline import MtgjsonImport
from .scryfall import COMMAND as SCRYFALL
from .scryfall import ScryfallBulk
from .scryfall_cards import ScryfallCards
from .skeleton import Usage, command, data_folder, date_option, input_files, run_import

JPNAMES = "counterpedia import jpnames"


@command
def cmd_import_scryfall(args) -> int:
    data_dir = data_folder(SCRYFALL, args)
    version = date_option(SCRYFALL, args.version)
    if args.cards:
        if args.oracle_cards or args.rulings or args.all_cards:
            raise Usage(
                f"{SCRYFALL}: --cards reads files of card objects alone: give the Oracle Cards, Rulings and "
                "All Cards files in another run"
            )
        paths = input_files(SCRYFALL, args.cards)
        return run_import(ScryfallCards(paths, args.via or "scryfall-bulk-data", version), data_dir, args.dry_run)
    if not args.oracle_cards:
        raise Usage(f"{SCRYFALL}: give ORACLE_CARDS.json, or --cards FILE… (files of card objects)")
    if args.via:
        raise Usage(f"{SCRYFALL}: --via goes with --cards")
    oracle, *_ = input_files(SCRYFALL, [p for p in (args.oracle_cards, args.rulings, args.all_cards) if p])
    provider = ScryfallBulk(
        oracle, Path(args.rulings) if args.rulings else None, Path(args.all_cards) if args.all_cards else None, version
    )
    return run_import(provider, data_dir, args.dry_run)


@command
def cmd_import_mtgjson(args) -> int:
    data_dir = data_folder(MTGJSON, args)
    return run_import(MtgjsonImport(input_files(MTGJSON, args.paths)), data_dir, args.dry_run)


@command
def cmd_import_jpnames(args) -> int:
    data_dir = data_folder(JPNAMES, args)
    [path] = input_files(JPNAMES, [args.path])
    return run_import(JpnameImport(path, args.via), data_dir, args.dry_run)


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
    m.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="MTGJSON files: AllPrintings.json, or set files (NEO.json, NEO.json.gz…)",
    )
    m.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    m.add_argument(
        "--dry-run", action="store_true", help="report what would be added and what conflicts, write nothing"
    )
    m.set_defaults(func=cmd_import_mtgjson)
    s = import_sub.add_parser(
        "scryfall",
        help="cards using each counter kind, their rulings and printed ja/fr names, from Scryfall's bulk files",
        description="Read Scryfall's bulk-data files (streamed) and add what is missing: card records for the cards whose "
        "Oracle text uses counters, their rulings (upgrading those read from MTGJSON to the source Scryfall gives), "
        "and with --all-cards their printed Japanese and French names and texts. A field already there is never "
        "changed: a different value is reported as a conflict.",
    )
    s.add_argument("oracle_cards", metavar="ORACLE_CARDS.json", nargs="?", help="Scryfall's Oracle Cards bulk file")
    s.add_argument("rulings", metavar="RULINGS.json", nargs="?", help="Scryfall's Rulings bulk file")
    s.add_argument(
        "--all-cards",
        metavar="ALL_CARDS.json",
        help="Scryfall's All Cards bulk file (printed names and texts in every language)",
    )
    s.add_argument(
        "--cards",
        metavar="FILE",
        nargs="+",
        help="files of Scryfall card objects, one object per printing (the API's set files, one set per "
        "file, or the default_cards bulk file; plain or gzipped): the cards that use counters, the set "
        "and number of their printings, and the counter kinds they print that the catalogue lacks",
    )
    s.add_argument(
        "--via",
        metavar="SOURCE",
        help="with --cards: the source record (data/sources/) of the dataset the files are; its `date` is "
        "the Oracle texts' version (default: scryfall-bulk-data, dated by --version)",
    )
    s.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    s.add_argument(
        "--version",
        metavar="YYYY-MM-DD",
        help="the date of the Scryfall data, recorded as the Oracle texts' version (default: today)",
    )
    s.add_argument("--dry-run", action="store_true", help="report what would be added, write nothing")
    s.set_defaults(func=cmd_import_scryfall)
    _register_jpnames(import_sub)
    add_gatherer_parser(import_sub)


def _register_jpnames(import_sub) -> None:
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
    j.add_argument(
        "--via",
        metavar="SOURCE",
        default="mtgwiki-jpname-20250927",
        help="the source record (data/sources/) of the list: its repository, commit and date "
        "(default: mtgwiki-jpname-20250927)",
    )
    j.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    j.add_argument(
        "--dry-run", action="store_true", help="report what would be added and what disagrees, write nothing"
    )
    j.set_defaults(func=cmd_import_jpnames)
