"""Post-processing of Material's search_index.json."""

from __future__ import annotations

import json

from counterpedia.search import site_index
from counterpedia.search.normalize import SEPARATOR


def sample():
    return {
        "config": {"lang": ["ja"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"], "fields": {}},
        "docs": [
            {"location": "counters/plus1-plus1.html", "title": "＋１/＋１カウンター", "text": "<p>ＲＡＤ</p>"},
            {"location": "status.html", "title": "翻訳の状況", "text": "everything"},
            {"location": "status.html#drifted", "title": "drifted", "text": "everything"},
            {"location": "sources.html#cr", "title": "CR", "text": "cited by everything"},
            {"location": "rulings/by-counter.html", "title": "counters", "text": "again"},
            {"location": "rulings/index.html#r1", "title": "r1", "text": "x", "tags": ["ｔａｇ"]},
        ],
    }


def test_transform_normalizes_and_excludes():
    result = site_index.transform(sample())
    locations = [doc["location"] for doc in result["docs"]]
    assert locations == ["counters/plus1-plus1.html", "rulings/index.html#r1"]
    assert result["docs"][0]["title"] == "+1/+1カウンター"
    assert result["docs"][0]["text"] == "<p>RAD</p>"
    assert result["docs"][1]["tags"] == ["tag"]
    assert result["config"]["separator"] == SEPARATOR
    assert result["config"]["pipeline"] == ["stopWordFilter"]  # the brief's fix for en/fr is kept


def test_a_record_page_outranks_lists_and_rulings():
    assert site_index.boost("counters/rad.html#summary") > site_index.boost("rulings/index.html#x")
    assert site_index.boost("mechanics/mill.html") > site_index.boost("mechanics/index.html")
    assert site_index.boost("editors/data-format.html") is None


def test_postprocess_rewrites_the_file(tmp_path):
    path = tmp_path / "search" / "search_index.json"
    path.parent.mkdir()
    path.write_text(json.dumps(sample()), encoding="utf-8")
    size = site_index.postprocess(tmp_path)
    assert size == path.stat().st_size
    data = json.loads(path.read_text(encoding="utf-8"))
    assert all(not site_index.excluded(doc["location"]) for doc in data["docs"])
    assert "カウンター" in path.read_text(encoding="utf-8")  # stored as UTF-8, not \u escapes (smaller)


def test_postprocess_without_index(tmp_path):
    assert site_index.postprocess(tmp_path) is None
