"""`counterpedia import mtgjson`: read → select/transform → merge/plan → write, one module per stage.

    iter_sets (read.py)  ──each set──▶  every stage's `add`  (select.py's CardStage, …)
                                            │ after the last set
                                            ▼
                          every stage's `plan` into one Workspace and MergeReport (merge.py)
                                            │
                                            ▼
         importers.skeleton.run_import: recover, apply_plan (journaled, atomic), unless --dry-run

`STAGES` is the list of stage factories: a further stage (e.g. the official counter names read from the
printed texts) is appended there and gets the same sets, one at a time, then plans its own edits in the
same workspace, so that every file is written once, in one journaled plan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ...model.knowledge import KnowledgeBase
from ..about import AboutFinder
from ..counter_text import CounterScanner, counter_kinds
from ..merge import CardMerger, MergeReport, Workspace, ensure_sources, readable_knowledge
from ..model import ImportFailure, Provenance
from ..printed_names import PrintedNamesStage
from ..skeleton import Provider, Result, excluded_names, execute
from .read import MtgjsonSet, iter_sets
from .select import CardSelector

COMMAND = "counterpedia import mtgjson"


@dataclass(frozen=True)
class Build:
    """The MTGJSON build the files come from, and the source ids that cite it."""

    date: str  # YYYY-MM-DD
    version: str  # e.g. 5.2.0+20220425

    @property
    def stamp(self) -> str:
        return self.date.replace("-", "")

    @property
    def source(self) -> str:
        return f"mtgjson-{self.stamp}"

    @property
    def rulings_source(self) -> str:
        return f"mtgjson-rulings-{self.stamp}"

    def source_records(self) -> dict[str, dict]:
        """The two sources of a build, for a build whose records are not in data/sources/ yet."""
        return {
            self.source: {
                "id": self.source,
                "type": "dataset",
                "title": f"MTGJSON {self.version} (build {self.date})",
                "publisher": "MTGJSON",
                "language": "mul",
                "url": "https://mtgjson.com/",
                "date": self.date,
                "note": f"MTGJSON's card data, version {self.version}: every card's Oracle text and the officially printed "
                "non-English names and texts of each printing (`foreignData`). Read by `counterpedia import mtgjson`.",
            },
            self.rulings_source: {
                "id": self.rulings_source,
                "type": "dataset",
                "title": f"Card rulings in MTGJSON {self.version} (build {self.date}), copied from Scryfall",
                "publisher": "MTGJSON",
                "language": "en",
                "url": "https://mtgjson.com/data-models/rulings/",
                "date": self.date,
                "note": "The `rulings` of each card in MTGJSON's files, copied from Scryfall as {date, text}: Wizards of the "
                "Coast's rulings and Scryfall's notes, not told apart. Recorded as community texts until a Scryfall "
                "import, whose rulings carry their source, upgrades them.",
            },
        }


@dataclass
class Context:
    """What every stage may read: the data folder and its knowledge base, and (once read) the build."""

    data_dir: Path
    kb: KnowledgeBase
    scanner: CounterScanner
    build: Build | None = None

    @property
    def provenance(self) -> Provenance:
        assert self.build is not None
        return Provenance(COMMAND, self.build.source, self.build.date)


class Stage(Protocol):
    def add(self, mtgjson_set: MtgjsonSet) -> None:
        """Called with each set, in file order, before the next set is read."""

    def plan(self, context: Context, workspace: Workspace, report: MergeReport) -> list[str]:
        """After the last set: make the stage's edits in the workspace; returns lines for the user."""


class CardStage:
    """The cards that use counters, their printed names and texts, and their rulings."""

    def __init__(self, context: Context):
        self.context = context
        self.selector = CardSelector(context.scanner, AboutFinder(context.kb, context.scanner))

    def add(self, mtgjson_set: MtgjsonSet) -> None:
        self.selector.add(mtgjson_set)

    def plan(self, context: Context, workspace: Workspace, report: MergeReport) -> list[str]:
        build = context.build
        cards = self.selector.result(build.rulings_source)
        ensure_sources(
            context.kb,
            workspace,
            report,
            {k: v for k, v in build.source_records().items() if k == build.source or any(c.rulings for c in cards)},
            COMMAND,
        )
        CardMerger(context.kb, workspace, report, context.provenance).merge(cards)
        return figures(self.selector, cards)


def _printed_names(context: Context) -> Stage:
    return PrintedNamesStage(context)


# The stages, in order. Append a factory `Callable[[Context], Stage]` to add one.
STAGES: list[Callable[[Context], Stage]] = [CardStage, _printed_names]


def figures(selector: CardSelector, cards: list) -> list[str]:
    named = sum(1 for c in cards if c.counters)
    with_rulings = [c for c in cards if c.rulings]
    rulings = sum(len({(r.date, r.text) for r in c.rulings}) for c in cards)
    lines = [
        f"read {selector.sets} set(s), {selector.card_objects} card object(s), {len(selector.cards)} card(s) (Oracle IDs)",
        f"selected {len(cards)} card(s): {named} name a counter kind of the catalogue, {len(cards) - named} only act on "
        f"counters of any kind; {len(with_rulings)} have rulings ({rulings} ruling(s))",
    ]
    for lang, label in (("ja", "Japanese"), ("fr", "French")):
        lines.append(
            f"printed {label}: {sum(1 for c in cards if lang in c.names)} name(s), "
            f"{sum(1 for c in cards if lang in c.texts)} text(s)"
        )
    if selector.skipped:
        lines.append(
            f"skipped {len(selector.skipped)} plainly wrong printed entr{'y' if len(selector.skipped) == 1 else 'ies'}:"
        )
        for s in sorted(selector.skipped, key=lambda s: (s.card, s.lang, s.field, s.set_code, s.number)):
            lines.append(f"  {s.lang} {s.field} of {s.card} on {s.set_code} #{s.number}: {_quote(s.value)}: {s.reason}")
    if selector.without_oracle_id:
        lines.append(
            f"skipped {len(selector.without_oracle_id)} card object(s) that use counters but have no Oracle ID: "
            + ", ".join(sorted(selector.without_oracle_id))
        )
    if selector.ruling_mismatches:
        lines.append(
            f"note: {selector.ruling_mismatches} printing(s) list other rulings than an earlier printing of "
            "the same card: every ruling of every printing was kept"
        )
    if selector.older_rules:
        lines.append(
            f"note: {selector.older_rules} rule number(s) in rulings older than the data's quote of that rule "
            "were not recorded in `about.rules` (the numbering may have changed since)"
        )
    for word, names in sorted(selector.unknown_kinds().items()):
        lines.append(
            f"note: Oracle text names a '{word}' counter, a kind neither in the catalogue nor in the excluded "
            f"list: {_names(names)}"
        )
    for word, names in sorted(selector.excluded_kinds().items()):
        lines.append(
            f"note: excluded counter kind '{word}' appears in the Oracle text of {_names(names)}: review its "
            "entry in the excluded list"
        )
    return lines


def _names(names: list[str]) -> str:
    shown = sorted(set(names))
    return ", ".join(shown[:6]) + (f" and {len(shown) - 6} more" if len(shown) > 6 else "")


def _quote(text: str, limit: int = 80) -> str:
    value = " ".join(text.split())
    return repr(value if len(value) <= limit else value[: limit - 1] + "…")


class MtgjsonImport(Provider):
    """`counterpedia import mtgjson`: the provider run_import runs."""

    prog = command = COMMAND
    journal_note = "; this plan is made on the data as it is"

    def __init__(
        self,
        paths: Iterable[Path],
        excluded: Iterable[str] | None = None,
        stages: list[Callable[[Context], Stage]] | None = None,
    ):
        self.paths = list(paths)
        self.excluded = excluded
        self.stages = STAGES if stages is None else stages

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        kb = readable_knowledge(data_dir)
        kinds = counter_kinds(kb, data_dir)
        excluded = excluded_names(data_dir) if self.excluded is None else self.excluded
        context = Context(data_dir, kb, CounterScanner(kinds, excluded))
        active = [factory(context) for factory in self.stages]
        context.build = _read(self.paths, active)
        workspace = Workspace(data_dir)
        result = Result([f"MTGJSON {context.build.version} (build {context.build.date})"], workspace)
        report = MergeReport()
        for stage in active:
            result.lines += stage.plan(context, workspace, report)
        result.lines += report.lines(dry_run)
        result.lines += [f"conflict: {line}" for line in report.conflicts]
        result.lines += [f"note: {line}" for line in report.notes]
        return result


def _read(paths: Iterable[Path], active: list[Stage]) -> Build:
    """Hand every set to every stage, one set at a time; the one build the files come from."""
    builds: dict[tuple[str, str], list[str]] = {}
    metas = []
    for mtgjson_set in iter_sets(paths):
        if all(m is not mtgjson_set.meta for m in metas):
            metas.append(mtgjson_set.meta)
            metas[-1].path = mtgjson_set.path  # type: ignore[attr-defined]
        for stage in active:
            stage.add(mtgjson_set)
    for meta in metas:
        builds.setdefault((meta.date, meta.version), []).append(str(meta.path))
    if not builds:
        raise ImportFailure("no set found in the files given")
    if len(builds) > 1:
        shown = "; ".join(
            f"{version} (build {date}): {', '.join(files[:3])}" for (date, version), files in sorted(builds.items())
        )
        raise ImportFailure(f"the files come from different MTGJSON builds: {shown}. Import one build at a time.")
    (date, version), _files = next(iter(builds.items()))
    return Build(date, version)


def run(
    data_dir: Path,
    paths: Iterable[Path],
    dry_run: bool = False,
    excluded: Iterable[str] = (),
    stages: list[Callable[[Context], Stage]] | None = None,
) -> Result:
    """The whole import, without the command line (the lock is the caller's). Raises ImportFailure (bad input, data
    folder not ready: nothing written) or WriteError."""
    return execute(MtgjsonImport(paths, excluded, stages), Path(data_dir), dry_run)
