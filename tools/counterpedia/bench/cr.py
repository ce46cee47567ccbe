"""`make bench`: how long parsing one edition and diffing two consecutive ones take.

Both must stay under a second on a 2-core machine: `cr diff`, `cr history` (which diffs
every consecutive pair) and the site build run them for every edition available.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from ..cr import locate
from ..cr.diff import diff
from ..cr.parse import parse_file

TARGET_SECONDS = 1.0


def median_time(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Usage: python -m counterpedia.bench.cr [--runs N] [PATH]  (PATH: a directory of CR files)."""
    args = list(sys.argv[1:] if argv is None else argv)
    runs = 5
    if "--runs" in args:
        at = args.index("--runs")
        try:
            runs = max(1, int(args[at + 1]))
        except (IndexError, ValueError):
            print("bench: --runs needs a number", file=sys.stderr)
            return 2
        del args[at : at + 2]
    try:
        found = locate.available_editions(args[0] if args else None)
    except locate.CRNotFound as error:
        print(f"bench: {error}", file=sys.stderr)
        return 2
    if len(found) < 2:
        print(f"bench: need two CR editions, found {len(found)}; {locate.HOW_TO_GET}", file=sys.stderr)
        return 2

    ids = list(found)
    newest = found[ids[-1]]
    parse_time = median_time(lambda: parse_file(newest), runs)
    print(f"parse {ids[-1]}: {parse_time * 1000:.0f} ms (median of {runs})")

    editions = [parse_file(path) for path in found.values()]
    slowest = 0.0
    for old, new in zip(editions, editions[1:]):
        seconds = median_time(lambda: diff(old, new), runs)
        slowest = max(slowest, seconds)
        print(f"diff {old.edition} → {new.edition}: {seconds * 1000:.0f} ms (median of {runs})")
    verdict = "within" if max(parse_time, slowest) < TARGET_SECONDS else "OVER"
    print(f"slowest diff {slowest * 1000:.0f} ms; {verdict} the {TARGET_SECONDS:.0f} s target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
