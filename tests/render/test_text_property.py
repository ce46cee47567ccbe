"""Property: any text, put into a record, appears on its page exactly as written (HTML collapses whitespace).

The page is rendered as the site renders it: our Markdown, then Python-Markdown with the extensions of
mkdocs.yml (front matter read as MkDocs reads it)."""

from __future__ import annotations

from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mkdocs.utils.meta import get_data

from counterpedia.model.knowledge import load
from counterpedia.render.pages import SiteRenderer

ROOT = Path(__file__).resolve().parents[2]
VALID_DATA = ROOT / "tests" / "fixtures" / "valid" / "data"

# Any character a YAML record can hold and a page can show: no control characters but the line break
# (they are not text), no surrogates (not characters).
CHARACTERS = st.characters(blacklist_categories=("Cc", "Cs"), whitelist_characters="\n\t")
# Pieces of Markdown, HTML and of the extensions the site enables, to be met far more often than at random.
SYNTAX = st.sampled_from(
    [
        "\n",
        "\n\n",
        "    ",
        "\t",
        "- ",
        "+ ",
        "* ",
        "1. ",
        "1) ",
        "# ",
        "> ",
        "---",
        "===",
        "***",
        "___",
        "~~~",
        "```",
        "!!! note",
        "???+ note",
        "{: #x .y }",
        "{#id}",
        "[x](y)",
        "![i](x.png)",
        "<b>",
        "</b>",
        "<script>",
        "<!--",
        "-->",
        "&amp;",
        "&lt;",
        "&#60;",
        "&#x3c;",
        "&copy;",
        "&",
        "\\",
        "`",
        "*",
        "_",
        "|",
        ":",
        "<br>",
        "  \n",
        "[^1]",
        "$$",
        "rule 704.5q",
        "CR:400.7",
        "122.1a–h",
        "Struggle for Project Purity",
        "\u00a0",
        "\u2028",
        "\ufeff",
    ]
)
TEXTS = st.lists(st.one_of(SYNTAX, CHARACTERS), min_size=1, max_size=40).map("".join)
SETTINGS = settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=1)
def extensions() -> tuple[list, dict]:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    names, options = [], {}
    for entry in config["markdown_extensions"]:
        name, value = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        names.append(name)
        if value:
            options[name] = value
    return names, options


def to_html(page_markdown: str) -> tuple[str, dict]:
    body, meta = get_data(page_markdown)
    names, options = extensions()
    return markdown.markdown(body, extensions=names, extension_configs=options), meta


class Blocks(HTMLParser):
    """The text of every `cp-text__main` block and of the <h1>, as a reader sees it."""

    def __init__(self, source: str):
        super().__init__(convert_charrefs=True)
        self.blocks: list[list[str]] = []
        self.h1: list[str] = []
        self._stack: list[tuple[str, str | None]] = []
        self.feed(source)

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        role = (
            "block"
            if "cp-text__main" in classes
            else "h1"
            if tag == "h1"
            else "badge"
            if "cp-badge" in classes or "cp-meta" in classes or "headerlink" in classes
            else None
        )
        if role == "block":
            self.blocks.append([])
        if tag not in ("br", "img", "input", "hr"):
            self._stack.append((tag, role))

    def handle_endtag(self, tag):
        while self._stack:
            if self._stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        roles = [role for _tag, role in self._stack if role]
        if "badge" in roles:
            return
        if roles and roles[0] == "block":
            self.blocks[-1].append(data)
        elif roles and roles[0] == "h1":
            self.h1.append(data)


def shown(text: str) -> str:
    return " ".join(text.split())


def renderer(monkeypatch_data: dict) -> SiteRenderer:
    kb, _problems = load(VALID_DATA)
    for (kind, record_id, path), value in monkeypatch_data.items():
        holder = kb.get(kind, record_id).data
        for key in path[:-1]:
            holder = holder[key]
        holder[path[-1]] = value
    return SiteRenderer(kb, "en")


@SETTINGS
@given(text=TEXTS)
def test_any_text_shows_as_written_in_its_block(text):
    entry = {"text": text, "status": "official", "source": "cr", "version": "20260116"}
    site = renderer({("counter", "rad", ("summary",)): {"en": entry}})
    page = Blocks(to_html(site.counter_page(site.kb.get("counter", "rad")))[0])
    assert shown("".join(page.blocks[0])) == shown(text)


@SETTINGS
@given(name=TEXTS)
def test_any_name_shows_as_written_in_the_title_and_heading(name):
    entry = {"text": name, "status": "official", "source": "wotc-pip-release-notes", "version": "2024-03-08"}
    site = renderer({("card", "struggle-for-project-purity", ("names", "en")): entry})
    page_html, meta = to_html(site.card_page(site.kb.get("card", "struggle-for-project-purity")))
    assert meta.get("title") == shown(name)  # one line in the front matter, nothing added to it
    assert set(meta) == {"title"}
    assert shown("".join(Blocks(page_html).h1)) == shown(name)
