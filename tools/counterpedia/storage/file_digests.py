"""The SHA-256 of each file's text, remembered under what `stat` says of the file, so that a file nobody touched
is not read and hashed again on every `validate` (5,700 files: 0.6 s).

A digest is kept under the file's (size, mtime_ns, ctime_ns, inode): any write changes the ctime (which no
program can set back, unlike the mtime), and a file replaced by a rename is another inode. A file whose ctime is
less than RACY_NS old when it is looked at is hashed again next time too: a second write within the same tick of
the file system's clock could keep all four the same. The memo is JSON beside the parse cache, written atomically;
an unreadable or foreign one is ignored (every file is then hashed).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path
from typing import BinaryIO

from .parse_cache import read_cache_file, write_cache_file

FORMAT = 1
RACY_NS = 2_000_000_000  # a ctime this recent is not trusted to change on the next write


class TooLarge(Exception):
    """A file longer than the limit asked for: not read whole, not hashed."""


def signature(status: os.stat_result) -> list[int]:
    return [status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino]


def read_up_to(stream: BinaryIO, size: int, limit: int) -> bytes:
    """The bytes of the open file whose size was `size`, up to `limit` + 1 of them (more than `limit`: too long).
    The size read first: asking for `limit` + 1 bytes at once allocates that much for every file (4 MB: 5,700 record
    files took 0.1 s of CPU to read instead of 0.04); a file that grew since is read on, up to the limit."""
    text = stream.read(min(size, limit) + 1)
    if len(text) > size and len(text) <= limit:
        text += stream.read(limit + 1 - len(text))
    return text


class FileDigests:
    """`digest(path, status, limit)`: the file's SHA-256, from the memo when its signature is the remembered one;
    `take(path, status)`: the bytes a `digest` of this run read, while the file's signature is still theirs (after a
    clone, `validate` digests every file before it loads them: each is read once, not twice);
    `save()` keeps the digests of the files looked at since the memo was read (and only those)."""

    def __init__(self, memo: Path | None):
        self.memo = memo
        # absent, unreadable or foreign: every file is hashed
        self._known: dict[str, list[object]] = read_cache_file(memo, FORMAT, "files") if memo is not None else {}
        self._seen: dict[str, list[object]] = {}
        self._read: dict[str, tuple[list[int], bytes, bytes]] = {}  # (signature, bytes, digest) read by `digest`
        self._changed = False

    def digest(self, path: str, status: os.stat_result, limit: int) -> bytes:
        """The digest of the regular file `path` whose lstat is `status`; TooLarge past `limit` bytes."""
        sig = signature(status)
        known = self._known.get(path)
        if isinstance(known, list) and len(known) == 5 and known[:4] == sig and isinstance(known[4], str):
            try:
                found = bytes.fromhex(known[4])
            except ValueError:
                found = b""
            if len(found) == 32:
                self._seen[path] = known
                return found
        if status.st_size > limit:
            raise TooLarge(path)
        now = time.time_ns()
        with open(path, "rb") as stream:
            text = read_up_to(stream, status.st_size, limit)
        if len(text) > limit:
            raise TooLarge(path)
        found = hashlib.sha256(text).digest()
        if len(text) == status.st_size:  # not a file written while it was read
            self._read[path] = (sig, text, found)
        self._changed = True
        if status.st_ctime_ns < now - RACY_NS and len(text) == status.st_size:
            self._seen[path] = self._known[path] = [*sig, found.hex()]
        else:
            self._seen.pop(path, None)
            self._known.pop(path, None)
        return found

    def take(self, path: str, status: os.stat_result) -> tuple[bytes, bytes] | None:
        """(the bytes, their SHA-256) that `digest` read of the file `path` whose lstat is now `status`, forgotten
        once taken; None when it did not read them, or the file's signature changed since."""
        found = self._read.pop(path, None)
        if found is None or found[0] != signature(status):
            return None
        return found[1], found[2]

    def save(self) -> None:
        if self.memo is None or not (self._changed or len(self._seen) != len(self._known)):
            return
        write_cache_file(self.memo, json.dumps({"format": FORMAT, "files": self._seen}, separators=(",", ":")))
