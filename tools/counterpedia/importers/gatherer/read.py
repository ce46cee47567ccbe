"""Stage 1, read: MTGJSON 3 set files (`{"name", "code", "releaseDate", …, "cards": [{"name", "rulings":
[{"date", "text"}]}]}`), plain or gzipped, streamed card by card; the SHA-256 of each file's decompressed
bytes is computed on the way, to know which copy it is (a source record's `files`).

Every shape problem raises `ImportFailure` naming the file, the set, the card (index, name and the
character offset of the card in the decompressed text) and the ruling: a file cut short, another JSON
value than a set, a card without a name, rulings that are not a list of {"date": "YYYY-MM-DD", "text"}.
"""

from __future__ import annotations

import bz2
import gzip
import hashlib
import io
import lzma
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..jsonstream import JSONStreamError, Reader, compression
from ..model import ImportFailure, is_date


@dataclass(frozen=True)
class GathererRuling:
    card: str  # the card's (face's) English name as Gatherer gives it
    date: str  # YYYY-MM-DD
    text: str
    set_code: str


@dataclass
class SetFile:
    """What was read from one file, complete once `read_set` has been consumed to its end."""

    path: Path
    code: str = ""
    cards: int = 0
    rulings: int = 0
    sha256: str = ""


class _Hashing(io.RawIOBase):
    """Reads through a binary stream, hashing every byte read."""

    def __init__(self, raw: io.BufferedIOBase):
        self.raw = raw
        self.hash = hashlib.sha256()

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:  # type: ignore[override]
        data = self.raw.read(len(buffer))
        self.hash.update(data)
        buffer[: len(data)] = data
        return len(data)

    def close(self) -> None:
        self.raw.close()
        super().close()


def _open(path: Path) -> tuple[io.TextIOWrapper, _Hashing]:
    try:
        kind = compression(path)
        opener: Callable[..., io.BufferedIOBase] = {"gzip": gzip.open, "xz": lzma.open, "bzip2": bz2.open}.get(
            kind or "", open
        )  # type: ignore[assignment]
        raw = _Hashing(opener(path, "rb"))
    except OSError as error:
        raise ImportFailure(f"{path}: cannot read the file: {error.strerror or error}") from None
    return io.TextIOWrapper(io.BufferedReader(raw), encoding="utf-8-sig"), raw


def read_set(path: Path, found: SetFile) -> Iterator[GathererRuling]:
    """Every ruling of one set file, in file order; `found` is filled as the file is read."""
    path = Path(path)
    stream, raw = _open(path)
    fields: dict = {}
    seen_cards = False
    try:
        with stream:
            reader = Reader(stream)
            first = reader.peek()
            if first != "{":
                raise ImportFailure(
                    f"{path}: not an MTGJSON 3 set file: expected a JSON object "
                    f'{{"code", "cards", …}}, found {repr(first) if first else "an empty file"} at the start'
                )
            for key in reader.members("the set"):
                if key != "cards":
                    fields[key] = reader.value()
                    continue
                seen_cards = True
                code = fields.get("code") if isinstance(fields.get("code"), str) else path.name
                if reader.peek() != "[":
                    raise ImportFailure(f'{path}: "cards" of set {code} at character {reader.where()} is not a list')
                for index in reader.items(f"the cards of set {code}"):
                    offset = reader.where()
                    card = reader.value()
                    yield from _card_rulings(path, code, index, offset, card)
                    found.cards += 1
            reader.end()
            while raw.raw.read(1 << 20):  # what the text reader left unread, for the hash
                pass
    except JSONStreamError as error:
        raise ImportFailure(f"{path}: {error}") from None
    except (EOFError, OSError, lzma.LZMAError, UnicodeDecodeError) as error:
        raise ImportFailure(f"{path}: the file is damaged or cut short ({error})") from None
    code = fields.get("code")
    if "data" in fields and "meta" in fields:
        raise ImportFailure(
            f'{path}: an MTGJSON 4 or 5 file ({{"meta", "data"}}), not an MTGJSON 3 set file: '
            "its rulings do not say who wrote them (use `counterpedia import mtgjson`)"
        )
    if not isinstance(code, str) or not code:
        raise ImportFailure(f'{path}: the set has no "code" (a string): is this an MTGJSON 3 set file?')
    if not isinstance(fields.get("name"), str):
        raise ImportFailure(f'{path}: set {code} has no "name" (a string)')
    if not seen_cards:
        raise ImportFailure(f'{path}: set {code} has no "cards"')
    found.code = code
    found.sha256 = raw.hash.hexdigest()


def _card_rulings(path: Path, code: str, index: int, offset: int, card: object) -> Iterator[GathererRuling]:
    where = f"{path}: set {code}, card {index}"
    if not isinstance(card, dict):
        raise ImportFailure(f"{where} at character {offset}: not a card object but {_type(card)}")
    name = card.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ImportFailure(f'{where} at character {offset}: no "name" (a string)')
    where = f"{where} ({name}) at character {offset}"
    rulings = card.get("rulings", [])
    if not isinstance(rulings, list):
        raise ImportFailure(f'{where}: "rulings" is {_type(rulings)}, not a list')
    for number, ruling in enumerate(rulings):
        if not isinstance(ruling, dict):
            raise ImportFailure(f'{where}: ruling {number} is {_type(ruling)}, not {{"date", "text"}}')
        text, date = ruling.get("text"), ruling.get("date")
        if not isinstance(text, str) or not text.strip():
            raise ImportFailure(f'{where}: ruling {number} has "text" {_shown(text)}, not a text')
        if not is_date(date):
            raise ImportFailure(f'{where}: ruling {number} has "date" {_shown(date)}, not a real YYYY-MM-DD date')
        yield GathererRuling(name, date, text, code)  # type: ignore[arg-type]


def _type(value: object) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
