"""docs/editors/catalogue.md gives the catalogue's counts as the data has them (issue 18 found them stale)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "editors" / "catalogue.md"
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def records(folder: str) -> list[dict]:
    return [
        yaml.load(p.read_text(encoding="utf-8"), Loader=LOADER) for p in sorted((ROOT / "data" / folder).glob("*.yaml"))
    ]


def official(items: list[dict], lang: str) -> int:
    return sum(((item.get("names") or {}).get(lang) or {}).get("status") == "official" for item in items)


@pytest.mark.skipif(not (ROOT / "data").is_dir(), reason="no data folder beside the tests")
def test_the_counts_of_the_catalogue_page_are_the_datas():
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    counters, mechanics = records("counters"), records("mechanics")
    excluded = yaml.load((ROOT / "catalogue" / "excluded-counters.yaml").read_text(encoding="utf-8"), Loader=LOADER)[
        "counters"
    ]
    categories = Counter(entry["category"] for entry in excluded)
    expected = [
        f"**{len(counters)} counter records**",
        f"{len(excluded)} names excluded ({categories['unverified']} `unverified`, {categories['engine-internal']} "
        f"`engine-internal`, {categories['not-a-magic-card']} `not-a-magic-card`)",
        f"official names: English {official(counters, 'en')} ",
        f"Japanese {official(counters, 'ja')}, French {official(counters, 'fr')} ",
        f"**{len(mechanics)} mechanics**",
        f"{len(mechanics)} mechanics, {sum(m.get('type') == 'keyword-ability' for m in mechanics)} keyword abilities and "
        f"{sum(m.get('type') == 'keyword-action' for m in mechanics)} keyword actions",
        f"English {official(mechanics, 'en')}, Japanese {official(mechanics, 'ja')} ",
        f"French {official(mechanics, 'fr')} ",
    ]
    stale = [phrase for phrase in expected if phrase not in text]
    assert not stale, f"{DOC.relative_to(ROOT)} no longer says (update its counts from the data): {stale}"
