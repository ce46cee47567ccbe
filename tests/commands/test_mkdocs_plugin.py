"""The MkDocs glue: the data loaded and checked once for the three languages of a build, anew after an edit."""

from __future__ import annotations

from pathlib import Path

from counterpedia.commands.mkdocs_plugin import checked_data


def test_an_edit_between_two_builds_is_seen(valid_data: Path):
    kb, errors = checked_data(valid_data)
    assert errors == []
    counter = next(iter(sorted((valid_data / "counters").glob("*.yaml"))))
    text = counter.read_text(encoding="utf-8")
    counter.write_text(text + "unexpected_field: 1\n", encoding="utf-8")
    kb, errors = checked_data(valid_data)
    assert [e.code for e in errors] == ["E101"]
    counter.write_text(text, encoding="utf-8")
    assert checked_data(valid_data)[1] == []


def test_another_data_folder_is_loaded_for_itself(valid_data: Path, tmp_path: Path):
    import shutil

    other = tmp_path / "other" / "data"
    shutil.copytree(valid_data, other)
    (other / "counters" / "extra.yaml").write_text("id: extra\n", encoding="utf-8")
    assert checked_data(valid_data)[1] == []
    assert checked_data(other)[1] != []
