"""The costly part of a check across records, kept from one `validate` to the next under exactly what it reads.

A check across records whose costly part reads only a small projection of the knowledge base computes that part as
a pure function of the projection, written next to the check (the printed names: each printed text's reading, a
function of the vocabulary's targets and of that text's English, language and printed text), and asks
`value(name, projection, compute, parse)`: the value kept for the same check, projection and context (the
package's files, Python's and the libraries' versions, the settings, the working directory:
`incremental.context_key`) is used, else `compute()`'s, kept for the next run. What the check then reports is
worked out on the knowledge base of this run (the files, lines and columns of this run's records), never replayed.

The values are kept beside the per-file results (counterpedia.checks.per_file), on the same runs: none with
`--no-cache`, none for a run the cache cannot vouch for; only the values a run used are kept by it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..storage.parse_cache import read_cache_file, write_cache_file
from .per_file import KeptPerFile

FORMAT = 1
T = TypeVar("T")


class KeptAcross:
    """Values kept in `path` under their check's name, their projection's digest and `context`."""

    def __init__(self, path: Path, context: str):
        self.path = path
        self.context = context
        self._known: dict[str, object] = read_cache_file(path, FORMAT, "values")  # absent or foreign: computed
        self._used: dict[str, object] = {}
        self._changed = False

    @classmethod
    def beside(cls, kept: KeptPerFile) -> KeptAcross:
        """The values kept beside these per-file results (the same data folder and context)."""
        return cls(kept.path.with_name(f"across-{kept.path.name}"), kept.context)

    def value(self, name: str, projection: str, compute: Callable[[], Any], parse: Callable[[Any], T | None]) -> T:
        """`parse` of the value kept for check `name` under `projection` (a text: the digest of what the value is
        computed from), or of `compute()`'s (a JSON value, kept for the next run): a kept value that `parse` declines
        (None: a cache file written by hand, or by a bug) is computed again. Either way `parse` reads it as JSON
        gives it back (lists, not tuples), so that a kept value and a computed one are read alike."""
        key = hashlib.sha256(f"{self.context}\0{name}\0{projection}".encode("utf-8", "surrogatepass")).hexdigest()
        found = self._known.get(key)
        parsed = parse(found) if found is not None else None
        if parsed is None:
            found = json.loads(json.dumps(compute()))
            parsed = parse(found)
            if parsed is None:
                raise ValueError(f"{name}: a computed value that its own parse declines: {found!r}")
            self._changed = True
        self._used[key] = found
        return parsed

    def save(self) -> None:
        """Keep this run's values (and only those) when one of them is new, or one kept is no longer used."""
        if not self._changed and len(self._used) == len(self._known):
            return
        write_cache_file(self.path, json.dumps({"format": FORMAT, "values": self._used}, separators=(",", ":")))
