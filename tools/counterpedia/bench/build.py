"""Our site build, per language, against a plain `mkdocs build` of the same pages already rendered to Markdown.

Each side runs in a child process of its own (its wall time, CPU time and peak memory measured), and
times its languages inside: ours is `counterpedia site build` (`site_build.build_all`: every language,
then the link check across languages), the plain one builds the projects `markdown_site` wrote (their
writing is not timed). Run a side alone with `python -m counterpedia.bench.build ours|plain PROJECT DATA OUT`.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..langs import LANGS
from . import machine

TARGET_OVERHEAD = 0.30
TARGET_SECONDS = 180.0
TARGET_PEAK_MB = 1024.0


@dataclass
class Side:
    run: machine.Run
    steps: dict[str, float] = field(default_factory=dict)  # language (or "links") -> seconds
    links: dict[str, str] = field(default_factory=dict)  # language -> its card-name links (ours only)
    peaks: dict[str, float] = field(default_factory=dict)  # language -> peak MB of the process so far
    error: str = ""

    @property
    def total(self) -> float:
        return sum(self.steps.values())


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child_ours(project: Path, data_dir: Path, out: Path) -> dict:
    # start-up: each side's child process imports only what it runs (its time and memory are the figure)
    from ..commands.site_build import build_all

    steps, peaks = {}, {}
    last = time.perf_counter()

    def step(name: str) -> None:
        nonlocal last
        now = time.perf_counter()
        steps[name], peaks[name] = now - last, _peak_mb()
        last = now

    links: dict[str, str] = {}
    build_all(
        project, out, data_dir=data_dir, on_step=step, on_links=lambda lang, count: links.__setitem__(lang, str(count))
    )
    return {"steps": steps, "peaks": peaks, "links": links}


def _child_plain(project: Path, data_dir: Path, out: Path) -> dict:
    # start-up: each side's child process imports only what it runs (its time and memory are the figure)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from . import markdown_site

    steps, peaks = {}, {}
    for lang in LANGS:
        config_file = markdown_site.write(project, data_dir, lang, out / lang)
        start = time.perf_counter()
        config = load_config(str(config_file))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        config.plugins.on_shutdown()
        steps[lang], peaks[lang] = time.perf_counter() - start, _peak_mb()
    return {"steps": steps, "peaks": peaks}


def measure(side: str, project: Path, data_dir: Path, out: Path) -> Side:
    """Run one side ("ours" or "plain") in a child process."""
    result = out.with_name(out.name + f"-{side}.json")
    command = [
        machine.python(),
        "-m",
        "counterpedia.bench.build",
        side,
        str(project),
        str(data_dir),
        str(out),
        "--result",
        str(result),
    ]
    run = machine.run(command, env={"NO_MKDOCS_2_WARNING": "1"})
    if not run.ok() or not result.is_file():
        lines = (run.stderr or run.stdout).strip().splitlines()
        return Side(run, error=" / ".join(lines[-3:]) or f"exit {run.status}")
    figures = json.loads(result.read_text(encoding="utf-8"))
    return Side(run, steps=figures["steps"], peaks=figures["peaks"], links=figures.get("links", {}))


def report(ours: Side, plain: Side | None, say=print) -> None:
    if ours.error:
        say(f"  our build failed: {ours.error}")
        return
    for lang in LANGS:
        line = f"  build {lang}: ours {ours.steps[lang]:.1f} s (peak so far {ours.peaks[lang]:.0f} MB)"
        if plain is not None and not plain.error:
            extra = (ours.steps[lang] - plain.steps[lang]) / plain.steps[lang]
            line += f"; plain mkdocs build of the same pages {plain.steps[lang]:.1f} s; ours adds {extra:+.0%}"
        say(line)
    say(f"  link check across the three languages: {ours.steps.get('links', 0.0):.1f} s")
    for lang, count in ours.links.items():
        say(f"  {lang} pages: {count}")
    verdict = "ok" if ours.total < TARGET_SECONDS else "OVER TARGET"
    say(
        f"  our build, three languages: {ours.total:.1f} s ({ours.run.seconds:.1f} s for the whole process, "
        f"{ours.run.cpu:.1f} s of CPU; target < {TARGET_SECONDS:.0f} s: {verdict}); peak memory "
        f"{ours.run.peak_mb:.0f} MB (target < {TARGET_PEAK_MB:.0f} MB: "
        f"{'ok' if ours.run.peak_mb < TARGET_PEAK_MB else 'OVER TARGET'})"
    )
    if plain is None:
        return
    if plain.error:
        say(f"  plain mkdocs build: failed: {plain.error}")
        return
    extra = (ours.total - plain.total) / plain.total
    say(
        f"  plain mkdocs build, three languages: {plain.total:.1f} s; our generation adds {extra:+.0%} "
        f"(target < {TARGET_OVERHEAD:.0%}: {'ok' if extra < TARGET_OVERHEAD else 'OVER TARGET'})"
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m counterpedia.bench.build")
    parser.add_argument("side", choices=("ours", "plain"))
    parser.add_argument("project", type=Path)
    parser.add_argument("data", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--result", type=Path, help="write the figures there as JSON (else print them)")
    args = parser.parse_args(argv)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    child = _child_ours if args.side == "ours" else _child_plain
    figures = child(args.project.resolve(), args.data.resolve(), args.out.resolve())
    text = json.dumps(figures)
    if args.result:
        args.result.write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
