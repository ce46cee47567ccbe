"""Stream the items of a top-level JSON array without loading the whole file.

Scryfall's bulk files are single JSON arrays of hundreds of megabytes. `iter_array` reads the file in
chunks and decodes one element at a time with `json.JSONDecoder.raw_decode`, so memory stays bounded
by the largest element, not the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator

CHUNK = 1 << 20
_WS = " \t\r\n"


class JSONStreamError(ValueError):
    """The file is not a JSON array of objects (the message says where and why)."""


def iter_array(path: str | Path, chunk_size: int = CHUNK) -> Iterator[object]:
    decoder = json.JSONDecoder()
    try:
        handle = open(path, "r", encoding="utf-8-sig")
    except OSError as error:
        raise JSONStreamError(f"cannot read the file: {error.strerror or error}") from None
    with handle:
        state = {"buf": "", "pos": 0, "base": 0, "eof": False}

        def fill() -> bool:
            if state["eof"]:
                return False
            try:
                data = handle.read(chunk_size)
            except UnicodeDecodeError as error:
                raise JSONStreamError(f"not UTF-8 text ({error.reason})") from None
            if not data:
                state["eof"] = True
                return False
            buf, pos = state["buf"], state["pos"]
            if pos:  # drop what was consumed: copying happens once per chunk, not per item
                state["base"] += pos
                buf = buf[pos:]
                state["pos"] = 0
            state["buf"] = buf + data
            return True

        def peek() -> str:
            """The next non-blank character ('' at the end of the file), without consuming it."""
            while True:
                buf, pos = state["buf"], state["pos"]
                while pos < len(buf) and buf[pos] in _WS:
                    pos += 1
                state["pos"] = pos
                if pos < len(buf):
                    return buf[pos]
                if not fill():
                    return ""

        def where() -> int:
            return state["base"] + state["pos"]

        first = peek()
        if not first:
            raise JSONStreamError("the file is empty: expected a JSON array")
        if first != "[":
            raise JSONStreamError(f"expected a JSON array ('[') at the start, found {first!r}")
        state["pos"] += 1
        if peek() == "]":
            state["pos"] += 1
            if peek():
                raise JSONStreamError(f"unexpected content after the array at character {where()}")
            return
        while True:
            if not peek():
                raise JSONStreamError("unexpected end of file: the array is not closed with ']'")
            while True:
                try:
                    item, end = decoder.raw_decode(state["buf"], state["pos"])
                except json.JSONDecodeError as error:
                    if fill():
                        continue
                    if error.pos >= len(state["buf"].rstrip(_WS)):
                        raise JSONStreamError("unexpected end of file inside an item: the file is cut short, "
                                              "the array is not closed with ']'") from None
                    raise JSONStreamError(f"invalid JSON at character {state['base'] + error.pos}: {error.msg}") from None
                # a number or literal cut at the chunk edge decodes short: make sure something follows it
                if end == len(state["buf"]) and fill():
                    continue
                break
            state["pos"] = end
            yield item
            following = peek()
            if following == ",":
                state["pos"] += 1
                if peek() == "]":
                    raise JSONStreamError(f"trailing comma before ']' at character {where()}")
                continue
            if following == "]":
                state["pos"] += 1
                if peek():
                    raise JSONStreamError(f"unexpected content after the array at character {where()}")
                return
            if not following:
                raise JSONStreamError("unexpected end of file: the array is not closed with ']'")
            raise JSONStreamError(f"expected ',' or ']' at character {where()}, found {following!r}")


def iter_objects(path: str | Path, what: str, chunk_size: int = CHUNK) -> Iterator[dict]:
    """The array's items, each required to be a JSON object (`what` names them in messages)."""
    for index, item in enumerate(iter_array(path, chunk_size)):
        if not isinstance(item, dict):
            raise JSONStreamError(f"item {index} of the array is not a {what} object but {type(item).__name__}")
        yield item
