"""Every local link and anchor in a built site resolves: MkDocs checks Markdown links, this checks the HTML."""

from __future__ import annotations

import posixpath
import html
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit


# MkDocs writes regular HTML (double-quoted attributes): two regular expressions read it ten
# times faster than html.parser, which matters with a thousand pages per language.
_ID_RE = re.compile(r'<[a-zA-Z][^>]*?\s(?:id|name)="([^"]*)"')
_HREF_RE = re.compile(r'<a\s[^>]*?href="([^"]*)"')


class _Page:
    def __init__(self, text: str):
        self.ids = {html.unescape(i) for i in _ID_RE.findall(text)}
        self.links = [html.unescape(h) for h in _HREF_RE.findall(text)]


def check_site(site_dir: Path, foreign: tuple[str, ...] = (), extra: dict[str, list[str]] | None = None) -> list[str]:
    """'page.html: broken link to x.html#y' for every local link whose target page or anchor is missing.

    Links into `foreign` folders (the other languages, built separately) or above the site are left
    to the check of the whole site, run once every language is built. `extra`: links that are not in
    a page (the search index's results), by the file they come from, relative to the site's root."""
    pages: dict[str, _Page] = {}
    for path in site_dir.rglob("*.html"):
        pages[path.relative_to(site_dir).as_posix()] = _Page(path.read_text(encoding="utf-8", errors="replace"))
    problems = []
    sources = [(name, page.links) for name, page in sorted(pages.items())] + sorted((extra or {}).items())
    for name, links in sources:
        if name.startswith(foreign) or name.rsplit("/", 1)[-1] == "404.html":  # 404 pages link from the server root
            continue
        for href in links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or href.startswith(("mailto:", "javascript:")):
                continue
            target = unquote(parts.path)
            if target:
                resolved = posixpath.normpath(posixpath.join(posixpath.dirname(name), target))
                if resolved.endswith("/") or resolved in ("", "."):
                    resolved = posixpath.join(resolved, "index.html")
            else:
                resolved = name
            if resolved.startswith("..") or resolved.startswith(foreign):
                continue
            if not resolved.endswith(".html"):
                if not (site_dir / resolved).exists():
                    problems.append(f"{name}: broken link to {href}")
                continue
            page = pages.get(resolved)
            if page is None:
                problems.append(f"{name}: broken link to {href}")
            elif parts.fragment and unquote(parts.fragment) not in page.ids:
                problems.append(f"{name}: missing anchor #{parts.fragment} in {resolved}")
    return problems
