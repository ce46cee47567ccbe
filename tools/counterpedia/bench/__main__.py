"""`python -m counterpedia.bench [--only SECTIONS] [--quick]`: every figure of issues 8, 12, 14 and 19 beside its target.

Sections, in order: validate (against check-jsonschema), build (against a plain mkdocs build), synthetic
(the shipped data and three times it), memory (import of one AllPrintings.json), gatherer (import
gatherer-rulings of the MTGJSON 3 copy: counterpedia.bench.gatherer), status (the records),
search (relevance and the search figures of issue 12: counterpedia.bench.search), cr (CR parse and diff),
loops (`make serve`: the first page, and from saving a card, a counter and a rule quote to the page
reloaded with the change, issue 19), tests (the wall time of `make test`, issue 19).
Exit status 0 whatever the figures (a slow figure is printed, not failed), 1 when a command failed, 2 on
bad usage. The load average is printed at the start and at the end: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..cr import locate
from ..search import relevance
from . import build, gatherer, loops, machine, memory, report, scryfall_cards, suite, synthetic, validate
from . import search as search_bench
from .search import TARGETS

SECTIONS = ("validate", "build", "synthetic", "memory", "gatherer", "status", "search", "cr", "loops", "tests")


def parse_sections(text: str | None) -> list[str]:
    """The sections named in `--only a,b` (all when none), in the bench's order; ValueError for an unknown one."""
    if not text:
        return list(SECTIONS)
    named = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [name for name in named if name not in SECTIONS]
    if unknown:
        raise ValueError(f"unknown section(s) {', '.join(unknown)} (choose from {', '.join(SECTIONS)})")
    return [name for name in SECTIONS if name in named]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m counterpedia.bench", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", default="data", help="the data folder (default: data/)")
    parser.add_argument("--project", default=".", help="the folder holding mkdocs.yml (default: .)")
    parser.add_argument("--only", metavar="SECTIONS", help=f"comma-separated, among {','.join(SECTIONS)}")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="skip the data three times the size and the plain mkdocs build; one run per figure",
    )
    parser.add_argument("--runs", type=int, default=3, help="runs per timed figure, the median kept (default 3)")
    args = parser.parse_args(argv)
    try:
        sections = parse_sections(args.only)
    except ValueError as error:
        parser.error(str(error))
    data_dir, project = Path(args.data).resolve(), Path(args.project).resolve()
    if not data_dir.is_dir() or not any(data_dir.rglob("*.yaml")):
        print(f"bench: no records under {data_dir}", file=sys.stderr)
        return 2
    if not (project / "mkdocs.yml").is_file():
        print(f"bench: no mkdocs.yml in {project}", file=sys.stderr)
        return 2
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    runs = 1 if args.quick else max(1, args.runs)
    summary = report.Summary()
    start = time.perf_counter()
    print(f"counterpedia bench: {machine.describe()}")
    print(f"  data {data_dir}; sections {', '.join(sections)}{'; quick' if args.quick else ''}")
    with tempfile.TemporaryDirectory(prefix="counterpedia-bench-") as scratch_name:
        scratch = Path(scratch_name)
        state: dict = {}
        for section in sections:
            print(f"\n== {section} (load average {machine.load_average():.2f})", flush=True)
            try:
                SECTION_RUNNERS[section](args, data_dir, project, scratch, runs, summary, state)
            except Exception as error:  # noqa: BLE001 - one section's error is reported, the others still run
                summary.errors.append(f"{section}: {type(error).__name__}: {error}")
                print(f"  {section} failed: {type(error).__name__}: {error}", flush=True)
    print(f"\n== summary (the targets of issues 8, 12, 14 and 19; {time.perf_counter() - start:.0f} s in all)")
    for line in summary.lines():
        print(line)
    print(f"counterpedia bench: done; {machine.describe()}")
    if summary.errors:
        print("bench: these commands failed (the figures above are incomplete):", file=sys.stderr)
        for failure in summary.errors:
            print(f"  {failure}", file=sys.stderr)
        return 1
    return 0


def run_validate(args, data_dir, project, scratch, runs, summary, state) -> None:
    figures = validate.measure(data_dir, scratch, runs=runs)
    validate.report(figures)
    for label, measured in validate.labelled(figures):
        if not all(r.ok() for r in measured):
            summary.errors.append(
                f"counterpedia validate {data_dir} ({label}) exited {sorted({r.status for r in measured})}"
            )
        value = validate.Figures.median(measured)
        summary.add(
            f"validate, {'warm, one edit' if label == 'edited' else label}",
            report.seconds(value),
            f"< {validate.TARGET_SECONDS:.0f} s",
            report.verdict(value, validate.TARGET_SECONDS),
        )
    if figures.peer is not None and figures.peer_seconds:
        summary.add("check-jsonschema, same files", report.seconds(figures.peer_seconds))
        for label, measured in validate.labelled(figures):
            value = validate.Figures.median(measured) / figures.peer_seconds
            summary.add(
                f"validate {label} / check-jsonschema",
                report.ratio(value),
                f"<= {validate.TARGET_RATIO}",
                report.verdict(value, validate.TARGET_RATIO, at_most=True),
            )
    else:
        summary.add("validate / check-jsonschema", "not measured", figures.peer_reason)


def run_build(args, data_dir, project, scratch, runs, summary, state) -> None:
    site = scratch / "site-1x"
    print("  our build (counterpedia site build: three languages, then the link check)…", flush=True)
    ours = build.measure("ours", project, data_dir, site)
    plain = None
    if not args.quick and not ours.error:
        print("  plain mkdocs build of the same pages as Markdown…", flush=True)
        plain = build.measure("plain", project, data_dir, scratch / "plain")
    build.report(ours, plain)
    if ours.error:
        summary.errors.append(f"site build: {ours.error}")
        return
    state["ours"], state["site"] = ours, site
    summary.add(
        "build, three languages",
        report.seconds(ours.total),
        f"< {build.TARGET_SECONDS:.0f} s",
        report.verdict(ours.total, build.TARGET_SECONDS),
    )
    summary.add(
        "build, peak memory (its processes together)",
        report.megabytes(ours.together_mb),
        f"< {build.TARGET_PEAK_MB:.0f} MB",
        report.verdict(ours.together_mb, build.TARGET_PEAK_MB),
    )
    if plain is not None and plain.error:
        summary.errors.append(f"plain mkdocs build: {plain.error}")
    elif plain is not None:
        extra = build.overhead(ours, plain)
        summary.add(
            "build, ours over plain mkdocs (CPU time)",
            report.percent(extra),
            f"< +{build.TARGET_OVERHEAD:.0%}",
            report.verdict(extra, build.TARGET_OVERHEAD),
        )


def run_synthetic(args, data_dir, project, scratch, runs, summary, state) -> None:
    queries = search_bench.cli_queries(relevance.questions(relevance.load_cases(search_bench.RELEVANCE)))
    counts = {"shipped": synthetic.imported_size(data_dir)}
    small = synthetic.measure(
        "shipped", data_dir, project, scratch, queries, runs, state.get("ours"), state.get("site")
    )
    summary.errors += small.errors
    large = None
    if not args.quick:
        print(f"  generating the data {synthetic.FACTOR} times the size (seed {synthetic.SEED})…", flush=True)
        big, cards, rulings = synthetic.make(data_dir, scratch / "synthetic")
        counts[f"{synthetic.FACTOR}x"] = (counts["shipped"][0] + cards, counts["shipped"][1] + rulings)
        large = synthetic.measure(f"{synthetic.FACTOR}x", big, project, scratch, queries, runs)
        summary.errors += large.errors
    print(f"  imported cards and their rulings (the {synthetic.FACTOR}x data adds synthetic ones):")
    synthetic.report(small, large, counts)
    _search_rows(small, summary)
    if large is not None:
        rows = synthetic.ratios(small.figures, large.figures)
        worst = max(rows, key=lambda r: r[3], default=None)
        if worst is not None:
            summary.add(
                f"growth for {synthetic.FACTOR}x data, worst figure ({worst[0]})",
                report.ratio(worst[3]),
                f"<= {synthetic.TARGET_RATIO}",
                report.verdict(worst[3], synthetic.TARGET_RATIO, at_most=True),
            )
        peak = large.figures.get("peak memory, build (MB)")
        if peak is not None:
            summary.add(
                f"build peak memory, {synthetic.FACTOR}x data",
                report.megabytes(peak),
                f"< {build.TARGET_PEAK_MB:.0f} MB",
                report.verdict(peak, build.TARGET_PEAK_MB),
            )


def _search_rows(size: synthetic.Size, summary: report.Summary) -> None:
    """Issue 12's targets, on the shipped data."""

    figures = size.figures
    index = max((v for k, v in figures.items() if k.startswith("search index")), default=None)
    if index is not None:
        limit = TARGETS["index_bytes"] / 1024
        summary.add(
            "search index, largest language",
            f"{index / 1024:.2f} MB",
            f"< {limit / 1024:.0f} MB",
            report.verdict(index, limit),
        )
    first = max((v for k, v in figures.items() if k.startswith("first result")), default=None)
    if first is not None:
        summary.add(
            "first in-site search result, slowest language",
            f"{first:.0f} ms",
            f"< {TARGETS['first_result_ms']:.0f} ms",
            report.verdict(first, TARGETS["first_result_ms"]),
        )
    if "cli search, median (ms)" in figures:
        value = figures["cli search, median (ms)"]
        summary.add(
            "counterpedia search, median process",
            f"{value:.0f} ms",
            f"< {TARGETS['cli_ms']:.0f} ms",
            report.verdict(value, TARGETS["cli_ms"]),
        )


def run_memory(args, data_dir, project, scratch, runs, summary, state) -> None:
    files = memory.set_files()
    if not files:
        summary.add("import of AllPrintings.json", "not measured", f"no set files in {memory.SHARED_SETS}")
        print(f"  not measured: no MTGJSON set files in {memory.SHARED_SETS}")
        return
    print(f"  writing one AllPrintings.json from {len(files)} set files…", flush=True)
    figures = memory.measure(data_dir, scratch / "memory", files)
    if not memory.report(figures):
        summary.errors.append(f"counterpedia import mtgjson AllPrintings.json exited {figures.run.status}")
        return
    summary.add("import AllPrintings.json, time", report.seconds(figures.run.seconds))
    summary.add(
        "import AllPrintings.json, peak memory",
        report.megabytes(figures.run.peak_mb),
        f"< {memory.TARGET_PEAK_MB:.0f} MB",
        report.verdict(figures.run.peak_mb, memory.TARGET_PEAK_MB),
    )
    run_scryfall_cards(data_dir, scratch, summary)


def run_scryfall_cards(data_dir, scratch, summary) -> None:
    files = scryfall_cards.set_files()
    if not files:
        summary.add("import scryfall --cards", "not measured", f"no set files in {scryfall_cards.SHARED_SETS}")
        print(f"  not measured: no Scryfall set files in {scryfall_cards.SHARED_SETS}")
        return
    figures = scryfall_cards.measure(data_dir, scratch / "memory", files)
    if not scryfall_cards.report(figures):
        summary.errors.append(f"counterpedia import scryfall --cards exited {figures.run.status}")
        return
    summary.add(f"import scryfall --cards ({len(files)} set files), time", report.seconds(figures.run.seconds))
    summary.add(
        "import scryfall --cards, peak memory",
        report.megabytes(figures.run.peak_mb),
        f"< {scryfall_cards.TARGET_PEAK_MB:.0f} MB",
        report.verdict(figures.run.peak_mb, scryfall_cards.TARGET_PEAK_MB),
    )


def run_gatherer(args, data_dir, project, scratch, runs, summary, state) -> None:
    if not gatherer.SHARED_SETS.is_dir():
        summary.add("import gatherer-rulings", "not measured", f"no set files in {gatherer.SHARED_SETS}")
        print(f"  not measured: no MTGJSON 3 set files in {gatherer.SHARED_SETS}")
        return
    figures = gatherer.measure(data_dir, scratch)
    if not gatherer.report(figures):
        summary.errors.append(f"counterpedia import gatherer-rulings exited {figures.run.status}")
        return
    summary.add("import gatherer-rulings, time", report.seconds(figures.run.seconds))
    summary.add(
        "import gatherer-rulings, peak memory",
        report.megabytes(figures.run.peak_mb),
        f"< {gatherer.TARGET_PEAK_MB:.0f} MB",
        report.verdict(figures.run.peak_mb, gatherer.TARGET_PEAK_MB),
    )


def run_status(args, data_dir, project, scratch, runs, summary, state) -> None:
    counts, problem = report.status_counts(data_dir)
    if problem:
        summary.errors.append(problem)
        print(f"  {problem}")
        return
    print("  records (counterpedia status --json): " + ", ".join(f"{kind} {n:,}" for kind, n in counts.items()))
    for kind in ("card", "ruling", "counter"):
        if kind in counts:
            summary.add(f"{kind} records", f"{counts[kind]:,}")


def run_search(args, data_dir, project, scratch, runs, summary, state) -> None:
    command = [
        machine.python(),
        "-m",
        "counterpedia.bench.search",
        "--data",
        str(data_dir),
        "--project",
        str(project),
        "--runs",
        str(runs),
    ]
    if state.get("site"):
        command += ["--site", str(state["site"])]
    if not args.quick:
        command.append("--synthetic")
    _child(command, "counterpedia.bench.search", summary)


def run_cr(args, data_dir, project, scratch, runs, summary, state) -> None:
    try:
        editions = len(locate.available_editions(None))
    except locate.CRNotFound:
        editions = 0
    if editions < 2:
        print(f"  not measured: two CR editions are needed, {editions} found ({locate.HOW_TO_GET})")
        return
    _child([machine.python(), "-m", "counterpedia.bench.cr"], "counterpedia.bench.cr", summary)


def run_loops(args, data_dir, project, scratch, runs, summary, state) -> None:
    print(
        "  make serve on a copy of the data: the first page, then an edit of a card, a counter, a rule quote…",
        flush=True,
    )
    figures = loops.measure(project, data_dir, scratch)
    loops.report(figures)
    for label, seconds in figures.first_page.items():
        summary.add(
            f"make serve, first page ({label} parse cache)",
            report.seconds(seconds),
            f"< {loops.TARGET_FIRST_PAGE:.0f} s",
            report.verdict(seconds, loops.TARGET_FIRST_PAGE),
        )
    for label, seconds in figures.reloads.items():
        summary.add(
            f"make serve, save to reload: {label}",
            report.seconds(seconds),
            f"< {loops.TARGET_RELOAD:.0f} s",
            report.verdict(seconds, loops.TARGET_RELOAD),
        )


def run_tests(args, data_dir, project, scratch, runs, summary, state) -> None:
    print("  make test, once (every test, in parallel across the cores)…", flush=True)
    figures = suite.measure(project)
    suite.report(figures)
    if figures.run is None:
        summary.add("make test, wall time", "not measured", figures.reason)
        return
    if figures.error():
        summary.errors.append(figures.error())
    workers = f"{figures.workers} workers" if figures.workers else "one process"
    summary.add(
        f"make test, wall time ({workers})",
        report.seconds(figures.run.seconds),
        f"< {suite.TARGET_SECONDS:.0f} s",
        report.verdict(figures.run.seconds, suite.TARGET_SECONDS),
    )


def _child(command: list[str], name: str, summary: report.Summary) -> None:
    """A bench of its own, its output shown as it comes."""
    sys.stdout.flush()
    status = subprocess.run(command, check=False).returncode
    if status != 0:
        summary.errors.append(f"{name} exited {status}")


SECTION_RUNNERS = {
    "validate": run_validate,
    "build": run_build,
    "synthetic": run_synthetic,
    "memory": run_memory,
    "gatherer": run_gatherer,
    "status": run_status,
    "search": run_search,
    "cr": run_cr,
    "loops": run_loops,
    "tests": run_tests,
}


if __name__ == "__main__":
    sys.exit(main())
