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
