"""The validator's checks: each a function from the knowledge base to diagnostics, run from one registry."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..diagnostics import Diagnostic
from ..model.knowledge import KnowledgeBase
from ..model.texts import remembered
from . import (
    cards,
    characters,
    collisions,
    cr_names,
    dates,
    differences,
    excluded,
    existence,
    identity,
    memory,
    official,
    pattern_rules,
    per_file,
    printed_names,
    provenance,
    references,
    rules,
    schema,
    shorthands,
    stoplist,
    terminology_exceptions,
)
from .kept_across import KeptAcross
from .per_file import KeptPerFile

Check = Callable[[KnowledgeBase], Iterable[Diagnostic]]

REGISTRY: list[tuple[str, Check]] = [
    ("schema", schema.check),
    ("identity", identity.check),
    ("references", references.check),
    ("rules", rules.check),
    ("dates", dates.check),
    ("provenance", provenance.check),
    ("differences", differences.check),
    ("existence", existence.check),
    ("excluded", excluded.check),
    ("shorthands", shorthands.check),
    ("stop list", stoplist.check),
    ("terminology exceptions", terminology_exceptions.check),
    ("printed names", printed_names.check),
    ("official", official.check),
    ("pattern_rules", pattern_rules.check),
    ("cr_names", cr_names.check),
    ("collisions", collisions.check),
    ("cards", cards.check),
    ("memory", memory.check),
    ("characters", characters.check),
]


# The checks across records whose costly part is kept under the digest of what it reads (counterpedia.checks.
# kept_across), given the values kept beside the per-file results.
KEPT_ACROSS: dict[str, Callable[[KnowledgeBase, KeptAcross], Iterable[Diagnostic]]] = {
    "printed names": printed_names.check,
}


def run_all(
    kb: KnowledgeBase, kept: KeptPerFile | None = None, meanwhile: Callable[[], object] | None = None
) -> list[Diagnostic]:
    """Every check's diagnostics. `kept`: the per-record checks' results of the files unchanged since an earlier
    run are taken from it (counterpedia.checks.per_file), and the costly parts of some checks across records from
    the values kept beside it (counterpedia.checks.kept_across); the other checks run on the whole knowledge base.
    `meanwhile`: the caller's own work (its result not kept), done while a forked child checks files, or after the
    checks."""
    found: set[Diagnostic] = set()
    across = KeptAcross.beside(kept) if kept is not None else None

    def the_others() -> None:
        for name, check in REGISTRY:
            if kept is not None and name in per_file.REMAINING:
                remaining = per_file.REMAINING[name]
                if remaining is None:
                    continue
                check = remaining
            if across is not None and name in KEPT_ACROSS:
                found.update(KEPT_ACROSS[name](kb, across))
                continue
            found.update(check(kb))
        if meanwhile is not None:
            meanwhile()

    with remembered():  # the checks only read: each record's texts are found once, not once per check
        if kept is not None:
            # the others run while a forked child checks files not kept (after a clone): both only read the records
            found.update(kept.diagnostics(kb, meanwhile=the_others))
        else:
            the_others()
    if across is not None:
        across.save()
    return sorted(found)
