"""The reviewed list of counter kinds left out of the catalogue, each with its reason.

The list lives beside the data, in `catalogue/excluded-counters.yaml` at the repository root (outside
`data/`, whose every YAML file is a record). Shape: a mapping with `counters`, a list of
`{name, category, reason}`; `category` is one of CATEGORIES. Checked by `checks.excluded`.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from jsonschema import Draft202012Validator
from ruamel.yaml.error import YAMLError

from ..storage.yamlio import yaml_loader

CATEGORIES = ("engine-internal", "not-a-magic-card", "unverified")
FILE = Path("catalogue") / "excluded-counters.yaml"


class ExcludedListError(ValueError):
    def __init__(self, message: str, line: int = 0, column: int = 0):
        super().__init__(message)
        self.line, self.column = line, column


def default_path(data_dir: Path) -> Path:
    """Where the list is for a given data folder: `<repo>/catalogue/excluded-counters.yaml`."""
    return data_dir.resolve().parent / FILE


def schema() -> dict:
    return json.loads(resources.files("counterpedia.schemas").joinpath("excluded-counters.schema.json").read_text(encoding="utf-8"))


def load_document(path: Path):
    try:
        return yaml_loader().load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ExcludedListError(f"cannot read the file: {error}") from None
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ExcludedListError(f"YAML syntax error: {' '.join(str(getattr(error, 'problem', error)).split())}",
                                mark.line if mark else 0, mark.column if mark else 0) from None


def shape_errors(document) -> list[tuple[str, tuple]]:
    """(message, path) for each way the document departs from the schema."""
    found = []
    for error in Draft202012Validator(schema()).iter_errors(document):
        where = ".".join(str(p) for p in error.absolute_path) or "document"
        found.append((f"{where}: {error.message}", tuple(error.absolute_path)))
    return found


def load_excluded(path: Path) -> list[dict]:
    document = load_document(path)
    errors = shape_errors(document)
    if errors:
        raise ExcludedListError(errors[0][0])
    return [dict(entry) for entry in document["counters"]]
