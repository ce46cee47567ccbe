"""The reviewed list of shorthands players type (p1p1, pw, sba), each naming one record.

The list lives beside the data, in `catalogue/search-shorthands.yaml` at the repository root (outside
`data/`, whose every YAML file is a record). Shape: a mapping with `shorthands`, a list of
`{typed: [text, …], means: KIND/ID, note}` (schema: search-shorthands.schema.json). Checked by
`checks.shorthands` (E153 for the shape, E154 for a record that does not exist); read by the search
indexes (`meanings`), which turn each shorthand into the named record's name in each language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from jsonschema import Draft202012Validator
from ruamel.yaml.error import YAMLError

from ..diagnostics import make
from ..langs import LANGS
from ..search.shorthands import words
from ..storage.load import display_path, locate
from ..storage.yamlio import yaml_loader

FILE = Path("catalogue") / "search-shorthands.yaml"
NAME_FIELDS = {"rule": "title"}  # the field holding a record's names (else `names`)


class ShorthandListError(ValueError):
    def __init__(self, message: str, line: int = 0, column: int = 0):
        super().__init__(message)
        self.line, self.column = line, column


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the list: E153 (shape) or E154 (unknown record), at a path of keys in it."""

    code: str
    message: str
    where: tuple


def default_path(data_dir: Path) -> Path:
    """Where the list is for a given data folder: `<repo>/catalogue/search-shorthands.yaml`."""
    return Path(data_dir).resolve().parent / FILE


def schema() -> dict:
    return json.loads(resources.files("counterpedia.schemas").joinpath("search-shorthands.schema.json")
                      .read_text(encoding="utf-8"))


def load_document(path: Path):


    try:
        return yaml_loader().load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise ShorthandListError(f"cannot read the file: {error}") from None
    except YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        raise ShorthandListError(f"YAML syntax error: {' '.join(str(getattr(error, 'problem', error)).split())}",
                                 mark.line if mark else 0, mark.column if mark else 0) from None


def _folded(typed: str) -> tuple:
    return words(typed)


def problems(document, kb) -> list[Problem]:
    """Every problem of a loaded list: its shape, a shorthand listed twice, a record that does not exist."""
    found = [Problem("E153", f"{'.'.join(str(p) for p in e.absolute_path) or 'document'}: {e.message}",
                     tuple(e.absolute_path))
             for e in Draft202012Validator(schema()).iter_errors(document)]
    if found:
        return found
    seen: dict[tuple, int] = {}
    for i, entry in enumerate(document["shorthands"]):
        for j, typed in enumerate(entry["typed"]):
            key = _folded(typed)
            if key in seen:
                found.append(Problem("E153", f"'{typed}' is listed twice (also in shorthand {seen[key] + 1})",
                                     ("shorthands", i, "typed", j)))
            seen.setdefault(key, i)
        kind, _, record_id = entry["means"].partition("/")
        if kb is not None and kb.get(kind, record_id) is None:
            found.append(Problem("E154", f"'{entry['means']}' names no record (no {kind} with id '{record_id}')",
                                 ("shorthands", i, "means")))
    return found


def _names(record) -> dict:
    names = record.data.get(NAME_FIELDS.get(record.kind, "names")) if isinstance(record.data, dict) else None
    found = {}
    for lang, value in (names.items() if isinstance(names, dict) else ()):
        text = value.get("text") if isinstance(value, dict) else value
        if isinstance(text, str) and text.strip():
            found[lang] = text.strip()
    return found


def meanings(kb, path: Path) -> tuple[list, str | None]:
    """([[typed, {lang: the record's name}], …], problem): what the search expands, per language (a name
    missing in a language falls back to the English one). A list that has any problem is not used at all,
    and its first problem is returned (rendered as a diagnostic) instead; no list: ([], None)."""

    path = Path(path)
    if not path.is_file():
        return [], None
    try:
        document = load_document(path)
    except ShorthandListError as error:
        return [], make(display_path(path), (error.line, error.column), "E153", str(error)).render()
    found = problems(document, kb)
    if found:
        return [], make(display_path(path), locate(document, found[0].where), found[0].code, found[0].message).render()
    table = []
    for entry in document["shorthands"]:
        kind, _, record_id = entry["means"].partition("/")
        names = _names(kb.get(kind, record_id))
        fallback = names.get("en") or next(iter(names.values()), record_id)
        for typed in entry["typed"]:
            table.append([str(typed), {lang: names.get(lang, fallback) for lang in LANGS}])
    return table, None
