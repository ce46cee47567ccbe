"""Round-trip YAML writing: comments and untouched lines stay byte-identical; writes are atomic."""

from __future__ import annotations

import io
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
    """Write one file atomically (see `counterpedia.storage.writes.atomic_write`)."""
    from .writes import atomic_write as write

    write(Path(path), text)
