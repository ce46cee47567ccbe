"""Stage 1, read: MTGJSON v5 files as published, one set at a time (`iter_sets`).

Accepted: `AllPrintings.json` (`{"meta": …, "data": {"<SET>": set, …}}`) and per-set files (`NEO.json`:
`{"meta": …, "data": set}`), plain or compressed (.gz, .xz, .bz2: see jsonstream.open_text). MTGJSON
writes keys sorted, so `meta` may come after `data`: the reader never waits for it. Each set is read as
it comes, card by card, and handed on before the next is read: memory stays bounded by one set.

Shape errors (a set without a code, a card without a name, a ruling with a date that is not a real
date…) raise `ImportFailure`, naming the file and the place: the set, the card's index and name, and
the character offset of the card in the decompressed text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..jsonstream import JSONStreamError, Reader, open_text
from ..model import ImportFailure, is_date

SET_CODE_SHAPE = "2 to 6 letters or digits"


@dataclass
class Meta:
    """A file's `meta` object. Filled as soon as it is read: complete once its file has been read to the end."""

    date: str | None = None  # the build date, YYYY-MM-DD
    version: str | None = None  # e.g. 5.2.0+20220425


@dataclass
class MtgjsonSet:
    code: str
    name: str
    release_date: str  # YYYY-MM-DD
    type: str | None
    cards: list[dict]
    meta: Meta
    path: Path
    card_offsets: list[int] = field(default_factory=list)  # the character offset of each card in the file's text

    def where(self, index: int) -> str:
        """'set NEO, card 12 (Ao, the Dawn Sky) at character 123456': where a card is, for messages."""
        card = self.cards[index] if 0 <= index < len(self.cards) else {}
        name = card.get("name") if isinstance(card, dict) else None
        shown = f" ({name})" if isinstance(name, str) else ""
        offset = f" at character {self.card_offsets[index]}" if index < len(self.card_offsets) else ""
        return f"set {self.code}, card {index}{shown}{offset}"


def iter_sets(paths: Iterable[Path]) -> Iterator[MtgjsonSet]:
    """Every set of every file, in file order; raises ImportFailure on the first malformed one."""
    for path in paths:
        yield from _file_sets(Path(path))


def _file_sets(path: Path) -> Iterator[MtgjsonSet]:
    try:
        stream = open_text(path)
    except JSONStreamError as error:
        raise ImportFailure.at(path, str(error)) from None
    meta = Meta()
    seen = set()
    try:
        with stream:
            reader = Reader(stream)
            if reader.peek() != "{":
                found = reader.peek()
                raise ImportFailure.at(
                    path,
                    'not an MTGJSON file: expected a JSON object with "meta" and "data", '
                    f"found {repr(found) if found else 'an empty file'} at the start",
                )
            for key in reader.members("the file's top-level object"):
                seen.add(key)
                if key == "meta":
                    _read_meta(path, reader, meta)
                elif key == "data":
                    yield from _data(path, reader, meta)
                else:
                    reader.value()  # MTGJSON may add members: skipped
            reader.end()
    except JSONStreamError as error:
        raise ImportFailure.at(path, str(error)) from None
    missing = [k for k in ("meta", "data") if k not in seen]
    if missing:
        raise ImportFailure.at(
            path,
            f"not an MTGJSON file: no {' and no '.join(repr(m) for m in missing)} member "
            '(expected {"meta": {"date", "version"}, "data": …})',
        )


def _read_meta(path: Path, reader: Reader, meta: Meta) -> None:
    start = reader.where()
    value = reader.value()
    if not isinstance(value, dict):
        raise ImportFailure.at(path, f'"meta" at character {start} is not an object')
    date, version = value.get("date"), value.get("version")
    if not is_date(date):
        raise ImportFailure.at(path, f'"meta" at character {start} has date {date!r}, not a real YYYY-MM-DD date')
    if not isinstance(version, str) or not version:
        raise ImportFailure.at(path, f'"meta" at character {start} has no "version"')
    meta.date, meta.version = date, version


def _data(path: Path, reader: Reader, meta: Meta) -> Iterator[MtgjsonSet]:
    """`data` is one set (a per-set file) or maps set codes to sets (AllPrintings): told by its first member."""
    start = reader.where()
    if reader.peek() != "{":
        raise ImportFailure.at(
            path, f'"data" at character {start} is not an object: expected a set, or set codes mapped to sets'
        )
    members = reader.members('"data"')
    single: dict = {}
    cards: tuple[list, list] | None = None
    for key in members:
        if not single and cards is None and reader.peek() == "{" and _looks_like_set_code(key):
            # AllPrintings: this member and every one after it is a whole set
            yield _read_set(path, reader, meta, key)
            for code in members:
                yield _read_set(path, reader, meta, code)
            return
        if key == "cards":
            cards = _read_cards(path, reader, single.get("code"))
        else:
            single[key] = reader.value()
    yield _make_set(path, single, cards, meta, start)


def _looks_like_set_code(key: str) -> bool:
    return key.upper() == key and 2 <= len(key) <= 6 and key.replace("_", "").isalnum()


def _read_set(path: Path, reader: Reader, meta: Meta, key: str) -> MtgjsonSet:
    start = reader.where()
    if reader.peek() != "{":
        raise ImportFailure.at(path, f'"data" member {key!r} at character {start} is not a set object')
    fields: dict = {}
    cards = None
    for name in reader.members(f"set {key}"):
        if name == "cards":
            cards = _read_cards(path, reader, fields.get("code") or key)
        else:
            fields[name] = reader.value()
    found = _make_set(path, fields, cards, meta, start)
    if found.code != key:
        raise ImportFailure.at(path, f'"data" member {key!r} at character {start} holds set {found.code!r}')
    return found


def _read_cards(path: Path, reader: Reader, code: str | None) -> tuple[list, list]:
    where = f"set {code}" if code else "the set"
    if reader.peek() != "[":
        raise ImportFailure.at(path, f'"cards" of {where} at character {reader.where()} is not a list')
    cards, offsets = [], []
    for _index in reader.items(f"the cards of {where}"):
        offsets.append(reader.where())
        cards.append(reader.value())
    return cards, offsets


def _make_set(path: Path, fields: dict, cards: tuple[list, list] | None, meta: Meta, start: int) -> MtgjsonSet:
    code = fields.get("code")
    shown = f"set {code}" if isinstance(code, str) else f"the set at character {start}"
    if not isinstance(code, str) or not code:
        raise ImportFailure.at(path, f'{shown} has no "code": is this an MTGJSON set file?')
    if not _SET_CODE.fullmatch(code):
        raise ImportFailure.at(
            path,
            f"the set at character {start} has code {code[:40]!r}: a set code is letters, "
            "digits and _ (a code holding path characters is refused)",
        )
    if not isinstance(fields.get("name"), str):
        raise ImportFailure.at(path, f'{shown} has no "name"')
    if not is_date(fields.get("releaseDate")):
        raise ImportFailure.at(
            path, f"{shown} has releaseDate {fields.get('releaseDate')!r}, not a real YYYY-MM-DD date"
        )
    if cards is None:
        raise ImportFailure.at(path, f'{shown} has no "cards"')
    found = MtgjsonSet(
        code,
        fields["name"],
        fields["releaseDate"],
        fields.get("type") if isinstance(fields.get("type"), str) else None,
        cards[0],
        meta,
        path,
        cards[1],
    )
    seen: dict[str, int] = {}
    for index, card in enumerate(found.cards):
        problem = card_problem(card)
        if problem:
            raise ImportFailure.at(path, f"{found.where(index)}: {problem}")
        uuid = card.get("uuid")
        if isinstance(uuid, str):
            if uuid in seen:  # one printing twice: merging them would drop one's name or text without a word
                raise ImportFailure.at(
                    path,
                    f"{found.where(index)}: uuid {uuid} is also the uuid of card {seen[uuid]} "
                    "of the set: a card printing is listed once",
                )
            seen[uuid] = index
    return found


_SET_CODE = re.compile(r"[A-Za-z0-9_]{1,12}")


def card_problem(card: object) -> str | None:
    """What is wrong with a card object for the import, or None. Only the fields the import reads are checked."""
    if not isinstance(card, dict):
        return f"not a card object but {type(card).__name__}"
    if not isinstance(card.get("name"), str) or not card["name"]:
        return 'no "name"'
    for key in ("text", "faceName", "side", "originalReleaseDate"):
        if key in card and not isinstance(card[key], str):
            return f'"{key}" is not a string'
    if not isinstance(card.get("number"), str):
        return 'no "number" (collector number)'
    if "originalReleaseDate" in card and not is_date(card["originalReleaseDate"]):
        return f"originalReleaseDate {card['originalReleaseDate']!r} is not a real YYYY-MM-DD date"
    identifiers = card.get("identifiers", {})
    if not isinstance(identifiers, dict):
        return '"identifiers" is not an object'
    if "scryfallOracleId" in identifiers and not isinstance(identifiers["scryfallOracleId"], str):
        return '"identifiers.scryfallOracleId" is not a string'
    rulings = card.get("rulings", [])
    if not isinstance(rulings, list):
        return '"rulings" is not a list'
    for index, ruling in enumerate(rulings):
        if not isinstance(ruling, dict) or not isinstance(ruling.get("text"), str) or "date" not in ruling:
            return f'ruling {index} is not {{"date", "text"}}'
        if not is_date(ruling["date"]):
            return f"ruling {index} has date {ruling['date']!r}, not a real YYYY-MM-DD date"
    foreign = card.get("foreignData", [])
    if not isinstance(foreign, list):
        return '"foreignData" is not a list'
    for index, entry in enumerate(foreign):
        if not isinstance(entry, dict) or not isinstance(entry.get("language"), str):
            return f'foreignData {index} has no "language"'
        for key in ("name", "text", "faceName"):
            if key in entry and not isinstance(entry[key], str):
                return f'foreignData {index} ({entry["language"]}): "{key}" is not a string'
    if "keywords" in card and not (
        isinstance(card["keywords"], list) and all(isinstance(k, str) for k in card["keywords"])
    ):
        return '"keywords" is not a list of strings'
    return None
