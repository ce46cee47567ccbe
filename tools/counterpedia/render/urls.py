"""Page paths (the same in every language) and relative links between pages.

Where each kind's records are shown (`Kind.page`, `Kind.index_page`) is declared in the registry
(`counterpedia.kinds`); this module turns it into paths and links."""

from __future__ import annotations

import posixpath

from .. import kinds
from ..kinds import EMBEDDED_SEPARATOR
from ..model import rule_numbers

OFFICIAL_RULES_URL = "https://magic.wizards.com/en/rules"


def index_page(kind: str) -> str:
    """The page listing every record of a kind (the counters: the home page's catalogue)."""
    return kinds.get(kind).index_page


def page_path(kind: str, record_id: str) -> tuple[str, str | None]:
    """(page, anchor) where a record is shown; KeyError for an unknown kind."""
    spec = kinds.get(kind)
    owner_id, separator, local = record_id.partition(EMBEDDED_SEPARATOR)
    owner = next((k for k in kinds.all_kinds() if k.embeds == kind), None) if separator else None
    if owner is not None:  # kept in another record's file (a card's ruling): on that record's page
        return page_path(owner.name, owner_id)[0], embedded_anchor(kind, local)
    page, _, anchor = spec.page.partition("#")
    return page.format(id=record_id), anchor.format(id=record_id) or None


def embedded_anchor(kind: str, local_id: str) -> str:
    """The anchor of a record kept in another one's file, on that record's page (a card's ruling)."""
    return f"{kind}-{local_id}"


def rulings_about_page(kind: str, record_id: str) -> str:
    """The page listing the rulings about a counter or a mechanic."""
    return f"rulings/{kind}s/{record_id}.md"


def rulings_year_page(year: str) -> str:
    return f"rulings/{year}.md"


def rule_anchor(number: str) -> str:
    """The anchor of a rule on its page: 727.1a -> 727-1a."""
    return rule_numbers.parse(number).anchor if rule_numbers.is_valid(number) else number.replace(".", "-")


def _relpath(to_page: str, from_dir: str) -> str:
    """posixpath.relpath for the site's relative page paths, without its calls to the file system (os.getcwd):
    pages link to each other a hundred thousand times per language."""
    target = [p for p in to_page.split("/") if p and p != "."]
    start = [p for p in from_dir.split("/") if p and p != "."]
    if ".." in target or ".." in start:
        return posixpath.relpath(to_page, from_dir or ".")
    common = 0
    while common < min(len(target), len(start)) and target[common] == start[common]:
        common += 1
    parts = [".."] * (len(start) - common) + target[common:]
    return "/".join(parts) or "."


def relative(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A Markdown link target from one page to another (MkDocs turns .md into .html and checks it)."""
    if from_page == to_page:
        target = ""
    else:
        target = _relpath(to_page, posixpath.dirname(from_page))
    return target + (f"#{anchor}" if anchor else "") if (target or anchor) else posixpath.basename(to_page)


def to_html(target: str) -> str:
    """A Markdown link target (page.md#anchor) as the built site's URL, for links written as HTML."""
    path, hash_, anchor = target.partition("#")
    if path.endswith(".md"):
        path = path[:-3] + ".html"
    return path + hash_ + anchor


def record_link(from_page: str, kind: str, record_id: str) -> str:
    page, anchor = page_path(kind, record_id)
    return relative(from_page, page, anchor)
