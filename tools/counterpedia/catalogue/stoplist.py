"""The reviewed stop list of auto-linking: card names that the pages of a language do not link where a text
writes them, each with its reason (a card named Counterspell, Proliferate or 砂漠 whose name is a word the
texts use as a word, not as the card).

The list lives beside the data, in `catalogue/autolink-stop-list.yaml` at the repository root. Shape: a
mapping with `names`, a list of `{name, langs, reason}` (schema: autolink-stop-list.schema.json). Checked by
`checks.stoplist`: E155 (the list is malformed), E156 (a name that is no card's name), E157 (a name listed
twice for one language), E158 (a language that is not a site language). Read by the linker
(`render.markup.Linker`) through `stopped`, which the site build calls at its edge.
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

from ..langs import LANGS
from ..model.shapes import as_dict
from . import reviewed
from .reviewed import Problem, list_path, shape_problems

FILE = Path("catalogue") / "autolink-stop-list.yaml"
SCHEMA = "autolink-stop-list"


def default_path(data_dir: Path) -> Path:
    """Where the list is for a given data folder: `<repo>/catalogue/autolink-stop-list.yaml`."""
    return list_path(data_dir, FILE)


def fold(name: str) -> str:
    """A name as the list and the linker compare it: NFKC, case-folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def card_names(kb) -> set[str]:
    """Every card's name in every language, folded."""
    found = set()
    for card in kb.all("card"):
        for entry in as_dict(card.data.get("names")).values():
            text = entry.get("text") if isinstance(entry, dict) else None
            if isinstance(text, str):
                found.add(fold(text))
    return found


def problems(document, kb) -> list[Problem]:
    """Its shape (E155), a name no card has (E156), a name listed twice for a language (E157), a language that
    is not one of the site's (E158)."""
    found = shape_problems(document, SCHEMA, "E155")
    if found:
        return found
    names = card_names(kb)
    seen: dict[tuple[str, str], int] = {}
    for i, entry in enumerate(document["names"]):
        name = fold(entry["name"])
        if name not in names:
            found.append(Problem("E156", f"'{entry['name']}' is the name of no card", ("names", i, "name")))
        for j, lang in enumerate(entry["langs"]):
            if lang not in LANGS:
                found.append(
                    Problem(
                        "E158", f"'{lang}' is not a language of the site ({', '.join(LANGS)})", ("names", i, "langs", j)
                    )
                )
            elif (name, lang) in seen:
                found.append(
                    Problem(
                        "E157",
                        f"'{entry['name']}' is listed twice for '{lang}' (also in entry {seen[name, lang] + 1})",
                        ("names", i, "name"),
                    )
                )
            else:
                seen[name, lang] = i
    return found


def stopped(kb, path: Path) -> tuple[dict[str, frozenset[str]], str | None]:
    """({lang: the folded names its pages do not link}, problem). A list with any problem is not used at all
    (`validate` reports it, and the site build refuses data with errors), and its first problem is returned,
    rendered; no list: ({}, None)."""
    document, found = reviewed.read(Path(path), "E155", lambda document: problems(document, kb))
    if found:
        return {}, found[0].render()
    if document is None:
        return {}, None
    by_lang: dict[str, set[str]] = {}
    for entry in document["names"]:
        for lang in entry["langs"]:
            by_lang.setdefault(str(lang), set()).add(fold(entry["name"]))
    return {lang: frozenset(names) for lang, names in by_lang.items()}, None
