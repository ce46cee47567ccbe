"""A small data set with two counter kinds to import into, and the hand-written Scryfall samples."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "tests" / "fixtures" / "scryfall"

ACORN = """# A hand-edited record: this comment and every untouched line must survive an import.
id: acorn
names:
  en:
    text: acorn counter
    status: official
    source: wotc-printed-cards
    version: "2026-11-29"
holders: [permanent]   # flow style, kept as written
sources:
  - cr
"""

PLUS = """id: plus1-plus1
names:
  en: {text: +1/+1 counter, status: official, source: wotc-printed-cards, version: "2026-11-29"}
holders: [permanent]
rules: ["122.1a"]
sources: [cr]
"""

HAND_CARD = """# Written by hand.
id: hand-picked-card
names:
  en: {text: Hand Picked Card, status: official, source: cr, version: "20260116"}
counters:
  - acorn
"""

# A hand-edited card that the import also finds (by its Oracle ID: a name that differs is a near match, never merged): its English name must not change, only missing languages are added.
KNIGHT = """# Hand-edited: keep my spelling.
id: sample-decor-knight
names:
  en:
    text: Sample Décor Knight (hand-edited)
    status: official
    source: cr
    version: "20260116"
oracle_id: 00000000-0000-4000-8000-000000000005
"""

EXCLUDED = """counters:
  - name: "cell"
    category: unverified
    reason: "test entry"
"""


@pytest.fixture
def import_data(tmp_path: Path) -> Path:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", data)
    (data / "counters" / "acorn.yaml").write_text(ACORN, encoding="utf-8")
    (data / "counters" / "plus1-plus1.yaml").write_text(PLUS, encoding="utf-8")
    (data / "cards" / "h").mkdir(parents=True)
    (data / "cards" / "h" / "hand-picked-card.yaml").write_text(HAND_CARD, encoding="utf-8")
    (data / "cards" / "s").mkdir(parents=True, exist_ok=True)
    (data / "cards" / "s" / "sample-decor-knight.yaml").write_text(KNIGHT, encoding="utf-8")
    (tmp_path / "catalogue").mkdir()
    (tmp_path / "catalogue" / "excluded-counters.yaml").write_text(EXCLUDED, encoding="utf-8")
    return data


@pytest.fixture
def samples() -> Path:
    return SAMPLES
