"""Page paths (the same in every language) and relative links between pages."""

from __future__ import annotations

import posixpath

from .. import rule_numbers

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
        return "rulings/index.md", record_id
    if kind == "term":
        return "glossary.md", record_id
    if kind == "source":
        return "sources.md", record_id
    raise KeyError(kind)


def rule_anchor(number: str) -> str:
    """The anchor of a rule on its page: 727.1a -> 727-1a."""
    return rule_numbers.parse(number).anchor if rule_numbers.is_valid(number) else number.replace(".", "-")


def relative(from_page: str, to_page: str, anchor: str | None = None) -> str:
    """A Markdown link target from one page to another (MkDocs turns .md into .html and checks it)."""
    if from_page == to_page:
        target = ""
    else:
        target = posixpath.relpath(to_page, posixpath.dirname(from_page) or ".")
    return target + (f"#{anchor}" if anchor else "") if (target or anchor) else to_page


def record_link(from_page: str, kind: str, record_id: str) -> str:
    page, anchor = page_path(kind, record_id)
    return relative(from_page, page, anchor)
