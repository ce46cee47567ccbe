"""The reviewed list of ordinary words: well formed (E159), each id a counter, mechanic or term (W206), each
entry a memory entry (W207), each name a card's (W208).

The list is `catalogue/terminology-exceptions.yaml` beside the data folder
(counterpedia.catalogue.terminology_exceptions).
"""

from __future__ import annotations

from ..catalogue.terminology_exceptions import default_path, problems
from ..model.knowledge import KnowledgeBase
from .reviewed import check_list


def check(kb: KnowledgeBase):
    return check_list(kb, default_path, "E159", problems)
