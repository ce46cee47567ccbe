"""Hypothesis strategies for records that are valid against their JSON Schema, drawn from the schemas."""

from __future__ import annotations

import re._constants as _constants
import re._parser as _regex_parser

from hypothesis import strategies as st

from counterpedia.storage import schema_model

# Any text a record may hold: quotes, colons, hashes, leading blanks, line breaks, YAML look-alikes.
TRICKY = st.sampled_from(
    [
        "",
        " ",
        "#",
        " # ",
        ": ",
        "'",
        '"',
        "\\",
        "\n",
        "\t",
        "- ",
        "? ",
        "&a",
        "*a",
        "!x",
        "%",
        "@",
        "`",
        "{",
        "}",
        "[",
        "]",
        ",",
        "null",
        "true",
        "no",
        "1",
        "0x1",
        "1e3",
        "2024-01-01",
        "~",
        "...",
        "---",
        "ｶ",
        "＋１/＋１",
        "«»",
        "é",
    ]
)
TEXT = st.lists(st.one_of(st.text(max_size=8), TRICKY), max_size=6).map("".join)


def _string(node: schema_model.Node):
    pattern = node.get("pattern")
    if pattern:
        return _pattern(pattern)
    minimum = node.get("minLength") or 0
    return TEXT.filter(lambda s: len(s) >= minimum)


def _pattern(pattern: str) -> st.SearchStrategy:
    """The strings that fullmatch `pattern`: for the schemas' simple patterns (literals, character sets, groups,
    alternatives, repeats) a strategy drawing each run of one character set as one `st.text`, else `from_regex`.
    The same strings can be drawn either way; `from_regex` draws them a character at a time (each a span of its
    own), which was most of the time of the property tests that draw records (a 64-digit hash: 64 draws)."""
    try:
        return _sequence(_regex_parser.parse(pattern))
    except _Unsupported:
        return st.from_regex(pattern, fullmatch=True)


class _Unsupported(Exception):
    pass


def _charset(item) -> str:
    """The characters of one LITERAL or (not negated, no category) IN item."""
    op, arg = item
    if op == _constants.LITERAL:
        return chr(arg)
    if op == _constants.IN:
        chars = []
        for inner, value in arg:
            if inner == _constants.LITERAL:
                chars.append(chr(value))
            elif inner == _constants.RANGE:
                chars.extend(chr(c) for c in range(value[0], value[1] + 1))
            else:  # a negated set, a category (\d is any Unicode digit): from_regex knows them
                raise _Unsupported(inner)
        return "".join(sorted(set(chars)))
    raise _Unsupported(op)


def _sequence(items, top: bool = True) -> st.SearchStrategy:
    parts: list[st.SearchStrategy] = []
    literal = ""  # a run of literal characters: one constant
    for index, (op, arg) in enumerate(items):
        if literal and op != _constants.LITERAL:
            parts.append(st.just(literal))
            literal = ""
        if op == _constants.AT:
            at_edge = (arg == _constants.AT_BEGINNING and top and index == 0) or (
                arg == _constants.AT_END and top and index == len(items) - 1
            )
            if not at_edge:
                raise _Unsupported(arg)
        elif op == _constants.LITERAL:
            literal += chr(arg)
            continue
        elif op == _constants.IN:
            parts.append(st.sampled_from(_charset((op, arg))))
        elif op == _constants.SUBPATTERN:
            _group, add_flags, del_flags, inner = arg
            if add_flags or del_flags:
                raise _Unsupported(op)
            parts.append(_sequence(inner, top=False))
        elif op == _constants.BRANCH:
            parts.append(st.one_of([_sequence(branch, top=False) for branch in arg[1]]))
        elif op == _constants.MAX_REPEAT:
            low, high, inner = arg
            high = None if high == _constants.MAXREPEAT else high
            if len(inner) == 1 and inner[0][0] in (_constants.LITERAL, _constants.IN):
                parts.append(st.text(alphabet=_charset(inner[0]), min_size=low, max_size=high))
            else:
                parts.append(st.lists(_sequence(inner, top=False), min_size=low, max_size=high).map("".join))
        else:
            raise _Unsupported(op)
    if literal:
        parts.append(st.just(literal))
    return st.tuples(*parts).map("".join)


# The strategy of each schema node, built once: building one resolves the node's `$ref`s and, for a pattern,
# compiles a regular expression strategy; rebuilding them at every draw of every example was most of the time of
# the property tests that draw records (the same examples either way: the strategies are the same). Each entry
# holds its schema, so that the id in its key is never another schema's.
_STRATEGIES: dict[tuple[int, str], tuple[dict, st.SearchStrategy]] = {}


def from_node(node: schema_model.Node) -> st.SearchStrategy:
    key = (id(node.schema), node.base)
    known = _STRATEGIES.get(key)
    if known is None:
        known = _STRATEGIES[key] = (node.schema, _from_node(node))
    return known[1]


def _from_node(node: schema_model.Node) -> st.SearchStrategy:
    enum = node.get("enum")
    if enum:
        return st.sampled_from(enum)
    kind = node.type()
    if kind == "object":
        names = node.properties()
        required = node.required()
        optional = [n for n in names if n not in required]
        minimum = node.get("minProperties") or 0
        children: dict[str, st.SearchStrategy] = {}  # filled on first use: a schema may refer to itself

        def child(name: str) -> st.SearchStrategy:
            if name not in children:
                children[name] = from_node(node.child(name))
            return children[name]

        @st.composite
        def objects(draw):
            chosen = list(required) + [n for n in optional if draw(st.booleans())]
            while len(chosen) < minimum:
                chosen.append(draw(st.sampled_from([n for n in optional if n not in chosen])))
            chosen = draw(st.permutations(chosen))  # any key order: the formatter sorts them
            return {name: draw(child(name)) for name in chosen}

        return objects()
    if kind == "array":
        minimum = node.get("minItems") or 0
        return st.lists(
            from_node(node.item()), min_size=minimum, max_size=max(minimum, 3), unique=bool(node.get("uniqueItems"))
        )
    if kind == "boolean":
        return st.booleans()
    return _string(node)


def records(kind: str):
    return from_node(schema_model.root(kind))
