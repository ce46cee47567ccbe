"""Python-Markdown's inline patterns skipped for a text none of them can match.

Python-Markdown tries each of its fourteen inline patterns on every text of a page, one after the other; most texts
of our pages (names, card texts, rulings, table cells) hold none of the characters those patterns start from, and
come out as they went in. `PlainTextShortcut` returns such a text at once: the same result, without the fourteen
searches (the inline processing was a fifth of a language's build). A text that holds some of those characters is
tried only with the patterns whose characters it holds: a pattern that cannot match gives the text back unmatched,
which skipping it gives too.

The shortcut is exact only for the patterns it knows: it is installed when the converter's inline patterns are
exactly Python-Markdown 3's own (an extension that adds one, e.g. pymdownx's, leaves the converter as it is).
"""

from __future__ import annotations

import re

import markdown
from markdown import util
from markdown.treeprocessors import InlineProcessor

# Python-Markdown 3's inline patterns, and what each needs in a text to match: a backtick or a backslash
# (backtick, escape), `[` (links, references, images), `<` (autolink, automail, html), two spaces before a line
# break (linebreak), `&` (entity), `*` or `_` (emphasis): name -> the texts one of which every match holds.
NEEDS: dict[str, tuple[str, ...]] = {
    "backtick": ("`",),
    "escape": ("\\",),
    "reference": ("[",),
    "link": ("[",),
    "image_link": ("![",),
    "image_reference": ("![",),
    "short_reference": ("[",),
    "short_image_ref": ("![",),
    "autolink": ("<",),
    "automail": ("<",),
    "linebreak": ("  \n",),
    "html": ("<",),
    "entity": ("&",),
    "em_strong": ("*", "_"),
}
KNOWN_PATTERNS = tuple(NEEDS)
# A text one pattern may match: it holds what some pattern needs (derived from NEEDS, so the two cannot disagree).
MAY_MATCH = re.compile("|".join(re.escape(need) for need in sorted({n for needs in NEEDS.values() for n in needs})))


class PlainTextShortcut(InlineProcessor):
    def run(self, tree, ancestors=None):
        # This page's patterns in their order, each with what it needs (the registry does not change during a run).
        registry = self.inlinePatterns
        registry._sort()
        self._patterns = [(registry._data[item.name], NEEDS[item.name]) for item in registry._priority]
        return super().run(tree, ancestors)

    # Python-Markdown's private method, by its mangled name: the one place every text goes through. Its loop, with
    # the patterns that cannot match the text skipped (`__applyPattern` gives such a text back: data, False, 0).
    def _InlineProcessor__handleInline(self, data: str, patternIndex: int = 0) -> str:  # noqa: N802, N803
        if isinstance(data, util.AtomicString) or MAY_MATCH.search(data) is None:
            return data  # what the patterns give a text none of them matches
        apply = self._InlineProcessor__applyPattern  # type: ignore[attr-defined]
        patterns = self._patterns
        count = len(patterns)
        start = 0
        while patternIndex < count:
            pattern, needs = patterns[patternIndex]
            if not any(need in data for need in needs):
                patternIndex += 1
                start = 0
                continue
            data, matched, start = apply(pattern, data, patternIndex, start)
            if not matched:
                patternIndex += 1
        return data


def install(md: markdown.Markdown) -> bool:
    """Put the shortcut in place of `md`'s inline processor, when its patterns are those the shortcut knows."""
    names = tuple(item.name for item in md.inlinePatterns._priority)
    inline = md.treeprocessors["inline"] if "inline" in md.treeprocessors else None
    if sorted(names) != sorted(KNOWN_PATTERNS) or type(inline) is not InlineProcessor:
        return False
    priority = next(item.priority for item in md.treeprocessors._priority if item.name == "inline")
    md.treeprocessors.register(PlainTextShortcut(md), "inline", priority)
    return True
