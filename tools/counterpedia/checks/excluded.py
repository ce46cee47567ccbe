"""The reviewed list of excluded counter kinds: well formed, and no kind both excluded and recorded.

The list is `catalogue/excluded-counters.yaml` beside the data folder (see counterpedia.catalogue.excluded).
E151 is reported on the counter record; E150 on the list itself (`validate` shows it only when it does
not filter its output to data/: see the note in docs/editors/catalogue.md).
"""

from __future__ import annotations

from ..catalogue.excluded import default_path, problems
from ..model.knowledge import KnowledgeBase
from .reviewed import check_list


def check(kb: KnowledgeBase):
    return check_list(kb, default_path, "E150", problems)
