"""Stable, unique record ids for imported records: a slug of the name, disambiguated, never empty.

A card's id is the slug of its English name ("Edgar Markov's Coffin" -> edgar-markovs-coffin). Two
names can share a slug ("Foo's Bar" and "Foos Bar"), and a name without Latin letters has none
(日本語のカード): the id then carries a short hash of the exact name, so it is the same on every run
and on every machine. An id already given to a record is never given to another (`allocate` is told
who holds each id, by an identity key such as the Scryfall Oracle ID).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterator, Mapping

# Lowercase letters and digits in words joined by single hyphens: no hyphen first, last or doubled.
ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# An id names a file (<id>.yaml) and a page (<id>.html): a 240-character card name would make a file name
# longer than the file system allows, and a plan that can never be written (issue 23).
MAX_ID_LENGTH = 64
# Ids that are something else already: the index page of a folder (a card "Index" would be cards/index.html,
# the card list itself), a Windows device name (a file "con.yaml" cannot be created there), a YAML word or a
# number (written unquoted, `id: null` or `id: 1234` is not a text).
RESERVED = frozenset(
    {
        "index",
        "con",
        "prn",
        "aux",
        "nul",
        *(f"com{n}" for n in range(10)),
        *(f"lpt{n}" for n in range(10)),
        "null",
        "true",
        "false",
        "yes",
        "no",
        "on",
        "off",
        "y",
        "n",
    }
)


def id_problem(record_id: str) -> str | None:
    """Why `record_id` cannot be an id, or None when it can."""
    if len(record_id) > MAX_ID_LENGTH:
        return f"it is {len(record_id)} characters long: an id has at most {MAX_ID_LENGTH}"
    if not ID_RE.match(record_id):
        return (
            "an id is lowercase letters and digits in words joined by single hyphens (no hyphen first, last or doubled)"
        )
    if record_id in RESERVED:
        return f"'{record_id}' is reserved (a page, a device name or a YAML word): choose another id"
    if record_id.isdigit():
        return "an id of digits only reads as a number: add a word"
    return None


# Latin letters that NFKD does not decompose into ASCII ("Æther" must not become "ther").
_LIGATURES = str.maketrans(
    {
        "Æ": "Ae",
        "æ": "ae",
        "Œ": "Oe",
        "œ": "oe",
        "Ø": "O",
        "ø": "o",
        "ß": "ss",
        "Ð": "D",
        "ð": "d",
        "Þ": "Th",
        "þ": "th",
        "Ł": "L",
        "ł": "l",
        "ı": "i",
    }
)


def slug(name: str) -> str:
    """ASCII, lowercase, hyphens; apostrophes dropped. '' when the name has no Latin letter or digit."""
    text = unicodedata.normalize("NFKD", name.translate(_LIGATURES)).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "").replace("’", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def name_hash(name: str, length: int = 6) -> str:
    return hashlib.sha256(unicodedata.normalize("NFC", name).encode("utf-8")).hexdigest()[:length]


def candidates(name: str, fallback_prefix: str = "card") -> Iterator[str]:
    """The ids `name` may take, best first: its slug, then the slug (or prefix) with a longer and longer hash."""
    base = slug(name)
    if base and id_problem(base) is None:
        yield base
    stem = base or fallback_prefix
    for length in (6, 10, 16, 40):
        # Cut at a hyphen, so that the id, with its hash, stays within MAX_ID_LENGTH.
        room = MAX_ID_LENGTH - length - 1
        cut = stem if len(stem) <= room else stem[:room].rsplit("-", 1)[0] if "-" in stem[:room] else stem[:room]
        yield f"{cut.strip('-') or fallback_prefix}-{name_hash(name, length)}"


def allocate(name: str, identity: str, holders: Mapping[str, str], fallback_prefix: str = "card") -> str:
    """The id for the record known by `identity` (e.g. an Oracle ID), given `holders` (id -> identity).

    The record's own id comes back when it already holds one of its candidates; otherwise the first
    candidate no other record holds. `holders` is not changed: the caller records the result."""
    options = list(candidates(name, fallback_prefix))
    for option in options:
        if holders.get(option) == identity:
            return option
    for option in options:
        if option not in holders:
            return option
    raise ValueError(f"no free id for {name!r}")  # 64 hex digits of sha256 taken by another name: not reachable
