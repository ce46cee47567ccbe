"""`counterpedia memory import BATCH… [--data DIR] [--version DATE] [--dry-run]`,
`counterpedia memory export [--lang ja,fr] [--counters] [--out FILE] [--data DIR]` and
`counterpedia memory key TEXT [--card NAME]`: the translation memory's way in and out (counterpedia.importers.memory).

Exit status: 0 done (conflicts and unknown keys are reported, not errors), 1 a malformed batch or a write that
could not be done (nothing written), 2 bad usage."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from ..commands.arguments import ArgumentParser
from ..model import memory
from ..model.knowledge import load
from ..storage.writes import atomic_write
from . import memory as batches
from .skeleton import command, data_folder, date_option, input_files, run_import


@command
def cmd_import(args) -> int:
    prog = "counterpedia memory import"
    data_dir = data_folder(prog, args)
    paths = input_files(prog, args.paths)
    version = date_option(prog, args.version) or dt.date.today().isoformat()
    return run_import(batches.MemoryImport(paths, version), data_dir, args.dry_run)


@command
def cmd_export(args) -> int:
    prog = "counterpedia memory export"
    data_dir = data_folder(prog, args)
    langs = tuple(lang.strip() for lang in args.lang.split(",") if lang.strip())
    if not langs or any(lang not in memory.MEMORY_LANGS for lang in langs):
        print(f"{prog}: --lang takes {', '.join(memory.MEMORY_LANGS)} (comma-separated)", file=sys.stderr)
        return 2
    kb, _ = load(data_dir)
    text, count = batches.export(kb, langs, counters_only=args.counters)
    if args.out:
        atomic_write(Path(args.out), text)
        print(f"{count} English text(s) to translate written to {args.out}")
    else:
        sys.stdout.write(text)
        print(f"{count} English text(s) to translate", file=sys.stderr)
    return 0


def cmd_key(args) -> int:
    tpl = memory.template(args.text, args.card)
    print(memory.key(tpl))
    return 0


def register(sub) -> None:
    p = sub.add_parser("memory", help="the translation memory: import translated batches, export what is missing")
    msub = p.add_subparsers(dest="memory_command", metavar="ACTION", parser_class=ArgumentParser, required=True)
    i = msub.add_parser(
        "import",
        help="add the texts of batch files to the translation memory, as machine translations",
        description="Read batch files (`@@ KEY`, then `ja: …` and `fr: …` lines; `en:` and `card:` lines are ignored) and add "
        "each text the memory lacks as a `machine` text of source counterpedia-mt. A text already in the memory "
        "is never changed: the same text is skipped (importing twice changes nothing), another one is reported "
        "as a conflict. A key that no ruling's English gives is reported and skipped.",
    )
    i.add_argument("paths", metavar="BATCH", nargs="+", help="batch files (out/000.txt …)")
    i.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    i.add_argument("--version", metavar="YYYY-MM-DD", help="the date of the translations (default: today)")
    i.add_argument("--dry-run", action="store_true", help="report what would be added, write nothing")
    i.set_defaults(func=cmd_import)
    e = msub.add_parser(
        "export",
        help="write the English texts that still lack a translation, as a batch for translators",
        description="Every English ruling text (the card's name set aside as <CARD>) that some ruling lacks a text for in "
        "the languages asked, counter rulings first then the most used, in the batch format `memory import` reads.",
    )
    e.add_argument("--lang", default="ja,fr", help="the languages wanted: ja, fr or ja,fr (default)")
    e.add_argument("--counters", action="store_true", help="only the rulings about counters")
    e.add_argument("--out", metavar="FILE", help="write the batch to FILE (default: standard output)")
    e.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    e.set_defaults(func=cmd_export)
    k = msub.add_parser(
        "key",
        help="the memory key of an English ruling text",
        description="The key of the memory entry of TEXT: the card's name set aside (--card), then hashed.",
    )
    k.add_argument("text", metavar="TEXT")
    k.add_argument("--card", metavar="NAME", help="the ruling's card (its English name), set aside as <CARD>")
    k.set_defaults(func=cmd_key)
