"""`counterpedia site build`: never empties a folder it did not make, and says why a build failed."""

from __future__ import annotations

import gc
import hashlib
import os
from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.commands.site_build import MARKER, MARKER_TEXT

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.site


@pytest.fixture(autouse=True)
def data_only(monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")  # the full-rules pages do not matter here: faster builds


def snapshot(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def build(out, data: Path, capsys, *more) -> tuple[int, str]:
    status = main(["site", "build", "--project", str(ROOT), "--data", str(data), "--out", str(out), *more])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return status, captured.err


def test_the_data_folder_is_refused_and_left_as_it_was(valid_data, capsys):
    before = snapshot(valid_data)
    status, err = build(valid_data, valid_data, capsys)
    assert status == 2
    assert str(valid_data) in err
    assert snapshot(valid_data) == before


def test_a_folder_of_other_files_is_refused_and_left_as_it_was(valid_data, tmp_path, capsys):
    project = tmp_path / "my-project"
    (project / "notes").mkdir(parents=True)
    (project / "notes" / "todo.txt").write_text("keep me", encoding="utf-8")
    (project / "README").write_text("mine", encoding="utf-8")
    before = snapshot(project)
    status, err = build(project, valid_data, capsys)
    assert status == 2
    assert MARKER in err and "would delete" in err
    assert snapshot(project) == before


def test_a_new_folder_is_built_marked_and_can_be_rebuilt(valid_data, tmp_path, capsys):
    out = tmp_path / "new" / "site"
    assert build(out, valid_data, capsys)[0] == 0
    assert (out / MARKER).is_file() and (out / "index.html").is_file() and (out / "fr" / "index.html").is_file()
    (out / "stale.html").write_text("from an older build", encoding="utf-8")
    assert build(out, valid_data, capsys)[0] == 0
    assert (out / MARKER).is_file() and not (out / "stale.html").exists()


def test_an_empty_folder_is_accepted(valid_data, tmp_path, capsys):
    out = tmp_path / "empty"
    out.mkdir()
    assert build(out, valid_data, capsys, "--lang", "en")[0] == 0
    assert (out / "en" / "index.html").is_file() and (out / MARKER).is_file()


def test_an_existing_file_is_refused(valid_data, tmp_path, capsys):
    target = tmp_path / "notes.txt"
    target.write_text("keep me", encoding="utf-8")
    status, err = build(target, valid_data, capsys)
    assert status == 2 and "not a folder" in err
    assert target.read_text(encoding="utf-8") == "keep me"


def test_an_output_folder_that_cannot_be_created_is_a_clear_error(valid_data, capsys):
    status, err = build("/proc/counterpedia-site", valid_data, capsys)
    assert status == 2 and "/proc/counterpedia-site: cannot write the site there" in err


def test_a_read_only_folder_is_a_clear_error(valid_data, tmp_path, capsys, monkeypatch):
    out = tmp_path / "read-only"
    out.mkdir()
    if os.geteuid() == 0:  # root writes anywhere: make the marker write fail as a read-only folder would
        real = Path.write_text

        def refuse(self, *args, **kwargs):
            if self.name == MARKER:
                raise PermissionError(13, "Permission denied", str(self))
            return real(self, *args, **kwargs)

        monkeypatch.setattr(Path, "write_text", refuse)
    else:
        out.chmod(0o555)
    try:
        status, err = build(out, valid_data, capsys)
    finally:
        out.chmod(0o755)
    assert status == 2 and "Permission denied" in err and str(out) in err


def test_a_data_error_names_the_file_line_and_reason(valid_data, tmp_path, capsys):
    record = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace("status: official", "status: oficial"), encoding="utf-8"
    )
    status, err = build(tmp_path / "site", valid_data, capsys)
    assert status == 1
    assert "cards/s/struggle-for-project-purity.yaml:3:51: error[E101]" in err and "'oficial'" in err


def test_an_in_process_build_leaves_every_object_collectable(valid_data, tmp_path, capsys):
    """The build sets the loaded data aside from Python's cycle collector while it runs (gc.freeze): a caller in
    the same process (a test, a script) gets it collectable again afterwards, whether the build succeeded or not."""
    before = gc.get_freeze_count()
    assert build(tmp_path / "site", valid_data, capsys, "--lang", "en")[0] == 0
    assert gc.get_freeze_count() == before
    record = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace("status: official", "status: oficial"), encoding="utf-8"
    )
    assert build(tmp_path / "site", valid_data, capsys, "--lang", "en")[0] == 1
    assert gc.get_freeze_count() == before


def test_languages_built_at_once_are_those_built_in_turn(valid_data, tmp_path, capsys, monkeypatch):
    """Each language in a process of its own gives the same files, byte for byte, as one process building them
    in turn, and leaves nothing beside the site (the languages are built beside it, then moved in)."""
    monkeypatch.setenv("COUNTERPEDIA_BUILD_JOBS", "1")
    assert build(tmp_path / "in-turn" / "site", valid_data, capsys)[0] == 0
    monkeypatch.setenv("COUNTERPEDIA_BUILD_JOBS", "3")
    out = tmp_path / "at-once" / "site"
    out.mkdir(parents=True)
    (out / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    (out / "en").mkdir()
    (out / "en" / "stale.html").write_text("from an older build", encoding="utf-8")
    assert build(out, valid_data, capsys)[0] == 0
    assert snapshot(out) == snapshot(tmp_path / "in-turn" / "site")
    assert [p.name for p in out.parent.iterdir()] == ["site"]


def test_a_data_error_built_at_once_leaves_no_half_built_language(valid_data, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_BUILD_JOBS", "3")
    record = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace("status: official", "status: oficial"), encoding="utf-8"
    )
    status, err = build(tmp_path / "out" / "site", valid_data, capsys)
    assert status == 1 and "error[E101]" in err and err.startswith("counterpedia site build: ja:")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["site"]


def test_languages_built_at_once_still_check_their_search_indexes_links(valid_data, tmp_path, capsys, monkeypatch):
    """Their processes leave every link to the one check of the whole site, the search indexes' included."""
    from counterpedia.commands import site_build

    monkeypatch.setenv("COUNTERPEDIA_BUILD_JOBS", "3")
    real = site_build.site_index.links

    def one_broken(site_dir):
        found = real(site_dir)
        return {**found, "search index": [*found.get("search index", []), "cards/no-such-card.html"]}

    monkeypatch.setattr(site_build.site_index, "links", one_broken)
    status, err = build(tmp_path / "site", valid_data, capsys)
    assert status == 1
    for prefix in ("", "en/", "fr/"):
        assert f"\n{prefix}search index: broken link to cards/no-such-card.html" in err
