"""One fixture file per `cr check --lang ja` case: placed into a data set whose Japanese quotes are those of
the fixture excerpt of the Japanese CR, it yields exactly its expected diagnostics."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.cr.ja_parse import parse_file
from counterpedia.cr.ja_quotes import check
from counterpedia.diagnostics import CODES
from counterpedia.model.knowledge import load

from .test_invalid_fixtures import header

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CASE_DIR = FIXTURES / "invalid-cr-ja"
BASE = FIXTURES / "cr-ja" / "data"
EXCERPT = FIXTURES / "cr-ja" / "lines-20260116-excerpt.txt"
CASES = sorted(CASE_DIR.glob("*.yaml"))


def run_case(case: Path | None, root: Path) -> list:
    """The Japanese check of the base data set with `case` placed where its header says (paths relative to root)."""
    data = root / "data"
    shutil.rmtree(data, ignore_errors=True)
    shutil.copytree(BASE, data)
    if case is not None:
        target, _expected, _also = header(case)
        (data / target).parent.mkdir(parents=True, exist_ok=True)
        (data / target).write_bytes(case.read_bytes())
    kb, problems = load(Path("data"))
    assert not [p for p in problems if p.severity == "error"], problems
    return check(kb, parse_file(EXCERPT)).diagnostics


def test_the_base_data_set_is_clean(tmp_path, in_dir):
    in_dir(tmp_path)
    assert run_case(None, tmp_path) == []
    _kb, diagnostics = validate([Path("data")])
    assert diagnostics == []


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_fixture_yields_exactly_its_diagnostics(case: Path, tmp_path, in_dir):
    in_dir(tmp_path)
    target, expected, _also = header(case)
    diagnostics = run_case(case, tmp_path)
    assert {(d.code, d.line, d.column) for d in diagnostics if d.path == f"data/{target}"} == expected, [
        d.render() for d in diagnostics
    ]
    assert [d for d in diagnostics if d.path != f"data/{target}"] == [], "the case must not disturb other files"


def test_every_japanese_check_code_has_a_fixture():
    covered = {code for case in CASES for code, _l, _c in header(case)[1]}
    codes = {code for code, entry in CODES.items() if entry.command == "cr check --lang ja"}
    assert codes and not codes - covered, sorted(codes - covered)


def examples(root: Path) -> dict[str, tuple[str, str]]:
    """code -> (the fixture, the check's output for it): the examples of docs/editors/diagnostics.md."""
    found: dict[str, tuple[str, str]] = {}
    for case in CASES:
        target, expected, _also = header(case)
        codes = {code for code, _l, _c in expected} - set(found)
        if not codes:
            continue
        diagnostics = run_case(case, root)
        source = case.read_bytes().decode("utf-8", "replace")
        for code in codes:
            found[code] = (
                source,
                "\n".join(d.render() for d in diagnostics if d.code == code and d.path == f"data/{target}"),
            )
    return found
