"""A small cache of computed results (JSON), keyed by a digest of everything the result depends on.

`counterpedia validate` keeps its diagnostics here, under the digest of its inputs (counterpedia.checks.incremental):
a run whose inputs are those of an earlier run prints that run's diagnostics. The file lives where the parse cache
does (`.cache/counterpedia/` beside the data folder, or `$XDG_CACHE_HOME/counterpedia/`), is written atomically and
holds the last few results only. A cache file that cannot be read, is corrupt or was written by another format is
ignored, and one that cannot be written is not written: the result is then computed, as without a cache. It is
JSON, never pickle: reading a cache file must never run code.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..diagnostics import CODES, Diagnostic
from .parse_cache import cache_file, read_cache_file, write_cache_file

FORMAT = 1
KEEP = 8  # results kept (a few argument lists, e.g. `validate` and `validate data/cards`, alternate without loss)


def result_file(root: Path, name: str) -> Path:
    """The cache file `name` of the data folder `root`, beside its parse cache."""
    parsed = cache_file(root)
    return parsed.with_name(f"{name}-{parsed.stem.removeprefix('parsed-')}.json")


class ResultCache:
    """Results stored under their key: `get(key)` (None when absent or unreadable), `put(key, value)`."""

    def __init__(self, path: Path):
        self.path = path

    def _entries(self) -> dict[str, object]:
        return read_cache_file(self.path, FORMAT, "entries")

    def get(self, key: str) -> object | None:
        return self._entries().get(key)

    def put(self, key: str, value: object) -> None:
        entries = {k: v for k, v in self._entries().items() if k != key}
        kept = dict(list(entries.items())[-(KEEP - 1) :]) if KEEP > 1 else {}
        kept[key] = value
        write_cache_file(self.path, json.dumps({"format": FORMAT, "entries": kept}, ensure_ascii=False))


def rows(diagnostics: list[Diagnostic]) -> list[list[object]]:
    """Diagnostics as a cache stores them (JSON)."""
    return [[d.path, d.line, d.column, d.code, d.message, d.hint] for d in diagnostics]


def from_rows(value: object) -> list[Diagnostic] | None:
    """The diagnostics stored by `rows`, or None when the value is not what this version stores."""
    if not isinstance(value, list):
        return None
    found = []
    for item in value:
        if not (isinstance(item, list) and len(item) == 6):
            return None
        path, line, column, code, message, hint = item
        if not (
            isinstance(path, str)
            and type(line) is int
            and type(column) is int
            and code in CODES
            and isinstance(message, str)
            and isinstance(hint, str)
        ):
            return None
        found.append(Diagnostic(path, line, column, code, message, hint))
    return found
