"""What every reviewed list of catalogue/ shares: read the file, check it against its JSON Schema, and turn
its problems into located diagnostics.

A reviewed list (excluded counter kinds, search shorthands, the auto-linking stop list) is a YAML file beside
the data folder, `<repo>/catalogue/NAME.yaml`, with a schema of its own (`schemas/NAME.schema.json`). Each
list's module says what else is wrong with it (`problems`: a function of the loaded document); this module
reads the file and places each problem: on the list, at a path of keys in it, or on a record (`Problem.record`,
as a counter both recorded and excluded is reported on the counter record).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from ruamel.yaml.error import YAMLError

from ..diagnostics import Diagnostic, make
from ..storage.load import display_path, locate
from ..storage.yamlio import yaml_loader


class ReviewedListError(ValueError):
    """A list that cannot be read at all: not UTF-8, or not YAML (0-based line and column)."""

    def __init__(self, message: str, line: int = 0, column: int = 0):
        super().__init__(message)
        self.line, self.column = line, column


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a list: its code, message, and where: a path of keys in the list, or, with
    `record`, a path of keys in that record."""

    code: str
    message: str
    where: tuple
    record: Any = None


Problems = Callable[[Any], Iterable[Problem]]


def list_path(data_dir: Path, file: Path) -> Path:
    """Where a list is for a given data folder: `<repo>/catalogue/NAME.yaml`."""
    return Path(data_dir).resolve().parent / file


def schema(name: str) -> dict:
    """The JSON Schema `schemas/NAME.schema.json`."""
    text = resources.files("counterpedia.schemas").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def load_document(path: Path, error: type[ReviewedListError] = ReviewedListError):
    """The list as a round-trip tree (positions kept); raises `error` when it cannot be read."""
    try:
        return yaml_loader().load(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as problem:
        raise error(f"cannot read the file: {problem}") from None
    except YAMLError as problem:
        mark = getattr(problem, "problem_mark", None)
        message = " ".join(str(getattr(problem, "problem", problem)).split())
        raise error(f"YAML syntax error: {message}", mark.line if mark else 0, mark.column if mark else 0) from None


def shape_problems(document, schema_name: str, code: str) -> list[Problem]:
    """One problem (`code`) for each way the document departs from its schema."""
    return [
        Problem(code, f"{'.'.join(str(p) for p in e.absolute_path) or 'document'}: {e.message}", tuple(e.absolute_path))
        for e in Draft202012Validator(schema(schema_name)).iter_errors(document)
    ]


def read(path: Path, syntax_code: str, problems: Problems) -> tuple[Any, list[Diagnostic]]:
    """(the list's document, its diagnostics): `syntax_code` when it cannot be read (document None), else each
    of `problems(document)`, located. No file: (None, [])."""
    path = Path(path)
    if not path.is_file():
        return None, []
    shown = display_path(path)
    try:
        document = load_document(path)
    except ReviewedListError as error:
        return None, [make(shown, (error.line, error.column), syntax_code, str(error))]
    found = []
    for problem in problems(document):
        if problem.record is not None:
            found.append(
                make(problem.record.path, problem.record.position(problem.where), problem.code, problem.message)
            )
        else:
            found.append(make(shown, locate(document, problem.where), problem.code, problem.message))
    return document, found


def diagnostics(path: Path, syntax_code: str, problems: Problems) -> list[Diagnostic]:
    """The diagnostics of the list at `path` (see `read`)."""
    return read(path, syntax_code, problems)[1]
