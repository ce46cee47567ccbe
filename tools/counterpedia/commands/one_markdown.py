"""One Python-Markdown converter for every page of a build, instead of one per page.

MkDocs' `Page.render` builds a `markdown.Markdown` for each page: its extensions loaded and their processors
registered anew, about an eighth of the conversion of a card page (0.47 of 3.96 ms). `render` below is
MkDocs' `Page.render` (mkdocs 1.6) with the converter made once and `reset()` between pages, as Python-Markdown
documents for converting several texts; MkDocs' four per-page processors are registered for each page as MkDocs
does, under the same names, which replaces the previous page's and keeps the order of a new converter.
"""

from __future__ import annotations

import logging
import posixpath
import re
from urllib.parse import unquote, urlsplit

import markdown
import mkdocs
from markdown.util import AMP_SUBSTITUTE
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
        self.links: dict[tuple[str, str, str], tuple] = {}  # see LinksOfAFolder: for the pages of `links_of`
        self.links_of: object = None

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

        raw_html_ext = AnchorsInRawHTML()
        raw_html_ext._register(md)
        extract_anchors_ext = pages._ExtractAnchorsTreeprocessor(page.file, files, config)
        extract_anchors_ext._register(md)
        if files is not self.links_of:  # another build's pages (a build has one)
            self.links, self.links_of = {}, files
        relative_path_ext = LinksOfAFolder(page.file, files, config, self.links)
        relative_path_ext._register(md)
        extract_title_ext = pages._ExtractTitleTreeprocessor()
        extract_title_ext._register(md)

        page.content = md.convert(page.markdown)
        page.toc = get_toc(getattr(md, "toc_tokens", []))
        page._title_from_render = extract_title_ext.title
        page.present_anchor_ids = extract_anchors_ext.present_anchor_ids | raw_html_ext.present_anchor_ids
        if pages.log.getEffectiveLevel() > logging.DEBUG:
            page.links_to_anchors = relative_path_ext.links_to_anchors


# Where an attribute named `id` or `name` could start: the attribute-name rule of the HTML parser MkDocs' anchor
# collector uses (html.parser's attrfind_tolerant: a name follows a quote, a space or a slash, and ends at a space,
# `/`, `=` or `>`), lowercased as it lowercases names. A text without one holds no such attribute.
_ANCHOR_ATTRIBUTE = re.compile(r"""(?<=['"\s/])(?:id|name)(?![^\s/=>])""", re.IGNORECASE)


class AnchorsInRawHTML(pages._RawHTMLPreprocessor):
    """MkDocs' collector of the anchors (`id`, `<a name>`) a page's raw HTML defines, which parses the page's whole
    text as HTML (about a tenth of the conversion of a card page): a page whose text holds no attribute that could
    be named `id` or `name` (most card pages) defines none, so it is not parsed."""

    def run(self, lines: list[str]) -> list[str]:
        if _ANCHOR_ATTRIBUTE.search("\n".join(lines)):  # joined as it parses them: a line's start follows a space
            return super().run(lines)
        self.present_anchor_ids = set()
        return lines


class LinksOfAFolder(pages._RelativePathTreeprocessor):
    """MkDocs' rewriting of a page's links to other pages (about a twentieth of the conversion of a card page), with
    the links it finds remembered for the rest of the build: a link to a page of the site, written alike on pages
    of the same source folder and the same output folder, becomes the same relative link (MkDocs resolves it from
    the source's folder, and makes it relative to the output page's folder). Any other link (outside the site, to
    no page, to an excluded page, an absolute path: the ones MkDocs may warn about) goes through MkDocs each time.
    The pages' files do not change while a build converts its pages; the preview does not use this."""

    def __init__(self, file, files, config, known: dict[tuple[str, str, str], tuple]) -> None:
        super().__init__(file, files, config)
        self.known = known
        self.folders = (posixpath.dirname(file.src_uri), link_folder(file.url))

    def path_to_url(self, url: str) -> str:
        key = (*self.folders, url)
        hit = self.known.get(key)
        if hit is None:
            new_url = super().path_to_url(url)
            target = self.target(url)
            if target is None:
                return new_url
            hit = self.known[key] = (target, new_url, urlsplit(url).fragment)
        target, new_url, anchor = hit
        if anchor:  # as MkDocs registers it, for its check of the anchors once every page is converted
            self.links_to_anchors.setdefault(target, {}).setdefault(anchor, url)
        return new_url

    def target(self, url: str):
        """The page of the site `url` links to, when MkDocs takes it to one without a word (else None)."""
        scheme, netloc, path, _query, _anchor = urlsplit(url)
        if scheme or netloc or url.startswith(("/", "\\")) or AMP_SUBSTITUTE in url or not path:
            return None
        target = self.files.get_file_from_path(self._target_uri(self.file.src_uri, unquote(path)))
        if target is None or target.inclusion.is_excluded():
            return None
        return target


def link_folder(url: str) -> str:
    """What mkdocs.utils.get_relative_url makes a link relative to, given the linking page's URL."""
    folder, _, name = url.rpartition("/")
    return folder if "." in name else url


def block_level_test(elements: list[str]):
    """`Markdown.is_block_level` over a set of `elements` taken once per page: Python-Markdown searches its list of
    fifty tags for every element and HTML tag of a page (its list does not change while a page is converted)."""
    tags = frozenset(elements)

    def is_block_level(tag) -> bool:
        return isinstance(tag, str) and tag.lower().rstrip("/") in tags

    return is_block_level
