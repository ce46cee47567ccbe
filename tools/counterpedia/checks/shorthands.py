"""The reviewed list of search shorthands: well formed (E153), each naming a record that exists (E154).

The list is `catalogue/search-shorthands.yaml` beside the data folder (counterpedia.catalogue.shorthands);
the data folder is found from the records' own paths. No records, or no list: nothing to check.
"""

from __future__ import annotations

from .. import diagnostics as diag
from ..catalogue.shorthands import ShorthandListError, default_path, load_document, problems
from ..model.knowledge import KnowledgeBase
from ..storage.load import display_path, locate
from .excluded import data_root


def check(kb: KnowledgeBase):
    root = data_root(kb)
    if root is None:
        return
    path = default_path(root)
    if not path.is_file():
        return
    shown = display_path(path)
    try:
        document = load_document(path)
    except ShorthandListError as error:
        yield diag.make(shown, (error.line, error.column), "E153", str(error))
        return
    for problem in problems(document, kb):
        yield diag.make(shown, locate(document, problem.where), problem.code, problem.message)
