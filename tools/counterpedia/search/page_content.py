"""What of a page goes into the search index: a pass over each page's HTML before Material indexes it.

Material's search plugin skips any element carrying `data-search-exclude` (and removes the attribute
from the published page afterwards). Left out:

- the canonical text shown beside a translation (`cp-text__canonical`): each language's index holds
  that language's texts, which keeps it small and its results in the reader's language; when the
  translation is missing, the canonical text is the only text and stays in;
- the rules and rulings a counter, card or mechanic page quotes (headings `rule-…` and dated ruling
  ids): they are indexed once, on their own page (rules/…, rulings/index.html), so a search for their
  text lands on the rule's anchor or the ruling, and the index is not three times their size;
- status badges and provenance lines (`cp-badge`, `cp-meta`, `cp-canonical-label`): "公式", "Official",
  a source's title and an edition on every text would match every query for them;
- a rule's quotes of earlier editions (`cp-history-quotes`) and the notes on how an official translation
  differs from the English (`cp-differs`): a search finds the current text, not history or commentary.
"""

from __future__ import annotations

import re

EXCLUDE = ' data-search-exclude="true"'
_BLOCK = re.compile(r'<div class="cp-text cp-text--(?P<status>[\w-]+)"|'
                    r'<(?P<tag>div|span) class="(?P<class>cp-text__canonical|cp-badge|cp-meta|cp-canonical-label|cp-history-quotes|cp-differs)\b')


_QUOTED_HEADING = re.compile(r'<(?P<tag>h[2-6]) id="(?:rule-[0-9]|[0-9]{4}-[0-9]{2}-[0-9]{2}-)')
HOME_PAGES = ("rules/", "rulings/index.md")


def mark_for_search(html: str, page: str = "") -> str:
    """`html` (of the page `page`, e.g. counters/rad.md) with data-search-exclude where it should not be indexed."""
    if not page.startswith(HOME_PAGES):
        html = _QUOTED_HEADING.sub(lambda m: m.group(0)[: 1 + len(m.group("tag"))] + EXCLUDE + m.group(0)[1 + len(m.group("tag")):], html)
    out: list[str] = []
    last = 0
    status = None
    for match in _BLOCK.finditer(html):
        if match.group("status"):
            status = match.group("status")
            continue
        if match.group("class") == "cp-text__canonical" and status == "missing":
            continue
        end = match.start() + 1 + len(match.group("tag"))
        out += [html[last:end], EXCLUDE]
        last = end
    out.append(html[last:])
    return "".join(out)
