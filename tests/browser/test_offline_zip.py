"""`make offline`: the zip, unzipped into a temporary folder and opened from disk, works, search included."""

from __future__ import annotations

import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from counterpedia.commands.offline import TOP, main, make_zip

from .conftest import ROOT
from .test_search_browser import search

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def unzipped(site, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("offline")
    archive = folder / "counterpedia-offline.zip"
    assert main([str(site), str(archive)]) == 0
    with zipfile.ZipFile(archive) as opened:
        opened.extractall(folder / "unzipped")
    return folder / "unzipped" / TOP


@pytest.mark.parametrize(
    "lang, prefix, query, expected",
    [
        ("ja", "", "毒カウンター", "counters/poison.html"),
        ("en", "en/", "poison counters", "counters/poison.html"),
        ("fr", "fr/", "marqueurs poison", "counters/poison.html"),
    ],
)
def test_the_unzipped_site_opened_from_disk_finds_a_counter(unzipped, page, lang, prefix, query, expected):
    if not (ROOT / "data" / "counters" / "poison.yaml").is_file():
        pytest.skip("data/counters/poison.yaml is not there yet")
    page.goto((unzipped / prefix / "index.html").resolve().as_uri())
    results = search(page, query)
    assert results, f"{lang}: nothing found for {query!r} in the unzipped site"
    assert urlsplit(results[0]["href"]).path.endswith(f"/{TOP}/{prefix}{expected}"), results[0]["href"]
    # the page fixture then checks: no console error, no request other than file://


def test_the_zip_holds_the_whole_site_and_the_api(site, unzipped):
    assert (unzipped / "index.html").is_file() and (unzipped / "en" / "index.html").is_file()
    assert (unzipped / "api" / "index.json").is_file()
    assert sum(1 for _ in unzipped.rglob("*")) == sum(1 for _ in site.rglob("*"))


def test_no_site_no_zip(tmp_path):
    with pytest.raises(FileNotFoundError):
        make_zip(tmp_path, tmp_path / "x.zip")
    assert main([str(tmp_path), str(tmp_path / "x.zip")]) == 1
    assert not (tmp_path / "x.zip").exists()
