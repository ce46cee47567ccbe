"""Shared fixtures for the Comprehensive Rules tests.

Tests that need the official CR files find them the way users' commands do, through
COUNTERPEDIA_CR_DIR: an already-set value wins, else the reference copies next to the
repository (../shared/data/cr). Without either they are skipped, saying why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.cr import locate
from counterpedia.cr.parse import Edition, parse_file

from .cr_reference import CR_DIR, EDITION_IDS


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch, tmp_path):
    """No test sees the developer's own CR settings or cache."""
    for name in ("COUNTERPEDIA_CR", "COUNTERPEDIA_CR_DIR", "COUNTERPEDIA_CR_URL", "COUNTERPEDIA_CR_JA", "COUNTERPEDIA_CR_JA_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))


def _available() -> dict[str, Path]:
    try:
        return locate.available_editions(env={"COUNTERPEDIA_CR_DIR": str(CR_DIR)})
    except locate.CRNotFound:
        return {}


@pytest.fixture(scope="session")
def cr_files() -> dict[str, Path]:
    found = _available()
    missing = [e for e in EDITION_IDS if e not in found]
    if missing:
        pytest.skip(
            f"the official CR files are not available in {CR_DIR} (missing {', '.join(missing)}); "
            "set COUNTERPEDIA_CR_DIR to a directory holding the nine MagicCompRules-YYYYMMDD.txt files"
        )
    return {e: found[e] for e in EDITION_IDS}


@pytest.fixture
def cr_env(cr_files, monkeypatch) -> Path:
    """COUNTERPEDIA_CR_DIR set as a user would, for tests of commands."""
    monkeypatch.setenv("COUNTERPEDIA_CR_DIR", str(CR_DIR))
    return CR_DIR


@pytest.fixture(scope="session")
def editions(cr_files) -> dict[str, Edition]:
    return {edition: parse_file(path) for edition, path in cr_files.items()}
