"""`counterpedia new` and `counterpedia export`: the editors' and the reusers' commands."""

from __future__ import annotations

import sys
from pathlib import Path

from .. import checks, kinds
from ..diagnostics import ERROR, render_all
from ..model.knowledge import load
from ..render import export
from ..storage.writes import WriteError, atomic_write, recover
from .scaffold import ScaffoldError, create, parse_assignment


def run_new(args) -> int:
    prog = "counterpedia new"
    data_dir = Path(args.data)
    if not data_dir.is_dir():
        print(
            f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)",
            file=sys.stderr,
        )
        return 2
    try:
        # Like every writing command, new first finishes what an interrupted one left half done.
        recovered = recover(data_dir)
    except WriteError as error:
        print(f"{prog}: {error}", file=sys.stderr)
        return 1
    if recovered is not None:
        print(
            f"finished the interrupted `{recovered.recovered_from}` first: {len(recovered.written)} file(s) written",
            file=sys.stderr,
        )
    try:
        assignments = [parse_assignment(a) for a in args.set or []]
        if args.card:
            assignments.append((("about", "cards"), list(args.card)))
        if args.date:
            assignments.append((("date",), args.date))
        if (args.card or args.date) and args.kind != "ruling":
            raise ScaffoldError("--card and --date are for a ruling; use --set FIELD=VALUE for other kinds")
        path = create(data_dir, args.kind, args.id, assignments)
    except ScaffoldError as error:
        if error.diagnostics:
            print(render_all(error.diagnostics))
        print(f"{prog}: {error}", file=sys.stderr)
        return error.status
    except OSError as error:  # a read-only data folder, a full disk: nothing half written (atomic_write)
        print(
            f"{prog}: {getattr(error, 'filename', None) or data_dir}: cannot write: {error.strerror or error} "
            "(nothing was written)",
            file=sys.stderr,
        )
        return 1
    print(path)
    return 0


# The project's own folders beside the data folder: an export must not write among them.
PROJECT_FOLDERS = ("docs", "tools", "tests", "catalogue", "overrides", ".git", ".github")


def export_out_problem(out_arg: str, data_dir: Path) -> str | None:
    """Why `--out` must not be written to (the rule `site build --out` follows), or None: the data folder or
    anything inside it (data/cards.json would sit among the records), the project root or a folder holding the data,
    the project's own folders."""
    if not out_arg.strip():
        return "--out '': give the folder to write the JSON files to (default: export/)"
    real, data = Path(out_arg).resolve(), data_dir.resolve()
    if real == data or data in real.parents:
        return (
            f"{out_arg}: inside the data folder ({data_dir}): the JSON files would sit among the records; "
            "write them outside it, e.g. --out export"
        )
    if real in data.parents:
        return (
            f"{out_arg}: holds the project and its data folder; write the JSON files into a folder of their own, "
            "e.g. --out export"
        )
    for name in PROJECT_FOLDERS:
        own = data.parent / name
        if real == own.resolve() or own.resolve() in real.parents:
            return f"{out_arg}: one of the project's own folders ({name}/); write the JSON files elsewhere, e.g. --out export"
    return None


def run_export(args) -> int:
    prog = "counterpedia export"
    data_dir, out = Path(args.data), Path(args.out)
    if not data_dir.is_dir():
        print(
            f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)",
            file=sys.stderr,
        )
        return 2
    if out.exists() and not out.is_dir():
        print(f"{prog}: {out}: not a folder", file=sys.stderr)
        return 2
    refused = export_out_problem(args.out, data_dir)
    if refused:
        print(f"{prog}: {refused}", file=sys.stderr)
        return 2
    kb, problems = load(data_dir)
    errors = [d for d in problems + checks.run_all(kb) if d.severity == ERROR]
    if errors:
        print(render_all(errors))
        print(
            f"{prog}: the data has errors: nothing exported (fix them; `counterpedia validate` lists them)",
            file=sys.stderr,
        )
        return 1
    files = export.texts_to_write(kb, export.file_resolver(data_dir))
    try:
        for name, text in files.items():
            atomic_write(out / name, text)
    except OSError as error:
        print(f"{prog}: {out}: cannot write: {error.strerror or error}", file=sys.stderr)
        return 1
    counts = ", ".join(f"{entry['count']} {kind}(s)" for kind, entry in export.build(kb)["index.json"]["kinds"].items())
    print(f"exported {counts} to {out}/ (index.json, one file per kind, schemas/)")
    return 0


def register(sub) -> None:
    p = sub.add_parser(
        "export",
        help="write the records as JSON for other tools: one file per kind, an index, JSON Schemas",
        description="Write index.json, one JSON file per record kind (counters.json, rules.json, …) and their JSON "
        "Schemas (schemas/) into OUT: every record with its stable id, its data (each text with its "
        "provenance), its texts one by one, its page in each language and a content hash. "
        "The built site serves the same files under api/.",
    )
    p.add_argument("--out", default="export", metavar="DIR", help="the output folder (default: export/)")
    p.add_argument("--data", default="data", metavar="DIR", help="the data folder (default: data/)")
    p.set_defaults(func=run_export)

    p = sub.add_parser(
        "new",
        help="write a new record with every required field, each commented; print its path",
        description="Scaffold a new record from its JSON Schema: every required field, with a comment on each, "
        "TODO texts in our own words where a text is required. Values you know go in with --set "
        "FIELD=VALUE (dotted path, YAML value: --set sources=cr --set names.en.text='bribery counter'). "
        "The record is written only if it passes `counterpedia validate`.",
    )
    p.add_argument("kind", choices=list(kinds.names()), metavar="KIND", help=", ".join(kinds.names()))
    p.add_argument("id", metavar="ID", help="the new record's id: lowercase letters, digits, hyphens")
    p.add_argument("--set", action="append", metavar="FIELD=VALUE", help="a field's value (repeatable)")
    p.add_argument("--card", action="append", metavar="CARD", help="ruling: the card it is about (repeatable)")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="ruling: its publication date")
    p.add_argument("--data", default="data", metavar="DIR", help="the data folder (default: data/)")
    p.set_defaults(func=run_new)
