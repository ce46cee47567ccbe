"""`counterpedia import gatherer-rulings PATH… [--via ID] [--data DIR] [--dry-run] [--json]`.

Exit status: 0 done (review items are reported, not errors), 1 bad input or a write that could not be done
(nothing written), 2 bad usage (no such file or folder, an unknown --via)."""

from __future__ import annotations

from .gatherer.provider import COMMAND, GathererRulings
from .skeleton import add_common, command, data_folder, input_files, run_import


@command
def cmd_import_gatherer(args) -> int:
    data_dir = data_folder(COMMAND, args)
    paths = input_files(COMMAND, args.paths, folders=True)
    return run_import(GathererRulings(paths, args.via), data_dir, args.dry_run, as_json=args.json)


def add_parser(import_sub) -> None:
    g = import_sub.add_parser(
        "gatherer-rulings",
        help="prove which imported rulings are Wizards of the Coast's: MTGJSON 3 set files (Gatherer's rulings)",
        description="Read MTGJSON 3 set files (plain or .gz; files or folders), whose rulings were copied from Gatherer, "
        "Wizards of the Coast's card database. A ruling imported from MTGJSON 5 that the same card has there, "
        "with the same date and the same text (apostrophes, quotes and spaces made the same), becomes official, "
        "citing Gatherer with the copy as `via`; nothing else of it changes. A looser match (another date, "
        '"mana value" read as "converted mana cost", another card\'s ruling) is only noted for review. '
        "A ruling edited by hand is never changed. See docs/editors/catalogue.md.",
    )
    g.add_argument(
        "paths", metavar="PATH", nargs="+", help="MTGJSON 3 set files (KLD.json, KLD.json.gz) or folders of them"
    )
    g.add_argument(
        "--via",
        metavar="ID",
        help="the source record of the copy the files are (default: the one whose `files` lists their SHA-256)",
    )
    add_common(g, "report what would change, write nothing")
    g.add_argument("--json", action="store_true", help="print the report as JSON")
    g.set_defaults(func=cmd_import_gatherer)
