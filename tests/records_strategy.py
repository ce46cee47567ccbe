"""Hypothesis strategies for records that are valid against their JSON Schema, drawn from the schemas."""

from __future__ import annotations

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
        return st.from_regex(pattern, fullmatch=True)
    minimum = node.get("minLength") or 0
    return TEXT.filter(lambda s: len(s) >= minimum)


def from_node(node: schema_model.Node, depth: int = 0):
    enum = node.get("enum")
    if enum:
        return st.sampled_from(enum)
    kind = node.type()
    if kind == "object":
        names = node.properties()
        required = node.required()
        optional = [n for n in names if n not in required]
        minimum = node.get("minProperties") or 0

        @st.composite
        def objects(draw):
            chosen = list(required) + [n for n in optional if draw(st.booleans())]
            while len(chosen) < minimum:
                chosen.append(draw(st.sampled_from([n for n in optional if n not in chosen])))
            chosen = draw(st.permutations(chosen))  # any key order: the formatter sorts them
            return {name: draw(from_node(node.child(name), depth + 1)) for name in chosen}

        return objects()
    if kind == "array":
        item = node.item()
        minimum = node.get("minItems") or 0
        return st.lists(
            from_node(item, depth + 1), min_size=minimum, max_size=max(minimum, 3), unique=bool(node.get("uniqueItems"))
        )
    if kind == "boolean":
        return st.booleans()
    return _string(node)


def records(kind: str):
    return from_node(schema_model.root(kind))
