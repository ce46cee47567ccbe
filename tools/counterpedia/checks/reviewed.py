"""The check of a reviewed list of catalogue/: found beside the data folder, its problems as diagnostics.

The data folder is found from the records' own paths. No records, or no list: nothing to check. What a list's
problems are is its own module's (counterpedia.catalogue.excluded, .shorthands, .stoplist); reading the file
and placing them is counterpedia.catalogue.reviewed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

from ..catalogue import reviewed
from ..diagnostics import Diagnostic
from ..model.knowledge import KnowledgeBase


def data_root(kb: KnowledgeBase) -> Path | None:
    """The data folder, from the path of a record of an unsharded folder (data/KIND/ID.yaml)."""
    for record in kb.all("counter") + kb.all("source") + kb.all("memory"):
        if record.document is not None:
            return Path(record.document.path).resolve().parent.parent
    return None


def check_list(
    kb: KnowledgeBase,
    path_for: Callable[[Path], Path],
    syntax_code: str,
    problems: Callable[..., list[reviewed.Problem]],
) -> Iterator[Diagnostic]:
    """The diagnostics of the list at `path_for(data folder)`: `syntax_code` when it cannot be read, else each of
    `problems(document, kb)`."""
    root = data_root(kb)
    if root is None:
        return
    yield from reviewed.diagnostics(path_for(root), syntax_code, lambda document: problems(document, kb))
