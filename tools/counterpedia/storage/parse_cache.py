"""A cache of parsed records, keyed by the exact text of each file: thousands of cards load in a fraction of
the time it takes to parse them.

Parsing YAML is most of what `validate`, `status` and the site build spend on loading (3,300 files: 3.7 s of
CPU; the cache: well under a second). An entry is the record's data under the SHA-256 of the file's text: a
file whose text changed is parsed again, whatever its date; nothing else is trusted. Only files that parse
cleanly are cached, so every problem is still found and reported by the parser. The cache is JSON, not
pickle: a cache file is data, and reading one found beside a data folder must never run code.

The cache lives beside the data folder, in `.cache/counterpedia/` (or `$XDG_CACHE_HOME/counterpedia/`), as the
search index does; it is written atomically and pruned to the files of the last load. A cache that cannot be
read or written is ignored: the records are then parsed, as without it. `COUNTERPEDIA_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 2  # bump when what is stored changes (e.g. the loader's types)
_DATE, _DATETIME = "$date", "$datetime"


class _Unstorable(Exception):
    pass


def _encode(value: object) -> object:
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)) in (_DATE, _DATETIME):
            raise _Unstorable  # would read back as a date
        if not all(isinstance(k, str) for k in value):
            raise _Unstorable
        return {k: _encode(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dt.datetime):
        return {_DATETIME: value.isoformat()}
    if isinstance(value, dt.date):
        return {_DATE: value.isoformat()}
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    raise _Unstorable


def _decode(mapping: dict[str, Any]) -> object:
    if len(mapping) == 1:
        if _DATE in mapping:
            return dt.date.fromisoformat(mapping[_DATE])
        if _DATETIME in mapping:
            return dt.datetime.fromisoformat(mapping[_DATETIME])
    return mapping


def cache_file(root: Path) -> Path:
    root = Path(root).resolve()
    tag = hashlib.sha1(str(root).encode()).hexdigest()[:12]
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) / "counterpedia" if xdg else root.parent / ".cache" / "counterpedia"
    return base / f"parsed-{tag}.json"


class ParseCache:
    """The parsed records of one data folder, for one load (`get`, `put`, then `save`)."""

    def __init__(self, root: Path | None):
        self.path = cache_file(root) if root is not None and not os.environ.get("COUNTERPEDIA_NO_CACHE") else None
        self.entries: dict[str, str] = {}
        self.used: dict[str, str] = {}
        self.changed = False
        if self.path is not None:
            self.entries = read_cache_file(self.path, FORMAT, "entries")

    @staticmethod
    def key(text: str) -> str:
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def get(self, text: str) -> object | None:
        if self.path is None:
            return None
        key = self.key(text)
        blob = self.entries.get(key)
        if not isinstance(blob, str):
            return None
        try:
            # A fresh copy for each load: callers may change records. Dates only where stored (rare).
            data: object = json.loads(blob, object_hook=_decode) if _DATE in blob else json.loads(blob)
        except Exception:
            return None
        self.used[key] = blob
        return data

    def put(self, text: str, data: object, json_ready: bool = False) -> None:
        """Store the data of `text`; `json_ready`: the caller knows it is JSON as it is (text keys, none
        starting with `$`, no dates), so it is not walked to be converted."""
        if self.path is None:
            return
        try:
            blob = json.dumps(
                data if json_ready else _encode(data), ensure_ascii=False, separators=(",", ":"), allow_nan=True
            )
        except (_Unstorable, ValueError, RecursionError):
            return
        self.used[self.key(text)] = blob
        self.changed = True

    def save(self) -> None:
        """Keep the entries of this load only (the cache follows the data), if anything changed."""
        if self.path is None or not (self.changed or len(self.used) != len(self.entries)):
            return
        write_cache_file(self.path, json.dumps({"format": FORMAT, "entries": self.used}, ensure_ascii=False))


def read_cache_file(path: Path, format_version: int, field: str) -> dict[str, Any]:
    """The mapping `field` of a cache file written by `write_cache_file` in this format, or an empty one: a cache
    file that is absent, unreadable, not JSON or of another format is ignored (what it held is computed again)."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except Exception:  # absent, unreadable, not JSON, not text
        return {}
    found = stored.get(field) if isinstance(stored, dict) and stored.get("format") == format_version else None
    return found if isinstance(found, dict) else {}


def write_cache_file(path: Path, text: str) -> None:
    """Replace a cache file whole (a temporary file, then a rename), or leave it as it was: a read-only checkout or
    a full disk still works, just without the cache (the parse cache, fmt's, validate's kept results)."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8"))
        os.replace(temporary, path)
    except Exception:
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
