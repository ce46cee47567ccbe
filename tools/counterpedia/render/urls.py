"""Page paths (the same in every language) and relative links between pages."""

from __future__ import annotations

import posixpath

from ..model import rule_numbers

OFFICIAL_RULES_URL = "https://magic.wizards.com/en/rules"

INDEX_PAGES = {
    "counter": "index.md",  # the home page holds the catalogue of counters
    "card": "cards/index.md",
    "mechanic": "mechanics/index.md",
    "ruling": "rulings/index.md",
    "term": "glossary.md",
    "source": "sources.md",
    "rule": "rules/index.md",
}


def page_path(kind: str, record_id: str) -> tuple[str, str | None]:
    """(page, anchor) where a record is shown."""
    if kind == "counter":
        return f"counters/{record_id}.md", None
    if kind == "rule":
        return f"rules/{record_id}.md", None
    if kind == "card":
        return f"cards/{record_id}.md", None
    if kind == "mechanic":
        return f"mechanics/{record_id}.md", None
    if kind == "ruling":
        card, separator, local = record_id.partition("/")
        if separator:  # a card's ruling (knowledge.embedded_id): on its card's page
            return f"cards/{card}.md", ruling_anchor(local)
        return "rulings/index.md", record_id
    if kind == "term":
        return "glossary.md", record_id
    if kind == "source":
        return "sources.md", record_id
    raise KeyError(kind)


def ruling_anchor(local_id: str) -> str:
    """The anchor of a card's ruling on the card's page."""
    return f"ruling-{local_id}"


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
