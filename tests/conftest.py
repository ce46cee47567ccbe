"""Shared fixtures: the project root, the small valid data set, and where CR files are."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
VALID_DATA = FIXTURES / "valid" / "data"


@pytest.fixture
def valid_data(tmp_path: Path) -> Path:
    """A writable copy of the small valid data set."""
    target = tmp_path / "data"
    shutil.copytree(VALID_DATA, target)
    return target


@pytest.fixture
def in_dir(monkeypatch):
    """Run a test from a given working directory (diagnostic paths are shown relative to it)."""

    def change(path: Path) -> Path:
        monkeypatch.chdir(path)
        return path

    return change


@pytest.fixture(scope="session")
def real_data() -> Path:
    data = ROOT / "data"
    if not any(data.glob("counters/*.yaml")):
        pytest.skip("data/ holds no counter records yet")
    return data


@pytest.fixture(scope="session")
def built_site(real_data, tmp_path_factory) -> Path:
    """The three languages built once per test session from data/ (ja at the root, en/ and fr/ beside),
    with the full-rules pages when CR files are found (`make test` points at ../shared/data/cr)."""
    from counterpedia.site_build import SiteBuildError, build_all

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    out = tmp_path_factory.mktemp("site") / "site"
    try:
        build_all(ROOT, out, data_dir=real_data)
    except SiteBuildError as error:
        pytest.fail(f"the site does not build: {error}")
    return out


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory) -> Path:
    """The three languages built from a tiny data set with hostile names and texts (see tests/hostile.py),
    without the full-rules pages (they quote the CR files, not the data)."""
    from counterpedia.site_build import build_all

    from .hostile import write_hostile_data

    base = tmp_path_factory.mktemp("hostile")
    data = write_hostile_data(base / "data")
    saved = os.environ.get("COUNTERPEDIA_FULL_RULES")
    os.environ["COUNTERPEDIA_FULL_RULES"] = "0"
    try:
        return build_all(ROOT, base / "site", data_dir=data)
    finally:
        if saved is None:
            os.environ.pop("COUNTERPEDIA_FULL_RULES")
        else:
            os.environ["COUNTERPEDIA_FULL_RULES"] = saved
