"""Where each record lives under data/: one rule for every command that creates or moves a record.

A kind's folder, and whether it is sharded, are declared in the registry (`counterpedia.kinds`). Cards are
sharded by the first character of their id (data/cards/w/walking-ballista.yaml): thousands of cards, and a
folder an editor can still browse, as Forge and XMage do. Every other kind is one flat folder
(data/counters/rad.yaml). The kind comes from the nearest folder named after it and the id from the file
name, so a shard folder changes neither.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from .. import kinds


def shard(record_id: str) -> str:
    """The shard folder of a sharded record: the first character of its id."""
    return record_id[:1] or "_"


def relative_path(kind: str, record_id: str) -> Path:
    """The path of a record's file, relative to the data folder."""
    spec = kinds.get(kind)
    folder = Path(spec.folder)
    if spec.sharded:
        folder = folder / shard(record_id)
    return folder / f"{record_id}.yaml"


def record_path(data_dir: Path, kind: str, record_id: str) -> Path:
    return Path(data_dir) / relative_path(kind, record_id)


def is_in_place(kind: str, record_id: str, path: Path | str) -> bool:
    """Whether a record's file is where `relative_path` puts it (judged from its last folders only)."""
    expected = (*_folder_parts(kind), *((shard(record_id),) if kinds.get(kind).sharded else ()), f"{record_id}.yaml")
    # The parts as Path(path).parts has them, without making a Path of each of 5,000 cards' paths.
    parts = Path(path).parts if os.sep != "/" else [p for p in str(path).split("/") if p not in ("", ".")]
    return tuple(parts[-len(expected) :]) == expected


@cache
def _folder_parts(kind: str) -> tuple[str, ...]:
    return Path(kinds.get(kind).folder).parts
