"""`counterpedia fmt`: rewrites what is not formatted, `--check` lists it, bad YAML writes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.storage.writes import journal_path

ROOT = Path(__file__).resolve().parents[2]
UNFORMATTED = "# a card\nnames: {}   # none yet\nid: struggle-for-project-purity\n"
FORMATTED = "# a card\nid: struggle-for-project-purity\nnames: {}  # none yet\n"


@pytest.fixture
def data(valid_data: Path, in_dir) -> Path:
    in_dir(valid_data.parent)
    assert main(["fmt", "data"]) == 0  # the fixture data set, formatted once
    return valid_data


def card(data: Path) -> Path:
    return data / "cards" / "struggle-for-project-purity.yaml"


def test_check_lists_the_files_that_would_change_and_exits_1(data, capsys):
    card(data).write_text(UNFORMATTED, encoding="utf-8")
    capsys.readouterr()
    assert main(["fmt", "--check", "data"]) == 1
    out, err = capsys.readouterr()
    assert out.splitlines() == ["data/cards/struggle-for-project-purity.yaml"]
    assert "would be reformatted" in err
    assert card(data).read_text(encoding="utf-8") == UNFORMATTED  # --check writes nothing


def test_fmt_rewrites_and_a_second_run_changes_nothing(data, capsys):
    card(data).write_text(UNFORMATTED, encoding="utf-8")
    assert main(["fmt", "data"]) == 0
    assert card(data).read_text(encoding="utf-8") == FORMATTED
    before = {p: p.stat().st_mtime_ns for p in data.rglob("*.yaml")}
    capsys.readouterr()
    assert main(["fmt", "data"]) == 0
    assert {p: p.stat().st_mtime_ns for p in data.rglob("*.yaml")} == before
    assert main(["fmt", "--check", "data"]) == 0
    assert not journal_path(data).exists() and not list(data.rglob(".*.tmp"))


def test_a_single_file_can_be_named(data):
    card(data).write_text(UNFORMATTED, encoding="utf-8")
    assert main(["fmt", str(card(data))]) == 0
    assert card(data).read_text(encoding="utf-8") == FORMATTED


def test_bad_yaml_gets_the_validators_diagnostic_and_nothing_is_written(data, capsys):
    card(data).write_text(UNFORMATTED, encoding="utf-8")
    bad = data / "terms" / "mill.yaml"
    bad.write_text("id: mill\nnames: [\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["fmt", "data"]) == 1
    out, err = capsys.readouterr()
    assert "data/terms/mill.yaml:3:1: error[E001]" in out
    assert "nothing written" in err
    assert card(data).read_text(encoding="utf-8") == UNFORMATTED
    assert bad.read_text(encoding="utf-8") == "id: mill\nnames: [\n"


def test_a_file_outside_the_record_folders_is_reported(data, capsys):
    (data / "stray.yaml").write_text("a: 1\n", encoding="utf-8")
    assert main(["fmt", "--check", "data"]) == 1
    assert "error[E005]" in capsys.readouterr().out


def test_missing_path_is_bad_usage(data, capsys):
    assert main(["fmt", "nowhere"]) == 2
    assert "no such file" in capsys.readouterr().err


def test_an_interrupted_fmt_is_finished_by_the_next_run(data):
    from counterpedia.storage.writes import FileWrite, _write_journal

    card(data).write_text(UNFORMATTED, encoding="utf-8")
    term = data / "terms" / "mill.yaml"
    # A journal as a killed run leaves it: the plan written, no file replaced yet.
    _write_journal(data, "counterpedia fmt", [FileWrite(card(data), FORMATTED), FileWrite(term, term.read_text())])
    assert main(["fmt", "data"]) == 0
    assert card(data).read_text(encoding="utf-8") == FORMATTED
    assert not journal_path(data).exists()


@pytest.mark.slow
def test_the_shipped_data_is_formatted(in_dir, capsys):
    """`fmt --check` passes on data/ and the excluded list, as the pre-commit hook and CI run it."""
    if not (ROOT / "data").is_dir():
        pytest.skip("no data/")
    in_dir(ROOT)
    code = main(["fmt", "--check"])
    assert code == 0, capsys.readouterr().out


def test_a_file_found_formatted_is_not_laid_out_again_until_its_bytes_or_the_formatter_change(
    data, capsys, monkeypatch
):
    """The cache of formatted files (storage/format_cache.py): the same bytes, by the same formatter, are skipped."""
    from counterpedia.commands import fmt
    from counterpedia.storage.format_cache import FormattedCache

    assert main(["fmt", "--check", "data"]) == 0  # lays out every file, finds each formatted: remembers them
    cache = FormattedCache(data).path
    assert cache is not None and cache.is_file()
    laid_out = []
    real_format_text = fmt.format_text
    monkeypatch.setattr(fmt, "format_text", lambda *a, **k: laid_out.append(a[2]) or real_format_text(*a, **k))
    assert main(["fmt", "--check", "data"]) == 0
    assert laid_out == []  # every file known formatted
    card(data).write_text(UNFORMATTED, encoding="utf-8")
    assert main(["fmt", "--check", "data"]) == 1  # other bytes: laid out again, and found unformatted
    assert laid_out == ["data/cards/struggle-for-project-purity.yaml"]
    assert main(["fmt", "data"]) == 0
    assert card(data).read_text(encoding="utf-8") == FORMATTED
    # A cache written by another formatter (another version of the package) is not trusted.
    stored = cache.read_text(encoding="utf-8")
    cache.write_text(stored.replace('"formatter": "', '"formatter": "0'), encoding="utf-8")
    laid_out.clear()
    card(data).write_text(UNFORMATTED, encoding="utf-8")
    unformatted = FormattedCache.key("card", UNFORMATTED.encode("utf-8"))
    cache.write_text(cache.read_text(encoding="utf-8").replace('"formatted": [', f'"formatted": ["{unformatted}", '))
    capsys.readouterr()
    assert main(["fmt", "--check", "data"]) == 1
    assert capsys.readouterr().out.splitlines() == ["data/cards/struggle-for-project-purity.yaml"]
    assert len(laid_out) == len(list(data.rglob("*.yaml")))  # every file laid out again
