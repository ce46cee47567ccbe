"""`counterpedia cr check` and `cr sync`: the quotes in data/ against an edition, and their update.

`--lang ja` does the same for the official Japanese texts, against the Japanese CR file
(`--cr-ja FILE`, $COUNTERPEDIA_CR_JA, or the cache where `cr fetch --lang ja` saves it).

`cr sync --apply` plans every file first, checks that the planned data still validates (no rule quoted
twice, every cited rule quoted), then writes the whole plan through `counterpedia.storage.writes`: a journal
first, each file atomically, so that a killed or failed run is finished by the next one."""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from pathlib import Path

from ..checks import rules as rule_checks
from ..checks import schema
from ..diagnostics import Diagnostic, render_all
from ..model.knowledge import KnowledgeBase, from_documents, load
from ..storage import writes
from ..storage.load import parse_document
from . import ja_locate, locate
from .cli import USAGE, _error, _guarded, _load, cr_option
from .diff import align
from .ja_parse import JaCRParseError, parse_file
from .ja_quotes import check
from .ja_sync import plan as ja_plan
from .parse import Edition
from .quotes import SAME, compare_quotes, diagnostics
from .sync import SyncPlan, apply, plan

PROBLEMS = 1


def ja_option() -> argparse.ArgumentParser:
    """A parent parser with `--lang` and `--cr-ja FILE`."""
    options = argparse.ArgumentParser(add_help=False)
    options.add_argument(
        "--lang",
        choices=("en", "ja"),
        default="en",
        help="en: the English quotes against the English CR (default); ja: the official Japanese texts "
        "against the Japanese CR file",
    )
    options.add_argument(
        "--cr-ja",
        metavar="FILE",
        dest="cr_ja",
        help=f"the Japanese CR file (overrides ${ja_locate.ENV} and the cache {ja_locate.cache_dir()})",
    )
    return options


def register(commands: argparse._SubParsersAction) -> None:
    where = cr_option()
    ja = ja_option()
    check = commands.add_parser(
        "check",
        parents=[where, ja],
        help="compare every quoted English rule with an edition (default: the newest); "
        "--lang ja: the official Japanese texts with the Japanese CR file",
    )
    check.add_argument("--data", default="data", help="the data folder (default: data)")
    check.add_argument(
        "--edition", metavar="YYYYMMDD", help="the edition to compare with (default: the newest available)"
    )
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.set_defaults(func=run_check)

    sync = commands.add_parser(
        "sync",
        parents=[where, ja],
        help="update the English quotes to an edition (dry run unless --apply); "
        "--lang ja: fill in the official Japanese texts from the Japanese CR file",
    )
    sync.add_argument("--data", default="data", help="the data folder (default: data)")
    sync.add_argument("--edition", metavar="YYYYMMDD", help="the edition to update to (default: the newest available)")
    sync.add_argument("--apply", action="store_true", help="write the changes (atomically, comments kept)")
    sync.add_argument(
        "--source",
        metavar="ID",
        help="--lang ja: the source record of the Japanese edition "
        "(default: cr-ja-YYYYMMDD, which must exist in data/sources/)",
    )
    sync.add_argument(
        "--via",
        metavar="ID",
        help="the source record of the copy the file was read from, if any (default, "
        "English: the source whose `files` lists the file's SHA-256, else none: "
        "Wizards of the Coast's own file)",
    )
    sync.set_defaults(func=run_sync)


def _target(args) -> Edition:
    path = locate.find(args.edition, args.cr) if args.edition else locate.newest(args.cr)
    return _load(path)


def _loader(args):
    """Editions a quote was taken from, for following renumbering; any place CR files are kept."""

    def load_edition(edition_id: str):
        for explicit in (args.cr, None):
            try:
                return _load(locate.find(edition_id, explicit))
            except locate.CRNotFound:
                continue
        return None

    return load_edition


class _DataError(Exception):
    pass


def quote_problems(kb: KnowledgeBase) -> list[Diagnostic]:
    """The validator's errors that make quotes unsafe to compare: a rule record against its schema (a
    number YAML reads as a float, `rules: 5`…), and CR numbers (E120–E122)."""

    found: set[Diagnostic] = set()
    for record in kb.all("rule") + [d for d in kb.duplicates if d.kind == "rule"]:
        found.update(schema.check_record(record))
    found.update(rule_checks.check(kb))
    return sorted(d for d in found if d.severity == "error")


def sync_problems(kb: KnowledgeBase) -> list[Diagnostic]:
    """What makes an update unsafe: the CR numbers (E120–E122), and any record off its schema (the rules' among
    them), since `cr sync` renumbers the prose of every kind, rehashes translations and reads the sources' file
    digests."""
    return sorted(d for d in {*schema.check(kb), *rule_checks.check(kb)} if d.severity == "error")


def _knowledge(args, finish_pending: bool) -> KnowledgeBase:
    data = Path(args.data)
    if not data.is_dir():
        raise locate.CRNotFound(f"{data}: no data folder here (use --data)")
    if writes.journal_path(data).is_file():
        if finish_pending:
            report = writes.recover(data)
            if report is not None:
                print(
                    f"finished an interrupted `{report.recovered_from}`: {len(report.written)} file(s) written",
                    file=sys.stderr,
                )
        else:
            print(
                f"note: an interrupted command left {writes.journal_path(data)}; the data may be half updated: "
                "`counterpedia cr sync --apply` finishes it first",
                file=sys.stderr,
            )
    kb, problems = load(data)
    if any(p.severity == "error" for p in problems):
        print(render_all(problems), file=sys.stderr)
        raise _DataError()
    return kb


def _with_data(command, finish_pending=lambda args: False):
    @_guarded
    def wrapper(args) -> int:
        try:
            edition = _target(args)
            kb = _knowledge(args, finish_pending(args))
        except _DataError:
            return _error("the data does not load; run `counterpedia validate` first", PROBLEMS)
        except writes.WriteError as error:
            return _error(str(error), PROBLEMS)
        return command(args, edition, kb)

    return wrapper


def run_check(args) -> int:
    return _run_check_ja(args) if args.lang == "ja" else _run_check_en(args)


def run_sync(args) -> int:
    return _run_sync_ja(args) if args.lang == "ja" else _run_sync_en(args)


@_with_data
def _run_check_en(args, edition, kb) -> int:
    problems = quote_problems(kb)
    changes = compare_quotes(kb, edition, _loader(args))
    found = sorted(problems + diagnostics(changes, edition.edition))
    output = render_all(found, args.format)
    if output:
        print(output)
    same = sum(1 for c in changes if c.state == SAME)
    print(f"{same} of {len(changes)} quoted rules match the {edition.edition} edition", file=sys.stderr)
    if problems:
        print(f"{len(problems)} quote(s) could not be compared or are quoted wrongly: fix them first", file=sys.stderr)
    return 1 if found else 0


def planned_knowledge(kb: KnowledgeBase, result: SyncPlan) -> KnowledgeBase:
    """The knowledge base as it would be once the plan is written (pure: nothing is written)."""
    documents, seen = [], set()
    for record in [*kb, *kb.duplicates]:
        document = record.document
        # Each document once: a card's rulings are records read from the card's document, and taking it again for
        # each of them made every such card a duplicate of itself (144,000 duplicates, checked one by one).
        if document is None or id(document) in seen:
            continue
        seen.add(id(document))
        if document.path in result.files:
            planned, _problems = parse_document(
                result.files[document.path], document.path, document.stem, document.kind
            )
            if planned is not None:
                document = planned
        documents.append(document)
    return from_documents(documents)


def new_problems(before: list[Diagnostic], after: list[Diagnostic]) -> list[Diagnostic]:
    """Errors of `after` that `before` did not have (counted per file and code: line numbers move)."""
    room = Counter((d.path, d.code) for d in before)
    fresh = []
    for diagnostic in after:
        key = (diagnostic.path, diagnostic.code)
        if room[key] > 0:
            room[key] -= 1
        else:
            fresh.append(diagnostic)
    return fresh


def copy_of(kb: KnowledgeBase, path: Path | None) -> str | None:
    """The source record of the copy that `path` is (its `files` list the file's SHA-256), or None."""
    if path is None:
        return None
    try:
        digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None
    for source in kb.all("source"):
        for item in source.data.get("files") or []:
            if isinstance(item, dict) and str(item.get("sha256", "")).lower() == digest:
                return source.id
    return None


def quoted_edition(kb: KnowledgeBase) -> str | None:
    """The edition most English quotes are of: the numbering our own texts follow without saying so."""
    versions: Counter[str] = Counter()
    for record in kb.all("rule"):
        for entry in record.data.get("rules") or []:
            en = ((entry.get("text") or {}).get("en") if isinstance(entry, dict) else None) or {}
            if isinstance(en, dict) and isinstance(en.get("version"), str):
                versions[en["version"]] += 1
    return versions.most_common(1)[0][0] if versions else None


def prose_renumbering(kb: KnowledgeBase, edition, loader) -> dict[str, str]:
    """Old -> new number of every rule renumbered between the quoted edition and `edition`."""
    current = quoted_edition(kb)
    if not current or current == edition.edition:
        return {}
    old = loader(current)
    if old is None:
        return {}
    return {a: b for a, b in align(old, edition).items() if a != b}


def _sync(args, edition, kb) -> int:
    before = sync_problems(kb)
    if before:
        print(render_all(before), file=sys.stderr)
        return _error(
            "the records must validate before the quotes are synchronized: fix the errors above (nothing was written)",
            PROBLEMS,
        )
    via = args.via or copy_of(kb, edition.source)
    if via and kb.get("source", via) is None:
        return _error(f"--via {via}: no such source in {args.data}/sources/ (add the record first)", USAGE)
    loader = _loader(args)
    changes = compare_quotes(kb, edition, loader)
    result = plan(kb, changes, edition.edition, via, prose_renumbering(kb, edition, loader))
    if via:
        print(
            f"reading {edition.edition} through the copy {via}: its quotes cite Wizards' edition with via {via}",
            file=sys.stderr,
        )
    for line in result.lines():
        print(line)
    if not result.files:
        print(f"nothing to change: the quotes match the {edition.edition} edition", file=sys.stderr)
        return 0
    broken = new_problems(before, sync_problems(planned_knowledge(kb, result)))
    if broken:
        print(render_all(broken), file=sys.stderr)
        return _error(
            f"updating to {edition.edition} would leave the errors above, so nothing was written: "
            "review the quotes named (a rule this edition does not have, or a move onto a number "
            "already quoted), fix them by hand, then run the sync again",
            PROBLEMS,
        )
    if not args.apply:
        print(f"{len(result.files)} file(s) would change; run again with --apply to write them", file=sys.stderr)
        return 0
    try:
        report = apply(result, Path(args.data))
    except writes.WriteError as error:
        for path in error.written:
            print(f"written: {path}", file=sys.stderr)
        return _error(str(error), PROBLEMS)
    print(f"updated {len(report.written)} file(s) to the {edition.edition} edition", file=sys.stderr)
    return 0


_run_sync_en = _with_data(_sync, finish_pending=lambda args: args.apply)


# --- the Japanese texts -----------------------------------------------------------------


def _ja_edition(args):
    return parse_file(ja_locate.require(args.cr_ja))


def _clean_knowledge(args):
    return _knowledge(args, finish_pending=getattr(args, "apply", False))


def _with_ja(command):
    @_guarded
    def wrapper(args) -> int:
        try:
            edition = _ja_edition(args)
            return command(args, edition, _clean_knowledge(args))
        except JaCRParseError as error:
            return _error(str(error), USAGE)
        except _DataError:
            return _error("the data does not load; run `counterpedia validate` first", USAGE)
        except writes.WriteError as error:
            return _error(str(error), PROBLEMS)

    return wrapper


@_with_ja
def _run_check_ja(args, edition, kb) -> int:
    result = check(kb, edition)
    output = render_all(result.diagnostics, args.format)
    if output:
        print(output)
    scope = "" if edition.complete else " (an excerpt of it)"
    print(
        f"{result.matching} of {result.compared} official Japanese texts match the {edition.edition} Japanese "
        f"edition{scope}",
        file=sys.stderr,
    )
    return 1 if result.diagnostics else 0


@_with_ja
def _run_sync_ja(args, edition, kb) -> int:
    source = args.source or f"cr-ja-{edition.edition}"
    for option, value in (("--source", source), ("--via", args.via)):
        if value and kb.get("source", value) is None:
            return _error(f"{option} {value}: no such source in {args.data}/sources/ (add the record first)", USAGE)
    result = ja_plan(kb, edition, source, args.via)
    for line in result.lines():
        print(line)
    if not result.files:
        print(
            f"nothing to change: the Japanese texts are those of the {edition.edition} Japanese edition",
            file=sys.stderr,
        )
        return 0
    if args.apply:
        data_dir = Path(args.data)
        plan_files = [writes.FileWrite(Path(path), text) for path, text in result.files.items()]
        try:
            writes.recover(data_dir)
            writes.apply_plan(data_dir, plan_files, "cr sync --lang ja")
        except writes.WriteError as error:
            return _error(str(error), 1)
        print(f"updated {len(result.files)} file(s) from the {edition.edition} Japanese edition", file=sys.stderr)
    else:
        print(f"{len(result.files)} file(s) would change; run again with --apply to write them", file=sys.stderr)
    return 0
