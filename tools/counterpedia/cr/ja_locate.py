"""Where the Japanese Comprehensive Rules file is.

Like the English files, it is never committed; every command finds it the same way, first match wins:
  1. an explicit `--cr-ja FILE`;
  2. $COUNTERPEDIA_CR_JA (a file);
  3. the user cache, $XDG_CACHE_HOME/counterpedia/cr-ja (or ~/.cache/counterpedia/cr-ja), newest edition,
     where `counterpedia cr fetch --lang ja` saves `cr-ja-YYYYMMDD.txt`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from .ja_parse import parse_file
from .locate import CRNotFound

ENV = "COUNTERPEDIA_CR_JA"
FILE_NAME_RE = re.compile(r"cr-ja-(\d{8})\.txt")
HOW_TO_GET = (
    "get it with `counterpedia cr fetch --lang ja` (the official page on mtg-jp.com), "
    f"or point {ENV} at a file of its lines, or pass --cr-ja FILE"
)


def cache_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "counterpedia" / "cr-ja"


def file_name(edition: str) -> str:
    return f"cr-ja-{edition}.txt"


def source(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> tuple[str, Path]:
    """Which place is in effect, as (description, path)."""
    env = os.environ if env is None else env
    if explicit:
        return "--cr-ja", Path(explicit)
    if env.get(ENV):
        return ENV, Path(env[ENV])
    return "cache", cache_dir(env)


def find(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path | None:
    """The Japanese CR file in effect, or None when there is none (the cache may be empty)."""
    where, path = source(explicit, env)
    if where == "cache":
        if not path.is_dir():
            return None
        found = sorted(
            (m[1], entry) for entry in path.iterdir() if (m := FILE_NAME_RE.fullmatch(entry.name)) and entry.is_file()
        )
        return found[-1][1] if found else None
    if path.is_file():
        return path
    if path.is_dir():
        raise CRNotFound(f"{path} (from {where}) is a folder: give the Japanese CR file itself")
    raise CRNotFound(f"{path} (from {where}) does not exist; {HOW_TO_GET}")


def require(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    found = find(explicit, env)
    if found is None:
        where, path = source(explicit, env)
        raise CRNotFound(f"no Japanese Comprehensive Rules file in {path} (from {where}); {HOW_TO_GET}")
    return found


_PARSED: dict[str, object] = {}


def available(env: Mapping[str, str] | None = None):
    """The Japanese edition found where commands look ($COUNTERPEDIA_CR_JA, else the cache), parsed once
    per process; None when there is none. A file that is set but unreadable raises (its message says why)."""

    path = find(None, env)
    if path is None:
        return None
    key = str(path.resolve())
    if key not in _PARSED:
        _PARSED[key] = parse_file(path)
    return _PARSED[key]


__all__ = ["ENV", "available", "HOW_TO_GET", "cache_dir", "file_name", "find", "require", "source"]
