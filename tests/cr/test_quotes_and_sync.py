"""`cr check` and `cr sync` on a copy of the real data, against the official editions."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.cr.quotes import MOVED, SAME, VANISHED, compare_quotes
from counterpedia.cr.sync import plan
from counterpedia.model.knowledge import load

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
    assert main(["cr", "sync", "--edition", "20250207"]) == 0  # a dry run writes nothing
    assert {p: p.read_bytes() for p in data_copy.rglob("*.yaml")} == before
    assert "rule 727.1 renumbered to 725.1" in capsys.readouterr().out

    assert main(["cr", "sync", "--edition", "20250207", "--apply"]) == 0
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


def _snapshot(folder: Path) -> dict:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_sync_back_to_an_older_edition_never_writes_data_that_fails_validation(data_copy, cr_env, capsys):
    # 702.11g (hexproof from each) is not in 20231117, and 702.11h moves onto its number there.
    before = _snapshot(data_copy)
    assert main(["cr", "sync", "--edition", "20231117", "--apply"]) == 1
    err = capsys.readouterr().err
    assert "error[E122] rule 702.11g is also quoted" in err and "nothing was written" in err
    assert _snapshot(data_copy) == before
    _kb, diagnostics = validate([data_copy])
    assert not [d for d in diagnostics if d.severity == "error"]


def test_a_rule_number_yaml_reads_as_a_number_is_reported_by_check_and_sync(data_copy, cr_env, capsys):
    record = data_copy / "rules" / "bloodthirst.yaml"
    record.write_text(record.read_text(encoding="utf-8").replace('number: "702.54"\n', "number: 702.54\n"), encoding="utf-8")
    before = _snapshot(data_copy)
    assert main(["cr", "check"]) == 1
    out = capsys.readouterr().out
    line = record.read_text(encoding="utf-8").splitlines().index("  - number: 702.54") + 1
    assert f"data/rules/bloodthirst.yaml:{line}:13: error[E101] rules.0.number: 702.54 is a number" in out
    assert main(["cr", "sync", "--apply"]) == 1
    err = capsys.readouterr().err
    assert f"data/rules/bloodthirst.yaml:{line}:13: error[E101]" in err and "nothing was written" in err
    assert _snapshot(data_copy) == before


def test_wrong_types_in_the_quotes_are_diagnostics_not_internal_errors(data_copy, cr_env, capsys):
    record = data_copy / "rules" / "bloodthirst.yaml"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("rules:\n", "rules: 5\nunused:\n", 1), encoding="utf-8")
    for argv in (["cr", "check"], ["cr", "sync"], ["cr", "sync", "--apply"]):
        assert main(argv) == 1
        captured = capsys.readouterr()
        assert "internal error" not in captured.err and "Traceback" not in captured.err
        assert "data/rules/bloodthirst.yaml" in captured.out + captured.err
        assert "rules: 5 is not of type 'array'" in captured.out + captured.err


def test_a_quote_version_yaml_reads_as_a_number_is_a_diagnostic_not_an_internal_error(data_copy, cr_env, capsys):
    record = data_copy / "rules" / "bloodthirst.yaml"
    quoted = '        source: cr\n        version: "20260116"\n'
    text = record.read_text(encoding="utf-8")
    assert quoted in text
    record.write_text(text.replace(quoted, "        source: cr\n        version: 20260116\n", 1), encoding="utf-8")
    before = _snapshot(data_copy)
    for argv in (["cr", "check"], ["cr", "sync", "--apply"]):
        assert main(argv) == 1
        captured = capsys.readouterr()
        assert "internal error" not in captured.err and "Traceback" not in captured.err
        assert "data/rules/bloodthirst.yaml" in captured.out + captured.err
    assert _snapshot(data_copy) == before


def test_a_folder_that_cannot_be_written_is_named(data_copy, cr_env, capsys, monkeypatch):
    from counterpedia.storage import writes

    def refuse(path, text):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(writes, "atomic_write", refuse)
    before = _snapshot(data_copy)
    assert main(["cr", "sync", "--edition", "20250207", "--apply"]) == 1
    err = capsys.readouterr().err
    assert "Permission denied" in err and "internal error" not in err
    assert _snapshot(data_copy) == before
