"""Shared fixtures: the project root, the small valid data set, and where CR files are."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

from . import xdist_groups
from .data_copies import data_copier, parsed_data, untouched_data  # noqa: F401  (fixtures: one of each per worker)
from .shared_build import built_once

ROOT = Path(__file__).resolve().parents[1]

# The property tests run the same examples on every `make test`: a red CI is a change of ours, never the luck
# of the draw. `make fuzz` (HYPOTHESIS_PROFILE=explore) draws new examples on every run, to find new cases:
# each one found becomes an `@example` of its test.
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
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


def _fingerprint(kb) -> str:
    """What every record of the knowledge base holds, as one hash (under a second for the real data)."""
    records = [(record.kind, record.id, record.data) for record in kb]
    text = json.dumps(records, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.fixture(scope="session")
def real_kb(real_data):
    """The knowledge base of data/, loaded once per worker (7 s of CPU) and shared by every test that reads it.
    Read-only: a test that changes a record takes its own copy (`copy.deepcopy` or a load of its own). The
    records are compared at the end of the run, and a change fails it, naming this fixture."""
    from counterpedia.model.knowledge import load

    kb, _ = load(real_data)
    if not kb.all("counter"):
        pytest.skip("data/ holds no counter records yet")
    before = _fingerprint(kb)
    yield kb
    assert _fingerprint(kb) == before, "a test changed the shared real_kb (tests/conftest.py): it must take a copy"


def _site_inputs(data: Path) -> dict:
    """What a site build depends on besides the project's files: the data folder and the environment."""
    names = (
        "COUNTERPEDIA_CR",
        "COUNTERPEDIA_CR_DIR",
        "COUNTERPEDIA_CR_JA",
        "COUNTERPEDIA_FULL_RULES",
        "XDG_CACHE_HOME",
        "HOME",
        "GITHUB_REPOSITORY",
    )
    return {"data": str(data.resolve()), **{name: os.environ.get(name) for name in names}}


@pytest.fixture(scope="session")
def built_site(real_data, request) -> Path:
    """The three languages built once per test run from data/ (ja at the root, en/ and fr/ beside), shared by
    every xdist worker (tests/shared_build.py), with the full-rules pages when CR files are found (`make test`
    points at ../shared/data/cr)."""
    from counterpedia.commands.site_build import SiteBuildError, build_all

    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")

    def build(folder: Path) -> None:
        try:
            build_all(ROOT, folder / "site", data_dir=real_data)
        except SiteBuildError as error:
            pytest.fail(f"the site does not build: {error}")

    return built_once(request, "site", _site_inputs(real_data), build) / "site"


@pytest.fixture(scope="session")
def hostile_site(request) -> Path:
    """The three languages built once per test run from a tiny data set with hostile names and texts (see
    tests/hostile.py), without the full-rules pages (they quote the CR files, not the data)."""
    from counterpedia.commands.site_build import build_all

    from .hostile import write_hostile_data

    def build(folder: Path) -> None:
        data = write_hostile_data(folder / "data")
        saved = os.environ.get("COUNTERPEDIA_FULL_RULES")
        os.environ["COUNTERPEDIA_FULL_RULES"] = "0"
        try:
            build_all(ROOT, folder / "site", data_dir=data)
        finally:
            if saved is None:
                os.environ.pop("COUNTERPEDIA_FULL_RULES")
            else:
                os.environ["COUNTERPEDIA_FULL_RULES"] = saved

    return built_once(request, "hostile-site", _site_inputs(ROOT / "tests" / "hostile.py"), build) / "site"


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(xdist_groups.Scheduling(), "counterpedia-xdist-groups")


def pytest_collection_modifyitems(config, items):
    xdist_groups.order_and_record(config, items)  # which tests run together in one worker, which start first


# (case, CPU seconds, wall seconds, peak MB) of each `counterpedia validate` run over the malformed-input corpus
# (tests/test_malformed_corpus.py): reported at the end of the run, never asserted. Each test records its
# figures as a property of its report, so that they reach the process that prints the summary whether the
# tests ran in it or in pytest-xdist's workers.
CORPUS_PROPERTY = "malformed-corpus"
CORPUS_FIGURES: list[tuple[str, float, float, float]] = []
CORPUS_TARGETS = (1.0, 200.0)


def pytest_runtest_logreport(report):
    if report.when == "call":
        CORPUS_FIGURES.extend(tuple(value) for key, value in report.user_properties if key == CORPUS_PROPERTY)


def pytest_terminal_summary(terminalreporter, config):
    if not CORPUS_FIGURES or hasattr(config, "workerinput"):
        return
    slowest = max(CORPUS_FIGURES, key=lambda f: f[1])
    largest = max(CORPUS_FIGURES, key=lambda f: f[3])
    over = [
        f"{name} ({cpu:.2f} s, {mb:.0f} MB)"
        for name, cpu, _wall, mb in CORPUS_FIGURES
        if cpu > CORPUS_TARGETS[0] or mb > CORPUS_TARGETS[1]
    ]
    terminalreporter.write_sep("-", "malformed-input corpus")
    terminalreporter.write_line(
        f"{len(CORPUS_FIGURES)} cases, each a whole `counterpedia validate` process: slowest {slowest[1]:.2f} s of CPU "
        f"({slowest[0]}; {slowest[2]:.2f} s wall, beside the other tests), largest {largest[3]:.0f} MB peak memory "
        f"({largest[0]}); targets {CORPUS_TARGETS[0]:.0f} s, {CORPUS_TARGETS[1]:.0f} MB"
        + (f"; over a target: {', '.join(over)}" if over else "")
    )
    artifacts = ROOT / "test-artifacts"
    artifacts.mkdir(exist_ok=True)
    (artifacts / "malformed-corpus.tsv").write_text(
        "case\tcpu_seconds\twall_seconds\tpeak_mb\n"
        + "".join(f"{n}\t{c:.3f}\t{w:.3f}\t{m:.1f}\n" for n, c, w, m in sorted(CORPUS_FIGURES)),
        encoding="utf-8",
    )
