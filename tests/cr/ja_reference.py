"""The Japanese CR files the tests use: the committed fixture excerpt, and the full file when
$COUNTERPEDIA_CR_JA points at it (read at import, before any fixture touches the environment)."""

from __future__ import annotations

import os
from pathlib import Path

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "cr-ja" / "lines-20260116-excerpt.txt"
FULL = Path(os.environ["COUNTERPEDIA_CR_JA"]) if os.environ.get("COUNTERPEDIA_CR_JA") else None
SKIP_FULL = (
    "the full Japanese CR file is not available: set COUNTERPEDIA_CR_JA to it "
    "(`counterpedia cr fetch --lang ja` saves it in the cache; these tests then read all of it)"
)
