"""The record files `counterpedia fmt` found already formatted, keyed by the digest of their exact bytes and of the
formatter: a second `fmt --check` of 5,700 unchanged files skips their round trip (about 2 minutes of CPU).

An entry is the SHA-256 of a file's kind and bytes. It is trusted only by the same formatter: the cache holds a
fingerprint of the package's own source files, its schemas and the YAML library's version, and any change to
them (a new layout rule, a schema's key order) empties it. Only files that were formatted and had no problem are
stored, so a file with a problem is read, and reported, on every run. Beside the parse cache
(counterpedia.storage.parse_cache), in `.cache/counterpedia/` next to the data folder (or
`$XDG_CACHE_HOME/counterpedia/`); written atomically and pruned to the files of the last run; a cache that cannot
be read or written is ignored. `COUNTERPEDIA_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from pathlib import Path

import ruamel.yaml

from .parse_cache import write_cache_file
from .result_cache import result_file

FORMAT = 1
PACKAGE = Path(__file__).resolve().parents[1]


@functools.cache
def formatter_fingerprint() -> str:
    """The digest of what decides a layout: every source file and schema of the package, and ruamel.yaml's version."""
    digest = hashlib.sha256(f"{FORMAT}\0{ruamel.yaml.__version__}\0".encode())
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in (".py", ".json") and path.is_file():
            digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


class FormattedCache:
    """The formatted files of one data folder, for one run (`known`, `add`, then `save`)."""

    def __init__(self, root: Path | None):
        self.path = (
            None if root is None or os.environ.get("COUNTERPEDIA_NO_CACHE") else result_file(Path(root), "formatted")
        )
        self.known_keys: set[str] = set()
        self.used: set[str] = set()
        if self.path is None:
            return
        try:
            stored = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(stored, dict) and stored.get("formatter") == formatter_fingerprint():
                self.known_keys = {k for k in stored.get("formatted", []) if isinstance(k, str)}
        except Exception:  # absent, unreadable or foreign: start afresh
            self.known_keys = set()

    @staticmethod
    def key(kind: str, raw: bytes) -> str:
        return hashlib.sha256(kind.encode("utf-8") + b"\0" + raw).hexdigest()

    def known(self, kind: str, raw: bytes) -> bool:
        """Whether these bytes, as a record of `kind`, were found formatted by this formatter."""
        if self.path is None:
            return False
        key = self.key(kind, raw)
        if key in self.known_keys:
            self.used.add(key)
            return True
        return False

    def add(self, kind: str, raw: bytes) -> None:
        if self.path is not None:
            self.used.add(self.key(kind, raw))

    def save(self) -> None:
        """Keep the entries of this run only, if anything changed."""
        if self.path is None or self.used == self.known_keys:
            return
        write_cache_file(self.path, json.dumps({"formatter": formatter_fingerprint(), "formatted": sorted(self.used)}))
