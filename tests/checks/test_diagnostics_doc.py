"""docs/editors/diagnostics.md lists every code with a real example: a golden file refreshed by UPDATE_GOLDEN=1."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from counterpedia.checks.diagnostics_doc import render
from counterpedia.checks.validate import validate

from .test_cr_ja_fixtures import examples as japanese_check_examples
from .test_invalid_fixtures import CASES, header, run_path, shown

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "editors" / "diagnostics.md"


def examples(tmp_path: Path, monkeypatch) -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}
    monkeypatch.chdir(tmp_path)
    for case in CASES:
        target, expected, _also = header(case)
        codes = {code for code, _l, _c in expected}
        if codes <= set(found):
            continue
        data = tmp_path / "data"
        shutil.rmtree(data, ignore_errors=True)
        shutil.rmtree(tmp_path / "catalogue", ignore_errors=True)  # a reviewed list's case
        shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", data)
        (data / target).parent.mkdir(parents=True, exist_ok=True)
        (data / target).write_bytes(case.read_bytes())
        _kb, diagnostics = validate([Path(run_path(case))])
        # Verbatim, header comments included, so that the line numbers of the output match.
        source = case.read_bytes().decode("utf-8", "replace")
        for code in codes - set(found):
            output = "\n".join(d.render() for d in diagnostics if d.code == code and d.path == shown(target))
            found[code] = (source, output)
    for code, example in japanese_check_examples(tmp_path).items():
        found.setdefault(code, example)
    return found


def test_the_diagnostics_page_is_current(tmp_path, monkeypatch):
    text = render(examples(tmp_path, monkeypatch))
    if os.environ.get("UPDATE_GOLDEN"):
        DOC.write_text(text, encoding="utf-8")
    assert DOC.read_text(encoding="utf-8") == text, "run UPDATE_GOLDEN=1 pytest tests/checks/test_diagnostics_doc.py"
