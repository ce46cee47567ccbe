"""One fixture file per invalid case: placed into a valid data set, it yields exactly its expected diagnostics."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate

FIXTURE_DIR = Path(__file__).resolve().parents[1] / "fixtures" / "invalid"
CASES = sorted(FIXTURE_DIR.glob("*.yaml"))


def header(path: Path) -> tuple[str, set[tuple[str, int, int]], set[tuple[str, str, int, int]]]:
    """`# as: PATH` (where the case goes), `# expect: CODE L:C` (its diagnostics), and
    `# also: PATH CODE L:C` (what the case rightly reports in another file, e.g. the other side of a clash).
    `# run: PATH` (optional): what `validate` is given, when not the whole data folder."""
    text = path.read_bytes().decode("utf-8", errors="replace")
    target = re.search(r"^# as: (\S+)$", text, re.M).group(1)
    expected = {
        (code, int(line), int(col)) for code, line, col in re.findall(r"^# expect: (\w+) (\d+):(\d+)$", text, re.M)
    }
    also = {
        (f"data/{p}", code, int(line), int(col))
        for p, code, line, col in re.findall(r"^# also: (\S+) (\w+) (\d+):(\d+)$", text, re.M)
    }
    return target, expected, also


def shown(target: str) -> str:
    """How validate names the case's file: `data/TARGET`, or a reviewed list beside the data folder
    (`# as: ../catalogue/autolink-stop-list.yaml` is catalogue/autolink-stop-list.yaml)."""
    return posixpath.normpath(f"data/{target}")


def run_path(path: Path) -> str:
    found = re.search(r"^# run: (\S+)$", path.read_bytes().decode("utf-8", errors="replace"), re.M)
    return found.group(1) if found else "data"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_fixture_yields_exactly_its_diagnostics(case: Path, valid_data: Path, in_dir):
    target, expected, also = header(case)
    destination = valid_data / target
    destination.parent.mkdir(parents=True, exist_ok=True)
    destination.write_bytes(case.read_bytes())
    in_dir(valid_data.parent)
    _kb, diagnostics = validate([Path(run_path(case))])
    found = {(d.code, d.line, d.column) for d in diagnostics if d.path == shown(target)}
    assert found == expected, [d.render() for d in diagnostics]
    others = {(d.path, d.code, d.line, d.column) for d in diagnostics if d.path != shown(target)}
    assert others == also, "the case must not disturb other files"


def test_every_code_has_a_fixture():
    from counterpedia.diagnostics import CODES

    covered = {code for case in CASES for code, _l, _c in header(case)[1]}
    validator_codes = {code for code, entry in CODES.items() if entry.command == "validate"}
    assert not validator_codes - covered, sorted(validator_codes - covered)


def test_the_valid_data_set_is_clean(in_dir):
    in_dir(FIXTURE_DIR.parent / "valid")
    _kb, diagnostics = validate([Path("data")])
    assert diagnostics == []
