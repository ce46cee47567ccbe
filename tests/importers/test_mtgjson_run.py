"""counterpedia import mtgjson as a process, killed mid-write, then run again."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.storage import writes

ROOT = Path(__file__).resolve().parents[2]
EXCERPTS = ROOT / "tests" / "fixtures" / "mtgjson"
HEADER = "# Added by `counterpedia import mtgjson`"


def command(data: Path, *paths: Path) -> list[str]:
    return [
        sys.executable,
        "-m",
        "counterpedia.commands.cli",
        "import",
        "mtgjson",
        *map(str, paths),
        "--data",
        str(data),
    ]


def base_data(tmp_path: Path, data_copier) -> Path:
    """The project's data without its imported cards (what an import adds), and the catalogue beside it, but the
    auto-linking stop list, which names imported cards (validate: E156 while they are away). Hard links to data/'s
    files, with data/'s parse snapshot (tests/data_copies.py)."""
    data = data_copier(tmp_path)
    (tmp_path / "catalogue" / "autolink-stop-list.yaml").unlink(missing_ok=True)
    for path in (data / "cards").rglob("*.yaml"):
        if path.read_text(encoding="utf-8").startswith(HEADER):
            path.unlink()
    return data


def many_cards(tmp_path: Path, count: int) -> Path:
    """A set file of `count` made-up cards (not real cards), each putting a +1/+1 counter."""
    document = json.loads((EXCERPTS / "WTH.json").read_text(encoding="utf-8"))
    document["data"].update(code="TST", name="Test cards", releaseDate="2022-01-01")
    document["data"]["cards"] = [
        {
            "name": f"Synthetic Card {i}",
            "number": str(i),
            "text": "Put a +1/+1 counter on target creature.",
            "identifiers": {"scryfallOracleId": f"00000000-0000-4000-8000-{i:012x}"},
            "rulings": [{"date": "2022-01-01", "text": f"Synthetic ruling {i}: the +1/+1 counter stays."}],
        }
        for i in range(1, count + 1)
    ]
    path = tmp_path / "TST.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_an_import_killed_mid_write_is_finished_by_the_next_run(tmp_path, in_dir, data_copier):
    data = base_data(tmp_path, data_copier)
    source = many_cards(tmp_path, 400)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tools")}
    process = subprocess.Popen(command(data, source), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    shard = data / "cards" / "s"
    deadline = time.monotonic() + 300  # a guard against a hang, not a timing: make test runs beside other tests
    try:
        while time.monotonic() < deadline and process.poll() is None:  # watch for the first file written
            if shard.is_dir() and any(p.name.startswith("synthetic-card-") for p in shard.iterdir()):
                break
            time.sleep(0.001)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    written = len(list(shard.glob("synthetic-card-*.yaml"))) if shard.is_dir() else 0
    if process.returncode == 0 or written == 400:
        pytest.skip("the import finished before it could be killed")
    assert 0 < written < 400, written

    result = subprocess.run(command(data, source), capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "finished the interrupted `counterpedia import mtgjson` first" in result.stdout
    assert len(list(shard.glob("synthetic-card-*.yaml"))) == 400
    assert not list(data.rglob(".*.tmp")) and not writes.journal_path(data).exists()
    in_dir(data.parent)
    assert [d.render() for d in validate([Path("data")])[1] if d.severity == "error"] == []
    # and the data is what an uninterrupted import gives
    again = subprocess.run(command(data, source), capture_output=True, text=True, env=env)
    assert again.returncode == 0 and "wrote 0 file(s)" in again.stdout
