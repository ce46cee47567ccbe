"""Shorthands players type (p1p1, pw, sba), read as the name of the record they mean.

The reviewed list is catalogue/search-shorthands.yaml (counterpedia.catalogue.shorthands reads and
checks it); an index holds, per language, each shorthand's words and the record's name in that
language. Before a query is parsed, a shorthand typed as whole words (case, width and full-width forms
folded) is replaced by that name, the longest shorthand first: on the English site `p1p1 on a
creature` is searched as `+1/+1 counter on a creature`, on the Japanese site as `+1/+1カウンター …`.
A shorthand with a sign before it (`+pw`) is left as typed. The browser's copy is in
docs/assets/javascripts/workers/counterpedia-search.js (expandShorthands). Nothing here imports ruamel.
"""

from __future__ import annotations

from .normalize import fold_text, normalize_text


def words(typed: str) -> tuple:
    """The folded words of a shorthand or of a query, as they are compared."""
    return tuple(fold_text(word) for word in normalize_text(typed).split())


def table(meanings: list, lang: str) -> list[list]:
    """[[words, name], …] of one language from catalogue.shorthands.meanings' [[typed, {lang: name}], …],
    the longest shorthand first (ties keep the list's order)."""
    rows = [[list(words(typed)), names.get(lang) or names.get("en") or ""] for typed, names in meanings]
    rows = [row for row in rows if row[0] and row[1]]
    return sorted(rows, key=lambda row: -len(row[0]))


def expand(query: str, rows: list) -> tuple[str, list[list[str]]]:
    """`query` with each shorthand replaced by its name, and [[shorthand as typed, name], …] of those
    replaced. A query without a shorthand is returned as it is."""
    if not rows:
        return query, []
    raw = normalize_text(query).split()
    folded = [fold_text(word) for word in raw]
    out: list[str] = []
    used: list[list[str]] = []
    i = 0
    while i < len(raw):
        for phrase, name in rows:
            size = len(phrase)
            if folded[i : i + size] == phrase:
                out.append(name)
                used.append([" ".join(raw[i : i + size]), name])
                i += size
                break
        else:
            out.append(raw[i])
            i += 1
    return (" ".join(out), used) if used else (query, [])
