"""`counterpedia refresh [--data DIR] [--summary FILE] [--rules-only] [--cr-editions E,E…]`.

Exit status: 0 done (whether or not anything changed); 1 a download was refused (nothing changed), a step failed
or the data does not validate afterwards (the summary says which); 2 bad usage.
"""

from __future__ import annotations

import datetime as dt
import shutil
import sys
import tempfile
from pathlib import Path

from ...checks.validate import validate
from ...cr.archive import from_files
from ...cr.diff import summary as diff_summary
from ...cr.fetch import FetchError, url_for
from ...cr.ja_fetch import url_for as ja_url
from ...cr.locate import available_editions
from ...diagnostics import render_all
from ...model.knowledge import load
from . import downloads as dl
from .downloads import Refused, Staged
from .steps import Report, run_imports, run_sync, snapshot, summary


def register(sub) -> None:

    p = sub.add_parser(
        "refresh",
        help="download the week's Scryfall data, the newest Comprehensive Rules and the Japanese rules; import, sync, "
        "validate and summarize",
        description="Download into the cache Scryfall's bulk-data manifest and its oracle_cards and rulings files, the "
        "newest English Comprehensive Rules (the one Wizards' rules page links to) and the official Japanese "
        "rules page; each is checked first, and one refused download changes nothing. Then import the cards "
        "and rulings, move the quotes to the newest English edition (`cr sync --apply`), validate, and print "
        "a summary of what changed.",
    )
    p.add_argument("--data", default="data", metavar="DIR", help="the data folder (default: data/)")
    p.add_argument("--summary", metavar="FILE", help="also write the summary (Markdown) to FILE")
    p.add_argument(
        "--rules-only",
        action="store_true",
        help="download the Comprehensive Rules files alone (the newest English edition, --cr-editions, the "
        "Japanese page) into the cache; import and change nothing (the Pages workflow's step)",
    )
    p.add_argument(
        "--cr-editions",
        metavar="E,E…",
        default="",
        help="also have these English editions in the cache (YYYYMMDD, comma- or space-separated; from "
        "Wizards' address for each, or $COUNTERPEDIA_CR_URL)",
    )
    p.add_argument("--no-japanese", action="store_true", help="skip the official Japanese rules page")
    p.add_argument(
        "--scryfall-url",
        metavar="URL",
        help=f"the bulk-data manifest (default ${dl.URL_ENV['scryfall']}, else {dl.SCRYFALL_BULK_URL})",
    )
    p.add_argument(
        "--rules-page-url",
        metavar="URL",
        help=f"Wizards' rules page (default ${dl.URL_ENV['rules']}, else {dl.RULES_PAGE_URL})",
    )
    p.add_argument(
        "--ja-url",
        metavar="URL",
        help="the official Japanese rules page (default $COUNTERPEDIA_CR_JA_URL, else mtg-jp.com's)",
    )
    p.add_argument(
        "--timeout", type=float, default=300.0, metavar="S", help="seconds to wait on a download (default 300)"
    )
    p.set_defaults(func=cmd_refresh)


def cmd_refresh(args) -> int:
    prog = "counterpedia refresh"
    data_dir = Path(args.data)
    if not args.rules_only and not data_dir.is_dir():
        print(
            f"{prog}: {data_dir}: no such data folder (run from the repository root or pass --data DIR)",
            file=sys.stderr,
        )
        return 2
    editions = [e for e in args.cr_editions.replace(",", " ").split() if e]
    bad = [e for e in editions if not (len(e) == 8 and e.isdigit())]
    if bad:
        print(f"{prog}: --cr-editions: {', '.join(bad)}: not an edition id (YYYYMMDD)", file=sys.stderr)
        return 2
    report = Report()
    try:
        text = refresh(args, data_dir, editions, report)
    except KeyboardInterrupt:
        print(f"{prog}: interrupted: nothing more was changed", file=sys.stderr)
        return 130
    print(text)
    if args.summary:
        Path(args.summary).write_text(text, encoding="utf-8")
    for line in ([report.refused] if report.refused else []) + report.errors:
        print(f"{prog}: {line}", file=sys.stderr)
    return 1 if report.failed else 0


def refresh(args, data_dir: Path, editions: list[str], report: Report) -> str:
    today = dt.date.today().isoformat()
    cache = dl.cache_root()
    cache.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".refresh-", dir=cache))  # beside the cache: moved in atomically
    try:
        try:
            staged, bulk = _download_all(args, data_dir, editions, cache, staging, report)
        except Refused as error:
            report.refused = f"{error}; nothing was changed (the cache and the data are as they were)"
            return summary(report, today)
        dl.commit(staged)
        report.downloads = [item.note for item in staged if item.what != "manifest"]
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    if args.rules_only:
        return summary(report, today)
    _update(data_dir, cache, staged, bulk, report)
    return summary(report, today)


def _download_all(args, data_dir, editions, cache, staging, report) -> tuple[list[Staged], dict]:
    """Every download, checked in `staging`; Refused at the first bad one (nothing is in the cache yet)."""

    staged: list[Staged] = []
    bulk: dict = {}
    if not args.rules_only:
        manifest, bulk = dl.scryfall_manifest(dl.url_of("scryfall", args.scryfall_url), staging, cache, args.timeout)
        staged.append(manifest)

        kb, _problems = load(data_dir)
        keep = dl.known_rulings(cache, kb)
        for kind, entry in bulk.items():
            staged.append(
                dl.scryfall_file(kind, entry, staging, cache, args.timeout, keep if kind == "rulings" else None)
            )
    edition, address = dl.announced_edition(dl.url_of("rules", args.rules_page_url), staging, args.timeout)
    wanted = {edition: address}
    for other in editions:
        if other not in wanted:
            try:
                wanted[other] = url_for(other)
            except FetchError as error:
                raise Refused(str(error)) from None
    for other, url in sorted(wanted.items()):
        item = dl.english_cr(other, url, staging, cache, args.timeout)
        if item is None:
            report.cached.append(f"the Comprehensive Rules {other}")
        else:
            staged.append(item)
    report.announced = edition
    if not args.no_japanese:
        staged.append(dl.japanese_cr(ja_url(args.ja_url), staging, cache, args.timeout))
    return staged, bulk


def _update(data_dir: Path, cache: Path, staged: list[Staged], bulk: dict, report: Report) -> None:

    report.before = snapshot(data_dir)
    files = {item.what: item for item in staged}
    status, lines = run_imports(
        data_dir, files["oracle_cards"].path, files["rulings"].path, files["oracle_cards"].info["date"]
    )
    report.imports = lines
    if status != 0:
        report.errors.append(f"the import failed (exit {status}): " + (lines[-1] if lines else "no message"))
    edition = report.announced
    quoted = report.before.en_edition
    if edition and (quoted is None or edition >= quoted):
        status, lines = run_sync(data_dir, cache / "cr", edition)
        prefix = str(data_dir.resolve().parent) + "/"
        report.sync = [line.replace(prefix, "") for line in lines]
        if status != 0:
            report.errors.append(
                f"`cr sync --apply --edition {edition}` failed (exit {status}): " + (lines[-1] if lines else "")
            )
        found = available_editions(cache / "cr", {})
        if quoted and quoted != edition and quoted in found and edition in found:
            archive = from_files([found[quoted], found[edition]])
            report.rules_changes = diff_summary(archive.changes(quoted, edition))
    elif edition:
        report.sync = [f"Wizards' rules page announces {edition}, older than the quoted {quoted}: no sync"]
    japanese = files.get("cr-ja")
    if japanese is not None and report.before.ja_edition and japanese.info["edition"] > report.before.ja_edition:
        report.japanese = (
            f"a newer official translation is out ({japanese.info['edition']}, now in the cache): add "
            f"data/sources/cr-ja-{japanese.info['edition']}.yaml, then `counterpedia cr sync --lang ja --apply`"
        )
    _kb, diagnostics = validate([data_dir], data_dir)
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        first = render_all(errors[:1]).splitlines()[0]
        report.errors.append(f"the data does not validate: {len(errors)} error(s), the first: {first}")
    report.after = snapshot(data_dir)
