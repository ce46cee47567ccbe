"""The reviewed list of counter kinds left out of the catalogue, each with its reason.

The list lives beside the data, in `catalogue/excluded-counters.yaml` at the repository root (outside
`data/`, whose every YAML file is a record). Shape: a mapping with `counters`, a list of
`{name, category, reason}`; `category` is one of CATEGORIES. Checked by `checks.excluded` (E150 for the list,
E151 on a counter record that the list also excludes); read and placed by `catalogue.reviewed`.
"""

from __future__ import annotations

from pathlib import Path

from ..model.shapes import as_dict
from ..storage.load import locate
from .reviewed import Problem, ReviewedListError, list_path, load_document, shape_problems
from .reviewed import schema as reviewed_schema

CATEGORIES = ("engine-internal", "not-a-magic-card", "unverified")
FILE = Path("catalogue") / "excluded-counters.yaml"
SCHEMA = "excluded-counters"


class ExcludedListError(ReviewedListError):
    pass


def default_path(data_dir: Path) -> Path:
    """Where the list is for a given data folder: `<repo>/catalogue/excluded-counters.yaml`."""
    return list_path(data_dir, FILE)


def schema() -> dict:
    return reviewed_schema(SCHEMA)


def shape_errors(document) -> list[tuple[str, tuple]]:
    """(message, path) for each way the document departs from the schema."""
    return [(p.message, p.where) for p in shape_problems(document, SCHEMA, "E150")]


def problems(document, kb) -> list[Problem]:
    """Its shape (E150), a kind listed twice (E150), a kind also recorded (E151, on the counter record)."""
    found = shape_problems(document, SCHEMA, "E150")
    if found:
        return found
    recorded = {}
    for record in kb.all("counter"):
        english = as_dict(record.data.get("names")).get("en")
        if isinstance(english, dict) and isinstance(english.get("text"), str):
            recorded[english["text"].lower().removesuffix(" counter")] = record
    seen = set()
    for index, entry in enumerate(document["counters"]):
        name = entry["name"].lower()
        where = ("counters", index, "name")
        if name in seen:
            found.append(Problem("E150", f"'{entry['name']}' is listed twice", where))
        seen.add(name)
        if name in recorded:
            # Reported on the record, which `counterpedia validate` shows whatever paths it is asked about.
            record = recorded[name]
            line = locate(document, where)[0] + 1
            found.append(
                Problem(
                    "E151",
                    f"counter '{record.id}' is also listed as excluded in {FILE.as_posix()} (line {line})",
                    ("names", "en", "text"),
                    record,
                )
            )
    return found


def load_excluded(path: Path) -> list[dict]:
    document = load_document(path, ExcludedListError)
    errors = shape_errors(document)
    if errors:
        raise ExcludedListError(errors[0][0])
    return [dict(entry) for entry in document["counters"]]
