"""`counterpedia memory import BATCH… [--data DIR] [--version DATE] [--dry-run]`,
`counterpedia memory export [--lang ja,fr] [--counters] [--out FILE] [--data DIR]` and
`counterpedia memory key TEXT [--card NAME]`: the translation memory's way in and out (counterpedia.importers.memory).

Exit status: 0 done (conflicts and unknown keys are reported, not errors), 1 a malformed batch or a write that
could not be done (nothing written), 2 bad usage."""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from .. import diagnostics as diag
from ..commands.arguments import ArgumentParser
from ..model import memory
from ..model.knowledge import load
from ..storage.writes import WriteError, apply_plan, atomic_write, recover
from . import memory as batches

COMMAND = "memory import"


def _data_dir(prog: str, args) -> Path | None:
    data_dir = Path(args.data) if args.data else Path("data")
    if not data_dir.is_dir():
        print(f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)", file=sys.stderr)
        return None
    return data_dir


def cmd_import(args) -> int:
    prog = "counterpedia memory import"
    data_dir = _data_dir(prog, args)
    if data_dir is None:
        return 2
    paths = [Path(p) for p in args.paths]
    for path in paths:
        if not path.is_file():
            print(f"{prog}: {path}: no such file", file=sys.stderr)
            return 2
    version = args.version or dt.date.today().isoformat()
    try:
        dt.date.fromisoformat(version)
    except ValueError:
        print(f"{prog}: --version {version!r} is not a YYYY-MM-DD date", file=sys.stderr)
        return 2
    problems: list[diag.Diagnostic] = []
    read = []
    for path in sorted(paths):
        try:
            read.append(batches.read_batch(path))
        except batches.BatchError as error:
            problems += error.problems
    if problems:
        print(diag.render_all(problems), file=sys.stderr)
        print(f"{prog}: nothing was written", file=sys.stderr)
        return 1
    try:
        if not args.dry_run:
            recovered = recover(data_dir)
            if recovered is not None:
                print(f"finished the interrupted `{recovered.recovered_from}` first ({len(recovered.written)} file(s) written)")
        kb, _ = load(data_dir)
        result = batches.plan(kb, data_dir, read, version)
        if args.dry_run:
            written = f"would write up to {len(result.writes)} file(s) (dry run: nothing written)"
        else:
            report = apply_plan(data_dir, result.writes, COMMAND)
            written = f"wrote {len(report.written)} file(s), {len(report.unchanged)} unchanged"
    except WriteError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        print(f"{prog}: nothing was written", file=sys.stderr)
        return 1
    keys = sum(len(b.texts) for b in read)
    print(f"{keys} key(s) read from {len(read)} file(s): added {result.added['ja']} ja and {result.added['fr']} fr "
          f"text(s), {result.unchanged} already in the memory, {len(result.conflicts)} conflict(s), "
          f"{len(result.unknown)} unknown key(s)")
    for line in result.conflicts[:20]:
        print(f"conflict: {line}")
    for entry_key in result.unknown[:20]:
        print(f"unknown key: {entry_key} (no ruling's English gives it: skipped)")
    print(written)
    return 0


def cmd_export(args) -> int:
    prog = "counterpedia memory export"
    data_dir = _data_dir(prog, args)
    if data_dir is None:
        return 2
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
        "import", help="add the texts of batch files to the translation memory, as machine translations",
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
        "export", help="write the English texts that still lack a translation, as a batch for translators",
        description="Every English ruling text (the card's name set aside as <CARD>) that some ruling lacks a text for in "
                    "the languages asked, counter rulings first then the most used, in the batch format `memory import` reads.",
    )
    e.add_argument("--lang", default="ja,fr", help="the languages wanted: ja, fr or ja,fr (default)")
    e.add_argument("--counters", action="store_true", help="only the rulings about counters")
    e.add_argument("--out", metavar="FILE", help="write the batch to FILE (default: standard output)")
    e.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    e.set_defaults(func=cmd_export)
    k = msub.add_parser("key", help="the memory key of an English ruling text",
                        description="The key of the memory entry of TEXT: the card's name set aside (--card), then hashed.")
    k.add_argument("text", metavar="TEXT")
    k.add_argument("--card", metavar="NAME", help="the ruling's card (its English name), set aside as <CARD>")
    k.set_defaults(func=cmd_key)
