"""One Python-Markdown converter for every page of a build, instead of one per page.

MkDocs' `Page.render` builds a `markdown.Markdown` for each page: its extensions loaded and their processors
registered anew, about an eighth of the conversion of a card page (0.47 of 3.96 ms). `render` below is
MkDocs' `Page.render` (mkdocs 1.6) with the converter made once and `reset()` between pages, as Python-Markdown
documents for converting several texts; MkDocs' four per-page processors are registered for each page as MkDocs
does, under the same names, which replaces the previous page's and keeps the order of a new converter.
"""

from __future__ import annotations

import logging

import markdown
import mkdocs
from mkdocs.structure import pages
from mkdocs.structure.toc import get_toc

from . import plain_inline

# The MkDocs whose Page.render this copies: another one's pages are rendered by its own.
COPIED_FROM = "1.6."


def applies() -> bool:
    return mkdocs.__version__.startswith(COPIED_FROM)


class OneMarkdown:
    """The converter of one build (its Markdown extensions and their settings do not change during a build)."""

    def __init__(self) -> None:
        self.md: markdown.Markdown | None = None

    def render(self, page, config, files) -> None:
        """What `page.render(config, files)` does, on this build's converter."""
        if page.markdown is None:
            raise RuntimeError("`markdown` field hasn't been set (via `read_source`)")
        if self.md is None:
            self.md = markdown.Markdown(
                extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"] or {}
            )
            plain_inline.install(self.md)
        md = self.md.reset()
        md.is_block_level = block_level_test(md.block_level_elements)  # type: ignore[method-assign]

        raw_html_ext = pages._RawHTMLPreprocessor()
        raw_html_ext._register(md)
        extract_anchors_ext = pages._ExtractAnchorsTreeprocessor(page.file, files, config)
        extract_anchors_ext._register(md)
        relative_path_ext = pages._RelativePathTreeprocessor(page.file, files, config)
        relative_path_ext._register(md)
        extract_title_ext = pages._ExtractTitleTreeprocessor()
        extract_title_ext._register(md)

        page.content = md.convert(page.markdown)
        page.toc = get_toc(getattr(md, "toc_tokens", []))
        page._title_from_render = extract_title_ext.title
        page.present_anchor_ids = extract_anchors_ext.present_anchor_ids | raw_html_ext.present_anchor_ids
        if pages.log.getEffectiveLevel() > logging.DEBUG:
            page.links_to_anchors = relative_path_ext.links_to_anchors


def block_level_test(elements: list[str]):
    """`Markdown.is_block_level` over a set of `elements` taken once per page: Python-Markdown searches its list of
    fifty tags for every element and HTML tag of a page (its list does not change while a page is converted)."""
    tags = frozenset(elements)

    def is_block_level(tag) -> bool:
        return isinstance(tag, str) and tag.lower().rstrip("/") in tags

    return is_block_level
