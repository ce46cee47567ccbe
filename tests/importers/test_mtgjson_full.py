"""The committed records are what the imports make of the shared files: `counterpedia import mtgjson` of the MTGJSON
files, then `import scryfall --cards` of the Scryfall set files and `import jpnames` of MTG Wiki's name list (issue 18),
which complete the cards the first made."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXTERNAL = ROOT.parent / "shared" / "data" / "external"
SHARED = EXTERNAL / "mtgjson-v5-sets-20220425" / "sets"
SCRYFALL = EXTERNAL / "scryfall-sets-20251103" / "sets"
JPNAME = EXTERNAL / "mtgwiki-jpname-20250927" / "jpname.json"
GATHERER = EXTERNAL / "mtgjson-v3-gatherer-20181107" / "sets"
HEADER = "# Added by `counterpedia import mtgjson`"
SCRYFALL_HEADER = "# Added by `counterpedia import scryfall --cards`"


@pytest.mark.slow
def test_the_committed_records_are_what_the_import_of_the_shared_files_produces(tmp_path, data_copier):
    """Every card the import created is removed from a copy of data/, the import is run again on the 579 shared
    set files, and the folder must then be byte for byte the committed one: the new cards re-created, the
    hand-edited cards it completed left as they are (a second run changes nothing). The copy is made of hard links
    and starts with data/'s parse snapshot (tests/data_copies.py): the imports replace a file by a rename, and read
    what they load as they would after a user's first command (the snapshot holds the data each file parses to)."""
    files = sorted(SHARED.glob("*.json.gz"))
    if not files:
        pytest.skip(f"the shared MTGJSON files are not here ({SHARED})")
    data = data_copier(tmp_path)
    scryfall = sorted(SCRYFALL.glob("*.json.gz"))
    if not scryfall or not JPNAME.is_file() or not GATHERER.is_dir():
        pytest.skip(
            f"the shared Scryfall set files, MTG Wiki's name list or MTGJSON 3's Gatherer files are not here "
            f"({SCRYFALL}, {JPNAME}, {GATHERER})"
        )
    removed = 0
    for path in (data / "cards").rglob("*.yaml"):
        if path.read_text(encoding="utf-8").startswith((HEADER, SCRYFALL_HEADER)):
            path.unlink()
            removed += 1
    assert removed > 2000, "data/ does not hold the imported cards"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    # in the order they were run: each later import completes the cards of the earlier ones
    for command in (
        ["import", "mtgjson", *map(str, files)],
        ["import", "scryfall", "--cards", *map(str, scryfall), "--via", "scryfall-sets-20251103"],
        ["import", "jpnames", str(JPNAME)],
        ["import", "gatherer-rulings", str(GATHERER)],
    ):
        result = subprocess.run(
            [sys.executable, "-m", "counterpedia.commands.cli", *command, "--data", str(data)],
            capture_output=True,
            text=True,
            env=env,
        )
        assert result.returncode == 0, result.stderr
    produced = {p.relative_to(data).as_posix(): p.read_bytes() for p in data.rglob("*.yaml")}
    committed = {p.relative_to(ROOT / "data").as_posix(): p.read_bytes() for p in (ROOT / "data").rglob("*.yaml")}
    assert sorted(set(produced) ^ set(committed)) == []
    assert [path for path in sorted(committed) if produced[path] != committed[path]] == []
