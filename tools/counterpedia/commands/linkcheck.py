"""Every local link and anchor in a built site resolves: MkDocs checks Markdown links, this checks the HTML."""

from __future__ import annotations

import html
import posixpath
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlsplit

# MkDocs writes regular HTML (double-quoted attributes): two regular expressions read it ten
# times faster than html.parser, which matters with a thousand pages per language.
_ID_RE = re.compile(r'<[a-zA-Z][^>]*?\s(?:id|name)="([^"]*)"')
_HREF_RE = re.compile(r'<a\s[^>]*?href="([^"]*)"')


class _Page:
    __slots__ = ("ids", "links")

    def __init__(self, text: str):
        # Interned: the theme's links and ids repeat on every page of a folder (memory when pages are kept).
        self.ids = {sys.intern(html.unescape(i)) for i in _ID_RE.findall(text)}
        self.links = [sys.intern(html.unescape(h)) for h in _HREF_RE.findall(text)]


# Pages already read, while `reading_once()` is active: path -> (mtime_ns, size, inode, page).
_kept: dict[str, tuple[int, int, int, _Page]] | None = None


@contextmanager
def reading_once():
    """Within this context, a page read by one check is not read again by the next, unless it changed:
    `counterpedia site build` checks each language's site as it is built, then the three together."""
    global _kept
    outer = _kept
    _kept = {} if outer is None else outer
    try:
        yield
    finally:
        _kept = outer


def _read(path: Path) -> _Page:
    if _kept is None:
        return _Page(path.read_text(encoding="utf-8", errors="replace"))
    status = path.stat()
    key = str(path)
    found = _kept.get(key)
    if found is not None and found[:3] == (status.st_mtime_ns, status.st_size, status.st_ino):
        return found[3]
    page = _Page(path.read_text(encoding="utf-8", errors="replace"))
    _kept[key] = (status.st_mtime_ns, status.st_size, status.st_ino, page)
    return page


def check_site(site_dir: Path, foreign: tuple[str, ...] = (), extra: dict[str, list[str]] | None = None) -> list[str]:
    """'page.html: broken link to x.html#y' for every local link whose target page or anchor is missing.

    Links into `foreign` folders (the other languages, built separately) or above the site are left
    to the check of the whole site, run once every language is built. `extra`: links that are not in
    a page (the search index's results), by the file they come from, relative to the site's root."""
    pages: dict[str, _Page] = {}
    for path in site_dir.rglob("*.html"):
        pages[path.relative_to(site_dir).as_posix()] = _read(path)
    problems = []
    sources = [(name, page.links) for name, page in sorted(pages.items())] + sorted((extra or {}).items())
    # What a link resolves to depends only on its folder: the theme's links and the links between cards repeat
    # on every page of a folder, each is worked out once.
    targets: dict[tuple[str, str], tuple[str | None, str] | None] = {}
    for name, links in sources:
        if name.startswith(foreign) or name.rsplit("/", 1)[-1] == "404.html":  # 404 pages link from the server root
            continue
        folder = posixpath.dirname(name)
        for href in links:
            key = (folder, href)
            if key in targets:
                found = targets[key]
            else:
                found = targets[key] = _target(folder, href, foreign)
            if found is None:
                continue
            resolved, fragment = found
            if resolved is None:  # a link to the page itself
                resolved = name
            if not resolved.endswith(".html"):
                if not (site_dir / resolved).exists():
                    problems.append(f"{name}: broken link to {href}")
                continue
            page = pages.get(resolved)
            if page is None:
                problems.append(f"{name}: broken link to {href}")
            elif fragment and unquote(fragment) not in page.ids:
                problems.append(f"{name}: missing anchor #{fragment} in {resolved}")
    return problems


def _target(folder: str, href: str, foreign: tuple[str, ...]) -> tuple[str | None, str] | None:
    """The file a link of a page of `folder` leads to (None: the page itself) and its fragment; None for a link
    not checked here (another site, another language's pages, above the site)."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
        return None
    target = unquote(parts.path)
    if not target:
        return None, parts.fragment
    resolved = posixpath.normpath(posixpath.join(folder, target))
    if resolved.endswith("/") or resolved in ("", "."):
        resolved = posixpath.join(resolved, "index.html")
    if resolved.startswith("..") or resolved.startswith(foreign):
        return None
    return resolved, parts.fragment
