"""`cr check` and `cr sync` on a copy of the real data, against the official editions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.cli import main
from counterpedia.cr.quotes import CHANGED, MOVED, SAME, VANISHED, compare_quotes
from counterpedia.cr.sync import plan
from counterpedia.knowledge import load
from counterpedia.validate import validate

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_copy(tmp_path, monkeypatch) -> Path:
    if not any((ROOT / "data" / "rules").glob("*.yaml")):
        pytest.skip("data/rules holds no quotes yet")
    shutil.copytree(ROOT / "data", tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def states(kb, edition, editions):
    return {(c.record.id, c.number): c for c in compare_quotes(kb, edition, editions.get)}


def test_every_quote_matches_the_newest_edition(data_copy, editions):
    kb, _ = load(data_copy)
    changes = states(kb, editions["20260116"], editions)
    assert changes and all(c.state == SAME for c in changes.values())


def test_moves_are_found_by_content_through_the_quotes_own_edition(data_copy, editions):
    kb, _ = load(data_copy)
    changes = states(kb, editions["20250207"], editions)
    assert changes[("rad-counters", "727.1")].state == MOVED
    assert changes[("rad-counters", "727.1")].new_number == "725.1"
    assert changes[("mill", "701.17b")].new_number == "701.13b"
    assert changes[("counters", "122.9")].state == VANISHED  # added to the rules in a later edition


def test_check_reports_like_the_validator(data_copy, cr_env, capsys):
    assert main(["cr", "check"]) == 0
    assert main(["cr", "check", "--edition", "20240308"]) == 1
    out = capsys.readouterr().out
    assert "data/rules/rad-counters.yaml:31:13: error[E302] rule 727.1 is 725.1 in the 20240308 edition" in out
    assert "error[E301] rule 122.1b: the quoted text differs" in out
    assert "error[E303] rule 122.9 is not in the 20240308 edition" in out


def test_sync_renumbers_everywhere_requotes_and_marks_translations_drifted(data_copy, cr_env, capsys):
    assert main(["fmt", "data"]) == 0  # sync writes in the layout of `counterpedia fmt`: there and back is then byte-identical
    before = {p: p.read_bytes() for p in data_copy.rglob("*.yaml")}
    assert main(["cr", "sync", "--edition", "20240308"]) == 0  # a dry run writes nothing
    assert {p: p.read_bytes() for p in data_copy.rglob("*.yaml")} == before
    assert "rule 727.1 renumbered to 725.1" in capsys.readouterr().out

    assert main(["cr", "sync", "--edition", "20240308", "--apply"]) == 0
    rad = (data_copy / "rules" / "rad-counters.yaml").read_text(encoding="utf-8")
    assert 'section: "725"' in rad and 'number: "725.1a"' in rad
    counter = (data_copy / "counters" / "rad.yaml").read_text(encoding="utf-8")
    assert '"725.1"' in counter and '"727.1"' not in counter
    assert counter.splitlines()[0].startswith("#")  # comments survive
    _kb, diagnostics = validate([data_copy])
    drifted = {(d.path, d.line) for d in diagnostics if d.code == "W201"}
    assert any(path.endswith("rules/counters.yaml") for path, _ in drifted)
    fr_122_1i = [d for d in diagnostics if d.code == "W201" and "the fr text" in d.message and "counters.yaml" in d.path]
    assert fr_122_1i, "the machine French of the re-quoted 122.1i is now drifted"

    # Back to the newest edition: every file as it was, byte for byte.
    assert main(["cr", "sync", "--apply"]) == 0
    assert {p: p.read_bytes() for p in data_copy.rglob("*.yaml")} == before


def test_sync_warns_when_a_moved_rule_lands_on_a_kept_quote(data_copy, editions):
    kb, _ = load(data_copy)
    changes = compare_quotes(kb, editions["20240308"], editions.get)
    result = plan(kb, changes, "20240308")
    assert any(c.number == "702.11h" and number == "702.11g" for c, number in result.collisions)


def test_check_without_cr_files_says_how_to_get_them(data_copy, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    assert main(["cr", "check"]) == 2
    assert "counterpedia cr fetch" in capsys.readouterr().err
