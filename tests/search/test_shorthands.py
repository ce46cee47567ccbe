"""Shorthands players type (catalogue/search-shorthands.yaml): read as the record they name, checked like data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.catalogue.shorthands import default_path, meanings
from counterpedia.search import shorthands

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "tests" / "fixtures" / "valid" / "data"
MEANINGS = [
    ["p1p1", {"ja": "+1/+1カウンター", "en": "+1/+1 counter", "fr": "marqueur +1/+1"}],
    ["+1 counter", {"ja": "+1/+1カウンター", "en": "+1/+1 counter", "fr": "marqueur +1/+1"}],
    ["sba", {"ja": "状況起因処理", "en": "State-Based Actions", "fr": "Actions basées sur un état"}],
]


@pytest.mark.parametrize(
    "query, lang, expanded",
    [
        ("p1p1", "en", "+1/+1 counter"),
        ("P1P1 on a creature", "fr", "marqueur +1/+1 on a creature"),
        ("ｐ１ｐ１", "ja", "+1/+1カウンター"),  # full-width, as a phone keyboard may type it
        ("+1 counter", "en", "+1/+1 counter"),  # a phrase, the longest first
        ("+1 counters", "en", "+1 counters"),  # not listed: as typed
        ("sba timing", "ja", "状況起因処理 timing"),
        ("p1p1s", "en", "p1p1s"),  # whole words only
        ("+sba", "en", "+sba"),  # a sign before it: as typed
    ],
)
def test_a_shorthand_is_read_as_the_name_it_means_in_the_language(query, lang, expanded):
    assert shorthands.expand(query, shorthands.table(MEANINGS, lang))[0] == expanded


def test_the_real_list_names_records_that_exist(real_data, real_kb):
    table, problem = meanings(real_kb, default_path(real_data))
    assert problem is None
    by_typed = dict(table)
    assert {"p1p1", "+1 counter", "m1m1", "pw", "sba"} <= by_typed.keys()
    assert by_typed["p1p1"]["ja"] == "+1/+1カウンター" and by_typed["sba"]["fr"] == "Actions basées sur un état"


def with_list(tmp_path: Path, text: str) -> Path:
    shutil.copytree(VALID, tmp_path / "data")
    (tmp_path / "catalogue").mkdir()
    (tmp_path / "catalogue" / "search-shorthands.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "data"


def codes(tmp_path: Path, monkeypatch) -> list[tuple]:
    from counterpedia import checks
    from counterpedia.model.knowledge import load

    monkeypatch.chdir(tmp_path)
    kb, _ = load(Path("data"))
    return sorted((d.path, d.code, d.line, d.column) for d in checks.run_all(kb))


def test_a_good_list_is_clean_and_used(tmp_path, monkeypatch):
    data = with_list(tmp_path, "shorthands:\n  - {typed: [radc], means: counter/rad, note: a test}\n")
    assert codes(tmp_path, monkeypatch) == []
    from counterpedia.model.knowledge import load

    kb, _ = load(data)
    assert meanings(kb, default_path(data)) == (
        [["radc", {"ja": "RADカウンター", "en": "rad counter", "fr": "rad counter"}]],
        None,
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        ("shorthands:\n  - {typed: [radc], means: rad, note: x}\n", ("E153", 2, 28)),  # not KIND/ID
        ("shorthands:\n  - {typed: [], means: counter/rad, note: x}\n", ("E153", 2, 6)),  # nothing typed
        ("shorthands:\n  - {typed: [radc], means: counter/rad}\n", ("E153", 2, 5)),  # no note
        (
            "shorthands:\n  - {typed: [radc], means: counter/rad, note: x}\n"
            "  - {typed: [RADC], means: counter/time, note: y}\n",
            ("E153", 3, 14),
        ),  # listed twice
        ("shorthands:\n  - {typed: [radc], means: counter/radd, note: x}\n", ("E154", 2, 28)),  # no such record
        ("shorthands: [\n", ("E153", 2, 1)),  # not YAML
    ],
)
def test_a_malformed_list_is_a_located_diagnostic(tmp_path, monkeypatch, text, expected):
    data = with_list(tmp_path, text)
    assert codes(tmp_path, monkeypatch) == [("catalogue/search-shorthands.yaml", *expected)]
    from counterpedia.model.knowledge import load

    kb, _ = load(data)
    table, problem = meanings(kb, default_path(data))
    assert table == [] and f"error[{expected[0]}]" in problem  # the search leaves a bad list out, says why


def test_validate_reports_the_list_and_exits_1(tmp_path, monkeypatch, capsys):
    from counterpedia.commands.cli import main

    with_list(tmp_path, "shorthands:\n  - {typed: [radc], means: counter/radd, note: x}\n")
    monkeypatch.chdir(tmp_path)
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    assert "catalogue/search-shorthands.yaml:2:28: error[E154]" in out and "Traceback" not in out
