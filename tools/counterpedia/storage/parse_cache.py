"""A snapshot of parsed records, keyed by the SHA-256 of each file's bytes: thousands of cards load in a fraction
of the time it takes to parse them, and a file whose digest is known (counterpedia.storage.file_digests) is
neither read nor decoded.

Parsing YAML is most of what `validate`, `status` and the site build spend on loading (5,700 files: about 3 s of
CPU; from the snapshot, 0.1 s).
An entry is a file's bytes (its text, for the positions of diagnostics, decoded only when one is asked for) and
its record's data, under the SHA-256 of those bytes: a file whose bytes changed is parsed again, whatever its
date. Only files that parse cleanly are kept, so every problem is still found and reported by the parser.

The snapshot is one file, each entry's data pickled apart (a change rewrites the others' bytes as they are, without
encoding them again) and read with an unpickler that builds nothing but plain values (dicts, lists, text, numbers,
dates): no class is looked up, so reading a snapshot found beside a data folder never runs code. A snapshot that
is absent, truncated, damaged (a CRC-32 of its content follows it) or of another format is ignored as a whole, and
so is an entry whose data does not unpickle; what it held is parsed again. It lives beside the data folder, in
`.cache/counterpedia/` (or `$XDG_CACHE_HOME/counterpedia/`), as the search index does; it is written atomically,
only when something changed, and pruned to the files of the last load. `COUNTERPEDIA_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import pickle
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

FORMAT = 3  # bump when what is stored changes (e.g. the loader's types)
_MAGIC = b"counterpedia parsed records %d\n" % FORMAT
_CHECKSUM = 4  # the CRC-32 of the pickle, after it
# The only classes a snapshot may name: the dates YAML reads (a timezone is a timedelta from UTC).
_DATES = frozenset(
    {("datetime", "date"), ("datetime", "datetime"), ("datetime", "timezone"), ("datetime", "timedelta")}
)


class _PlainValues(pickle.Unpickler):
    """Builds dicts, lists, text, numbers and dates only: any other class (what would run code) is refused."""

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in _DATES:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not plain data")

    def persistent_load(self, pid: Any) -> Any:
        raise pickle.UnpicklingError("no persistent ids")


def _plain(blob: bytes) -> Any:
    return _PlainValues(io.BytesIO(blob)).load()


def cache_file(root: Path) -> Path:
    """The snapshot of the data folder `root` (beside it: the other caches, counterpedia.storage.result_cache)."""
    root = Path(root).resolve()
    tag = hashlib.sha1(str(root).encode()).hexdigest()[:12]
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) / "counterpedia" if xdg else root.parent / ".cache" / "counterpedia"
    return base / f"parsed-{tag}.pickle"


# A file's entry: (its bytes, its record's data pickled).
Entry = tuple[bytes, bytes]


def _read_snapshot(path: Path) -> dict[bytes, Entry]:
    """The entries of the snapshot at `path`, or none: absent, unreadable, damaged (its checksum differs), of another
    format."""
    try:
        with open(path, "rb") as stream:
            content = stream.read()
        payload = memoryview(content)[len(_MAGIC) : -_CHECKSUM]
        if not content.startswith(_MAGIC) or zlib.crc32(payload).to_bytes(_CHECKSUM, "big") != content[-_CHECKSUM:]:
            return {}
        reader = io.BytesIO(content)  # shares the bytes (a memoryview would be copied)
        reader.seek(len(_MAGIC))
        entries = _PlainValues(reader).load()
    except Exception:  # absent, unreadable, not a pickle of plain values
        return {}
    return entries if isinstance(entries, dict) else {}


class _Summed:
    """A binary stream that keeps the CRC-32 of what is written to it."""

    def __init__(self, stream: BinaryIO):
        self.stream = stream
        self.crc = 0

    def write(self, data: bytes) -> int:
        self.crc = zlib.crc32(data, self.crc)
        return self.stream.write(data)


def _write_snapshot(path: Path, entries: dict[bytes, Entry]) -> None:
    def write(stream: BinaryIO) -> None:
        # pickled straight into the file: each file's bytes written as they are, not copied into one 30 MB string
        stream.write(_MAGIC)
        summed = _Summed(stream)
        pickle.Pickler(summed, protocol=5).dump(entries)
        stream.write(summed.crc.to_bytes(_CHECKSUM, "big"))  # damage (a disk's, a crash's) is seen, not read

    write_cache_file(path, write)


def pickled(data: dict[str, Any]) -> bytes | None:
    """The data as the parse cache keeps it (None when it cannot be pickled)."""
    try:
        return pickle.dumps(data, protocol=5)  # what is not plain data is refused by `get`: parsed again
    except Exception:
        return None


class ParseCache:
    """The parsed records of one data folder, for one load (`get`, `put`, then `save`)."""

    def __init__(self, root: Path | None):
        self.path = cache_file(root) if root is not None and not os.environ.get("COUNTERPEDIA_NO_CACHE") else None
        self.entries: dict[bytes, Entry] = _read_snapshot(self.path) if self.path is not None else {}
        self.used: dict[bytes, Entry] = {}
        self.changed = False

    @staticmethod
    def key(raw: bytes) -> bytes:
        return hashlib.sha256(raw).digest()

    def get(self, digest: bytes) -> tuple[dict[str, Any], bytes] | None:
        """(the data, the file's bytes) of the file whose bytes have this SHA-256, or None. The data is a fresh copy
        for each load: callers may change records."""
        entry = self.entries.get(digest)
        if not (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], bytes)):
            return None
        raw, blob = entry
        try:
            data = _plain(blob)
        except Exception:
            return None
        if not isinstance(data, dict):
            return None
        self.used[digest] = entry
        return data, raw

    @property
    def keeps(self) -> bool:
        """Whether `put` keeps anything (not without a data folder, nor with the caches off)."""
        return self.path is not None

    def put(self, digest: bytes, raw: bytes, data: dict[str, Any], blob: bytes | None = None) -> None:
        """Keep the data of the file whose bytes are `raw` (SHA-256 `digest`) for the next load. `blob`: the data
        as `pickled` gave it, when the caller has it already."""
        if self.path is None:
            return
        blob = blob if blob is not None else pickled(data)
        if blob is None:
            return
        self.used[digest] = (raw, blob)
        self.changed = True

    def save(self) -> None:
        """Keep the entries of this load only (the cache follows the data), if anything changed."""
        if self.path is None or not (self.changed or len(self.used) != len(self.entries)):
            return
        _write_snapshot(self.path, self.used)
        legacy = self.path.with_suffix(".json")  # the JSON cache of the format before
        if legacy.exists():
            try:
                legacy.unlink()
            except OSError:
                pass


def read_cache_file(path: Path, format_version: int, field: str) -> dict[str, Any]:
    """The mapping `field` of a cache file written by `write_cache_file` in this format, or an empty one: a cache
    file that is absent, unreadable, not JSON or of another format is ignored (what it held is computed again)."""
    try:
        stored = json.loads(path.read_text(encoding="utf-8"))
    except Exception:  # absent, unreadable, not JSON, not text
        return {}
    found = stored.get(field) if isinstance(stored, dict) and stored.get("format") == format_version else None
    return found if isinstance(found, dict) else {}


def write_cache_file(path: Path, content: str | bytes | Callable[[BinaryIO], object]) -> None:
    """Replace a cache file whole (a temporary file, then a rename), or leave it as it was: a read-only checkout or
    a full disk still works, just without the cache (the parse cache, fmt's, validate's kept results). `content`:
    the text, the bytes, or what writes them to the stream it is given."""
    temporary = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        with os.fdopen(handle, "wb") as stream:
            if callable(content):
                content(stream)
            else:
                stream.write(content.encode("utf-8") if isinstance(content, str) else content)
        os.replace(temporary, path)
    except Exception:
        if temporary and os.path.exists(temporary):
            os.unlink(temporary)
