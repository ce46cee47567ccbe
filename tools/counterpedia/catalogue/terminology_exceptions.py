"""The reviewed list of ordinary words: glossary entries and card names that the translation checks (E509,
E510: counterpedia.checks.memory) do not ask a translation to use, because the English uses them as ordinary
words ("double the damage", "the time counters are put").

The list lives beside the data, in `catalogue/terminology-exceptions.yaml` at the repository root. Shape: a
mapping with `terms`, a list of `{id: KIND:ID, reason}` (every text) or `{id | name, entry, reason}` (the one
memory entry `entry`), and `cards`, a list of `{name, reason}` (schema: terminology-exceptions.schema.json).
Checked by `checks.terminology_exceptions`: E159 (malformed: not used), and the warnings of an exception that
silences nothing, W206 (an id that is no counter, mechanic or term), W207 (an entry that is no memory entry),
W208 (a name that is no card's English name). Read by the memory checks through `ordinary_words`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..kinds import EMBEDDED_SEPARATOR
from ..model.memory import FACE_SEPARATOR, shard
from ..model.shapes import as_dict
from .reviewed import Problem, ReviewedListError, list_path, load_document, shape_problems

FILE = Path("catalogue") / "terminology-exceptions.yaml"
SCHEMA = "terminology-exceptions"


@dataclass(frozen=True)
class OrdinaryWords:
    """What the list silences: glossary entries (`kind:id`) and card names in every text, and (entry key,
    `kind:id` or card name) pairs in one text."""

    terms: frozenset[str] = frozenset()
    cards: frozenset[str] = frozenset()
    pairs: frozenset[tuple[str, str]] = frozenset()


def default_path(data_dir: Path) -> Path:
    """Where the list is for a given data folder: `<repo>/catalogue/terminology-exceptions.yaml`."""
    return list_path(data_dir, FILE)


def _english_card_names(kb) -> set[str]:
    names = set()
    for card in kb.all("card"):
        en = as_dict(as_dict(card.data.get("names")).get("en")).get("text")
        if isinstance(en, str):
            names.add(en)
            names.update(en.split(FACE_SEPARATOR))  # a face of a double-faced card
    return names


def problems(document, kb) -> list[Problem]:
    """Its shape (E159), an id that is no counter, mechanic or term (W206), an entry that is no memory entry
    (W207), a name that is no card's English name (W208)."""
    found = shape_problems(document, SCHEMA, "E159")
    if found:
        return found
    cards = _english_card_names(kb)
    for i, item in enumerate(document["terms"]):
        if "id" in item:
            kind, _, record_id = item["id"].partition(":")
            if kb.get(kind, record_id) is None:
                found.append(Problem("W206", f"'{item['id']}' is no {kind} of the data", ("terms", i, "id")))
        elif item["name"] not in cards:
            found.append(Problem("W208", f"'{item['name']}' is the English name of no card", ("terms", i, "name")))
        entry = item.get("entry")
        if entry is not None and kb.get("translation", f"{shard(entry)}{EMBEDDED_SEPARATOR}{entry}") is None:
            found.append(Problem("W207", f"'{item['entry']}' is the key of no memory entry", ("terms", i, "entry")))
    for i, item in enumerate(document.get("cards") or []):
        if item["name"] not in cards:
            found.append(Problem("W208", f"'{item['name']}' is the English name of no card", ("cards", i, "name")))
    return found


def ordinary_words(path: Path) -> OrdinaryWords:
    """What the list at `path` silences. No list, or one that is unreadable or out of its shape (`validate`
    reports it: E159): nothing, so that every term is checked."""
    if not Path(path).is_file():
        return OrdinaryWords()
    try:
        document = load_document(path)
    except ReviewedListError:
        return OrdinaryWords()
    if shape_problems(document, SCHEMA, "E159"):
        return OrdinaryWords()
    items = document["terms"]
    return OrdinaryWords(
        terms=frozenset(str(e["id"]) for e in items if "id" in e and "entry" not in e),
        cards=frozenset(str(e["name"]) for e in document.get("cards") or []),
        pairs=frozenset((str(e["entry"]), str(e.get("id") or e.get("name"))) for e in items if "entry" in e),
    )
