"""The cheap depth bound reads every line as str.splitlines does: the indentation of any line counts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from counterpedia.storage.yamlshape import _BLOCK_RUN, MAX_DEPTH, might_be_too_deep


def _by_lines(source: str) -> bool:
    """The bound as first written: the widest indentation of any line, plus list markers and flow brackets."""
    depth = deepest = 0
    for char in source:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    bound = deepest if source.count("[") + source.count("{") > MAX_DEPTH // 2 else 0
    indent = max((len(line) - len(line.lstrip(" \t")) for line in source.splitlines()), default=0)
    runs = max((len(m.group()) for m in _BLOCK_RUN.finditer(source)), default=0)
    return bound + indent + runs > MAX_DEPTH // 2


@settings(max_examples=500)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 20),
            st.sampled_from(["a: b", "- x", "- - - - - - - - - y", "[[[", "{", "]", ""]),
            st.sampled_from(["\n", "\r\n", "\r", "\u2028", "\x85", "\x0c"]),
        ),
        max_size=12,
    )
)
def test_the_bound_is_that_of_every_line(lines):
    source = "".join(" " * indent + text + end for indent, text, end in lines)
    assert might_be_too_deep(source) == _by_lines(source)


def test_a_deep_line_anywhere_counts():
    assert might_be_too_deep("a: 1\n" + " " * 17 + "b: 2\n")
    assert might_be_too_deep("a: 1\u2028" + " " * 17 + "b: 2")
    assert not might_be_too_deep("a:\n  b:\n    c: 1\n")
