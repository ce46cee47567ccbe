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
    from counterpedia.commands.site_build import SiteBuildError, build_all

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
    from counterpedia.commands.site_build import build_all

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


# (case, seconds, peak MB) of each `counterpedia validate` run over the malformed-input corpus
# (tests/test_malformed_corpus.py): reported at the end of the run, never asserted.
CORPUS_FIGURES: list[tuple[str, float, float]] = []
CORPUS_TARGETS = (1.0, 200.0)


def pytest_terminal_summary(terminalreporter):
    if not CORPUS_FIGURES:
        return
    slowest = max(CORPUS_FIGURES, key=lambda f: f[1])
    largest = max(CORPUS_FIGURES, key=lambda f: f[2])
    over = [f"{name} ({seconds:.2f} s, {mb:.0f} MB)" for name, seconds, mb in CORPUS_FIGURES
            if seconds > CORPUS_TARGETS[0] or mb > CORPUS_TARGETS[1]]
    terminalreporter.write_sep("-", "malformed-input corpus")
    terminalreporter.write_line(
        f"{len(CORPUS_FIGURES)} cases, each a whole `counterpedia validate` process: slowest {slowest[1]:.2f} s "
        f"({slowest[0]}), largest {largest[2]:.0f} MB peak memory ({largest[0]}); targets {CORPUS_TARGETS[0]:.0f} s, "
        f"{CORPUS_TARGETS[1]:.0f} MB" + (f"; over a target: {', '.join(over)}" if over else ""))
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "malformed-corpus.tsv").write_text(
        "case\tseconds\tpeak_mb\n" + "".join(f"{n}\t{s:.3f}\t{m:.1f}\n" for n, s, m in sorted(CORPUS_FIGURES)),
        encoding="utf-8")
