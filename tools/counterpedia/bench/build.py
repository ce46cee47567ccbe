"""Our site build, per language, against a plain `mkdocs build` of the same pages already rendered to Markdown.

Each side runs in a child process of its own (its wall time, CPU time and peak memory measured), and
measures its languages inside: ours is `counterpedia site build` (`site_build.build_all`: every language at
once, each in a process of its own, then the link check across languages), the plain one builds the projects
`markdown_site` wrote, one after the other (their writing is not measured). Our languages run at the same
time, so their wall times cannot be set beside plain MkDocs' one by one: each language is compared by its CPU
time, and the whole build by the CPU time of our whole process (loading and checking the data, the three
languages, the link check) against that of the three plain builds. Run a side alone with `python -m counterpedia.bench.build ours|plain PROJECT DATA OUT`.
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
    peaks: dict[str, float] = field(default_factory=dict)  # language -> peak MB of the process that built it
    cpu: dict[str, float] = field(default_factory=dict)  # language -> CPU seconds (user + system) of its build
    parent_mb: float = 0.0  # ours, languages built apart: peak MB of the process that forked theirs
    error: str = ""

    @property
    def total(self) -> float:
        return sum(self.steps.values())

    @property
    def together_mb(self) -> float:
        """Ours: the peaks of the parent and of every language's process added up, as if they were all at the
        same moment (an upper bound: pages shared since the fork are counted in each)."""
        return self.parent_mb + sum(self.peaks.values()) if self.parent_mb else self.run.peak_mb

    @property
    def total_cpu(self) -> float:
        """Ours (the side with card-name links): the whole process's CPU time; plain: that of its three builds (not
        of writing their pages)."""
        return sum(self.cpu.values()) if not self.links and self.cpu else self.run.cpu


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _child_ours(project: Path, data_dir: Path, out: Path) -> dict:
    # start-up: each side's child process imports only what it runs (its time and memory are the figure)
    from ..commands.site_build import build_all, jobs

    steps, peaks = {}, {}
    last = time.perf_counter()

    def step(name: str) -> None:
        nonlocal last
        now = time.perf_counter()
        steps[name], peaks[name] = now - last, _peak_mb()
        last = now

    links: dict[str, str] = {}
    cpu: dict[str, float] = {}

    def usage(lang: str, seconds: float, peak_mb: float) -> None:
        cpu[lang], peaks[lang] = seconds, peak_mb

    build_all(
        project,
        out,
        data_dir=data_dir,
        on_step=step,
        on_links=lambda lang, count: links.__setitem__(lang, str(count)),
        on_usage=usage,
    )
    peaks.pop("links", None)
    apart = jobs(len(LANGS)) > 1
    return {"steps": steps, "peaks": peaks, "links": links, "cpu": cpu, "parent_mb": _peak_mb() if apart else 0.0}


def _child_plain(project: Path, data_dir: Path, out: Path) -> dict:
    # start-up: each side's child process imports only what it runs (its time and memory are the figure)
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    from . import markdown_site

    steps, peaks, cpu = {}, {}, {}
    for lang in LANGS:
        config_file = markdown_site.write(project, data_dir, lang, out / lang)
        start, start_cpu = time.perf_counter(), _cpu()
        config = load_config(str(config_file))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        config.plugins.on_shutdown()
        steps[lang], peaks[lang], cpu[lang] = time.perf_counter() - start, _peak_mb(), _cpu() - start_cpu
    return {"steps": steps, "peaks": peaks, "cpu": cpu}


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


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
    return Side(
        run,
        steps=figures["steps"],
        peaks=figures["peaks"],
        links=figures.get("links", {}),
        cpu=figures.get("cpu", {}),
        parent_mb=figures.get("parent_mb", 0.0),
    )


def report(ours: Side, plain: Side | None, say=print) -> None:
    if ours.error:
        say(f"  our build failed: {ours.error}")
        return
    for lang in LANGS:
        cpu = ours.cpu.get(lang)
        line = f"  build {lang}: ours " + (f"{cpu:.1f} s of CPU" if cpu is not None else f"{ours.steps[lang]:.1f} s")
        line += f" (peak {ours.peaks[lang]:.0f} MB)"
        if plain is not None and not plain.error and cpu is not None and plain.cpu.get(lang):
            extra = (cpu - plain.cpu[lang]) / plain.cpu[lang]
            line += f"; plain mkdocs build of the same pages {plain.cpu[lang]:.1f} s of CPU; ours adds {extra:+.0%}"
        say(line)
    say(f"  link check across the three languages: {ours.steps.get('links', 0.0):.1f} s")
    for lang, count in ours.links.items():
        say(f"  {lang} pages: {count}")
    verdict = "ok" if ours.total < TARGET_SECONDS else "OVER TARGET"
    say(
        f"  our build, three languages: {ours.total:.1f} s ({ours.run.seconds:.1f} s for the whole process, "
        f"{ours.run.cpu:.1f} s of CPU; target < {TARGET_SECONDS:.0f} s: {verdict}); peak memory "
        f"{ours.together_mb:.0f} MB, its processes together (the largest one {ours.run.peak_mb:.0f} MB; target < "
        f"{TARGET_PEAK_MB:.0f} MB: {'ok' if ours.together_mb < TARGET_PEAK_MB else 'OVER TARGET'})"
    )
    if plain is None:
        return
    if plain.error:
        say(f"  plain mkdocs build: failed: {plain.error}")
        return
    extra = overhead(ours, plain)
    say(
        f"  plain mkdocs build, three languages: {plain.total:.1f} s, {plain.total_cpu:.1f} s of CPU; our whole "
        f"build's CPU time adds {extra:+.0%} (target < {TARGET_OVERHEAD:.0%}: "
        f"{'ok' if extra < TARGET_OVERHEAD else 'OVER TARGET'})"
    )


def overhead(ours: Side, plain: Side) -> float:
    """What our build costs over a plain MkDocs build of the same pages, in CPU time: ours is built in several
    processes at once, the plain one in turn, so their wall times do not compare."""
    return (ours.total_cpu - plain.total_cpu) / plain.total_cpu


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
