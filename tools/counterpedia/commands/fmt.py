"""`counterpedia fmt [--check] [PATH…]`: every record in the one layout (see `counterpedia.storage.format`).

Plans every file first; writes nothing when a file cannot be read as YAML (its diagnostics are shown,
exit 1); otherwise writes the changed files through the journaled writer (`counterpedia.storage.writes`).
`--check` writes nothing, lists the files that would change and exits 1 when there are any."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace
from pathlib import Path

from .. import diagnostics as diag
from .. import kinds
from ..checks import schema
from ..checks.validate import data_root_of
from ..model.knowledge import from_documents
from ..storage.format import FormatError, format_text, normalize_newlines
from ..storage.format_cache import FormattedCache
from ..storage.load import (
    Document,
    RecordTooLarge,
    display_path,
    parse_document,
    read_record_bytes,
    record_files,
    schema_kind,
)
from ..storage.writes import FileWrite, WriteError, apply_plan, recover


@dataclass
class FmtPlan:
    changes: list[tuple[Path, str]] = field(default_factory=list)  # (file, its formatted text)
    unchanged: list[Path] = field(default_factory=list)
    problems: list[diag.Diagnostic] = field(default_factory=list)


def default_paths(cwd: Path = Path(".")) -> list[Path]:
    """The data folder and the reviewed list of excluded counter kinds, when present."""
    paths = [cwd / "data"]
    excluded = cwd / "catalogue" / "excluded-counters.yaml"
    if excluded.is_file():
        paths.append(excluded)
    return paths


def plan(paths: list[Path], root: Path | None = None) -> FmtPlan:
    """The formatted text of every YAML file under `paths` that is not formatted yet."""
    result = FmtPlan()
    cache = FormattedCache(root)
    for path in record_files(paths):
        shown = display_path(path)
        kind = schema_kind(path, root)
        if kind is None:
            result.problems.append(
                diag.make(
                    shown, (0, 0), "E005", f"'{path.name}' is not in a record folder, so it has no schema to follow"
                )
            )
            continue
        try:
            # As bytes: read_text would turn CRLF and CR into LF, and a file that is not LF would pass --check.
            raw = read_record_bytes(path)
            if cache.known(kind, raw):  # these very bytes were found formatted by this very formatter
                result.unchanged.append(path)
                continue
            text = raw.decode("utf-8")
        except RecordTooLarge as error:
            result.problems.append(diag.make(shown, (0, 0), "E013", str(error)))
            continue
        except OSError as error:
            result.problems.append(diag.make(shown, (0, 0), "E004", f"cannot read the file: {error.strerror or error}"))
            continue
        except UnicodeDecodeError as error:
            result.problems.append(diag.make(shown, (0, 0), "E004", f"cannot read the file: {error}"))
            continue
        document, problems = parse_document(normalize_newlines(text), shown, path.stem, kind)
        invalid = schema_errors(kind, document, problems)
        if invalid:
            # fmt lays out valid records: one it cannot validate is left as it is, and says why (an unquoted
            # 702.100 would be written back as 702.1, another rule).
            result.problems.extend(invalid)
            continue
        try:
            formatted = format_text(kind, text, shown, document)  # a file it cannot read: format_text says why
        except FormatError as error:
            result.problems.extend(error.diagnostics)
            continue
        except RecursionError:
            result.problems.append(diag.make(shown, (0, 0), "E001", "the YAML is nested too deeply to be read"))
            continue
        if formatted == text:
            result.unchanged.append(path)
            cache.add(kind, raw)
        else:
            result.changes.append((path, formatted))
    cache.save()
    return result


def schema_errors(kind: str, document: Document | None, problems: list[diag.Diagnostic]) -> list[diag.Diagnostic]:
    """The values of the wrong type in a record of a registered kind (E101), each saying the file is not
    formatted: fmt would write them back as it read them (an unquoted 702.100 as 702.1, another rule), and what
    it did not check must be said. [] for a record without, or a file the formatter reports itself (not YAML:
    `parse_document` gave no document, or problems)."""
    if kinds.find(kind) is None:
        return []
    if document is None or problems:
        return []
    found = [d for record in from_documents([document]) for d in schema.check_record(record, only="type")]
    return [
        replace(d, message=f"{d.message} (not formatted: a value of the wrong type is left as typed; fix it first)")
        for d in found
    ]


def journal_root(paths: list[Path]) -> Path:
    """The folder whose journal records a multi-file write: the data folder of the paths."""

    for path in paths:
        root = data_root_of(path)
        if root is not None:
            return root
    first = paths[0].resolve()
    return first if first.is_dir() else first.parent


def run(args) -> int:
    paths = [Path(p) for p in args.paths] or default_paths()
    for path in paths:
        if not path.exists():
            print(f"counterpedia fmt: {path}: no such file or directory", file=sys.stderr)
            return 2
    root = journal_root(paths)
    if not args.check:
        try:
            recovered = recover(root)
        except WriteError as error:
            print(f"counterpedia fmt: {error}", file=sys.stderr)
            return 1
        if recovered is not None:
            print(
                f"finished the interrupted `{recovered.recovered_from}` first: {len(recovered.written)} file(s) written",
                file=sys.stderr,
            )
    result = plan(paths, root if root.is_dir() else None)
    if result.problems:
        print(diag.render_all(sorted(result.problems)))
    if args.check:
        for path, _text in result.changes:
            print(display_path(path))
        total = len(result.changes) + len(result.unchanged)
        if result.changes:
            print(
                f"{len(result.changes)} of {total} file(s) would be reformatted: run `counterpedia fmt`",
                file=sys.stderr,
            )
        elif not result.problems:
            print(f"{total} file(s) already formatted", file=sys.stderr)
        return 1 if result.changes or result.problems else 0
    if result.problems:
        print(
            f"nothing written: {len(result.problems)} problem(s) above; fix them and run `counterpedia fmt` again",
            file=sys.stderr,
        )
        return 1
    try:
        report = apply_plan(root, [FileWrite(path, text) for path, text in result.changes], "counterpedia fmt")
    except WriteError as error:
        print(f"counterpedia fmt: {error}", file=sys.stderr)
        return 1
    for path in report.written:
        print(display_path(path))
    print(
        f"formatted {len(report.written)} file(s), {len(result.unchanged) + len(report.unchanged)} already formatted",
        file=sys.stderr,
    )
    return 0


def register(sub) -> None:
    p = sub.add_parser(
        "fmt",
        help="format records: schema key order, one quoting style, one indentation; comments kept",
        description="Rewrite YAML records in the one layout: keys in the order of their JSON Schema, strings plain "
        "or double-quoted (versions, dates and CR numbers always double-quoted), indentation 2 (lists 4, "
        "dash at 2). Comments stay with the key they belong to. Default PATH: data/ and "
        "catalogue/excluded-counters.yaml.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or folders (default: data/ and the excluded list)")
    p.add_argument(
        "--check", action="store_true", help="write nothing; list the files that would change and exit 1 if any"
    )
    p.set_defaults(func=run)
