"""What `counterpedia refresh` does once its downloads are in the cache: the imports, `cr sync`, validation,
and the summary of what changed (computed by comparing the data before and after)."""

from __future__ import annotations

import argparse
import contextlib
import io
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ...cr import quotes_cli
from ...cr.quotes_cli import quoted_edition
from ...importers import cli as importers_cli
from ...model.knowledge import load
from ...model.status import items
from ...model.texts import title
from ..arguments import ArgumentParser

# Scryfall's ruling sources, as the Scryfall import records them (importers.scryfall.RULING_SOURCES).
RULING_AUTHORS = {"wotc-rulings": "wotc", "scryfall-notes": "scryfall"}


def run_imports(data_dir: Path, oracle_cards: Path, rulings: Path, version: str) -> tuple[int, list[str]]:
    """The one place that runs the importers, through their command line (`counterpedia import scryfall ORACLE
    RULINGS --version DATE --data DIR`): the data's merge rules, conflicts and writes are theirs. The arguments go
    through the command's own parser, so an option added there can never be missing here."""

    args = _parsed(
        importers_cli.register,
        ["import", "scryfall", str(oracle_cards), str(rulings), "--version", version, "--data", str(data_dir)],
    )
    return _captured(args.func, args)


def run_sync(data_dir: Path, cr_dir: Path, edition: str) -> tuple[int, list[str]]:
    """`counterpedia cr sync --apply --edition EDITION --cr CR_DIR --data DIR`."""

    args = _parsed(
        lambda sub: quotes_cli.register(sub.add_parser("cr").add_subparsers(dest="cr_command", required=True)),
        ["cr", "sync", "--apply", "--edition", edition, "--cr", str(cr_dir), "--data", str(data_dir)],
    )
    return _captured(args.func, args)


def _parsed(register, argv: list[str]) -> argparse.Namespace:
    parser = ArgumentParser(prog="counterpedia")
    register(parser.add_subparsers(dest="command", parser_class=ArgumentParser))
    return parser.parse_args(argv)


def _captured(command, args) -> tuple[int, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = command(args)
    lines = [line for line in (out.getvalue() + err.getvalue()).splitlines() if line.strip()]
    return status, lines


@dataclass
class Snapshot:
    """What the summary compares, read from the data."""

    cards: dict[str, str]  # id -> English name
    rulings: dict[str, str]  # id -> source
    drifted: set[tuple[str, str]]  # (record path, where) of every drifted translation
    en_edition: str | None  # the edition most English quotes are of
    ja_edition: str | None  # the edition most official Japanese texts are of


def snapshot(data_dir: Path) -> Snapshot:

    kb, _problems = load(data_dir)
    ja: Counter[str] = Counter()
    for record in kb.all("rule"):
        for entry in record.data.get("rules") or []:
            text = ((entry.get("text") or {}).get("ja") if isinstance(entry, dict) else None) or {}
            if isinstance(text, dict) and text.get("status") == "official" and text.get("version"):
                ja[str(text["version"])] += 1
    return Snapshot(
        cards={c.id: title(c, "en") for c in kb.all("card")},
        rulings={r.id: str(r.data.get("source")) for r in kb.all("ruling")},
        drifted={(i.record.path, f"{i.record.id}: {i.where}") for i in items(kb) if i.category == "drifted"},
        en_edition=quoted_edition(kb),
        ja_edition=ja.most_common(1)[0][0] if ja else None,
    )


@dataclass
class Report:
    downloads: list[str] = field(default_factory=list)  # one line per file
    cached: list[str] = field(default_factory=list)  # what was already in the cache
    refused: str | None = None
    announced: str | None = None  # the English edition Wizards' rules page links to
    imports: list[str] = field(default_factory=list)
    sync: list[str] = field(default_factory=list)
    rules_changes: dict[str, int] = field(default_factory=dict)  # cr diff counts, old -> new edition
    japanese: str | None = None  # a note on the official Japanese edition
    errors: list[str] = field(default_factory=list)  # failed steps and validation errors
    before: Snapshot | None = None
    after: Snapshot | None = None

    @property
    def failed(self) -> bool:
        return bool(self.refused or self.errors)


LIST = 20  # names listed per heading; the rest are counted


def summary(report: Report, today: str) -> str:
    """The summary, in Markdown: the body of the weekly pull request."""
    lines = [f"## Counterpedia refresh of {today}", ""]
    if report.refused:
        lines += [f"**Refused, nothing changed**: {report.refused}", ""]
    if report.downloads or report.cached:
        lines += (
            ["### Downloaded", ""]
            + [f"- {d}" for d in report.downloads]
            + [f"- {c} (already in the cache)" for c in report.cached]
            + [""]
        )
    before, after = report.before, report.after
    if before is not None and after is not None:
        new_cards = sorted(set(after.cards) - set(before.cards))
        lines += [f"### New cards: {len(new_cards)}", ""]
        lines += [f"- {after.cards[c]}" for c in new_cards[:LIST]]
        if len(new_cards) > LIST:
            lines.append(f"- … and {len(new_cards) - LIST} more")
        new_rulings = [r for r in after.rulings if r not in before.rulings]
        upgraded = [r for r in after.rulings if r in before.rulings and after.rulings[r] != before.rulings[r]]
        by_author = Counter(RULING_AUTHORS.get(after.rulings[r], after.rulings[r]) for r in new_rulings)
        lines += ["", f"### New rulings: {len(new_rulings)}", ""]
        lines.append(f"- by Wizards of the Coast (`wotc`, official): {by_author.get('wotc', 0)}")
        lines.append(f"- Scryfall's notes (`scryfall`, community texts): {by_author.get('scryfall', 0)}")
        others = sum(n for author, n in by_author.items() if author not in ("wotc", "scryfall"))
        if others:
            lines.append(f"- from other sources: {others}")
        if upgraded:
            lines.append(f"- rulings already there whose source Scryfall now gives: {len(upgraded)}")
        lines += ["", "### Rules", ""]
        if after.en_edition != before.en_edition:
            counts = ", ".join(f"{n} {kind}" for kind, n in report.rules_changes.items()) or "no change"
            lines.append(
                f"- the English quotes moved from {before.en_edition} to {after.en_edition} ({counts} in the "
                "Comprehensive Rules between them)"
            )
        else:
            lines.append(f"- the English quotes are of {after.en_edition}: no newer edition")
        lines += [
            f"- {line}" for line in report.sync if " rule " in line or "citation" in line or "now read from" in line
        ][:LIST]
        japanese = f"edition {after.ja_edition}" if after.ja_edition else "none"
        lines.append(f"- official Japanese texts: {japanese}" + (f"; {report.japanese}" if report.japanese else ""))
        drifted = sorted(after.drifted - before.drifted)
        lines += ["", f"### Newly drifted translations: {len(drifted)} (of {len(after.drifted)} drifted in all)", ""]
        lines += [f"- {where}" for _path, where in drifted[:LIST]]
        if len(drifted) > LIST:
            lines.append(f"- … and {len(drifted) - LIST} more")
    if report.imports:
        lines += ["", "<details><summary>Import</summary>", "", "```", *report.imports[-200:], "```", "", "</details>"]
    if report.errors:
        lines += ["", "### Problems", ""] + [f"- {e}" for e in report.errors[:50]]
    lines.append("")
    return "\n".join(lines)
