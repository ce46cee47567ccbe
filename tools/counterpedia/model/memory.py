"""The translation memory: a ruling's Japanese and French texts found from its English text.

An entry of the memory (kind `translation`, kept in the shard files of data/translation-memory/) holds an English
*template*: a ruling's English with the card's own name set aside (`<CARD>`, and `<CARD:1>`, `<CARD:2>` for the
faces of a multi-face card), keyed by the hash of that template, and its Japanese and French texts. Every ruling
whose English gives that template takes those texts, with the card's name put back in each language: its
printed name where the card record has one, its English name otherwise. One entry per template: the same English
always has the same translation, and reviewing one entry fixes every ruling that shares it.

`apply(kb)` fills in the knowledge base's rulings (a language a ruling has a text of its own for keeps it) and
records which ruling came from which entry (`Links`), for the checks, the pages and the status.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from .provenance import text_hash
from .shapes import as_dict

# The knowledge base (counterpedia.model.knowledge) calls `apply` as it is made, so this module cannot name its
# classes, even for the type checker (tests/test_architecture.py counts those imports too).
Record = Any
KnowledgeBase = Any

MEMORY_LANGS = ("ja", "fr")
PLACEHOLDER = re.compile(r"<CARD(?::(\d+))?>")
FACE_SEPARATOR = " // "


def template(text: str, card_name: str | None) -> str:
    """A ruling's English with the card's own name set aside: `<CARD>`, or `<CARD:n>` for the n-th face."""
    if not card_name:
        return text
    if FACE_SEPARATOR in card_name:
        faces = card_name.split(FACE_SEPARATOR)
        text = text.replace(card_name, "<CARD>")
        for index, face in sorted(enumerate(faces, 1), key=lambda pair: -len(pair[1])):
            text = re.sub(r"(?<![\w’'])" + re.escape(face) + r"(?![\w])", f"<CARD:{index}>", text)
        return text
    return text.replace(card_name, "<CARD>")


def key(template_text: str) -> str:
    """An entry's key: the first 16 hex digits of the SHA-256 of its English template."""
    return hashlib.sha256(template_text.encode("utf-8")).hexdigest()[:16]


def shard(entry_key: str) -> str:
    """The shard file of an entry: the first two hex digits of its key (data/translation-memory/4e.yaml)."""
    return entry_key[:2]


def fill(text: str, printed: str | None, english: str | None, lang: str | None = None, mute_h: bool = False) -> str:
    """A template's text with the card's name put back: `printed` is its name in the text's language (None: the
    English name is used), `english` its English name (for the faces when the printed name has not as many). In
    French (`lang` "fr"), the word before the name elides as printed French writes it: « de Infestation » reads
    « d'Infestation » (de, que, le, la before a vowel; before an h only when it is mute, `mute_h`)."""
    if "<CARD" not in text:
        return text  # no name to put back (most entries): nothing to elide either
    name = printed or english or ""
    faces = name.split(FACE_SEPARATOR)
    english_faces = (english or "").split(FACE_SEPARATOR)

    def put(match: re.Match[str]) -> str:
        if match.group(1) is None:
            return name
        index = int(match.group(1)) - 1
        if len(faces) > index and len(faces) == len(english_faces):
            return faces[index]
        return english_faces[index] if len(english_faces) > index else name

    if lang == "fr":
        text = FRENCH_ELIDED.sub(lambda m: _elide(m, put, mute_h), text)
    return PLACEHOLDER.sub(put, text)


# The words French elides before a vowel, and the apostrophe of the French texts of the data (printed cards and the
# memory write ', not ’).
FRENCH_ELIDED = re.compile(r"(?<![\w’'-])(de|De|que|Que|le|Le|la|La) (<CARD(?::(\d+))?>)")
FRENCH_ELISIONS = {"de": "d'", "De": "D'", "que": "qu'", "Que": "Qu'", "le": "l'", "Le": "L'", "la": "l'", "La": "L'"}
FRENCH_VOWELS = "aeiouàâäéèêëîïôöùûüœæ"


def _elide(match: re.Match[str], put: Any, mute_h: bool) -> str:
    """« de <CARD> » as « d'<CARD> » when the name it stands for begins with a vowel or a mute h."""
    placeholder = PLACEHOLDER.match(match.group(2))
    name = put(placeholder) if placeholder is not None else ""
    first, second = name[:1].lower(), name[1:2].lower()
    # A y elides only as a vowel (Ygra), never before another vowel (« Volonté de Yawgmoth »).
    vowel = first in FRENCH_VOWELS or first == "y" and second != "" and second not in FRENCH_VOWELS
    if first and (vowel or first == "h" and mute_h):
        return FRENCH_ELISIONS[match.group(1)] + match.group(2)
    return match.group(0)


FRENCH_H_ELIDED = re.compile(r"(?<![\w])(?:[dDlL]|[qQ]u)['’](H[\w-]+)")
FRENCH_H_KEPT = re.compile(r"(?<![\w’'-])(?:de|De|du|Du|le|Le|la|La|que|Que) (H[\w-]+)")


def french_mute_h_words(cards: list[Record]) -> frozenset[str]:
    """The words beginning with a mute h, as the printed French texts of the cards write them: elided more often than
    not (« l'Hydre », « d'Hydre »: mute; « le Héraut », « la Horde », « du Héros »: aspirated)."""
    elided: dict[str, int] = {}
    kept: dict[str, int] = {}
    for card in cards:
        entry = as_dict(card.data.get("text")).get("fr")
        printed = entry.get("text") if isinstance(entry, dict) and entry.get("status") == "official" else None
        if not isinstance(printed, str) or "H" not in printed:
            continue
        for word in FRENCH_H_ELIDED.findall(printed):
            elided[word] = elided.get(word, 0) + 1
        for word in FRENCH_H_KEPT.findall(printed):
            kept[word] = kept.get(word, 0) + 1
    return frozenset(word for word, count in elided.items() if count > kept.get(word, 0))


def french_mute_h(name: str | None, mute_h_words: frozenset[str]) -> bool:
    """Whether a French name begins with a mute h: its first word is one of `mute_h_words`."""
    first = re.split(r"[\s,]", name, maxsplit=1)[0] if name else ""
    return first[:1] in ("H", "h") and first[:1].upper() + first[1:] in mute_h_words


def card_name(card: Record | None, lang: str) -> str | None:
    """A card's name in `lang` (its printed name), or None."""
    if card is None:
        return None
    entry = as_dict(card.data.get("names")).get(lang)
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) and text else None


@dataclass
class Links:
    """Which ruling took which language from which entry, and how many rulings use each entry."""

    entries: dict[str, Record] = field(default_factory=dict)  # key -> entry
    templates: dict[str, str] = field(default_factory=dict)  # ruling id -> its key
    filled: dict[tuple[str, str], str] = field(default_factory=dict)  # (ruling id, lang) -> key
    uses: dict[str, int] = field(default_factory=dict)  # key -> rulings whose English gives it
    mute_h: frozenset[str] = frozenset()  # French words with a mute h, read from the printed cards (elision)
    # id(ruling data) -> (that data, its owner record, its template's key): reused by `apply(previous=…)`
    made: dict[int, tuple[Any, Any, str | None]] = field(default_factory=dict, repr=False)
    # id(ruling data) of the rulings whose texts `apply` changed in place (a text derived again, or removed): the
    # same data object, another content (the preview's render/tracking reads it)
    refilled: set[int] = field(default_factory=set, repr=False)

    def entry_of(self, ruling_id: str) -> Record | None:
        entry_key = self.templates.get(ruling_id)
        return self.entries.get(entry_key) if entry_key else None

    def from_memory(self, ruling_id: str, lang: str) -> bool:
        return (ruling_id, lang) in self.filled


def english_text(ruling: Record) -> str | None:
    entry = as_dict(ruling.data.get("text")).get("en")
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) and text else None


def ruling_template(ruling: Record) -> str | None:
    """The template of a ruling's English text (None: a ruling with no English, or not written in English)."""
    if ruling.data.get("original", "en") != "en":
        return None
    text = english_text(ruling)
    if text is None:
        return None
    owner = ruling.owner
    return template(text, card_name(owner, "en") if owner is not None and owner.kind == "card" else None)


def entries(kb: KnowledgeBase) -> Iterator[Record]:
    return iter(kb.all("translation"))


class MemoryText(dict[str, Any]):
    """A text a ruling took from the memory (not its own): `apply` knows it again when the same data is made into a
    knowledge base once more (the preview keeps the parsed files that did not change), and keeps it while its
    `entry` (the entry's data object) is the same; otherwise it is derived again, or removed."""

    entry: Any = None
    mute_h: frozenset[str] = frozenset()  # the French words with a mute h it was derived with


def apply(kb: KnowledgeBase, previous: Links | None = None) -> Links:
    """Fill in each ruling's missing ja/fr texts from the memory; returns the links made. `previous`: the links of an
    earlier state of the same data (the preview's), whose templates are reused for the rulings not read again."""
    links = Links()
    hashes: dict[str, str] = {}  # text -> its hash (an entry's English, a ruling's: both languages use them)
    entry_texts: dict[tuple[int, str], tuple[Any, _EntryText | None]] = {}  # derived_text's, per entry
    for entry in entries(kb):
        entry_key = entry.local_id
        links.entries.setdefault(entry_key, entry)
    if not links.entries and not kb.all("ruling"):
        return links
    made = previous.made if previous is not None else {}
    links.mute_h = french_mute_h_words(kb.all("card")) if links.entries else frozenset()
    for ruling in kb.all("ruling"):
        known = made.get(id(ruling.data))
        if known is not None and known[0] is ruling.data and known[1] is ruling.owner:
            tpl_key = known[2]
        else:
            tpl = ruling_template(ruling)
            tpl_key = key(tpl) if tpl is not None else None
        links.made[id(ruling.data)] = (ruling.data, ruling.owner, tpl_key)
        texts = ruling.data.get("text")
        if tpl_key is None:
            if isinstance(texts, dict) and _unfill(texts):
                links.refilled.add(id(ruling.data))
            continue
        entry_key = tpl_key
        links.templates[ruling.id] = entry_key
        links.uses[entry_key] = links.uses.get(entry_key, 0) + 1
        found = links.entries.get(entry_key)
        if not isinstance(texts, dict):
            continue
        if found is None:
            if _unfill(texts):
                links.refilled.add(id(ruling.data))
            continue
        for lang in MEMORY_LANGS:
            own = texts.get(lang)
            if isinstance(own, dict) and not isinstance(own, MemoryText):
                continue  # the ruling's own text
            if isinstance(own, MemoryText) and own.entry is found.data and own.mute_h == links.mute_h:
                links.filled[(ruling.id, lang)] = entry_key  # derived from this very entry already
                continue
            derived = derived_text(found, ruling, lang, hashes, links.mute_h, entry_texts)
            if derived is not None:
                texts[lang] = derived
                links.filled[(ruling.id, lang)] = entry_key
            elif isinstance(own, MemoryText):
                del texts[lang]
            if derived is not None or own is not None:
                links.refilled.add(id(ruling.data))
    return links


def _unfill(texts: dict[str, Any]) -> bool:
    """Remove the texts an earlier `apply` took from an entry that no longer gives them; whether there were any."""
    found = [lang for lang in MEMORY_LANGS if isinstance(texts.get(lang), MemoryText)]
    for lang in found:
        del texts[lang]
    return bool(found)


def _hash(text: str, hashes: dict[str, str] | None) -> str:
    if hashes is None:
        return text_hash(text)
    found = hashes.get(text)
    if found is None:
        found = hashes[text] = text_hash(text)
    return found


@dataclass(frozen=True)
class _EntryText:
    """What every ruling taking an entry's text in one language takes alike (worked out once per entry and language
    by `apply`, not once per ruling)."""

    text: str
    status: Any
    source: Any
    version: Any
    recorded: Any  # the hash the entry's `translates` recorded
    drifted: bool  # the entry's English changed since it was translated


def _entry_text(entry: Record, lang: str, hashes: dict[str, str] | None) -> _EntryText | None:
    texts = as_dict(entry.data.get("text"))
    source = texts.get(lang)
    english = texts.get("en")
    if not isinstance(source, dict) or not isinstance(source.get("text"), str) or not source["text"]:
        return None
    recorded = as_dict(source.get("translates")).get("hash")
    current = (
        _hash(english["text"], hashes) if isinstance(english, dict) and isinstance(english.get("text"), str) else None
    )
    # A drifted entry (its English template changed since it was translated) gives drifted texts: the hash recorded
    # is then the entry's old one, which is not the ruling's English's.
    drifted = recorded is not None and current is not None and recorded != current
    return _EntryText(
        source["text"], source.get("status"), source.get("source"), source.get("version"), recorded, drifted
    )


def derived_text(
    entry: Record,
    ruling: Record,
    lang: str,
    hashes: dict[str, str] | None = None,
    mute_h: frozenset[str] = frozenset(),
    entry_texts: dict[tuple[int, str], tuple[Any, _EntryText | None]] | None = None,
) -> MemoryText | None:
    """The text object a ruling takes from an entry in `lang` (None when the entry has none). `entry_texts`: the
    entries' parts already worked out, by id of the entry's data and language (`apply` passes one for all rulings)."""
    if entry_texts is None:
        part = _entry_text(entry, lang, hashes)
    else:
        known = entry_texts.get((id(entry.data), lang))
        if known is None or known[0] is not entry.data:
            known = entry_texts[(id(entry.data), lang)] = (entry.data, _entry_text(entry, lang, hashes))
        part = known[1]
    if part is None:
        return None
    text = part.text
    if "<CARD" in text:
        owner = ruling.owner if ruling.owner is not None and ruling.owner.kind == "card" else None
        printed = card_name(owner, lang)
        text = fill(text, printed, card_name(owner, "en"), lang, lang == "fr" and french_mute_h(printed, mute_h))
    ruling_en = as_dict(ruling.data.get("text")).get("en")
    ruling_en = ruling_en if isinstance(ruling_en, dict) else {}
    ruling_hash = _hash(ruling_en["text"], hashes) if isinstance(ruling_en.get("text"), str) else None
    derived = MemoryText(
        {
            "text": text,
            "status": part.status,
            "source": part.source,
            "version": part.version,
            "translates": {
                "lang": "en",
                "version": str(ruling_en.get("version", part.version)),
                **({"hash": part.recorded if part.drifted else ruling_hash} if ruling_hash else {}),
            },
        }
    )
    derived.entry = entry.data
    derived.mute_h = mute_h
    return derived
