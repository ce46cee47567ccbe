"""Search figures: `python -m counterpedia.bench.search [--data DIR] [--site DIR] [--synthetic]`.

Prints, against the targets of issue 12 (figures only: nothing here fails a build):
- relevance: precision at 1 and at 3 per language of tests/search/relevance.yaml, for
  `counterpedia search --lang L` and for the site's search box (typed in headless Chromium, from disk),
  the questions and the typo set (issue 21: the same questions misspelt) apart;
- each language's search index: bytes stored (search/search_index.json) and of JSON before compression;
- the time from the page's load event to the first search result, in headless Chromium, from disk;
- the command-line search: milliseconds per `counterpedia search` process (Python start-up, cache check,
  index load, search, output) and in-process, medians over queries of the relevance set.
With --synthetic, the same figures (but relevance) on a generated data folder at the imported data's
size (counterpedia.bench.search_data: 3,000 cards with Oracle and printed texts, 8,500 rulings).
"""

from __future__ import annotations

import argparse
import compileall
import contextlib
import io
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from ..commands.site_build import SiteBuildError, build_all
from ..model.knowledge import load
from ..search import relevance
from ..search.browser import chromium, first_result_ms, site_location, type_query, unavailable_reason
from ..search.cli import main as search_main
from ..search.engine import load_index
from ..search.site_index import build, decode
from .search_data import generate

TARGETS = {"cli_ms": 150.0, "index_bytes": 4 * 1024 * 1024, "first_result_ms": 500.0}
BROWSER_QUERIES = {"ja": "毒カウンター", "en": "poison counter", "fr": "marqueur poison"}
PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}
RELEVANCE = Path(__file__).resolve().parents[3] / "tests" / "search" / "relevance.yaml"


def verdict(value: float, target: float) -> str:
    return "ok" if value < target else "OVER TARGET"


def cli_queries(cases: list, count: int = 21) -> list[str]:
    """The first queries of each language, in turn."""
    by_lang = {lang: [c.query for c in cases if c.lang == lang] for lang in relevance.LANGS}
    picked = []
    for i in range(count):
        lang = relevance.LANGS[i % 3]
        if i // 3 < len(by_lang[lang]):
            picked.append(by_lang[lang][i // 3])
    return picked


def cli_latency(data_dir: Path, queries: list[str]) -> tuple[float, float, float]:
    """Median milliseconds in-process, per whole `counterpedia search` process, and of CPU time per
    process (user + system: what the figure would be on an idle machine), on a warm cache."""

    load_index(data_dir)  # warm the cache: the figure is for a search on unchanged data
    # The figure is of the command as installed (pip compiles the package; Python caches what it imports), not
    # of the compiler: where PYTHONDONTWRITEBYTECODE is set, every process would compile its modules again.
    compileall.compile_dir(str(Path(__file__).resolve().parents[1]), quiet=1)
    inside = []
    for query in queries:
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            search_main([query, "--data", str(data_dir)])
        inside.append((time.perf_counter() - start) * 1000)
    executable = Path(sys.executable).with_name("counterpedia")
    command = [str(executable)] if executable.exists() else [sys.executable, "-m", "counterpedia.commands.cli"]
    whole, cpu = [], []
    for query in queries:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([*command, "search", query, "--data", str(data_dir)], capture_output=True, check=False)
        whole.append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
    return statistics.median(inside), statistics.median(whole), statistics.median(cpu)


def cli_relevance(data_dir: Path, cases: list) -> dict:
    index, _ = load_index(data_dir)
    ranks: dict = {}
    for case in cases:
        ranks.setdefault(case.lang, []).append(relevance.rank_of(relevance.cli_locations(index, case), case.expected))
    return ranks


def site_relevance(site: Path, cases: list) -> dict:
    """Ranks of the relevance set typed in each site's search box."""

    ranks: dict = {}
    with chromium() as browser:
        for lang in relevance.LANGS:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            root = (site / PREFIX[lang]).resolve().as_uri()
            page.goto(root + "/index.html")
            for case in (c for c in cases if c.lang == lang):
                found = []
                for result in type_query(page, case.query):
                    location = site_location(root, result["href"])
                    path, _, anchor = location.partition("#")
                    found.append(path.split("?")[0] + (f"#{anchor}" if anchor else ""))
                ranks.setdefault(lang, []).append(relevance.rank_of(found, case.expected))
            context.close()
    return ranks


def index_sizes(site: Path) -> dict[str, tuple[int, int]]:
    """Per language: (bytes stored, bytes of the JSON payload before compression)."""

    sizes = {}
    for lang, prefix in PREFIX.items():
        path = site / prefix / "search" / "search_index.json"
        index = json.loads(path.read_text(encoding="utf-8"))
        raw = len(json.dumps(decode(index["docs"][0]), ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        sizes[lang] = (path.stat().st_size, raw)
    return sizes


def first_results(site: Path, page: str = "counters/poison.html", runs: int = 3) -> dict[str, dict]:
    """Per language, the medians of browser.first_result_ms over `runs` fresh pages, from disk (file://)."""

    figures = {}
    with chromium() as browser:
        for lang, query in BROWSER_QUERIES.items():
            target = site / PREFIX[lang] / page
            if not target.is_file():
                target = site / PREFIX[lang] / "index.html"
            url = target.resolve().as_uri() + "?q=" + query.replace(" ", "+")
            measured = []
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                measured.append(first_result_ms(context.new_page(), url))
                context.close()
            figures[lang] = {key: statistics.median(r[key] for r in measured) for key in measured[0]}
    return figures


def print_sizes(site: Path) -> None:
    for lang, (stored, raw) in index_sizes(site).items():
        print(
            f"  search index {lang}: {stored:,} bytes stored ({stored / 1024 / 1024:.2f} MB; target < 4 MB: "
            f"{verdict(stored, TARGETS['index_bytes'])}); {raw:,} bytes of JSON before compression"
        )


def print_first_results(site: Path, runs: int) -> None:
    reason = unavailable_reason()
    if reason:
        print(f"  first search result: not measured: {reason}")
        return
    for lang, ms in first_results(site, runs=runs).items():
        print(
            f"  first search result {lang} ({BROWSER_QUERIES[lang]!r}, headless Chromium, from disk): "
            f"{ms['load']:.0f} ms after the page's load event (target < {TARGETS['first_result_ms']:.0f} ms: "
            f"{verdict(ms['load'], TARGETS['first_result_ms'])}); {ms['navigation']:.0f} ms after navigation "
            f"start; a query typed on a ready index: {ms['query']:.0f} ms"
        )


def print_cli(data_dir: Path, queries: list[str], label: str = "cli search") -> None:
    inside, whole, cpu = cli_latency(data_dir, queries)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"  {label}: {whole:.0f} ms per `counterpedia search` process, median of {len(queries)} queries "
        f"(target < {TARGETS['cli_ms']:.0f} ms: {verdict(whole, TARGETS['cli_ms'])}); {cpu:.0f} ms of CPU time "
        f"per process (load average {load:.1f} on {os.cpu_count()} cores); {inside:.1f} ms in-process"
    )


def build_site(project: Path, data_dir: Path, out: Path) -> Path | None:
    start = time.perf_counter()
    try:
        build_all(project.resolve(), out, data_dir=data_dir.resolve())
    except SiteBuildError as error:
        if not all((out / PREFIX[lang] / "search" / "search_index.json").is_file() for lang in PREFIX):
            print(f"bench: the site does not build: {error}", file=sys.stderr)
            return None
        print(f"  (the site built, but its link check failed: {str(error).splitlines()[0]})")
    print(f"  built the three sites in {time.perf_counter() - start:.1f} s")
    return out


def synthetic(args, site: Path | None, scratch: Path, queries: list[str], typo_queries: Sequence[str] = ()) -> None:
    print(
        f"\n== synthetic data at the imported size ({args.cards:,} cards, {args.rulings:,} rulings; "
        "counterpedia.bench.search_data)"
    )
    data_dir = generate(scratch / "synthetic", Path(args.data), args.cards, args.rulings)
    os.environ["XDG_CACHE_HOME"] = str(scratch / "cache")
    start = time.perf_counter()
    load_index(data_dir)
    print(f"  cli index built (a search after the data changed) in {time.perf_counter() - start:.1f} s")
    print_cli(data_dir, queries)
    if typo_queries:
        print_cli(data_dir, list(typo_queries), "cli search, typo set (corrections)")
    kb, _ = load(data_dir)
    if site is None:
        return
    copy = scratch / "synthetic-site"
    shutil.copytree(site, copy)
    for lang, prefix in PREFIX.items():
        folder = copy / prefix / "search"
        material = json.loads((folder / "search_index.json").read_text(encoding="utf-8"))
        data = json.dumps(
            build(kb, lang, {"config": material.get("config"), "docs": []}), ensure_ascii=False, separators=(",", ":")
        )
        (folder / "search_index.json").write_text(data, encoding="utf-8")
        (folder / "search_index.js").write_text("var __index = " + data, encoding="utf-8")
    print("  (each site of the current data, its search index replaced by the synthetic data's)")
    print_sizes(copy)
    print_first_results(copy, args.runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m counterpedia.bench.search",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--data", default="data", help="the data folder (default: data/)")
    parser.add_argument("--site", help="a built site to measure (default: build the three into a temporary folder)")
    parser.add_argument("--project", default=".", help="the folder holding mkdocs.yml (default: .)")
    parser.add_argument("--synthetic", action="store_true", help="also measure generated data at the imported size")
    parser.add_argument("--cards", type=int, default=3000, help="synthetic cards (default 3000)")
    parser.add_argument("--rulings", type=int, default=8500, help="synthetic rulings (default 8500)")
    parser.add_argument("--runs", type=int, default=3, help="page loads per first-result figure (default 3)")
    args = parser.parse_args(argv)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    data_dir = Path(args.data)
    if not data_dir.is_dir() or not any(data_dir.rglob("*.yaml")):
        print(f"bench: no records under {data_dir}", file=sys.stderr)
        return 2
    cases = relevance.load_cases(RELEVANCE)
    queries = cli_queries(relevance.questions(cases))
    typo_queries = cli_queries(relevance.typos(cases))

    with tempfile.TemporaryDirectory(prefix="counterpedia-bench-") as scratch_name:
        scratch = Path(scratch_name)
        os.environ["XDG_CACHE_HOME"] = str(scratch / "cache-current")
        print(f"== current data ({data_dir})")
        site = Path(args.site) if args.site else build_site(Path(args.project), data_dir, scratch / "site")
        parts = (("questions", relevance.questions(cases)), ("typos", relevance.typos(cases)))
        print(
            f"  relevance ({len(parts[0][1])} questions and {len(parts[1][1])} typos of {RELEVANCE.name}; "
            "target: top 3 >= 90 %):"
        )
        for name, part in parts:
            for line in relevance.report(cli_relevance(data_dir, part)).splitlines():
                print(f"    cli  {name:<9} {line}")
        if site is not None:
            reason = unavailable_reason()
            if reason:
                print(f"    site: not measured: {reason}")
            else:
                for name, part in parts:
                    for line in relevance.report(site_relevance(site, part)).splitlines():
                        print(f"    site {name:<9} {line}")
            print_sizes(site)
            print_first_results(site, args.runs)
        print_cli(data_dir, queries)
        print_cli(data_dir, typo_queries, "cli search, typo set (corrections)")
        if args.synthetic:
            synthetic(args, site, scratch, queries, typo_queries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
