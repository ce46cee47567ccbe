"""Card tables set aside from Markdown while MkDocs converts a page, and put back into its HTML as they were.

A counter's card table is plain HTML of up to 1,754 rows (+1/+1). Python-Markdown would parse every tag of it
only to write it back unchanged: 0.58 of the 0.62 s the +1/+1 page takes to convert. Before the conversion each
table becomes an HTML comment, which Markdown passes through as it is; after it, the comment becomes the table
again. The page's HTML is byte for byte what the conversion of the whole Markdown gives
(tests/render/test_set_aside.py).
"""

from __future__ import annotations

import re

# What `SiteRenderer.cards_table` writes first and last.
TABLE_START = '<div class="cp-catalogue cp-cards" data-search-exclude="true">'
TABLE_END = "</tbody>\n</table>\n</div>\n</div>"
_TABLE = re.compile(re.escape(TABLE_START) + ".*?" + re.escape(TABLE_END), re.DOTALL)
_SLOT = re.compile(r"<!--cp-set-aside-(\d+)-->")


def set_aside(markdown: str) -> tuple[str, list[str]]:
    """The Markdown with each card table replaced by a numbered comment, and the tables."""
    tables: list[str] = []

    def slot(match: re.Match[str]) -> str:
        tables.append(match.group())
        return f"<!--cp-set-aside-{len(tables) - 1}-->"

    return _TABLE.sub(slot, markdown), tables


def put_back(html: str, tables: list[str]) -> str:
    """The HTML with each comment of `set_aside` replaced by its table."""
    if not tables:
        return html
    return _SLOT.sub(lambda match: tables[int(match.group(1))], html)
