"""The reviewed stop list of auto-linking: well formed (E155), each name a card's (E156), listed once per
language (E157), in the site's languages (E158).

The list is `catalogue/autolink-stop-list.yaml` beside the data folder (counterpedia.catalogue.stoplist).
"""

from __future__ import annotations

from ..catalogue.stoplist import default_path, problems
from ..model.knowledge import KnowledgeBase
from .reviewed import check_list


def check(kb: KnowledgeBase):
    return check_list(kb, default_path, "E155", problems)
