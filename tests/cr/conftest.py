"""Shared fixtures for the Comprehensive Rules tests.

Tests that need the official CR files find them the way users' commands do, through
COUNTERPEDIA_CR_DIR: an already-set value wins, else the reference files next to the
repository (../shared/data/cr and ../shared/data/cr-2026), else the user cache (see cr_reference).
Without them they are skipped, saying why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.cr.parse import Edition, parse_file

from .cr_reference import CR_PATH, EDITION_IDS, NEWER_IDS, reference_files


@pytest.fixture(autouse=True)
def isolated_environment(monkeypatch, tmp_path):
    """No test sees the developer's own CR settings or cache."""
    for name in (
        "COUNTERPEDIA_CR",
        "COUNTERPEDIA_CR_DIR",
        "COUNTERPEDIA_CR_URL",
        "COUNTERPEDIA_CR_JA",
        "COUNTERPEDIA_CR_JA_URL",
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg-cache"))


def _needed(wanted: list[str], what: str) -> dict[str, Path]:
    found = reference_files()
    missing = [e for e in wanted if e not in found]
    if missing:
        pytest.skip(
            f"{what} are not available in {CR_PATH} (missing {', '.join(missing)}); "
            "set COUNTERPEDIA_CR_DIR to the folders holding the MagicCompRules-YYYYMMDD.txt files"
        )
    return {e: found[e] for e in wanted}


@pytest.fixture(scope="session")
def cr_files() -> dict[str, Path]:
    """The nine official editions, 20231117 to 20260116."""
    return _needed(EDITION_IDS, "the official CR files")


@pytest.fixture(scope="session")
def newer_cr_files() -> dict[str, Path]:
    """The three editions after them (copies: 20260227, 20260417, 20260925)."""
    return _needed(NEWER_IDS, "the 2026 CR copies (../shared/data/cr-2026)")


@pytest.fixture(scope="session")
def all_cr_files() -> dict[str, Path]:
    """Every edition where the tests look (at least the nine official ones), oldest first."""
    _needed(EDITION_IDS, "the official CR files")
    return reference_files()


@pytest.fixture
def cr_env(cr_files, monkeypatch) -> str:
    """COUNTERPEDIA_CR_DIR set as a user would, for tests of commands (every folder the tests read)."""
    monkeypatch.setenv("COUNTERPEDIA_CR_DIR", CR_PATH)
    return CR_PATH


@pytest.fixture(scope="session")
def editions(cr_files) -> dict[str, Edition]:
    return {edition: parse_file(path) for edition, path in cr_files.items()}


@pytest.fixture(scope="session")
def all_editions(all_cr_files) -> dict[str, Edition]:
    """Every edition where the tests look, parsed."""
    return {edition: parse_file(path) for edition, path in all_cr_files.items()}


def data_edition(data) -> str | None:
    """The edition the data's English quotes are of (not necessarily the newest there is)."""
    from counterpedia.cr.quotes_cli import quoted_edition
    from counterpedia.model.knowledge import load

    return quoted_edition(load(Path(data))[0])


def edition_before(edition: str, available) -> str | None:
    """The newest available edition older than `edition`."""
    older = [e for e in available if e < edition]
    return max(older) if older else None


@pytest.fixture(scope="session")
def sync_editions(all_cr_files) -> tuple[str, str]:
    """(the edition the data quotes, the one before it): a sync there and back must be exact. Skipped when the
    data quotes an edition the tests do not have."""
    from .cr_reference import ROOT_DATA

    quoted = data_edition(ROOT_DATA)
    previous = edition_before(quoted, all_cr_files) if quoted in all_cr_files else None
    if previous is None:
        pytest.skip(
            f"the data quotes edition {quoted}, and it or the one before it is not where the tests look "
            "(COUNTERPEDIA_CR_DIR)"
        )
    return quoted, previous
