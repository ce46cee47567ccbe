"""The line of a value in a YAML record, without a YAML parser: for `counterpedia search`'s yaml: PATH:LINE.

ruamel.yaml's round-trip loader knows every position but costs 60 ms to import and seconds to parse
thousands of records; a search shows ten results. Records are block-style YAML (what `fmt` writes),
so the line of `names.ja` or `rules.3.text.en` is found by indentation. A key written in flow style
(`ja: {text: …}`) is on the line of its parent, which is what is returned when a key is not found
on a line of its own. tests/search/test_yaml_lines.py checks it against ruamel on the real data.
"""

from __future__ import annotations

import functools
import re

_KEY = re.compile(r"""^(?:"([^"]*)"|'([^']*)'|([^\s#'"{\[][^:#]*?))\s*:(?:\s|$)""")
_BLOCK_SCALAR = re.compile(r":\s*[|>][-+0-9]*\s*(#.*)?$")  # compiled once: re.search(str) looks it up per line


def _key_of(content: str) -> str | None:
    match = _KEY.match(content)
    if not match:
        return None
    return next(group for group in match.groups() if group is not None)


# The lines of the last few texts: a record's texts are located one after another in the same source (a
# search result's, the check of every entry against ruamel), and splitting a translation memory shard of
# thousands of lines for each of its entries was most of the time of locating them.
@functools.lru_cache(maxsize=4)
def _lines(source: str) -> tuple[tuple[int, int, str], ...]:
    """(line number, indentation, content) of each meaningful line; a sequence item `- key: v` also
    gives its content `key: v` at the indentation of its first character."""
    result = []
    block_scalar = None
    for number, line in enumerate(source.split("\n")):
        stripped = line.lstrip(" ")
        indent = len(line) - len(stripped)
        if block_scalar is not None:
            if not stripped or indent > block_scalar:
                continue
            block_scalar = None
        if not stripped or stripped.startswith("#") or stripped.startswith("---"):
            continue
        result.append((number, indent, stripped))
        content, inner = stripped, indent
        while content.startswith("- ") or content == "-":
            rest = content[1:].lstrip(" ")
            inner += len(content) - len(rest)
            content = rest
            if content:
                result.append((number, inner, content))
        if _BLOCK_SCALAR.search(content):
            block_scalar = inner
    return tuple(result)


def line_of(source: str, keys: tuple) -> int:
    """1-based line of the value at `keys` (or of the deepest key found on the way); 1 when none is."""
    lines = _lines(source)
    start, end = 0, len(lines)
    found = None
    for key in keys:
        child, count, hit = None, -1, None
        for position in range(start, end):
            _number, indent, content = lines[position]
            if child is None:
                child = indent
            if indent != child:
                continue
            if isinstance(key, int):
                if content.startswith("- ") or content == "-":
                    count += 1
                    if count == key:
                        hit = position
                        break
            elif _key_of(content) == str(key):
                hit = position
                break
        if hit is None:
            break
        found, indent = lines[hit][0], lines[hit][1]
        # Below it: the lines indented deeper (for an item, its inline content `- number: …` first).
        start = stop = hit + 1
        while stop < len(lines) and lines[stop][1] > indent:
            stop += 1
        end = stop
    return (found + 1) if found is not None else 1
