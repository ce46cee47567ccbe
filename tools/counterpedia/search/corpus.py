"""What is searched: the records' texts as search units, for the command line and for each site.

A *unit* is what a result points at: a record's page or anchor (a counter, a card, a mechanic, a
quoted-rules page, a glossary term, a source, one ruling), with its *entries*: its texts, each with a
role that weighs in the ranking (`name` for names and titles, `reading` for the hiragana reading of a
Japanese name, `rule`, `example`, `text` for a card's
Oracle or printed text, `ruling`, `summary`, `note`). The texts are a record's text fields
(`counterpedia.model.texts`, as its kind declares them in `counterpedia.kinds`); a field of another name
than the roles is searched as `text`.

- `units(kb)`: every text in every language (the command line, which shows where to edit).
- The Japanese name of a counter, card, mechanic, term or quoted-rules page has its reading beside it
  (`readings`, made by SudachiPy when the index is built), in the command line's index and the
  Japanese site's.
- `units(kb, lang)`: what the site in `lang` shows: the names in that language and in English (the
  English name finds the card everywhere), and each other text in that language, else in the
  language the page shows instead (the canonical text). Badges, provenance and the canonical text
  beside a translation are not texts of the page's language and stay out.
- A ruling is a unit of its own: one kept in its card's record (docs/editors/data-format.md) is found at
  `cards/<card>.html#ruling-<id>`, a loose one at `rulings/index.html#<id>`; its title names its card
  (or what it is about) and its date.
- A rule's number starts the text of its entry (`727.1a Rad counters are …`): `704.5q` is searchable
  and the snippet reads like the Comprehensive Rules.

Pure functions over the knowledge base; any value of any type is tolerated (a record that fails
validation must not crash a search: `names: [a, b]`, `title: 5`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from .. import kinds
from ..langs import LANGS
from ..model.texts import canonical_of, text_fields
from ..render import i18n, urls

if TYPE_CHECKING:  # not at run time: the knowledge base brings in ruamel, which `counterpedia search` need not load
    from ..model.knowledge import KnowledgeBase, Record

ROLES = ("name", "reading", "rule", "example", "text", "ruling", "summary", "note", "page")
# The search role of a text field that is not named after one (counterpedia.model.texts.TextField.role).
FIELD_ROLES = {"names": "name", "title": "name"}


@dataclass
class Entry:
    role: str
    lang: str
    text: str
    anchor: str | None = None
    keys: tuple = ()  # where in the record (for the command line's yaml: PATH:LINE)


@dataclass
class Unit:
    kind: str
    id: str
    page: str  # e.g. counters/rad.html, the same in every language
    anchor: str | None
    titles: dict  # lang -> the unit's title (a ruling's names its card and date)
    headings: dict  # lang -> its heading under the page's title on the site (a ruling: its date)
    page_titles: dict  # lang -> the title of its page
    path: str = ""  # the record's file
    entries: list[Entry] = field(default_factory=list)


def _text(value) -> str | None:
    """The text of a text object ({text: …}) or a plain string; None for anything else or blank."""
    if isinstance(value, dict):
        value = value.get("text")
    if isinstance(value, str) and value.strip():
        return value.replace("\x00", " ")
    return None


def _texts(field_value) -> dict:
    """lang -> text of a text map; {} when it is not a map."""
    if not isinstance(field_value, dict):
        return {}
    found = {}
    for lang, value in field_value.items():
        text = _text(value)
        if text is not None:
            found[str(lang)] = text
    return found


def _names(record_data: dict, key: str = "names") -> dict:
    return _texts(record_data.get(key))


def title_in(names: dict, lang: str, fallback: str) -> str:
    for candidate in (lang, "en", *names):
        if names.get(candidate):
            return names[candidate].strip()
    return fallback


def _choose(texts: dict, lang: str | None, canonical: str | None) -> list[str]:
    """The languages of a text map that the search in `lang` holds (None: all of them)."""
    if lang is None:
        return list(texts)
    for candidate in (lang, canonical, "en", *texts):
        if candidate in texts:
            return [candidate]
    return []


def _name_langs(names: dict, lang: str | None) -> list[str]:
    if lang is None:
        return list(names)
    chosen = [candidate for candidate in (lang, "en") if candidate in names]
    if not chosen and names:
        chosen = [next(iter(names))]
    if len(chosen) == 2 and names[chosen[0]].strip().casefold() == names[chosen[1]].strip().casefold():
        chosen = chosen[:1]
    return chosen


def _add(
    unit: Unit,
    role: str,
    field_value,
    keys: tuple,
    lang: str | None,
    canonical: str | None,
    anchor: str | None = None,
    prefix: str = "",
) -> None:
    """The entries of one text map: its texts in the languages the search in `lang` holds."""
    texts = _texts(field_value)
    langs = _name_langs(texts, lang) if role == "name" else _choose(texts, lang, canonical)
    for chosen in langs:
        unit.entries.append(Entry(role, chosen, prefix + texts[chosen], anchor, (*keys, chosen)))


def _add_reading(unit: Unit, field_value, keys: tuple) -> None:
    """The hiragana reading of the Japanese name, found as a name is (yaml: the Japanese name's line)."""
    # start-up: SudachiPy and its dictionary are loaded only when an index is built, never by a search
    from .readings import reading

    name = _texts(field_value).get("ja")
    read = reading(name) if name else None
    if read:
        unit.entries.append(Entry("reading", "ja", read, None, (*keys, "ja")))


@cache
def _labels(key: str) -> dict:
    return {lang: i18n.t(key, lang) for lang in LANGS}


def _html(page: str) -> str:
    return page[:-3] + ".html"


def _page(kind: str, record_id: str) -> tuple[str, str | None]:
    page, anchor = urls.page_path(kind, record_id)
    return _html(page), anchor


def _record_unit(record: Record, lang: str | None, page_titles: dict) -> Unit | None:
    data = record.data if isinstance(record.data, dict) else {}
    try:
        page, anchor = _page(record.kind, record.id)
    except KeyError:
        return None
    spec = kinds.get(record.kind)
    names = _names(data, spec.name_field) if spec.name_field else {}
    if record.kind == "source":
        names = {lang_: _text(data.get("title")) for lang_ in LANGS} if _text(data.get("title")) else {}
    titles = {lang_: title_in(names, lang_, record.id) for lang_ in LANGS}
    if anchor is None:
        page_titles = titles
    unit = Unit(record.kind, record.id, page, anchor, titles, titles, page_titles, record.path)
    if record.kind == "source":
        # A source's title names a document, not something readers look up ("MTG Wiki: RADカウンター"
        # must not outrank the rad counter): it is searched as text.
        source_title = _text(data.get("title"))
        if source_title:
            unit.entries.append(Entry("text", "en", source_title, None, ("title",)))
        return unit
    for text_field in text_fields(record) if isinstance(record.data, dict) else ():
        role = FIELD_ROLES.get(text_field.role, text_field.role)
        role = role if role in ROLES else "text"
        rule_anchor, prefix = None, ""
        if text_field.role in ("rule", "example"):  # a quoted rule: on its anchor, its number before its text
            number = data["rules"][text_field.keys[1]].get("number")
            number = number if isinstance(number, str) else None
            rule_anchor = urls.rule_anchor(number) if number else None
            prefix = f"{number} " if number and text_field.role == "rule" else ""
        _add(unit, role, text_field.texts, text_field.keys, lang, text_field.canonical, rule_anchor, prefix)
        if role == "name" and len(text_field.keys) == 1 and lang in (None, "ja"):
            _add_reading(unit, data.get(text_field.keys[0]), text_field.keys)
    return unit


def _ruling_unit(
    ruling: dict,
    record_id: str,
    page: str,
    anchor: str | None,
    about_titles: dict,
    page_titles: dict,
    path: str,
    keys: tuple,
    lang: str | None,
    on_card: bool,
) -> Unit:
    label = _labels(kinds.get("ruling").i18n_key)
    date = ruling.get("date")
    date = str(date) if isinstance(date, (str, int)) or hasattr(date, "isoformat") else ""
    headings = {lang_: f"{label[lang_][:1].upper()}{label[lang_][1:]} {date}".strip() for lang_ in LANGS}
    titles = {
        lang_: f"{about_titles[lang_]} · {headings[lang_]}" if about_titles.get(lang_) else headings[lang_]
        for lang_ in LANGS
    }
    # Under its card on the card's page, a ruling is headed by its date; among all rulings, by its title.
    unit = Unit("ruling", record_id, page, anchor, titles, headings if on_card else titles, page_titles, path)
    original = ruling.get("original")
    original = original if isinstance(original, str) else "en"
    texts = ruling.get("text")
    canonical = canonical_of(texts, original) if isinstance(texts, dict) else None
    _add(unit, "ruling", texts, (*keys, "text"), lang, canonical)
    return unit


def _about_titles(kb: KnowledgeBase, about) -> dict:
    """The title of what a loose ruling is about: its mechanic, else counter, term or card (a card named
    beside a mechanic is an example of it)."""
    if not isinstance(about, dict):
        return {}
    for kind in ("mechanic", "counter", "term", "card"):
        ids = about.get(f"{kind}s")
        for record_id in ids if isinstance(ids, list) else []:
            record = kb.get(kind, record_id) if isinstance(record_id, str) else None
            if record is not None and isinstance(record.data, dict):
                names = _names(record.data)
                return {lang: title_in(names, lang, record.id) for lang in LANGS}
    return {}


def units(kb: KnowledgeBase, lang: str | None = None) -> list[Unit]:
    """The search units of the knowledge base, for the site in `lang` (None: every language)."""
    # The pages holding the records of a kind as anchors (the glossary, the rulings by date, the sources): their
    # titles.
    shared_pages = {
        _html(kind.index_page): _labels(kind.index_title) for kind in kinds.all_kinds() if not kind.own_page
    }
    found: list[Unit] = []
    card_documents = {id(card.document) for card in kb.all("card") if card.document is not None}
    card_paths = {card.path for card in kb.all("card") if card.document is not None}
    for record in kb:
        spec = kinds.find(record.kind)
        if spec is None or not spec.published:
            continue  # the translation memory: its texts are searched on the rulings that use them
        if (
            record.kind == "ruling"
            and record.document is not None
            and (id(record.document) in card_documents or record.path in card_paths)
        ):
            continue  # a ruling of a card, which the knowledge base also lists: it is indexed with its card
        try:
            page = _page(record.kind, record.id)[0]
        except KeyError:
            continue
        unit = _record_unit(record, lang, shared_pages.get(page, {}))
        if unit is None:
            continue
        if record.kind == "ruling":
            data = record.data if isinstance(record.data, dict) else {}
            unit = _ruling_unit(
                data,
                record.id,
                unit.page,
                unit.anchor,
                _about_titles(kb, data.get("about")),
                shared_pages[_html(urls.index_page("ruling"))],
                record.path,
                (),
                lang,
                False,
            )
        found.append(unit)
        if record.kind == "card":
            rulings = record.data.get("rulings") if isinstance(record.data, dict) else None
            for i, ruling in enumerate(rulings if isinstance(rulings, list) else []):
                if not isinstance(ruling, dict):
                    continue
                ruling_id = ruling.get("id")
                ruling_id = str(ruling_id) if isinstance(ruling_id, (str, int)) else str(i + 1)
                ruling_unit = _ruling_unit(
                    ruling,
                    f"{record.id}/{ruling_id}",
                    unit.page,
                    urls.embedded_anchor("ruling", ruling_id),
                    unit.titles,
                    unit.titles,
                    record.path,
                    ("rulings", i),
                    lang,
                    True,
                )
                # The card's name, found as its page's title is: 「倍増の季節 忠誠カウンター」 is a ruling of that card
                # about loyalty counters (a full match, above the card's partial one).
                names = _texts(record.data.get("names"))
                for chosen in _name_langs(names, lang):
                    ruling_unit.entries.append(Entry("name", chosen, names[chosen], None, ("names", chosen)))
                found.append(ruling_unit)
    return found
