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
    printed_names,
    provenance,
    references,
    rules,
    schema,
    shorthands,
    stoplist,
    terminology_exceptions,
)

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


def run_all(kb: KnowledgeBase) -> list[Diagnostic]:
    found: set[Diagnostic] = set()
    with remembered():  # the checks only read: each record's texts are found once, not once per check
        for _name, check in REGISTRY:
            found.update(check(kb))
    return sorted(found)
