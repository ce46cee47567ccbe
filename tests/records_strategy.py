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
