"""Where the Comprehensive Rules files are.

CR files are never committed (they are Wizards of the Coast's text), so every command
finds them the same way, first match wins:
  1. an explicit path (`--cr FILE`, a file or a directory of CR files);
  2. $COUNTERPEDIA_CR (one file) or $COUNTERPEDIA_CR_DIR (directories separated by ":", as in PATH:
     every edition of every one of them; an edition in two of them is taken from the first);
  3. the user cache, $XDG_CACHE_HOME/counterpedia/cr or ~/.cache/counterpedia/cr,
     where `counterpedia cr fetch` puts them.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

from .parse import CRParseError, edition_from_name, effective_date, split_lines

# Official name "MagicCompRules 20260116.txt"; ours "MagicCompRules-20260116.txt"; also the
# URL-quoted name a browser may save, "MagicCompRules%2020260116.txt".
FILE_NAME_RE = re.compile(r"MagicCompRules(?: |-|_|%20)?(\d{8})\.txt", re.IGNORECASE)
EDITION_ID_RE = re.compile(r"\d{8}")

HOW_TO_GET = (
    "get them with `counterpedia cr fetch 20260116` (any published YYYYMMDD), "
    "or point COUNTERPEDIA_CR_DIR at a directory of MagicCompRules*.txt files, "
    "or pass --cr FILE"
)


class CRNotFound(LookupError):
    """No CR file where one was expected; `str(error)` is the message to show users."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def cache_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "counterpedia" / "cr"


def edition_of(path: str | Path) -> str:
    """The edition id of a CR file: from its name, else from the date in its header."""
    path = Path(path)
    from_name = edition_from_name(path.name)
    if from_name:
        return from_name
    try:
        with path.open("rb") as handle:
            head = handle.read(2048).decode("utf-8", errors="replace")
        return effective_date(split_lines(head)).strftime("%Y%m%d")
    except (OSError, CRParseError):
        raise CRNotFound(f"{path}: not a Comprehensive Rules file (no 'effective as of' date near the top)") from None


def _scan(directory: Path) -> dict[str, Path]:
    found: dict[str, Path] = {}
    try:
        entries = sorted(directory.iterdir())
    except OSError:
        return found
    for entry in entries:
        match = FILE_NAME_RE.fullmatch(entry.name)
        if match and entry.is_file():
            found.setdefault(match[1], entry)  # two names for one edition: the first by name wins
    return found


def split_dirs(value: str) -> list[Path]:
    """The folders of a PATH-like value ("a:b", empty parts ignored)."""
    return [Path(part) for part in value.split(os.pathsep) if part]


class Places(str):
    """The place(s) in effect, printed as the user wrote them ("a:b"), with `.paths` the folders or file."""

    paths: tuple[Path, ...]

    def __new__(cls, paths) -> Places:
        paths = tuple(Path(p) for p in paths)
        made = super().__new__(cls, os.pathsep.join(str(p) for p in paths))
        made.paths = paths
        return made


def search_path(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> tuple[str, Places]:
    """Which place is in effect, as (description, places), following the order above."""
    env = os.environ if env is None else env
    if explicit:
        return "--cr", Places([explicit])
    if env.get("COUNTERPEDIA_CR"):
        return "COUNTERPEDIA_CR", Places([env["COUNTERPEDIA_CR"]])
    if env.get("COUNTERPEDIA_CR_DIR") and split_dirs(env["COUNTERPEDIA_CR_DIR"]):
        return "COUNTERPEDIA_CR_DIR", Places(split_dirs(env["COUNTERPEDIA_CR_DIR"]))
    return "cache", Places([cache_dir(env)])


def source(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> tuple[str, Path]:
    """Which place is in effect, as (description, path): the first folder of several."""
    where, places = search_path(explicit, env)
    return where, places.paths[0]


def available_editions(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> dict[str, Path]:
    """Edition id -> file, oldest first, from the place(s) in effect (may be empty). Of several folders, each
    must exist; an edition found in two is taken from the first, as PATH does."""
    where, places = search_path(explicit, env)
    found: dict[str, Path] = {}
    for path in places.paths:
        if path.is_dir():
            for edition, file in _scan(path).items():
                found.setdefault(edition, file)
        elif path.is_file():
            found.setdefault(edition_of(path), path)
        elif where in ("cache",):
            continue
        else:
            raise CRNotFound(f"{path} (from {where}) does not exist; {HOW_TO_GET}")
    return dict(sorted(found.items()))


def _require(explicit: str | Path | None, env: Mapping[str, str] | None) -> dict[str, Path]:
    found = available_editions(explicit, env)
    if not found:
        where, path = search_path(explicit, env)
        raise CRNotFound(f"no Comprehensive Rules files in {path} (from {where}); {HOW_TO_GET}")
    return found


def newest(explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    found = _require(explicit, env)
    return found[max(found)]


def find(edition_id: str, explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    if not EDITION_ID_RE.fullmatch(edition_id):
        raise CRNotFound(f"'{edition_id}' is not an edition id (YYYYMMDD, such as 20260116)")
    found = _require(explicit, env)
    if edition_id not in found:
        where, path = search_path(explicit, env)
        raise CRNotFound(
            f"edition {edition_id} is not in {path} (from {where}); available: {', '.join(found)}; "
            f"get it with `counterpedia cr fetch {edition_id}`"
        )
    return found[edition_id]


def resolve(argument: str, explicit: str | Path | None = None, env: Mapping[str, str] | None = None) -> Path:
    """A command-line OLD/NEW: an existing file path, or an edition id to find."""
    if EDITION_ID_RE.fullmatch(argument):
        return find(argument, explicit, env)
    path = Path(argument)
    if path.is_file():
        return path
    raise CRNotFound(f"'{argument}' is neither an edition id (YYYYMMDD) nor an existing file")


__all__ = [
    "CRNotFound",
    "HOW_TO_GET",
    "available_editions",
    "cache_dir",
    "edition_of",
    "find",
    "newest",
    "resolve",
    "search_path",
    "source",
    "split_dirs",
]
