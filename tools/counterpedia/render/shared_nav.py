"""Material's navigation sidebar rendered once per folder for the pages outside the nav.

Material renders `partials/nav.html` (the whole nav tree, a few hundred links) for every page, about a third of
the theme's time per page. For a page that is not in the nav (the card, ruling, rule pages...) nothing in it is
marked active, so what it prints depends only on the folder its links are relative to: the HTML of the first page
of a folder is the HTML of every other page of that folder outside the nav. A page in the nav is rendered as
Material does (its item is active, its table of contents is inside).

Material's search box, logo and back-to-top button (`PER_FOLDER`) print what depends only on the build (its
config, its language's texts) and, for a link, on the page's folder: the same HTML on every page of a folder, in
the nav or not; each is worked out once per folder.

Only for a build (`mkdocs build`): every page's title is known before the first page is written, so the nav does
not change while the pages are written. The preview re-reads titles after an edit, and does not use this.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterator
from typing import Any

NAV_TEMPLATE = "partials/nav.html"
PER_FOLDER = ("partials/search.html", "partials/logo.html", "partials/top.html")


def page_folder(url: str) -> str:
    """What MkDocs' `url` filter makes a link relative to (mkdocs.utils.get_relative_url): the page's folder
    when its URL names a file, else the URL itself."""
    head, tail = posixpath.split(url)
    return head if "." in tail else url


def share_nav(env) -> None:
    """Make `env`'s nav template print the same HTML for the pages outside the nav of one folder, worked out
    once. The template object is the one the theme's includes get from `env` (its cache keeps it)."""
    template = env.get_template(NAV_TEMPLATE)
    template.root_render_func = _shared(template.root_render_func)


def share_per_folder(env, names=PER_FOLDER) -> None:
    """Make each of `env`'s templates `names` print its HTML once per folder of the pages that include it."""
    for name in names:
        template = env.get_template(name)
        template.root_render_func = _per_folder(template.root_render_func)


def _per_folder(render: Callable[[Any], Iterator[str]]) -> Callable[[Any], Iterator[str]]:
    seen: dict[tuple, str] = {}

    def root(context) -> Iterator[str]:
        page = context.get("page")
        if page is None or not isinstance(getattr(page, "url", None), str):
            yield from render(context)
            return
        yield _once_per_folder(seen, render, context, page.url)

    return root


def _once_per_folder(seen: dict[tuple, str], render: Callable[[Any], Iterator[str]], context, url: str) -> str:
    """The HTML `render` prints for the page at `url`, printed once per folder (and base URL) of the pages."""
    key = (page_folder(url), context.get("base_url"))
    html = seen.get(key)
    if html is None:
        html = seen[key] = "".join(render(context))
    return html


def _shared(render: Callable[[Any], Iterator[str]]) -> Callable[[Any], Iterator[str]]:
    seen: dict[tuple, str] = {}
    current: list = [None, frozenset()]  # the nav `seen` was printed for, and its pages' sources

    def root(context) -> Iterator[str]:
        page, nav = context.get("page"), context.get("nav")
        if page is None or nav is None or getattr(page, "file", None) is None:
            yield from render(context)
            return
        if current[0] is not nav:
            current[:] = [nav, frozenset(p.file.src_uri for p in nav.pages)]
            seen.clear()
        if page.file.src_uri in current[1]:
            yield from render(context)
            return
        yield _once_per_folder(seen, render, context, page.url)

    return root
