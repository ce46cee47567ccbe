"""The `counterpedia` command: parses the command line and runs one command.

The commands of the CR tooling, search, the importers, `fmt`, `new` and `export` are registered by their
own modules (`LAZY_COMMANDS`), loaded only when they run, so that `counterpedia search` does not pay for the
others. Commands touch files; the layers below them compute (docs/editors/architecture.md)."""

from __future__ import annotations

import sys
from pathlib import Path

from .. import __version__
from ..langs import LANGS
from .arguments import ArgumentParser
from .interrupts import restore_interrupts
from .short_lived import CycleCollectionPaused, outlive


def cmd_validate(args) -> int:
    # start-up: jsonschema and the checks cost 0.2 s, which `counterpedia search` should not pay.
    from ..checks.incremental import diagnostics as validated
    from ..checks.validate import UsageError
    from ..diagnostics import has_errors, render_all

    # Hundreds of thousands of records' dicts and lists, none of them in a cycle: the cycle collector would walk
    # them again and again for nothing (a fifth of the CPU time after one edit), for no less memory at the peak.
    try:
        with CycleCollectionPaused():
            diagnostics = validated(
                [Path(p) for p in args.paths],
                Path(args.data) if args.data else None,
                use_cache=not args.no_cache,
                outlive=outlive,  # not freed object by object as the process ends
            )
    except UsageError as error:
        print(f"counterpedia validate: {error}", file=sys.stderr)
        return 2
    output = render_all(diagnostics, args.format, args.strict)
    if output:
        print(output)
    elif args.format == "text":
        print("no problems found", file=sys.stderr)
    return 1 if has_errors(diagnostics, args.strict) else 0


def cmd_recover(args) -> int:
    """Finish (or with --abandon, drop) the plan an interrupted writing command left."""
    # start-up: the journaled writer (hashlib, tempfile), only for this command
    from ..storage import writes

    data = Path(args.data)
    if not data.is_dir():
        print(
            f"counterpedia recover: {data}: no such data folder (run from the repository root or pass --data DIR)",
            file=sys.stderr,
        )
        return 2
    if args.abandon:
        dropped = writes.abandon(data)
        if dropped is None:
            print("no interrupted command's plan is pending: nothing to drop", file=sys.stderr)
            return 0
        command, names = dropped
        for name in names:
            print(f"not written: {name}")
        print(
            f"dropped the plan of an interrupted `{command}`: {len(names)} file(s) not written; the files already "
            "written stay as they are: check them with `counterpedia validate`, then run the command again",
            file=sys.stderr,
        )
        return 0
    try:
        report = writes.recover(data, explicit=True)
    except writes.WriteError as error:
        print(f"counterpedia recover: {error}", file=sys.stderr)
        return 1
    if report is None:
        print("no interrupted command's plan is pending: nothing to do", file=sys.stderr)
        return 0
    for path in report.written:
        print(path)
    print(
        f"finished the interrupted `{report.recovered_from}`: {len(report.written)} file(s) written, "
        f"{len(report.unchanged)} already written",
        file=sys.stderr,
    )
    return 0


def cmd_hash(args) -> int:
    # start-up: hashlib and the text model (10 ms), which `counterpedia search` should not pay
    from ..diagnostics import render_all
    from ..model.provenance import text_hash

    if args.text is None and args.file is None:
        print("counterpedia hash: give a TEXT, or --file F --path a.b.0.c", file=sys.stderr)
        return 2
    if args.text is not None and args.file is not None:
        print(
            "counterpedia hash: give a TEXT or --file F --path P, not both (which one should be hashed?)",
            file=sys.stderr,
        )
        return 2
    if args.path is not None and args.file is None:
        print("counterpedia hash: --path needs --file: the record the path is in", file=sys.stderr)
        return 2
    if args.file:
        # start-up: the YAML loader (ruamel) only for a file
        from ..storage.load import read_document

        if not Path(args.file).is_file():
            print(f"counterpedia hash: {args.file}: no such file", file=sys.stderr)
            return 2

        document, problems = read_document(Path(args.file))
        if document is None:
            print(render_all(problems), file=sys.stderr)
            return 2
        value = document.data
        for key in (args.path or "").split(".") if args.path else []:
            try:
                value = value[int(key)] if isinstance(value, list) else value[key]
            except (KeyError, IndexError, ValueError, TypeError):
                print(f"counterpedia hash: {args.file} has no field '{args.path}'", file=sys.stderr)
                return 2
        if isinstance(value, dict) and isinstance(value.get("text"), str):
            value = value["text"]
        if not isinstance(value, str):
            print(f"counterpedia hash: '{args.path}' in {args.file} is not a text", file=sys.stderr)
            return 2
        print(text_hash(value))
        return 0
    print(text_hash(args.text))
    return 0


def cmd_site_build(args) -> int:
    # start-up: MkDocs and the renderer, only for a build
    from .site_build import SiteBuildError, build_all

    project = Path(args.project).resolve()
    if not (project / "mkdocs.yml").is_file():
        print(f"counterpedia site build: no mkdocs.yml in {project}", file=sys.stderr)
        return 2
    if args.data and not Path(args.data).is_dir():
        print(f"counterpedia site build: {args.data}: no such data folder", file=sys.stderr)
        return 2
    if args.out is not None and not args.out.strip():
        print("counterpedia site build: --out '': give the folder to build into (default: site/)", file=sys.stderr)
        return 2
    try:
        out = build_all(
            project,
            Path(args.out) if args.out else None,
            tuple(args.lang or LANGS),
            data_dir=Path(args.data) if args.data else None,
            on_links=lambda lang, count: print(f"{lang}: {count}"),
        )
    except SiteBuildError as error:
        print(f"counterpedia site build: {error}", file=sys.stderr)
        return error.status
    print(f"built {out} (open {out / 'index.html'})")
    return 0


def cmd_status(args) -> int:
    # start-up: the knowledge base, its YAML loader and the schema check, only for the status (and json and the
    # diagnostics: their dataclasses cost `counterpedia search` 12 ms)
    import json

    from ..checks import schema
    from ..diagnostics import ERROR, render_all
    from ..model import proof
    from ..model.knowledge import load
    from ..model.status import CATEGORIES, items, summary
    from ..storage.load import record_files

    data_dir = Path(args.data) if args.data else Path("data")
    if not data_dir.is_dir():
        print(
            f"counterpedia status: {data_dir}: no such data folder (run from the repository root or pass --data DIR)",
            file=sys.stderr,
        )
        return 2
    if not record_files([data_dir]):
        print(
            f"counterpedia status: {data_dir}: no records in it (no .yaml file): pass the data folder with --data DIR",
            file=sys.stderr,
        )
        return 2
    kb, problems = load(data_dir)
    # A record that does not load, or a text whose status is not one of the known ones, is not counted:
    # say so, so that the counts are never silently short.
    problems = sorted(set(problems) | {d for d in schema.check(kb) if d.severity == ERROR})
    langs = (args.lang,) if args.lang else LANGS
    counts = summary(kb, langs)
    rulings = kb.all("ruling")
    proven, review = proof.counts(rulings), proof.review_counts(kb)
    if "ruling" in counts:
        counts["ruling"]["proof"] = {**proven, "review": review}
    if args.json:
        print(json.dumps(counts, ensure_ascii=False, indent=2))
    else:
        print(f"{'kind':<13}{'lang':<6}{'records':>8}{'total':>7}" + "".join(f"{c:>11}" for c in CATEGORIES))
        for kind, entry in counts.items():
            for lang in langs:
                print(
                    f"{kind:<13}{lang:<6}{entry['records']:>8}{entry['total']:>7}"
                    + "".join(f"{entry[lang][c]:>11}" for c in CATEGORIES)
                )
        print(
            f"rulings: {proven['official']} official, {proven['unproven']} unproven; for review (evidence that resembles "
            "a ruling without proving it): " + ", ".join(f"{reason} {n}" for reason, n in review.items())
        )
        if args.list:
            for item in items(kb, langs):
                if item.category in args.list:
                    print(f"{item.category}\t{item.record.kind}\t{item.record.id}\t{item.where}\t{item.record.path}")
            if "unproven" in args.list:
                for ruling in rulings:
                    if not proof.is_official(ruling):
                        print(f"unproven\truling\t{ruling.id}\tsource {ruling.data.get('source')}\t{ruling.path}")
            if "review" in args.list:
                for note in proof.review_items(kb):
                    print(f"review\truling\t{note.record.id}\treview.{note.index}: {note.label}\t{note.record.path}")
    if problems:
        print(render_all(problems), file=sys.stderr)
        print(
            "counterpedia status: the records above could not be counted in full: fix them (`counterpedia validate`)",
            file=sys.stderr,
        )
        return 1
    return 0


def _register_search(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from ..search import cli as search_cli

    search_cli.register(sub)


def _register_cr(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from ..cr import cli as cr_cli
    from ..cr import quotes_cli

    quotes_cli.register(cr_cli.register(sub))


def _register_import(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from ..importers import cli as importers_cli

    importers_cli.register(sub)


def _register_memory(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from ..importers import memory_cli

    memory_cli.register(sub)


def _register_refresh(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from .refresh import cli as refresh_cli

    refresh_cli.register(sub)


def _register_fmt(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from . import fmt

    fmt.register(sub)


def _register_editor(sub) -> None:
    # start-up: see LAZY_COMMANDS
    from . import editor_cli

    editor_cli.register(sub)


# Commands whose modules are heavy to import: registered only when run (or for --help), so that
# `counterpedia search` does not pay for the CR tooling or the importer.
LAZY_COMMANDS = {
    "search": _register_search,
    "cr": _register_cr,
    "import": _register_import,
    "fmt": _register_fmt,
    "new": _register_editor,
    "export": _register_editor,
    "refresh": _register_refresh,
    "memory": _register_memory,
}


def _register_eager(sub) -> None:
    """The commands build_parser registers itself (EAGER_COMMANDS): not when a lazy command is named, whose
    parser needs none of them (`counterpedia search` paid for five parsers it does not use)."""
    p = sub.add_parser("validate", help="check the YAML records and report every problem")
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: data/)")
    p.add_argument("--data", help="the data folder the paths belong to (default: found from the paths)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="check everything afresh: read and write no cache (the parse cache and the kept results)",
    )
    p.set_defaults(func=cmd_validate)

    p = sub.add_parser("recover", help="finish the writes an interrupted command left half done (or drop them)")
    p.add_argument("--data", default="data", metavar="DIR", help="the data folder (default: data/)")
    p.add_argument("--abandon", action="store_true", help="drop the pending plan, listing what it would have written")
    p.set_defaults(func=cmd_recover)

    p = sub.add_parser("hash", help="print the content hash a translation records for a text")
    p.add_argument("text", nargs="?", help="the text to hash")
    p.add_argument("--file", help="a YAML record")
    p.add_argument("--path", help="dotted path of the text in the record, e.g. rules.0.text.en")
    p.set_defaults(func=cmd_hash)

    p = sub.add_parser("site", help="build the three localized sites")
    site_sub = p.add_subparsers(dest="site_command", metavar="SUBCOMMAND", parser_class=ArgumentParser, required=True)
    b = site_sub.add_parser("build", help="build ja at OUT/, en at OUT/en/, fr at OUT/fr/ and check every link")
    b.add_argument("--out", help="output folder (default: site/)")
    b.add_argument("--project", default=".", help="the folder holding mkdocs.yml (default: .)")
    b.add_argument("--data", metavar="DIR", help="the data folder (default: the one mkdocs.yml names, data/)")
    b.add_argument("--lang", action="append", choices=LANGS, help="build only this language (repeatable)")
    b.set_defaults(func=cmd_site_build)

    p = sub.add_parser(
        "status",
        help="translation status: per kind and language, official, community, machine, drifted and missing texts",
    )
    p.add_argument("--lang", choices=LANGS, help="only this language")
    p.add_argument(
        "--json", action="store_true", help='print {"<kind>": {"records": N, "total": N, "<lang>": {"official": N, …}}}'
    )
    p.add_argument(
        "--list",
        action="append",
        choices=("official", "community", "machine", "drifted", "missing", "unproven", "review"),
        help="also list the texts of this category (repeatable): the translators' worklist; `unproven`: the "
        "rulings not proven official; `review`: the rulings with evidence that resembles them without "
        "proving them (see `import gatherer-rulings`)",
    )
    p.add_argument("--data", metavar="DIR", help="the data folder (default: data/)")
    p.set_defaults(func=cmd_status)


def build_parser(only: str | None = None) -> ArgumentParser:
    parser = ArgumentParser(
        prog="counterpedia",
        description="Counterpedia: validate, search and publish the counters of Magic: The Gathering.",
    )
    parser.add_argument("--version", action="version", version=f"counterpedia {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)

    if only is None or only not in LAZY_COMMANDS:
        _register_eager(sub)
    registered = []
    for name, register in LAZY_COMMANDS.items():
        if (only is None or only == name) and register not in registered:  # one function may register several
            registered.append(register)
            register(sub)
    return parser


# The commands registered by build_parser itself: naming one registers none of the lazy ones (`validate` used to
# import the CR tooling, the importers and search for nothing: half a second of its start-up).
EAGER_COMMANDS = frozenset({"validate", "recover", "hash", "site", "status"})


def _parser_scope(argv: list[str]) -> str | None:
    """What build_parser needs to register for this command line (its `only`): the command named, or every
    command (None) when none is or when help comes first (`counterpedia -h search` lists them all); no lazy one
    ("") when `--version` comes first, which is answered before any command is parsed (registering every
    command cost it 0.7 s)."""
    for arg in argv:
        if arg == "--version":
            return ""
        if arg in ("-h", "--help"):
            return None
        if not arg.startswith("-"):
            break
    return _command_of(argv)


def _command_of(argv: list[str]) -> str | None:
    """The command named on the command line, if it is one build_parser knows (lazily registered or not)."""
    first = next((a for a in argv if not a.startswith("-")), None)
    return first if first in LAZY_COMMANDS or first in EAGER_COMMANDS else None


def _writer(args) -> tuple[Path, str] | None:
    """(the data folder, the command as the lock names it) for a command that writes records, else None. The
    imports (`import …`, `memory import`) take it in the importer skeleton (importers/skeleton.run_import)."""
    command = args.command
    if command == "fmt" and not args.check:
        # start-up: fmt's modules are loaded to run it anyway
        from .fmt import default_paths, journal_root

        root = journal_root([Path(p) for p in args.paths] or default_paths())
    elif command == "cr" and getattr(args, "cr_command", None) == "sync" and args.apply:
        root, command = Path(args.data), "cr sync --apply"
    elif command in ("new", "recover", "refresh"):
        root = Path(args.data)
    else:
        return None
    return (root, command) if root.is_dir() else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    for stream in (sys.stdout, sys.stderr):
        # A terminal or a pipe that cannot show every character (PYTHONIOENCODING=ascii, LANG=C): カウンター is shown
        # escaped (\u30ab…), never a UnicodeEncodeError.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8":
            reconfigure(errors="backslashreplace")
    try:
        parser = build_parser(only=_parser_scope(argv))
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help(sys.stderr)
            return 2
        if args.command == "validate" and not args.paths:
            # `validate --data DIR` checks that whole folder, as plain `validate` checks data/ (it used to check
            # nothing and exit 0: a CI naming its folder passed broken data).
            if args.data is None and not Path("data").is_dir():
                print(
                    "counterpedia validate: no data/ folder here: run from the repository root or pass PATH",
                    file=sys.stderr,
                )
                return 2
            args.paths = [args.data or "data"]
        restore_interrupts()
        writer = _writer(args)
        if writer is None:
            return args.func(args)
        # start-up: the journaled writer (hashlib, fcntl), only for a command that writes records
        from ..storage import writes

        root, command = writer
        try:
            with writes.writing(root, command):
                return args.func(args)
        except writes.Busy as error:
            print(f"counterpedia {command}: {error}", file=sys.stderr)
            return 1
        except writes.WriteError as error:
            print(f"counterpedia {command}: {error}", file=sys.stderr)
            return 1
    except KeyboardInterrupt:
        print("counterpedia: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
