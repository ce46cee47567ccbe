"""Where the reference CR files are and which editions they hold (imported by the tests;
a module of its own, so the name cannot clash with another directory's conftest)."""

from __future__ import annotations

import os
from pathlib import Path

REFERENCE_DIR = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "cr"
# Read at import, before any fixture touches the environment: an already-set
# COUNTERPEDIA_CR_DIR wins over the copies next to the repository.
CR_DIR = Path(os.environ.get("COUNTERPEDIA_CR_DIR") or REFERENCE_DIR).resolve()

EDITION_IDS = [
    "20231117", "20240206", "20240308", "20240802", "20241108",
    "20250207", "20250606", "20251114", "20260116",
]
