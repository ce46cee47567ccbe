"""The record kinds, in one registry: everything the code knows about a kind, declared once.

Each kind of record (counter, rule, ruling, card, mechanic, term, source) is one `Kind`: where its files
live, the schema they follow, which of their fields hold texts, where its records are shown on the site,
how search labels them, what they cite. Loading, validation, the site, search, the export, the translation
status and `counterpedia new` all read their lists of kinds from here, so that adding a kind is one entry
below (plus its schema file, the interface strings its i18n keys name, and, when it wants more than the
generic page, a page of its own in `counterpedia.render.pages`). See docs/editors/architecture.md.

The order of the registry is the order of the kinds everywhere (the knowledge base, the export, the
status table, the search units). It imports nothing of ours: every layer may read it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

# A reference: the path of a field holding an id (or a list of ids), and the kind of the records it names.
Reference = tuple[tuple[str, ...], str]


# A NamedTuple (immutable, compared by value), not a dataclass: every command imports this module, and importing
# dataclasses cost `counterpedia search` 12 ms of its start-up.
class Kind(NamedTuple):
    name: str  # "counter": as records, diagnostics and commands name the kind
    folder: str  # "counters": its records are data/<folder>/<id>.yaml
    schema: str  # "counter.schema.json": the JSON Schema its records follow, in counterpedia/schemas/
    # Where a record is shown: a page of its own ("counters/{id}.md") or an anchor on a shared page
    # ("glossary.md#{id}"); the same path in every language.
    page: str
    index_page: str  # the page listing every record of the kind ("index.md": the home page's catalogue)
    index_title: str  # the i18n key of that page's title (counterpedia.render.i18n)
    i18n_key: str  # the i18n key of the kind's name ("kind_counter": カウンター, counter, marqueur)
    search_code: str  # its one-letter code in the site's search index (and the search worker's KINDS)
    search_bonus: float = 0.0  # how much a match in a record of the kind weighs in the ranking (rank.py)
    text_fields: tuple[str, ...] = ()  # fields holding one text map each ({ja: {text, status…}, en: …, fr: …})
    sharded: bool = False  # files in data/<folder>/<first character of the id>/ (thousands of records)
    name_field: str | None = "names"  # the text map a record's title comes from (None: the title is composed)
    original_field: str | None = None  # the field naming the language its texts were written in (else English)
    references: tuple[Reference, ...] = ()  # the ids it mentions (checked, turned into links and back-links)
    rules_field: tuple[str, ...] | None = None  # the path of the list of CR numbers it cites
    embeds: str | None = None  # a kind whose records it may hold, in a list named after that kind's folder
    vocabulary: bool = False  # a name readers look up: unique per language (E163), as printed on cards (E180)
    # Whether its records are shown as records of their own (pages, nav, search). The translation memory is not:
    # readers see its texts on the rulings that use them (counterpedia.model.memory).
    published: bool = True

    @property
    def search_label(self) -> str:
        """The kind as `counterpedia search` shows it (`[counter]`) and filters on it (`--kind counter`)."""
        return self.name

    @property
    def own_page(self) -> bool:
        """Whether each record has a page of its own (else it is an anchor on a shared page)."""
        return "#" not in self.page


_REGISTRY: dict[str, Kind] = {}
_BY_FOLDER: dict[str, str] = {}


def register(kind: Kind) -> Kind:
    """Add a kind (at the end of the order). Its name, folder and search code must be new."""
    if kind.name in _REGISTRY or kind.folder in _BY_FOLDER:
        raise ValueError(f"the kind {kind.name!r} (folder {kind.folder!r}) is already registered")
    if any(other.search_code == kind.search_code for other in _REGISTRY.values()):
        raise ValueError(f"the search code {kind.search_code!r} of {kind.name!r} is already taken")
    _REGISTRY[kind.name] = kind
    _BY_FOLDER[kind.folder] = kind.name
    return kind


def unregister(name: str) -> None:
    """Remove a kind (the tests' dummy kinds)."""
    kind = _REGISTRY.pop(name)
    del _BY_FOLDER[kind.folder]


def get(name: str) -> Kind:
    """The kind named `name`; KeyError for an unknown one."""
    return _REGISTRY[name]


def find(name: object) -> Kind | None:
    """The kind named `name`, or None (any value: records that fail validation name anything)."""
    return _REGISTRY.get(name) if isinstance(name, str) else None


def names() -> tuple[str, ...]:
    """Every kind's name, in the registry's order."""
    return tuple(_REGISTRY)


def all_kinds() -> Iterator[Kind]:
    return iter(tuple(_REGISTRY.values()))


def folders() -> dict[str, str]:
    """Folder name -> kind name (a live view: read it, never keep it)."""
    return _BY_FOLDER


# A record kept in another one's file (a card's ruling) is known by "<owner id>/<its own id>" ("/" is never in
# an id).
EMBEDDED_SEPARATOR = "/"

# Files outside data/ that follow a schema of their own: file name -> schema kind (its schema is
# `<schema kind>.schema.json`). The reviewed lists of catalogue/ are not records.
OTHER_FILES = {
    "excluded-counters.yaml": "excluded-counters",
    "search-shorthands.yaml": "search-shorthands",
    "autolink-stop-list.yaml": "autolink-stop-list",
    "terminology-exceptions.yaml": "terminology-exceptions",
}


register(
    Kind(
        "counter",
        "counters",
        "counter.schema.json",
        page="counters/{id}.md",
        index_page="index.md",
        index_title="counters",
        i18n_key="kind_counter",
        search_code="c",
        search_bonus=3.0,
        text_fields=("names", "summary"),
        vocabulary=True,
        rules_field=("rules",),
        references=(
            (("related", "counters"), "counter"),
            (("related", "mechanics"), "mechanic"),
            (("related", "terms"), "term"),
            (("sources",), "source"),
            (("first_set", "source"), "source"),
        ),
    )
)
register(
    Kind(
        "rule",
        "rules",
        "rule.schema.json",
        page="rules/{id}.md",
        index_page="rules/index.md",
        index_title="rules",
        i18n_key="kind_rule",
        search_code="r",
        search_bonus=1.0,
        text_fields=("title",),
        name_field="title",
    )
)
register(
    Kind(
        "ruling",
        "rulings",
        "ruling.schema.json",
        page="rulings/index.md#{id}",
        index_page="rulings/index.md",
        index_title="rulings_by_date",
        i18n_key="kind_ruling",
        search_code="u",
        search_bonus=0.5,
        text_fields=("text",),
        name_field=None,
        original_field="original",
        rules_field=("about", "rules"),
        references=(
            (("source",), "source"),
            (("about", "counters"), "counter"),
            (("about", "cards"), "card"),
            (("about", "mechanics"), "mechanic"),
            (("about", "terms"), "term"),
        ),
    )
)
register(
    Kind(
        "card",
        "cards",
        "card.schema.json",
        page="cards/{id}.md",
        index_page="cards/index.md",
        index_title="cards",
        i18n_key="kind_card",
        search_code="k",
        search_bonus=1.5,
        # A card's rulings are ruling records of their own (counterpedia.model.knowledge.embedded_records).
        text_fields=("names", "text"),
        sharded=True,
        embeds="ruling",
        references=((("counters",), "counter"), (("set", "source"), "source")),
    )
)
register(
    Kind(
        "mechanic",
        "mechanics",
        "mechanic.schema.json",
        page="mechanics/{id}.md",
        index_page="mechanics/index.md",
        index_title="mechanics",
        i18n_key="kind_mechanic",
        search_code="m",
        search_bonus=2.5,
        text_fields=("names", "summary"),
        vocabulary=True,
        rules_field=("rules",),
        references=((("counters",), "counter"),),
    )
)
register(
    Kind(
        "term",
        "terms",
        "term.schema.json",
        page="glossary.md#{id}",
        index_page="glossary.md",
        index_title="glossary",
        i18n_key="kind_term",
        search_code="t",
        search_bonus=2.0,
        text_fields=("names", "note"),
        vocabulary=True,
        rules_field=("rules",),
        references=(
            (("related", "counters"), "counter"),
            (("related", "mechanics"), "mechanic"),
            (("related", "terms"), "term"),
        ),
    )
)
register(
    Kind(
        "source",
        "sources",
        "source.schema.json",
        page="sources.md#{id}",
        index_page="sources.md",
        index_title="sources",
        i18n_key="kind_source",
        search_code="s",
        search_bonus=0.0,
        # The registry every provenance field points into: its `title` is a plain text, not a text map.
        name_field="title",
    )
)
register(
    Kind(
        # The translation memory (issue 17): one file per shard of entries (data/translation-memory/4e.yaml holds the entries whose
        # key starts with 4e), so that 4,000 to 20,000 entries stay a few hundred files for `validate`.
        "memory",
        "translation-memory",
        "memory.schema.json",
        page="memory/{id}.md",
        index_page="memory/index.md",
        index_title="memory",
        i18n_key="kind_memory",
        search_code="y",
        name_field=None,
        embeds="translation",
        published=False,
    )
)
register(
    Kind(
        # One entry of the memory: an English ruling text with the card's own name set aside (<CARD>), and its
        # Japanese and French texts. A ruling's missing ja/fr texts come from the entry of its English text.
        "translation",
        "translations",
        "translation.schema.json",
        page="memory/{id}.md",
        index_page="memory/index.md",
        index_title="memory",
        i18n_key="kind_translation",
        search_code="x",
        text_fields=("text",),
        name_field=None,
        published=False,
    )
)
