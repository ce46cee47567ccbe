"""Shared fixtures for the Comprehensive Rules tests.

Tests that need the official CR files find them the way users' commands do, through
COUNTERPEDIA_CR_DIR: an already-set value wins, else the reference files next to the
repository (../shared/data/cr and ../shared/data/cr-2026), else the user cache (see cr_reference).
Without them they are skipped, saying why.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from counterpedia.cr.parse import Edition, parse_file

from ..data_copies import copy_data, data_snapshot, edit  # noqa: F401  (the CR tests' helpers)
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
def sync_editions(all_cr_files, real_kb) -> tuple[str, str]:
    """(the edition the data quotes, the one before it): a sync there and back must be exact. Skipped when the
    data quotes an edition the tests do not have."""
    from counterpedia.cr.quotes_cli import quoted_edition

    quoted = quoted_edition(real_kb)  # data/ as loaded once per worker (tests/conftest.py)
    previous = edition_before(quoted, all_cr_files) if quoted in all_cr_files else None
    if previous is None:
        pytest.skip(
            f"the data quotes edition {quoted}, and it or the one before it is not where the tests look "
            "(COUNTERPEDIA_CR_DIR)"
        )
    return quoted, previous


@dataclass(frozen=True)
class SyncedData:
    """What one uninterrupted `cr sync --edition EDITION --apply` made of a copy of data/ (read-only: copy it to
    change it)."""

    edition: str
    data: Path  # the data folder after the sync (the reviewed lists beside it, in ../catalogue)
    returncode: int
    out: str
    err: str
    snapshot: dict[str, str]  # data_snapshot(data)
    diagnostics: list[dict]  # `validate` of `data` after the sync: each one's code, severity and rendering

    @property
    def errors(self) -> list[str]:
        return [d["text"] for d in self.diagnostics if d["severity"] == "error"]

    @property
    def codes(self) -> set[str]:
        return {d["code"] for d in self.diagnostics}


@pytest.fixture(scope="session")
def synced_data(request, cr_files, sync_editions, parsed_data, untouched_data) -> Iterator[SyncedData]:
    """The data after `cr sync --apply` to the edition before the one it quotes (from the data's copy; on the
    command line as a user runs it), and its validation: made once per test run, whatever the number of xdist
    workers (tests/shared_build.py). Each test that interrupts or undoes a sync compares its own copy with it."""
    from counterpedia.checks.validate import validate
    from counterpedia.commands.cli import main

    from ..shared_build import built_once
    from .cr_reference import ROOT_DATA

    if not any((ROOT_DATA / "rules").glob("*.yaml")):
        pytest.skip("data/rules holds no quotes yet")
    edition = sync_editions[1]

    def build(folder: Path) -> None:
        out, err = io.StringIO(), io.StringIO()
        with pytest.MonkeyPatch.context() as patch:  # as isolated_environment and cr_env do for a test
            for name in ("COUNTERPEDIA_CR", "COUNTERPEDIA_CR_URL", "COUNTERPEDIA_CR_JA", "COUNTERPEDIA_CR_JA_URL"):
                patch.delenv(name, raising=False)
            patch.setenv("XDG_CACHE_HOME", str(folder / "xdg-cache"))
            copy_data(folder, parsed_data)
            patch.setenv("COUNTERPEDIA_CR_DIR", CR_PATH)
            patch.chdir(folder)
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                returncode = main(["cr", "sync", "--edition", edition, "--apply"])
            _kb, diagnostics = validate([folder / "data"])
        outcome = {
            "returncode": returncode,
            "out": out.getvalue(),
            "err": err.getvalue(),
            "diagnostics": [{"code": d.code, "severity": d.severity, "text": d.render()} for d in diagnostics],
        }
        (folder / "outcome.json").write_text(json.dumps(outcome), encoding="utf-8")

    folder = built_once(request, "cr-synced-data", {"edition": edition, "cr": CR_PATH, "data": str(ROOT_DATA)}, build)
    outcome = json.loads((folder / "outcome.json").read_text(encoding="utf-8"))
    data = folder / "data"
    synced = SyncedData(edition, data, snapshot=data_snapshot(data), **outcome)
    yield synced
    assert data_snapshot(data) == synced.snapshot, "a test changed the shared synced_data: it must take a copy"
