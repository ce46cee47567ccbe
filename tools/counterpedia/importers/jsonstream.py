"""Stream JSON bulk files without loading them whole: a top-level array item by item, an object member by member.

Scryfall's bulk files are single JSON arrays of hundreds of megabytes; MTGJSON's AllPrintings.json is one
object of over 400 MB whose `data` member maps each set code to a set. A `Reader` keeps a window of the
file's text and decodes one value at a time with `json.JSONDecoder.raw_decode`, so memory stays bounded by
the largest value decoded (an item, a set), not the file. Values can also be walked into: `members`
yields an object's keys and lets the caller read or walk each value in turn; `items` does the same for
an array.

Files may be plain or compressed with gzip, xz or bzip2 (recognised by their first bytes, whatever their
name). Every problem is a `JSONStreamError` saying what and at which character of the (decompressed)
text: bad JSON, a truncated file, nesting too deep for Python's decoder, a number too long to convert,
bytes that are not UTF-8, damaged compressed data.
"""

from __future__ import annotations

import bz2
import gzip
import io
import json
import lzma
import sys
from collections.abc import Iterator
from pathlib import Path

CHUNK = 1 << 20
_WS = " \t\r\n"
# An incomplete value makes raw_decode fail near the end of the window; a failure further back than
# this is a real error (an unterminated string is judged from its start, so allow a long string).
_MARGIN = 1 << 16
_STRING_MARGIN = 1 << 24

_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\xfd7zXZ\x00", "xz"), (b"BZh", "bzip2"))


class JSONStreamError(ValueError):
    """The file is not the JSON expected (the message says where and why)."""


def compression(path: str | Path) -> str | None:
    """'gzip', 'xz', 'bzip2' or None, from the file's first bytes."""
    with open(path, "rb") as handle:
        head = handle.read(6)
    for magic, name in _MAGIC:
        if head.startswith(magic):
            return name
    return None


def open_text(path: str | Path) -> io.TextIOBase:
    """The file's text, decompressed when it is gzip, xz or bzip2 (a byte order mark is skipped)."""
    try:
        kind = compression(path)
        if kind == "gzip":
            raw = gzip.open(path, "rb")
        elif kind == "xz":
            raw = lzma.open(path, "rb")
        elif kind == "bzip2":
            raw = bz2.open(path, "rb")
        else:
            raw = open(path, "rb")
    except OSError as error:
        raise JSONStreamError(f"cannot read the file: {error.strerror or error}") from None
    return io.TextIOWrapper(raw, encoding="utf-8-sig")


class Reader:
    """A window on a JSON text, decoded value by value."""

    def __init__(self, stream: io.TextIOBase, chunk_size: int = CHUNK):
        self.stream = stream
        self.chunk_size = chunk_size
        self.buf = ""
        self.pos = 0  # in buf
        self.base = 0  # characters dropped from the start of buf
        self.eof = False
        self.decoder = json.JSONDecoder()

    # -- the window ------------------------------------------------------------------------------------------
    def where(self) -> int:
        """The character offset of the reading position in the whole text."""
        return self.base + self.pos

    def fill(self, at_least: int = 0) -> bool:
        """Read more text into the window; False at the end of the file."""
        if self.eof:
            return False
        try:
            data = self.stream.read(max(self.chunk_size, at_least))
        except UnicodeDecodeError as error:
            raise JSONStreamError(
                f"not UTF-8 text ({error.reason}) near character {self.base + len(self.buf)}"
            ) from None
        except (EOFError, OSError, lzma.LZMAError) as error:
            raise JSONStreamError(
                f"the compressed data is damaged or cut short near character {self.base + len(self.buf)} ({error})"
            ) from None
        if not data:
            self.eof = True
            return False
        if self.pos:  # drop what was consumed: copying happens once per read, not per value
            self.base += self.pos
            self.buf = self.buf[self.pos :]
            self.pos = 0
        self.buf += data
        return True

    def peek(self) -> str:
        """The next non-blank character ('' at the end of the file), without consuming it."""
        while True:
            buf, pos = self.buf, self.pos
            while pos < len(buf) and buf[pos] in _WS:
                pos += 1
            self.pos = pos
            if pos < len(buf):
                return buf[pos]
            if not self.fill():
                return ""

    def expect(self, char: str, what: str) -> None:
        found = self.peek()
        if found != char:
            shown = "the end of the file" if not found else repr(found)
            raise JSONStreamError(f"expected {what} at character {self.where()}, found {shown}")
        self.pos += 1

    # -- values ----------------------------------------------------------------------------------------------
    def value(self) -> object:
        """Decode the next whole value."""
        start = self.where()
        if not self.peek():
            raise JSONStreamError(f"unexpected end of file at character {start}: the file is cut short")
        while True:
            try:
                item, end = self.decoder.raw_decode(self.buf, self.pos)
            except json.JSONDecodeError as error:
                margin = _STRING_MARGIN if error.msg.startswith("Unterminated string") else _MARGIN
                if error.pos + margin < len(self.buf) or not self.fill(len(self.buf) - self.pos):
                    if self.eof and error.pos >= len(self.buf.rstrip(_WS)) - 1:
                        raise JSONStreamError(
                            f"unexpected end of file in the value starting at character {start}: the file is cut short"
                        ) from None
                    if self.eof and error.msg.startswith("Unterminated string"):
                        raise JSONStreamError(
                            f"unexpected end of file in a string starting at character "
                            f"{self.base + error.pos}: the file is cut short"
                        ) from None
                    raise JSONStreamError(f"invalid JSON at character {self.base + error.pos}: {error.msg}") from None
                continue
            except RecursionError:
                raise JSONStreamError(
                    f"arrays or objects nested too deeply (over {sys.getrecursionlimit()} levels) "
                    f"in the value starting at character {start}"
                ) from None
            except ValueError as error:  # e.g. an integer of more digits than Python converts (4300)
                raise JSONStreamError(
                    f"a value that cannot be read in the value starting at character {start}: {_first_sentence(error)}"
                ) from None
            # a number or literal cut at the window's edge decodes short: make sure something follows it
            if end == len(self.buf) and self.fill():
                continue
            self.pos = end
            return item

    def string(self, what: str) -> str:
        if self.peek() != '"':
            found = self.peek()
            raise JSONStreamError(
                f"expected {what} (a string) at character {self.where()}, "
                f"found {repr(found) if found else 'the end of the file'}"
            )
        return self.value()  # type: ignore[return-value]

    def members(self, what: str = "an object") -> Iterator[str]:
        """Walk an object: yields each key; the caller must read (`value`) or walk its value before the next."""
        self.expect("{", f"{what} ('{{')")
        if self.peek() == "}":
            self.pos += 1
            return
        while True:
            key = self.string("a member name")
            self.expect(":", "':'")
            yield key
            following = self.peek()
            if following == ",":
                self.pos += 1
                continue
            if following == "}":
                self.pos += 1
                return
            if not following:
                raise JSONStreamError(
                    f"unexpected end of file at character {self.where()}: the object is not closed with '}}'"
                )
            raise JSONStreamError(f"expected ',' or '}}' at character {self.where()}, found {following!r}")

    def items(self, what: str = "an array") -> Iterator[int]:
        """Walk an array: yields each item's index; the caller must read or walk the item before the next."""
        self.expect("[", f"{what} ('[')")
        if self.peek() == "]":
            self.pos += 1
            return
        index = 0
        while True:
            if not self.peek():
                raise JSONStreamError("unexpected end of file: the array is not closed with ']'")
            yield index
            index += 1
            following = self.peek()
            if following == ",":
                self.pos += 1
                if self.peek() == "]":
                    raise JSONStreamError(f"trailing comma before ']' at character {self.where()}")
                continue
            if following == "]":
                self.pos += 1
                return
            if not following:
                raise JSONStreamError("unexpected end of file: the array is not closed with ']'")
            raise JSONStreamError(f"expected ',' or ']' at character {self.where()}, found {following!r}")

    def end(self) -> None:
        """Nothing but blanks may follow the top-level value."""
        if self.peek():
            raise JSONStreamError(f"unexpected content after the end at character {self.where()}")


def _first_sentence(error: Exception) -> str:
    text = str(error)
    return text.split(";")[0].strip()


def iter_array(path: str | Path, chunk_size: int = CHUNK) -> Iterator[object]:
    """The items of a file holding one top-level JSON array."""
    with open_text(path) as stream:
        reader = Reader(stream, chunk_size)
        first = reader.peek()
        if not first:
            raise JSONStreamError("the file is empty: expected a JSON array")
        if first != "[":
            raise JSONStreamError(f"expected a JSON array ('[') at the start, found {first!r}")
        for _index in reader.items():
            yield reader.value()
        if reader.peek():
            raise JSONStreamError(f"unexpected content after the array at character {reader.where()}")


def iter_objects(path: str | Path, what: str, chunk_size: int = CHUNK) -> Iterator[dict]:
    """The array's items, each required to be a JSON object (`what` names them in messages)."""
    for index, item in enumerate(iter_array(path, chunk_size)):
        if not isinstance(item, dict):
            raise JSONStreamError(f"item {index} of the array is not a {what} object but {type(item).__name__}")
        yield item
