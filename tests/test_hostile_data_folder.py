"""Issue 23, "whole data folder": every malformed input of the corpus sits among the real records at once (in its
record folder and as a card, under data/cards/), and each command gives diagnostics, never a traceback.

One copy of the real data is shared by the module's tests (5,700 files: linked once)."""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path

import pytest

from counterpedia.commands.cli import main

from .data_copies import copy_data
from .test_malformed_corpus import CASES, CORPUS, GENERATED

ROOT = Path(__file__).resolve().parents[1]
SCRYFALL = ROOT / "tests" / "fixtures" / "scryfall"
MTGJSON = ROOT / "tests" / "fixtures" / "mtgjson"


@pytest.fixture(scope="module")
def hostile_project(tmp_path_factory, real_data, parsed_data, untouched_data) -> Path:
    """A copy of data/ (hard links: the commands run here write no record, and data/ is checked unchanged at the end
    of the run) that starts with data/'s parse snapshot (tests/data_copies.py): the real records are read from it,
    every hostile file is parsed by each command."""
    project = tmp_path_factory.mktemp("hostile-data-folder")
    copy_data(project, parsed_data, real_data)
    for name, folder, _expected in CASES:
        content = GENERATED[name]() if name in GENERATED else (CORPUS / name).read_bytes()
        target = project / "data" / folder / name
        target.unlink(missing_ok=True)  # a new file, never written through a link into data/
        target.write_bytes(content)
        shard = project / "data" / "cards" / "z"
        shard.mkdir(exist_ok=True)
        (shard / f"zz-{name}").write_bytes(content)
    return project


def run(project: Path, argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    previous = Path.cwd()
    os.chdir(project)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
    finally:
        os.chdir(previous)
    return status, out.getvalue() + err.getvalue()


COMMANDS = {
    "validate": ["validate"],
    "validate --data": ["validate", "--data", "data"],
    "status": ["status", "--data", "data"],
    "export": ["export", "--out", "export"],
    "import scryfall --dry-run": [
        "import",
        "scryfall",
        str(SCRYFALL / "oracle-cards.json"),
        str(SCRYFALL / "rulings.json"),
        "--dry-run",
        "--data",
        "data",
    ],
    "import mtgjson --dry-run": ["import", "mtgjson", str(MTGJSON / "NEO.json"), "--dry-run", "--data", "data"],
    "search": ["search", "rad", "--data", "data"],
    "site build": ["site", "build", "--project", str(ROOT), "--data", "data", "--out", "site", "--lang", "en"],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(COMMANDS))
def test_each_command_among_hostile_files_gives_diagnostics_not_a_traceback(hostile_project, name, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    status, output = run(hostile_project, COMMANDS[name])
    assert "Traceback" not in output and "internal error" not in output, output[-3000:]
    assert status in (0, 1), (status, output[-3000:])
    if name.startswith(("validate", "export", "site")):
        assert status == 1, output[-2000:]
        assert "data/cards/z/zz-alias-bomb.yaml" in output or "data/counters/alias-bomb.yaml" in output, output[-2000:]
