"""The importer skeleton (importers/skeleton.py): a provider plans, run_import recovers, locks, writes and reports.

`OracleIds` is the worked example of docs/editors/architecture.md ("An importer"): the doc shows this very class,
and a test below checks that it still does, so the example is always one that runs."""

from __future__ import annotations

import datetime as dt
import inspect
import os
import subprocess
import sys
from pathlib import Path

from counterpedia.catalogue.printed import Sighting, choose
from counterpedia.importers.merge import Workspace
from counterpedia.importers.model import ImportFailure, Printing, number_key
from counterpedia.importers.skeleton import Provider, Result, run_import
from counterpedia.model.dates import is_date
from counterpedia.model.knowledge import load
from counterpedia.storage import writes

ROOT = Path(__file__).resolve().parents[2]
CARD = "hand-picked-card"
ORACLE_ID = "00000000-0000-4000-8000-0000000000aa"


class OracleIds(Provider):
    """`import oracle-ids FILE`: the Oracle ID of card records that have none, from `card id,oracle id` lines."""

    prog = command = "counterpedia import oracle-ids"

    def __init__(self, path: Path):
        self.path = path

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        kb, _problems = load(data_dir)
        result = Result(workspace=Workspace(data_dir))
        for number, line in enumerate(self.path.read_text(encoding="utf-8").splitlines(), 1):
            card_id, _, oracle_id = (part.strip() for part in line.partition(","))
            record = kb.get("card", card_id)
            if record is None or record.document is None or not oracle_id:
                raise ImportFailure.at(self.path, f"line {number}: no card {card_id!r}, or no Oracle ID")
            if record.data.get("oracle_id") is None:
                result.workspace.edit(Path(record.document.path))["oracle_id"] = oracle_id
                result.lines.append(f"{card_id}: oracle_id {oracle_id}")
        return result


def _card(data: Path) -> Path:
    return data / "cards" / "h" / f"{CARD}.yaml"


def _listing(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "oracle-ids.csv"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_example_in_the_architecture_doc_is_this_tested_class():
    doc = (ROOT / "docs" / "editors" / "architecture.md").read_text(encoding="utf-8")
    assert inspect.getsource(OracleIds) in doc


def test_an_import_writes_its_plan_and_reports_it(import_data, tmp_path, capsys):
    listing = _listing(tmp_path, f"{CARD},{ORACLE_ID}\n")
    assert run_import(OracleIds(listing), import_data) == 0
    assert capsys.readouterr().out == f"{CARD}: oracle_id {ORACLE_ID}\nwrote 1 file(s)\n"
    assert f"oracle_id: {ORACLE_ID}\n" in _card(import_data).read_text(encoding="utf-8")
    assert _card(import_data).read_text(encoding="utf-8").startswith("# Written by hand.\n")  # the comment kept
    assert run_import(OracleIds(listing), import_data) == 0  # a second run has nothing to do
    assert capsys.readouterr().out == "wrote 0 file(s)\n"


def test_a_dry_run_says_what_it_would_write_and_writes_nothing(import_data, tmp_path, capsys):
    before = _card(import_data).read_bytes()
    assert run_import(OracleIds(_listing(tmp_path, f"{CARD},{ORACLE_ID}\n")), import_data, dry_run=True) == 0
    out = capsys.readouterr().out
    assert out.endswith("would write 1 file(s) (dry run: nothing written)\n")
    assert _card(import_data).read_bytes() == before


def test_malformed_input_exits_1_naming_the_place_and_writes_nothing(import_data, tmp_path, capsys):
    before = {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()}
    listing = _listing(tmp_path, f"{CARD},{ORACLE_ID}\nno-such-card,{ORACLE_ID}\n")
    assert run_import(OracleIds(listing), import_data) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"counterpedia import oracle-ids: {listing}: line 2: no card 'no-such-card', or no Oracle ID\n"
        "counterpedia import oracle-ids: nothing was written\n"
    )
    assert {p: p.read_bytes() for p in import_data.rglob("*") if p.is_file()} == before


def test_an_interrupted_write_is_finished_first_and_said(import_data, tmp_path, capsys):
    other = import_data / "counters" / "acorn.yaml"
    plan = [
        writes.FileWrite(other, other.read_text(encoding="utf-8") + "# finished\n"),
        writes.FileWrite(_card(import_data), _card(import_data).read_text(encoding="utf-8")),
    ]
    writes._write_journal(import_data, "counterpedia fmt", plan)  # as a killed `fmt` leaves it
    listing = _listing(tmp_path, f"{CARD},{ORACLE_ID}\n")
    assert run_import(OracleIds(listing), import_data, dry_run=True) == 0
    assert capsys.readouterr().out.startswith(
        f"note: an interrupted command left {writes.journal_path(import_data)}: "
        "run without --dry-run to finish it first\n"
    )
    assert run_import(OracleIds(listing), import_data) == 0
    out = capsys.readouterr().out
    assert out.startswith("finished the interrupted `counterpedia fmt` first (")
    assert other.read_text(encoding="utf-8").endswith("# finished\n") and not writes.journal_path(import_data).exists()


HOLD = """
import sys, time
from pathlib import Path
from counterpedia.storage import writes
with writes.writing(Path(sys.argv[1]), "cr sync --apply"):
    print("holding", flush=True)
    time.sleep(30)
"""


def test_the_import_takes_the_data_folders_lock(import_data, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_LOCK_WAIT", "0.2")
    first = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(import_data)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "tools")},
    )
    try:
        assert first.stdout is not None and first.stdout.readline().strip() == "holding"
        before = _card(import_data).read_bytes()
        assert run_import(OracleIds(_listing(tmp_path, f"{CARD},{ORACLE_ID}\n")), import_data) == 1
        err = capsys.readouterr().err
        assert err.startswith(
            f"counterpedia import oracle-ids: another counterpedia command (pid {first.pid}, "
            "`cr sync --apply`) is writing"
        )
        assert _card(import_data).read_bytes() == before
        assert run_import(OracleIds(_listing(tmp_path, f"{CARD},{ORACLE_ID}\n")), import_data, dry_run=True) == 0
    finally:
        first.kill()
        first.wait()


# -- the shared rules ------------------------------------------------------------------------------------------


def test_collector_numbers_have_one_order():
    """By the number they hold (their first digits: an Alchemy rebalance "A-7" is 7, a promo "S3" 3), then as
    written; one without digits last."""
    numbers = ["A-12", "10a", "S3", "9", "★", "10", "A-7", "100", "1", "A-10"]
    assert sorted(numbers, key=number_key) == ["1", "S3", "A-7", "9", "10", "10a", "A-10", "A-12", "100", "★"]


def test_the_importers_and_the_catalogue_choose_the_same_printing():
    """On one release date, the card's printed name (importers: Printing.newer_than) and a counter kind's printed
    name (catalogue.printed.choose) are both taken from the lowest collector number in that one order."""
    twelve, seven = Printing("2022-01-28", "YNEO", "12", "Card"), Printing("2022-01-28", "YNEO", "A-7", "Card")
    assert seven.newer_than(twelve) and not twelve.newer_than(seven)
    sightings = [Sighting("counter", "x", "ja", "Ａ", "Ａ", printing, "one-kind") for printing in (twelve, seven)]
    assert choose(sightings)[("counter", "x", "ja")].sighting.printing == seven


def test_one_date_check():
    assert is_date("2025-09-27") and not is_date("2025-02-30") and not is_date("20250927") and not is_date(None)
    assert is_date(dt.date(2025, 9, 27)) and not is_date(dt.datetime(2025, 9, 27, 1, 2))  # as YAML reads them
