"""Round-trip YAML writing: comments and untouched lines stay byte-identical; writes are atomic."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

from ruamel.yaml import YAML


def round_trip_yaml() -> YAML:
    """The project's YAML style (as measured: byte-identical round trips of our records)."""
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.allow_unicode = True
    return yaml


def load(path: Path):
    return round_trip_yaml().load(path.read_text(encoding="utf-8"))


def dumps(data, header: str = "") -> str:
    """The YAML text of `data`, after an optional header (e.g. a comment line for a new record)."""
    stream = io.StringIO()
    round_trip_yaml().dump(data, stream)
    return header + stream.getvalue()


def atomic_write(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder, then rename: never a half-written record."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o777)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
