"""Copies of data/ for tests whose commands write: hard links to data/'s files, starting with data/'s parse snapshot
(made once per worker), and the guard that data/ is unchanged at the end of the run. The fixtures are registered by
tests/conftest.py, so that every folder of tests shares one snapshot per worker."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT_DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="session")
def parsed_data(tmp_path_factory) -> Path | None:
    """The parse snapshot of data/ (counterpedia.storage.parse_cache), made once per worker: a test's copy of the
    data starts with it, as a checkout does after its first command, so that each test does not parse the 5,700
    files again (1.6 s of CPU a test). The snapshot is keyed by each file's SHA-256: a file a test edits is parsed
    again, as it would be for a user. None when the cache is off (COUNTERPEDIA_NO_CACHE)."""
    from counterpedia.model.knowledge import load
    from counterpedia.storage import parse_cache

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("parsed-data")))
        load(ROOT_DATA)
        snapshot = parse_cache.cache_file(ROOT_DATA)
    return snapshot if snapshot.is_file() else None


def link_or_copy(source: str, target: str) -> None:
    """A hard link to the file: no bytes copied (5,700 files: 0.4 s of CPU a copy). Safe for the commands under
    test, which replace a record by renaming a new file over it (counterpedia.storage.writes.atomic_write): the
    rename gives the copy's name a new inode and leaves the source's file as it was. A test writes a copied file
    with `edit`, which does the same. Where a link cannot be made (another file system): a copy."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def edit(path: Path, text: str) -> None:
    """Write `text` to a file of a copy made by copy_data: a new file in place of the link, the source untouched."""
    path.unlink()
    path.write_text(text, encoding="utf-8")


@pytest.fixture(scope="session")
def untouched_data() -> Iterator[None]:
    """data/ and catalogue/ byte for byte as they were before the first copy of them (hard links: see
    `link_or_copy`), checked at the end of the run."""
    folders = (ROOT_DATA, ROOT_DATA.parent / "catalogue")
    before = [data_snapshot(folder) for folder in folders]
    yield
    assert [data_snapshot(folder) for folder in folders] == before, (
        "a test wrote into a copy of data/ made of hard links without `edit` (tests/data_copies.py), and so into data/"
    )


def copy_data(folder: Path, parsed: Path | None, source: Path | None = None) -> Path:
    """A copy of `source` (data/) in folder/data, the reviewed lists beside it (folder/catalogue), and the parse
    snapshot `parsed` where the commands run with the current XDG_CACHE_HOME look for the copy's. Its files are hard
    links to the source's (`link_or_copy`): a test that changes one writes it with `edit`."""
    source = source or ROOT_DATA
    for name in ("data", "catalogue"):
        shutil.rmtree(folder / name, ignore_errors=True)
    shutil.copytree(source, folder / "data", copy_function=link_or_copy)
    shutil.copytree(source.parent / "catalogue", folder / "catalogue", copy_function=link_or_copy)  # beside the data
    seed_parsed(folder / "data", parsed)
    return folder / "data"


def seed_parsed(data: Path, parsed: Path | None) -> None:
    """Put the parse snapshot `parsed` (data/'s) where commands run with the current XDG_CACHE_HOME look for the
    snapshot of `data`: the files it holds are not parsed again, as after a user's first command; any other file
    is parsed. Nothing when `parsed` is None (the cache is off)."""
    from counterpedia.storage import parse_cache

    if parsed is not None:
        seeded = parse_cache.cache_file(data)
        seeded.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(parsed, seeded)


@pytest.fixture
def data_copier(parsed_data, untouched_data):
    """copy_data(folder[, source]) with the parse snapshot of data/."""
    return lambda folder, source=None: copy_data(folder, parsed_data, source)


def data_snapshot(folder: Path) -> dict[str, str]:
    """Each file under `folder` (relative path) -> its SHA-256."""
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }
