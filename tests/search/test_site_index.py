"""Each site's search index, built from the data (counterpedia.search.site_index)."""

from __future__ import annotations

import json

from counterpedia.model.knowledge import load
from counterpedia.search import rank, site_index
from counterpedia.search.normalize import SEPARATOR
from counterpedia.search.query import parse

MATERIAL = {
    "config": {"lang": ["ja"], "separator": "[\\s\\-]+", "pipeline": ["stopWordFilter"], "fields": {}},
    "docs": [
        {"location": "editors/search.html", "title": "Search", "text": "<p>How search works &amp; why</p>"},
        {"location": "editors/search.html#cli", "title": "On the command line", "text": "<p>counterpedia search</p>"},
    ],
}


def test_the_index_keeps_materials_shape_and_our_separator(valid_data):
    kb, _ = load(valid_data)
    index = site_index.build(kb, "ja", MATERIAL)
    assert set(index) == {"config", "docs"}  # what Material's page hands to the worker
    assert index["config"]["separator"] == SEPARATOR  # Material's on-page highlight splits with it
    assert index["docs"][0]["counterpedia"] == site_index.FORMAT and index["docs"][0]["lang"] == "ja"


def test_payload_pages_units_and_the_editors_pages(valid_data):
    kb, _ = load(valid_data)
    data = site_index.decode(site_index.build(kb, "ja", MATERIAL)["docs"][0])
    pages = dict(map(tuple, data["pages"]))
    assert pages["counters/rad.html"] == "RADカウンター"
    assert pages["editors/search.html"] == "Search"
    texts = [entry[1] for unit in data["units"] for entry in unit[4]]
    assert "How search works & why" in texts  # HTML of Material's index made plain text
    assert not any("\u200b" in t for t in texts)  # no segmentation artefact anywhere
    rad = next(u for u in data["units"] if data["pages"][u[0]][0] == "counters/rad.html")
    assert rad[2] == "c" and rad[4][0] == ["n", "RADカウンター"]


def test_the_payload_searches_like_the_worker(valid_data):
    kb, _ = load(valid_data)
    data = site_index.decode(site_index.build(kb, "en", MATERIAL)["docs"][0])
    index = site_index.searchable(data)
    top = rank.rank(index, parse("rad counters"), "en")[0]
    assert data["pages"][data["units"][top.unit][0]][0] == "counters/rad.html"


def test_write_replaces_materials_index(tmp_path, valid_data):
    kb, _ = load(valid_data)
    path = tmp_path / "search" / "search_index.json"
    path.parent.mkdir()
    path.write_text(json.dumps(MATERIAL), encoding="utf-8")
    size = site_index.write(tmp_path, kb, "fr")
    written = json.loads(path.read_text(encoding="utf-8"))
    assert size == path.stat().st_size and written["docs"][0]["lang"] == "fr"
    assert any(p[0] == "editors/search.html" for p in site_index.decode(written["docs"][0])["pages"])


def test_every_result_location_is_given_to_the_link_check(tmp_path, valid_data):
    kb, _ = load(valid_data)
    site_index.write(tmp_path, kb, "en")
    found = site_index.links(tmp_path)["search index"]
    assert "counters/rad.html" in found and "rules/rad-counters.html#727-1" in found
    assert "rulings/index.html#2024-03-08-rad-01" in found
