"""The reviewed list of shorthands players type (p1p1, pw, sba), each naming one record.

The list lives beside the data, in `catalogue/search-shorthands.yaml` at the repository root (outside
`data/`, whose every YAML file is a record). Shape: a mapping with `shorthands`, a list of
`{typed: [text, …], means: KIND/ID, note}` (schema: search-shorthands.schema.json). Checked by
`checks.shorthands` (E153 for the shape, E154 for a record that does not exist); read by the search
indexes (`meanings`), which turn each shorthand into the named record's name in each language.
"""

from __future__ import annotations

from pathlib import Path

from ..langs import LANGS
from ..search.shorthands import words
from . import reviewed
from .reviewed import Problem, ReviewedListError, list_path, load_document, shape_problems

FILE = Path("catalogue") / "search-shorthands.yaml"
SCHEMA = "search-shorthands"
NAME_FIELDS = {"rule": "title"}  # the field holding a record's names (else `names`)
__all__ = ["Problem", "ShorthandListError", "default_path", "load_document", "meanings", "problems", "schema"]


class ShorthandListError(ReviewedListError):
    pass


def default_path(data_dir: Path) -> Path:
    """Where the list is for a given data folder: `<repo>/catalogue/search-shorthands.yaml`."""
    return list_path(data_dir, FILE)


def schema() -> dict:
    return reviewed.schema(SCHEMA)


def _folded(typed: str) -> tuple:
    return words(typed)


def problems(document, kb) -> list[Problem]:
    """Every problem of a loaded list: its shape, a shorthand listed twice, a record that does not exist."""
    found = shape_problems(document, SCHEMA, "E153")
    if found:
        return found
    seen: dict[tuple, int] = {}
    for i, entry in enumerate(document["shorthands"]):
        for j, typed in enumerate(entry["typed"]):
            key = _folded(typed)
            if key in seen:
                found.append(
                    Problem(
                        "E153",
                        f"'{typed}' is listed twice (also in shorthand {seen[key] + 1})",
                        ("shorthands", i, "typed", j),
                    )
                )
            seen.setdefault(key, i)
        kind, _, record_id = entry["means"].partition("/")
        if kb is not None and kb.get(kind, record_id) is None:
            found.append(
                Problem(
                    "E154",
                    f"'{entry['means']}' names no record (no {kind} with id '{record_id}')",
                    ("shorthands", i, "means"),
                )
            )
    return found


def _names(record) -> dict:
    names = record.data.get(NAME_FIELDS.get(record.kind, "names")) if isinstance(record.data, dict) else None
    found = {}
    for lang, value in names.items() if isinstance(names, dict) else ():
        text = value.get("text") if isinstance(value, dict) else value
        if isinstance(text, str) and text.strip():
            found[lang] = text.strip()
    return found


def meanings(kb, path: Path) -> tuple[list, str | None]:
    """([[typed, {lang: the record's name}], …], problem): what the search expands, per language (a name
    missing in a language falls back to the English one). A list that has any problem is not used at all,
    and its first problem is returned (rendered as a diagnostic) instead; no list: ([], None)."""

    document, found = reviewed.read(Path(path), "E153", lambda document: problems(document, kb))
    if found:
        return [], found[0].render()
    if document is None:
        return [], None
    table = []
    for entry in document["shorthands"]:
        kind, _, record_id = entry["means"].partition("/")
        names = _names(kb.get(kind, record_id))
        fallback = names.get("en") or next(iter(names.values()), record_id)
        for typed in entry["typed"]:
            table.append([str(typed), {lang: names.get(lang, fallback) for lang in LANGS}])
    return table, None
