"""make bench's validate section: cold, warm with nothing changed, and warm after one edit, made on a copy."""

from __future__ import annotations

from pathlib import Path

from counterpedia.bench import validate


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_one_edit_figure_edits_a_copy_and_every_figure_is_reported(valid_data: Path, tmp_path: Path):
    before = snapshot(valid_data)
    figures = validate.measure(valid_data, tmp_path / "scratch", runs=1, peer=False)
    assert snapshot(valid_data) == before  # the data measured is never edited
    assert [r.status for r in figures.cold + figures.warm + figures.edited] == [0, 0, 0]
    lines: list[str] = []
    validate.report(figures, say=lines.append)
    assert [line.split(":")[0].strip() for line in lines[:3]] == [
        f"counterpedia validate, {validate.LABELS[label]}" for label in ("cold", "warm", "edited")
    ]
