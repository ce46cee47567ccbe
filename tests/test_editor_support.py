"""Editor support: every data file is mapped to its JSON Schema, every schema is valid, hooks run the checks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from ruamel.yaml import YAML

from counterpedia import kinds
from counterpedia.storage import schema_model
from counterpedia.storage.load import record_files, schema_kind

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / ".vscode" / "settings.json"
SCHEMAS = ROOT / "tools" / "counterpedia" / "schemas"


def glob_regex(pattern: str) -> re.Pattern:
    """The YAML language server's globs: `**/` any folders (or none), `*` any name part."""
    out = ""
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:[^/]+/)*", i + 3
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(f"^{out}$")


def mapping() -> dict[str, list[str]]:
    settings = json.loads(SETTINGS.read_text(encoding="utf-8"))["yaml.schemas"]
    return {schema: [globs] if isinstance(globs, str) else globs for schema, globs in settings.items()}


def schemas_for(relative: str) -> list[str]:
    return [schema for schema, globs in mapping().items() if any(glob_regex(g).match(relative) for g in globs)]


def data_files() -> list[Path]:
    files = record_files([ROOT / "data"])
    excluded = ROOT / "catalogue" / "excluded-counters.yaml"
    return files + ([excluded] if excluded.is_file() else [])


def test_every_data_file_is_mapped_to_the_schema_of_its_kind():
    files = data_files()
    if not files:
        pytest.skip("no data yet")
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        found = schemas_for(relative)
        assert len(found) == 1, f"{relative}: mapped to {found or 'no schema'}"
        assert found[0] == f"tools/counterpedia/schemas/{schema_model.file_of(schema_kind(path))}", relative


@pytest.mark.parametrize(
    "relative, kind",
    [
        ("data/cards/w/walking-ballista.yaml", "card"),  # sharded cards
        ("data/cards/walking-ballista.yaml", "card"),
        ("data/rulings/2024-01-01-x.yaml", "ruling"),
        ("catalogue/excluded-counters.yaml", "excluded-counters"),
    ],
)
def test_the_layout_of_the_data_is_covered(relative, kind):
    assert schemas_for(relative) == [f"tools/counterpedia/schemas/{schema_model.file_of(kind)}"]


@pytest.mark.parametrize("kind", kinds.names())
def test_every_kind_s_folder_is_mapped_to_its_schema(kind):
    folder = kinds.get(kind).folder
    expected = [f"tools/counterpedia/schemas/{kinds.get(kind).schema}"]
    assert schemas_for(f"data/{folder}/x.yaml") == expected
    assert schemas_for(f"data/{folder}/x/x.yaml") == expected  # a sharded kind's files


def test_every_schema_is_mapped_and_exists():
    mapped = set(mapping())
    for schema in mapped:
        assert (ROOT / schema).is_file(), schema
    expected = {f"tools/counterpedia/schemas/{schema_model.file_of(kind)}" for kind in schema_model.kinds()}
    assert mapped == expected


@pytest.mark.parametrize(
    "path", sorted(SCHEMAS.rglob("*.schema.json")), ids=lambda p: p.relative_to(SCHEMAS).as_posix()
)
def test_every_schema_is_itself_valid(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)  # raises SchemaError, naming the keyword, if not
    assert schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"


def test_the_pre_commit_hooks_run_validate_fmt_check_and_the_lint():
    config = YAML(typ="safe").load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = {hook["entry"] for repo in config["repos"] for hook in repo["hooks"]}
    assert hooks == {
        ".venv/bin/counterpedia validate",
        ".venv/bin/counterpedia fmt --check",
        ".venv/bin/ruff check",
        ".venv/bin/ruff format --check",
        ".venv/bin/mypy",
    }
    pattern = re.compile(config["repos"][0]["hooks"][0]["files"])
    assert pattern.search("data/cards/w/walking-ballista.yaml") and pattern.search("catalogue/excluded-counters.yaml")
    assert pattern.search("catalogue/autolink-stop-list.yaml")  # every reviewed list validate reads
