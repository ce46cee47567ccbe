"""Where the reference CR files are and which editions they hold (imported by the tests;
a module of its own, so the name cannot clash with another directory's conftest).

The files are found as users' commands find them: an already-set COUNTERPEDIA_CR_DIR (folders separated
by ':', as in PATH) wins; else the reference files beside the repository (the official editions in
../shared/data/cr, the 2026 copies in ../shared/data/cr-2026); else the user cache, where `counterpedia
refresh` and `counterpedia cr fetch` save them (the Pages workflow fills it before it tests).

No test assumes which edition is the newest: a test about one edition names it (EDITION_IDS, NEWER_IDS),
and one about "the newest" asks `newest_edition()`.
"""

from __future__ import annotations

import os
from pathlib import Path

from counterpedia.cr import locate

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
ROOT_DATA = Path(__file__).resolve().parents[2] / "data"
REFERENCE_DIRS = [SHARED / "cr", SHARED / "cr-2026"]


def _search_path() -> str:
    # Read at import, before any fixture touches the environment.
    if os.environ.get("COUNTERPEDIA_CR_DIR"):
        return os.environ["COUNTERPEDIA_CR_DIR"]
    present = [str(d.resolve()) for d in REFERENCE_DIRS if d.is_dir()]
    return os.pathsep.join(present) or str(locate.cache_dir())


CR_PATH = _search_path()
CR_DIRS = [Path(part).resolve() for part in CR_PATH.split(os.pathsep) if part]
CR_DIR = CR_DIRS[0]  # for messages

# The nine official editions of ../shared/data/cr, and the three after them (copies, ../shared/data/cr-2026).
EDITION_IDS = [
    "20231117",
    "20240206",
    "20240308",
    "20240802",
    "20241108",
    "20250207",
    "20250606",
    "20251114",
    "20260116",
]
NEWER_IDS = ["20260227", "20260417", "20260925"]


def reference_files() -> dict[str, Path]:
    """Every edition found there, oldest first (empty when none)."""
    try:
        return locate.available_editions(env={"COUNTERPEDIA_CR_DIR": CR_PATH})
    except locate.CRNotFound:
        return {}


def newest_edition() -> str | None:
    found = reference_files()
    return max(found) if found else None
