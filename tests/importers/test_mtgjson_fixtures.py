"""The MTGJSON excerpts of tests/fixtures/mtgjson/ are real: each card object is the one of the shared set file."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXCERPTS = sorted((ROOT / "tests" / "fixtures" / "mtgjson").glob("*.json"))
SHARED = ROOT.parent / "shared" / "data" / "external" / "mtgjson-v5-sets-20220425" / "sets"


@pytest.mark.parametrize("excerpt", EXCERPTS, ids=[p.stem for p in EXCERPTS])
def test_every_card_object_is_copied_verbatim(excerpt: Path):
    code = excerpt.stem
    source = SHARED / f"{'CON_' if code == 'CON' else code}.json.gz"
    if not source.is_file():
        pytest.skip(f"the shared set file is not here ({source})")
    cut = json.loads(excerpt.read_text(encoding="utf-8"))
    whole = json.loads(gzip.decompress(source.read_bytes()))
    assert cut["meta"] == whole["meta"]
    by_uuid = {card["uuid"]: card for card in whole["data"]["cards"]}
    for card in cut["data"]["cards"]:
        assert card == by_uuid[card["uuid"]], card["name"]
    assert {k: v for k, v in cut["data"].items() if k != "cards"} == {
        k: whole["data"][k] for k in cut["data"] if k != "cards"
    }
