"""Download the official Japanese Comprehensive Rules page and save its text as lines.

The structure of the page is the one that the public scraper of `4423-mtg/mtgwiki-scripts`
(`src/cr/test_cr.ts`) relies on: the rules are the text of the element at
`body > div#wrap > main > article > div#contents > div.inner > div.reading-main > section > div.detail`;
each child element of it (text nodes and `<style>` aside) gives its text, split on line ends, with
empty and blank lines dropped. The lines are saved joined by "\\n", with a final "\\n", as that
scraper saves `cr/lines.txt`. The page's effective-date line (「このルールは2026年1月16日から有効です。」)
must name the edition asked for; the text must parse; only then is the file written, atomically.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from .fetch import FetchError, _download, _write_atomically, check_edition_id
from .ja_locate import file_name
from .ja_parse import JaCRParseError, parse_lines

DEFAULT_URL = "https://mtg-jp.com/gameplay/rules/docs/0006836/"
URL_ENV = "COUNTERPEDIA_CR_JA_URL"
SELECTOR = "body > div#wrap > main > article > div#contents > div.inner > div.reading-main > section > div.detail"
VOID_TAGS = frozenset("area base br col embed hr img input link meta param source track wbr".split())


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list = field(default_factory=list)  # Node or str
    parent: Node | None = None

    def text(self) -> str:
        parts: list[str] = []
        stack = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, str):
                parts.append(node)
            else:
                stack.extend(reversed(node.children))
        return "".join(parts)

    def matches(self, simple: tuple[str, str | None, str | None]) -> bool:
        tag, ident, cls = simple
        if tag and self.tag != tag:
            return False
        if ident and self.attrs.get("id") != ident:
            return False
        return not cls or cls in (self.attrs.get("class") or "").split()


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, {k: v or "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)
        if tag not in VOID_TAGS:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, {k: v or "" for k, v in attrs}, parent=self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:  # an end tag with no open element is ignored
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse_html(html: str) -> Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def _simple(selector: str) -> tuple[str, str | None, str | None]:
    tag, ident, cls = selector, None, None
    if "." in tag:
        tag, cls = tag.split(".", 1)
    if "#" in tag:
        tag, ident = tag.split("#", 1)
    return tag, ident, cls


def select(root: Node, selector: str) -> list[Node]:
    """The elements matching a chain of simple selectors joined by ">" (child combinators only)."""
    chain = [_simple(part.strip()) for part in selector.split(">")]
    found: list[Node] = []

    def walk(node: Node) -> None:
        for child in node.children:
            if isinstance(child, Node):
                if _chain_matches(child, chain):
                    found.append(child)
                walk(child)

    walk(root)
    return found


def _chain_matches(node: Node | None, chain) -> bool:
    for simple in reversed(chain):
        if node is None or node.tag == "#document" or not node.matches(simple):
            return False
        node = node.parent
    return True


def extract_lines(html: str) -> list[str]:
    """The page's lines, as the scraper makes them: the text of each child element of `div.detail`."""
    details = select(parse_html(html), SELECTOR)
    if not details:
        raise FetchError(f"the page has no element at `{SELECTOR}`: its structure changed, nothing was saved")
    lines: list[str] = []
    for detail in details:
        for child in detail.children:
            if isinstance(child, Node) and child.tag != "style":
                lines += [line for line in child.text().split("\n") if line.strip()]
    return lines


def url_for(base_url: str | None = None, env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    return base_url or env.get(URL_ENV) or DEFAULT_URL


def fetch(
    edition: str | None,
    cache_dir: str | Path,
    url: str | None = None,
    timeout: float = 60.0,
    env: Mapping[str, str] | None = None,
) -> Path:
    """Download the page, check it holds `edition` (when given) and save its lines as cr-ja-YYYYMMDD.txt."""
    if edition is not None:
        check_edition_id(edition)
    url = url_for(url, env)
    data = _download(url, timeout)
    try:
        html = data.decode("utf-8")
    except UnicodeDecodeError:
        raise FetchError(f"{url}: not UTF-8 text, so not the official Japanese rules page; nothing was saved") from None
    lines = extract_lines(html)
    try:
        parsed = parse_lines(lines)
    except JaCRParseError as error:
        raise FetchError(f"{url}: {error}; nothing was saved") from None
    if edition is not None and parsed.edition != edition:
        raise FetchError(
            f"{url}: the page holds the edition effective {parsed.effective} ({parsed.edition}), "
            f"not {edition}; nothing was saved"
        )
    text = "\n".join(lines) + "\n"
    return _write_atomically(Path(cache_dir), file_name(parsed.edition), text.encode("utf-8"))


__all__ = ["DEFAULT_URL", "SELECTOR", "URL_ENV", "extract_lines", "fetch", "parse_html", "select", "url_for"]
