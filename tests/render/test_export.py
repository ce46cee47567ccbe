"""`counterpedia export`: JSON per kind and an index, valid against the export's own JSON Schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from counterpedia.commands.cli import main
from counterpedia.model.knowledge import load
from counterpedia.render import export


@pytest.fixture
def exported(valid_data: Path, in_dir, capsys) -> Path:
    in_dir(valid_data.parent)
    assert main(["export", "--out", "out"]) == 0
    assert "exported" in capsys.readouterr().out
    return valid_data.parent / "out"


def read(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_export_is_valid_against_its_schemas(exported):
    Draft202012Validator.check_schema(read(exported / "schemas" / "index.schema.json"))
    index = read(exported / "index.json")
    assert not list(Draft202012Validator(read(exported / "schemas" / "index.schema.json")).iter_errors(index))
    records_schema = read(exported / "schemas" / "records.schema.json")
    for kind, entry in index["kinds"].items():
        content = read(exported / entry["file"])
        assert not list(Draft202012Validator(records_schema).iter_errors(content)), kind
        assert len(content["records"]) == entry["count"]
        assert [r["id"] for r in content["records"]] == index["ids"][kind]


def test_each_record_has_provenance_urls_file_and_hash(exported):
    counters = read(exported / "counters.json")["records"]
    rad = next(r for r in counters if r["id"] == "rad")
    assert rad["urls"] == {"ja": "counters/rad.html", "en": "en/counters/rad.html", "fr": "fr/counters/rad.html"}
    assert rad["file"] == "data/counters/rad.yaml"
    assert rad["hash"] == export.content_hash(rad["data"])
    english = next(t for t in rad["texts"] if t["field"] == "names" and t["lang"] == "en")
    assert {"text", "status", "source", "version"} <= set(english) and english["canonical"] is True
    ruling = read(exported / "rulings.json")["records"][0]
    assert ruling["urls"]["fr"] == f"fr/rulings/index.html#{ruling['id']}"


def test_the_hash_changes_with_the_data_and_only_then(valid_data):
    kb, _ = load(valid_data)
    first = export.build(kb)
    assert export.build(load(valid_data)[0]) == first
    path = valid_data / "terms" / "mill.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("id: mill", "id: mill\nrules: []", 1), encoding="utf-8")
    second = export.build(load(valid_data)[0])
    hashes = lambda files: {r["id"]: r["hash"] for r in files["terms.json"]["records"]}  # noqa: E731
    assert hashes(first)["mill"] != hashes(second)["mill"]
    assert first["counters.json"] == second["counters.json"]


def test_data_with_errors_is_not_exported(valid_data, in_dir, capsys):
    in_dir(valid_data.parent)
    (valid_data / "terms" / "mill.yaml").write_text("id: mill\n", encoding="utf-8")
    assert main(["export", "--out", "out"]) == 1
    assert "error[E101]" in capsys.readouterr().out
    assert not (valid_data.parent / "out").exists()


def test_the_files_written_one_at_a_time_are_the_export(valid_data):
    """The site writes the export file by file (its memory stays that of one file): the same bytes, hashes
    included, as the whole export at once."""
    kb = load(valid_data)[0]
    whole = export.build(kb, export.file_resolver(valid_data))
    written = dict(export.iter_texts(kb, export.file_resolver(valid_data)))
    for name, content in whole.items():
        assert written[name] == json.dumps(content, ensure_ascii=False, indent=1) + "\n", name
    assert set(written) == set(whole) | {f"schemas/{name}" for name in export.SCHEMA_FILES}
