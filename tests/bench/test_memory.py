"""The synthetic AllPrintings.json: MTGJSON's shape, the sets of its input files, and the same import."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from counterpedia.bench.memory import AllPrintingsError, all_printings, without_imported_cards
from counterpedia.importers.mtgjson.pipeline import run
from counterpedia.importers.mtgjson.read import iter_sets
from tests.importers import conftest as importers

ROOT = Path(__file__).resolve().parents[2]
import_data = importers.import_data  # the importers' small data set, as a fixture here too
EXCERPTS = sorted((ROOT / "tests" / "fixtures" / "mtgjson").glob("*.json"))


def test_it_holds_exactly_the_sets_of_the_files_in_mtgjsons_shape(tmp_path):
    target = tmp_path / "AllPrintings.json"
    codes = all_printings(EXCERPTS, target)
    document = json.loads(target.read_text(encoding="utf-8"))
    assert list(document) == ["data", "meta"]
    assert list(document["data"]) == sorted(codes)
    originals = {}
    for path in EXCERPTS:
        single = json.loads(path.read_text(encoding="utf-8"))
        originals[single["data"]["code"]] = single["data"]
        assert document["meta"] == single["meta"]
    assert document["data"] == originals
    assert [s.code for s in iter_sets([target])] == sorted(originals)


def test_compressed_set_files_are_read(tmp_path):
    packed = tmp_path / "NEO.json.gz"
    with gzip.open(packed, "wb") as stream:
        stream.write((ROOT / "tests" / "fixtures" / "mtgjson" / "NEO.json").read_bytes())
    all_printings([packed], tmp_path / "AllPrintings.json")
    assert [s.code for s in iter_sets([tmp_path / "AllPrintings.json"])] == ["NEO"]


def test_a_set_twice_or_a_file_that_is_no_set_file_is_refused(tmp_path):
    neo = ROOT / "tests" / "fixtures" / "mtgjson" / "NEO.json"
    copy = tmp_path / "NEO-again.json"
    shutil.copy(neo, copy)
    with pytest.raises(AllPrintingsError, match="NEO"):
        all_printings([neo, copy], tmp_path / "AllPrintings.json")
    other = tmp_path / "other.json"
    other.write_text('{"data": [1, 2]}', encoding="utf-8")
    with pytest.raises(AllPrintingsError, match="not an MTGJSON set file"):
        all_printings([other], tmp_path / "AllPrintings.json")


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.yaml"))}


def test_it_imports_to_the_same_records_as_the_set_files(import_data, tmp_path):
    separate = tmp_path / "separate"
    shutil.copytree(import_data, separate)
    target = tmp_path / "AllPrintings.json"
    all_printings(EXCERPTS, target)
    run(separate, EXCERPTS, excluded=["cell"])
    run(import_data, [target], excluded=["cell"])
    assert snapshot(import_data) == snapshot(separate)
    assert len(snapshot(import_data)) > len(list((ROOT / "tests" / "fixtures" / "valid" / "data").rglob("*.yaml")))


def test_the_import_copy_keeps_hand_written_cards_and_drops_imported_ones(tmp_path):
    data = tmp_path / "repo" / "data"
    (data / "cards" / "a").mkdir(parents=True)
    (data / "cards" / "a" / "imported.yaml").write_text(
        "# Added by `counterpedia import mtgjson` on …\nid: imported\n", encoding="utf-8"
    )
    (data / "cards" / "a" / "by-hand.yaml").write_text("id: by-hand\n", encoding="utf-8")
    copy, removed = without_imported_cards(data, tmp_path / "out")
    assert removed == 1
    assert sorted(p.name for p in (copy / "cards").rglob("*.yaml")) == ["by-hand.yaml"]
    assert (data / "cards" / "a" / "imported.yaml").is_file()


def test_the_measured_import_runs_as_a_user_runs_it_and_reports_what_it_wrote(import_data, tmp_path):
    from counterpedia.bench.memory import measure, report

    figures = measure(import_data, tmp_path / "scratch", EXCERPTS)
    assert figures.run.ok(), figures.run.stderr
    assert figures.sets == len(EXCERPTS) and figures.removed == 0 and figures.written
    assert not (tmp_path / "scratch" / "AllPrintings.json").exists()  # 250 MB on the real files: not left behind
    lines = []
    assert report(figures, lines.append)
    assert f"wrote {figures.written} file(s)" in lines[0] and "target < 500 MB" in lines[0]
