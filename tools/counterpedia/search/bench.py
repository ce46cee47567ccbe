"""Search figures: `python -m counterpedia.search.bench [--site DIR] [--data DIR]`.

Prints, against the targets of issue 5 (figures only: nothing here fails a build):
- the command-line search latency: the median of 20 queries over the data, in-process (cache
  check + cached index + search + formatting) and as a whole `counterpedia search` process;
- each language's search index size (bytes of search/search_index.json);
- the time from page load to the first search result in headless Chromium, opened from disk.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .engine import load_index, search

QUERIES = [
    "RADカウンター", "放射能", "切削", "毒カウンター", "取り除かれる", "＋１/＋１", "増殖", "忠誠",
    "poison counter", "+1/+1", "proliferate", "loyalty", "state-based actions", "shield counters",
    "marqueurs", "creature", "créature", "bouclier", "étourdissement", "marqueur poison",
]
BROWSER_QUERIES = {"ja": "毒カウンター", "en": "poison counter", "fr": "marqueur poison"}
TARGETS = {"cli_ms": 100.0, "index_bytes": 1.5 * 1024 * 1024, "first_result_ms": 500.0}
PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}


def cli_latency(data_dir: Path, queries=QUERIES) -> tuple[float, float]:
    """Median milliseconds in-process, and for a whole `counterpedia search` process."""
    from .cli import main as search_main

    load_index(data_dir)  # warm the cache: the figure is for a search on unchanged data
    inside = []
    for query in queries:
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            search_main([query, "--data", str(data_dir)])
        inside.append((time.perf_counter() - start) * 1000)
    executable = Path(sys.executable).with_name("counterpedia")
    command = [str(executable)] if executable.exists() else [sys.executable, "-m", "counterpedia.cli"]
    whole = []
    for query in queries:
        start = time.perf_counter()
        subprocess.run([*command, "search", query, "--data", str(data_dir)], capture_output=True, check=False)
        whole.append((time.perf_counter() - start) * 1000)
    return statistics.median(inside), statistics.median(whole)


def index_sizes(site: Path) -> dict[str, int]:
    return {lang: (site / PREFIX[lang] / "search" / "search_index.json").stat().st_size for lang in PREFIX}


def first_results(site: Path, page: str = "counters/poison.html", runs: int = 3) -> dict[str, dict]:
    """Per language, the medians of browser.first_result_ms over `runs` fresh pages, from disk (file://)."""
    from .browser import chromium, first_result_ms, unavailable_reason

    reason = unavailable_reason()
    if reason:
        raise RuntimeError(reason)
    figures = {}
    with chromium() as browser:
        for lang, query in BROWSER_QUERIES.items():
            target = site / PREFIX[lang] / page
            if not target.is_file():
                target = site / PREFIX[lang] / "index.html"
            url = target.resolve().as_uri() + "?q=" + query.replace(" ", "+")
            runs_ms = []
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                runs_ms.append(first_result_ms(context.new_page(), url))
                context.close()
            figures[lang] = {key: statistics.median(r[key] for r in runs_ms) for key in runs_ms[0]}
    return figures


def verdict(value: float, target: float) -> str:
    return "ok" if value < target else "OVER TARGET"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m counterpedia.search.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default="data", help="the data folder (default: data/)")
    parser.add_argument("--site", help="a built site to measure (default: build the three into a temporary folder)")
    parser.add_argument("--project", default=".", help="the folder holding mkdocs.yml (default: .)")
    args = parser.parse_args(argv)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    data_dir = Path(args.data)
    if not data_dir.is_dir() or not any(data_dir.rglob("*.yaml")):
        print(f"bench: no records under {data_dir}", file=sys.stderr)
        return 2

    inside, whole = cli_latency(data_dir)
    print(f"cli search latency, median of {len(QUERIES)} queries: {inside:.1f} ms in-process "
          f"(target < {TARGETS['cli_ms']:.0f} ms: {verdict(inside, TARGETS['cli_ms'])}); "
          f"{whole:.0f} ms as a whole `counterpedia search` process (Python start-up and imports included)")

    with tempfile.TemporaryDirectory(prefix="counterpedia-bench-") as scratch:
        if args.site:
            site = Path(args.site)
        else:
            from ..site_build import SiteBuildError, build_all

            start = time.perf_counter()
            site = Path(scratch) / "site"
            try:
                build_all(Path(args.project).resolve(), site, data_dir=data_dir.resolve())
            except SiteBuildError as error:
                if not all((site / PREFIX[lang] / "search" / "search_index.json").is_file() for lang in PREFIX):
                    print(f"bench: the site does not build: {error}", file=sys.stderr)
                    return 1
                print(f"(the site built, but its link check failed: {str(error).splitlines()[0]})")
            print(f"built the three sites in {time.perf_counter() - start:.1f} s")
        for lang, size in index_sizes(site).items():
            print(f"search index {lang}: {size:,} bytes ({size / 1024 / 1024:.2f} MB; target < 1.5 MB: "
                  f"{verdict(size, TARGETS['index_bytes'])})")
        try:
            for lang, ms in first_results(site).items():
                # The target is "from page load to the first search result": timed from the load event.
                print(f"first search result {lang} ({BROWSER_QUERIES[lang]!r}, headless Chromium, from disk): "
                      f"{ms['load']:.0f} ms after the page's load event (target < {TARGETS['first_result_ms']:.0f} ms: "
                      f"{verdict(ms['load'], TARGETS['first_result_ms'])}); {ms['navigation']:.0f} ms after "
                      f"navigation start; a query typed on a ready index: {ms['query']:.0f} ms")
        except RuntimeError as error:
            print(f"first search result: not measured: {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
