"""`cr check` and `cr sync` on a copy of the real data, against the official editions."""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.cr.quotes import MOVED, SAME, VANISHED, compare_quotes
from counterpedia.cr.quotes_cli import quoted_edition
from counterpedia.cr.sync import plan
from counterpedia.model.knowledge import load

from .conftest import data_edition, data_snapshot, edit

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_copy(tmp_path, monkeypatch, data_copier) -> Path:
    if not any((ROOT / "data" / "rules").glob("*.yaml")):
        pytest.skip("data/rules holds no quotes yet")
    monkeypatch.chdir(tmp_path)
    return data_copier(tmp_path)


def states(kb, edition, editions):
    return {(c.record.id, c.number): c for c in compare_quotes(kb, edition, editions.get)}


def _rad(kb) -> str:
    """The number the data quotes the first rad counter rule under today (727.1 in 20260116, 728.1 in 20260925)."""
    return kb.get("rule", "rad-counters").data["rules"][0]["number"]


def test_every_quote_matches_the_edition_it_quotes(real_kb, all_editions):
    quoted = quoted_edition(real_kb)
    if quoted not in all_editions:
        pytest.skip(f"the data quotes edition {quoted}, which is not where the tests look (COUNTERPEDIA_CR_DIR)")
    changes = states(real_kb, all_editions[quoted], all_editions)
    assert changes and all(c.state == SAME for c in changes.values())


def test_moves_are_found_by_content_through_the_quotes_own_edition(real_kb, all_editions):
    if quoted_edition(real_kb) not in all_editions:
        pytest.skip("the edition the data quotes is not where the tests look (COUNTERPEDIA_CR_DIR)")
    changes = states(real_kb, all_editions["20250207"], all_editions)
    rad = _rad(real_kb)
    assert changes[("rad-counters", rad)].state == MOVED
    assert changes[("rad-counters", rad)].new_number == "725.1"
    assert changes[("mill", "701.17b")].new_number == "701.13b"
    assert changes[("counters", "122.9")].state == VANISHED  # added to the rules in a later edition


def test_check_reports_like_the_validator(data_copy, real_kb, cr_env, sync_editions, capsys):
    quoted, _previous = sync_editions
    assert main(["cr", "check", "--edition", quoted]) == 0
    assert main(["cr", "check", "--edition", "20240308"]) == 1
    out = capsys.readouterr().out
    rad = _rad(real_kb)  # the data's copy is the same records
    line = (data_copy / "rules" / "rad-counters.yaml").read_text(encoding="utf-8").splitlines().index(
        f'  - number: "{rad}"'
    ) + 1
    assert f"data/rules/rad-counters.yaml:{line}:13: error[E302] rule {rad} is 725.1 in the 20240308 edition" in out
    assert "error[E301] rule 122.1b: the quoted text differs" in out
    assert "error[E303] rule 122.9 is not in the 20240308 edition" in out


def _yaml_files(data: Path) -> dict[str, bytes]:
    """Each record file under `data` (relative path) -> its bytes."""
    return {str(p.relative_to(data)): p.read_bytes() for p in data.rglob("*.yaml")}


def _without_via(files: dict) -> dict:
    return {
        p: b"".join(line for line in text.splitlines(True) if not line.strip().startswith(b"via: "))
        for p, text in files.items()
    }


def test_sync_renumbers_everywhere_requotes_and_marks_translations_drifted(
    data_copy, cr_env, sync_editions, synced_data, data_copier, capsys, tmp_path, monkeypatch
):
    """From the edition the data quotes to the one before and back: whichever they are."""
    quoted, previous = sync_editions
    # sync writes in the layout of `counterpedia fmt`, and the copied data is already in it (asserted by
    # tests/commands/test_fmt_cli.py::test_the_shipped_data_is_formatted): there and back is then byte-identical
    before = _yaml_files(data_copy)
    assert main(["cr", "sync", "--edition", previous]) == 0  # a dry run writes nothing
    assert _yaml_files(data_copy) == before
    dry = capsys.readouterr().out
    moved = [
        line.split(": rule ", 1)[1].split(" renumbered to ") for line in dry.splitlines() if " renumbered to " in line
    ]

    # `cr sync --edition previous --apply` of the same data, run once for the test run (synced_data, shared with
    # test_sync_interrupted.py, which compares its interrupted syncs with it), and its validation
    assert synced_data.edition == previous and synced_data.returncode == 0, synced_data.err
    synced = synced_data.data
    kb, _ = load(synced)
    cited = {
        n
        for record in kb
        for _keys, n in __import__("counterpedia.model.references", fromlist=["x"]).cited_rules(record)
    }
    for old, new in ((a, b.split()[0]) for a, b in moved):
        assert new in kb.quoted_rules() and old not in cited, (old, new)  # renumbered everywhere
    assert not synced_data.errors
    assert "W201" in synced_data.codes, "a re-quoted rule's translations are drifted"
    if (quoted, previous) == ("20260925", "20260417"):
        assert [["701.50d", "701.50e"]] == [[a, b.split()[0]] for a, b in moved]
        connive = (synced / "mechanics" / "connive.yaml").read_text(encoding="utf-8")
        assert '"701.50e"' in connive and '"701.50d"' not in connive and connive.splitlines()[0].startswith("#")
        assert "rule 122.1j is not in 20260417: kept as it is, to review" in dry  # hone counters: new in 20260925

    # Back to the edition quoted, from a copy of the synced data: every file as it was, byte for byte (the `via` of
    # a copy aside, when the tests read Wizards' own file of that edition rather than the copy the data names).
    back = tmp_path / "back"
    data_copier(back, synced)
    monkeypatch.chdir(back)
    assert main(["cr", "sync", "--edition", quoted, "--apply"]) == 0
    after = _yaml_files(back / "data")
    if "reading" in synced_data.err + capsys.readouterr().err:
        assert after == before
    else:
        assert _without_via(after) == _without_via(before)


def test_sync_warns_when_a_moved_rule_lands_on_a_kept_quote(real_kb, editions):
    changes = compare_quotes(real_kb, editions["20240308"], editions.get)
    result = plan(real_kb, changes, "20240308")  # a plan only reads the files (nothing is written)
    assert any(c.number == "702.11h" and number == "702.11g" for c, number in result.collisions)


def test_check_without_cr_files_says_how_to_get_them(data_copy, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "empty-cache"))
    assert main(["cr", "check"]) == 2
    assert "counterpedia cr fetch" in capsys.readouterr().err


def test_sync_back_to_an_older_edition_never_writes_data_that_fails_validation(data_copy, cr_env, capsys):
    # 702.11g (hexproof from each) is not in 20231117, and 702.11h moves onto its number there.
    before = data_snapshot(data_copy)
    assert main(["cr", "sync", "--edition", "20231117", "--apply"]) == 1
    err = capsys.readouterr().err
    assert "error[E122] rule 702.11g is also quoted" in err and "nothing was written" in err
    assert data_snapshot(data_copy) == before
    _kb, diagnostics = validate([data_copy])
    assert not [d for d in diagnostics if d.severity == "error"]


def test_a_rule_number_yaml_reads_as_a_number_is_reported_by_check_and_sync(data_copy, cr_env, capsys):
    record = data_copy / "rules" / "bloodthirst.yaml"
    edit(record, record.read_text(encoding="utf-8").replace('number: "702.54"\n', "number: 702.54\n"))
    before = data_snapshot(data_copy)
    assert main(["cr", "check"]) == 1
    out = capsys.readouterr().out
    line = record.read_text(encoding="utf-8").splitlines().index("  - number: 702.54") + 1
    assert f"data/rules/bloodthirst.yaml:{line}:13: error[E101] rules.0.number: 702.54 is a number" in out
    assert main(["cr", "sync", "--apply"]) == 1
    err = capsys.readouterr().err
    assert f"data/rules/bloodthirst.yaml:{line}:13: error[E101]" in err and "nothing was written" in err
    assert data_snapshot(data_copy) == before


def test_wrong_types_in_the_quotes_are_diagnostics_not_internal_errors(data_copy, cr_env, capsys):
    record = data_copy / "rules" / "bloodthirst.yaml"
    text = record.read_text(encoding="utf-8")
    edit(record, text.replace("rules:\n", "rules: 5\nunused:\n", 1))
    for argv in (["cr", "check"], ["cr", "sync"], ["cr", "sync", "--apply"]):
        assert main(argv) == 1
        captured = capsys.readouterr()
        assert "internal error" not in captured.err and "Traceback" not in captured.err
        assert "data/rules/bloodthirst.yaml" in captured.out + captured.err
        assert "rules: 5 is not of type 'array'" in captured.out + captured.err


def test_a_quote_version_yaml_reads_as_a_number_is_a_diagnostic_not_an_internal_error(data_copy, cr_env, capsys):
    record = data_copy / "rules" / "bloodthirst.yaml"
    edition = data_edition(data_copy)
    quoted = f'        source: cr\n        version: "{edition}"\n'
    text = record.read_text(encoding="utf-8")
    assert quoted in text
    edit(record, text.replace(quoted, f"        source: cr\n        version: {edition}\n", 1))
    before = data_snapshot(data_copy)
    for argv in (["cr", "check"], ["cr", "sync", "--apply"]):
        assert main(argv) == 1
        captured = capsys.readouterr()
        assert "internal error" not in captured.err and "Traceback" not in captured.err
        assert "data/rules/bloodthirst.yaml" in captured.out + captured.err
    assert data_snapshot(data_copy) == before


def test_a_folder_that_cannot_be_written_is_named(data_copy, cr_env, sync_editions, capsys, monkeypatch):
    from counterpedia.storage import writes

    def refuse(path, text):
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(writes, "atomic_write", refuse)
    before = data_snapshot(data_copy)
    assert main(["cr", "sync", "--edition", sync_editions[1], "--apply"]) == 1
    err = capsys.readouterr().err
    assert "Permission denied" in err and "internal error" not in err
    assert data_snapshot(data_copy) == before
