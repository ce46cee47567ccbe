"""The inline shortcut gives what Python-Markdown's inline patterns give, on any text, and stands aside for
patterns it does not know."""

from __future__ import annotations

import markdown
from hypothesis import example, given
from hypothesis import strategies as st
from markdown.treeprocessors import InlineProcessor

from counterpedia.commands import plain_inline

EXTENSIONS = ["attr_list", "md_in_html", "tables", "toc", "admonition", "pymdownx.details", "pymdownx.superfences"]


def converters() -> tuple[markdown.Markdown, markdown.Markdown]:
    plain, shortcut = markdown.Markdown(extensions=EXTENSIONS), markdown.Markdown(extensions=EXTENSIONS)
    assert plain_inline.install(shortcut)
    return plain, shortcut


PLAIN, SHORTCUT = converters()
# Markdown's own characters, HTML, line breaks and spaces, among letters: texts with and without what the patterns need.
PIECES = [*"ab 1.:\n\\`[]()!<>/&;#*_-|=\"'é+", "  \n", "<b>", "&amp;", "</b>"]
MARKDOWN_TEXT = st.lists(st.sampled_from(PIECES), max_size=40).map("".join)


@given(MARKDOWN_TEXT)
@example("A card name, a ruling: nothing to replace.")
@example("two spaces  \nbefore a break")
@example("<span>html</span> and &amp; and *em* and `code` and [link](x) and \\*")
@example("| a | b |\n| - | - |\n| plain | *em* |\n")
@example('<div markdown="1">\ninner _em_ and plain\n</div>\n')
def test_the_same_html_as_the_inline_patterns_give(text):
    assert SHORTCUT.reset().convert(text) == PLAIN.reset().convert(text)


def test_a_converter_with_other_inline_patterns_is_left_as_it_is():
    md = markdown.Markdown(extensions=[*EXTENSIONS, "pymdownx.caret"])  # adds ^^insert^^ and ^superscript^
    assert not plain_inline.install(md)
    assert type(md.treeprocessors["inline"]) is InlineProcessor
    assert md.convert("a ^^b^^ c") == "<p>a <ins>b</ins> c</p>"
