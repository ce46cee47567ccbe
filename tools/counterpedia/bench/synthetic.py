"""The same figures on the shipped data and on data three times its size: growth no worse than linear (issue 14).

The large data set is the shipped data plus twice as many synthetic cards and rulings as the import made
(`counterpedia.bench.search_data`, the imported cards' shape, a fixed seed), written in a temporary
folder. For each size: validate time, build time per language, search index size per language, the first
in-site search result in headless Chromium from disk, the median `counterpedia search` process, and peak
memory. Each figure's ratio large/small is printed beside the target (at most 3.6 for three times the data).
"""

from __future__ import annotations

import os
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from ..langs import LANGS
from ..model.knowledge import load
from ..search.browser import unavailable_reason
from . import build, validate
from . import search as search_bench
from .search_data import generate

FACTOR = 3
TARGET_RATIO = 3.6
SEED = 20221130


@dataclass
class Size:
    """The figures of one data size, by name (each name says its unit); `errors` are the steps that failed."""

    label: str
    figures: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    site: Path | None = None


def imported_size(data_dir: Path) -> tuple[int, int]:
    """The cards the import made (they carry an Oracle ID) and their rulings."""

    kb, _ = load(data_dir)
    cards = [c for c in kb.all("card") if c.data.get("oracle_id")]
    return len(cards), sum(len(c.data.get("rulings") or []) for c in cards)


def make(data_dir: Path, out: Path, factor: int = FACTOR, seed: int = SEED) -> tuple[Path, int, int]:
    """OUT/data: the data of `data_dir` plus (factor - 1) times its imported cards and rulings, synthetic."""

    cards, rulings = imported_size(data_dir)
    added_cards, added_rulings = cards * (factor - 1), rulings * (factor - 1)
    return generate(out, data_dir, added_cards, added_rulings, seed), added_cards, added_rulings


def ratios(small: dict[str, float], large: dict[str, float]) -> list[tuple[str, float, float, float]]:
    """(figure, small, large, large / small) for every figure measured at both sizes, in the small's order."""
    rows = []
    for name, value in small.items():
        if name in large:
            rows.append((name, value, large[name], large[name] / value if value else float("nan")))
    return rows


def ratio_table(
    rows: list[tuple[str, float, float, float]], small: str, large: str, target: float = TARGET_RATIO
) -> list[str]:
    """The rows as aligned lines: figure, both values, the ratio and its verdict against `target`."""
    width = max([len(r[0]) for r in rows] + [len("figure")])
    lines = [f"  {'figure':<{width}}  {small:>12}  {large:>12}  ratio (target <= {target})"]
    for name, a, b, ratio in rows:
        verdict = "ok" if ratio <= target else "OVER TARGET"
        lines.append(f"  {name:<{width}}  {_number(a):>12}  {_number(b):>12}  {ratio:5.2f} {verdict}")
    return lines


def _number(value: float) -> str:
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"


def measure(
    label: str,
    data_dir: Path,
    project: Path,
    scratch: Path,
    queries: list[str],
    runs: int = 3,
    ours: build.Side | None = None,
    site: Path | None = None,
    say=print,
) -> Size:
    """Every figure of one size. `ours` and `site`: a build of this data already measured (not built again)."""

    size = Size(label)
    figures = size.figures
    say(f"  [{label}] validate ({runs} cold runs)…")
    cold = [validate.ours(data_dir, scratch / f"validate-cache-{label}", cold=True) for _ in range(runs)]
    if not all(r.ok() for r in cold):
        size.errors.append(
            f"validate of {data_dir} exited {sorted({r.status for r in cold})}: "
            f"{(cold[0].stdout + cold[0].stderr).strip().splitlines()[-1:]}"
        )
    figures["validate, cold (s)"] = statistics.median(r.seconds for r in cold)
    figures["validate, CPU (s)"] = statistics.median(r.cpu for r in cold)
    if ours is None or site is None:
        say(f"  [{label}] site build, three languages…")
        site = scratch / f"site-{label}"
        ours = build.measure("ours", project, data_dir, site)
    if ours.error:
        size.errors.append(f"site build of {data_dir}: {ours.error}")
        return size
    size.site = site
    for lang in LANGS:
        figures[f"build {lang}, CPU (s)"] = ours.cpu.get(lang, ours.steps[lang])
    figures["build, 3 languages (s)"] = ours.total
    figures["build, CPU (s)"] = ours.run.cpu
    for lang, (stored, _raw) in search_bench.index_sizes(site).items():
        figures[f"search index {lang} (KB)"] = stored / 1024

    reason = unavailable_reason()
    if reason:
        say(f"  [{label}] first in-site search result: not measured: {reason}")
    else:
        say(f"  [{label}] first in-site search result, headless Chromium from disk…")
        for lang, ms in search_bench.first_results(site, runs=runs).items():
            figures[f"first result {lang} (ms)"] = ms["load"]
    say(f"  [{label}] counterpedia search, {len(queries)} queries…")
    previous = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(scratch / f"search-cache-{label}")
    try:
        _inside, whole, cpu = search_bench.cli_latency(data_dir, queries)
    finally:
        if previous is None:
            os.environ.pop("XDG_CACHE_HOME", None)
        else:
            os.environ["XDG_CACHE_HOME"] = previous
    figures["cli search, median (ms)"] = whole
    figures["cli search, CPU (ms)"] = cpu
    figures["peak memory, validate (MB)"] = max(r.peak_mb for r in cold)
    figures["peak memory, build (MB)"] = ours.together_mb
    return size


def report(small: Size, large: Size | None, counts: dict[str, tuple[int, int]], say=print) -> None:
    for size in (small, large):
        if size is not None:
            cards, rulings = counts.get(size.label, (0, 0))
            say(
                f"  {size.label}: {cards:,} cards, {rulings:,} rulings" + "".join(f"; FAILED: {e}" for e in size.errors)
            )
    if large is None:
        for name, value in small.figures.items():
            say(f"  {name}: {_number(value)}")
        return
    for line in ratio_table(ratios(small.figures, large.figures), small.label, large.label):
        say(line)
