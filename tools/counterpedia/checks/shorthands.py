"""The reviewed list of search shorthands: well formed (E153), each naming a record that exists (E154).

The list is `catalogue/search-shorthands.yaml` beside the data folder (counterpedia.catalogue.shorthands).
"""

from __future__ import annotations

from ..catalogue.shorthands import default_path, problems
from ..model.knowledge import KnowledgeBase
from .reviewed import check_list


def check(kb: KnowledgeBase):
    return check_list(kb, default_path, "E153", problems)
