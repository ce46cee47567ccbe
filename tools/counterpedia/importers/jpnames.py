"""Official Japanese card names from a list of English → Japanese names (`counterpedia import jpnames`).

The list is a JSON array of `{"name": English card name, "jpname": Japanese name}`, as the MTG Wiki editors'
repository 4423-mtg/mtgwiki-scripts keeps it (data/jpname.json: the titles of MTG Wiki's card pages, which are
the printed Japanese names). A name read from it is the name Wizards of the Coast printed, read through a
community copy: `status: official`, `source: wotc-printed-cards`, `via` the list's source record (its
repository, commit and date; the record's `date` is the names' version).

- A card record without a Japanese name gets the list's. A card with faces ("A // B") gets one only when the
  list names every face (joined the same way: "甲 // 乙").
- A Japanese name already there (a printing read from MTGJSON, which names its printing and is the stronger
  evidence, or a hand edit) is never changed: where the list gives another, the difference is reported.
- Entries without a Japanese name (empty, null, "undefined") or whose name has no Japanese character are
  skipped; an English name listed twice with two Japanese names is ambiguous and used for no card.
- Nothing is written here: the edits go to the import's workspace. No French name comes from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import DoubleQuotedScalarString as Q

from .jsonstream import JSONStreamError, iter_objects
from .merge import Workspace, name_key, readable_knowledge, same_text
from .model import ImportFailure
from .printed import wrong_name
from .skeleton import Provider, Result

COMMAND = "counterpedia import jpnames"
SOURCE = "wotc-printed-cards"
EMPTY = ("", "undefined", "null")


@dataclass
class NameList:
    names: dict[str, str] = field(default_factory=dict)  # name_key(English) -> Japanese
    ambiguous: dict[str, set[str]] = field(default_factory=dict)
    entries: int = 0
    without: int = 0  # entries without a Japanese name
    not_japanese: list[tuple[str, str]] = field(default_factory=list)


def read_list(path: Path) -> NameList:
    result = NameList()
    try:
        for index, entry in enumerate(iter_objects(path, "name")):
            result.entries += 1
            english, japanese = entry.get("name"), entry.get("jpname")
            if not isinstance(english, str) or not english.strip():
                raise ImportFailure(f'{path}: entry {index} has no "name": is this a list of {{name, jpname}}?')
            if japanese is not None and not isinstance(japanese, str):
                raise ImportFailure(f'{path}: entry {index} ({english}) has a "jpname" that is not a string')
            if japanese is None or japanese.strip() in EMPTY:
                result.without += 1
                continue
            japanese = japanese.strip()
            if wrong_name("ja", japanese):
                result.not_japanese.append((english, japanese))
                continue
            key = name_key(english)
            if key in result.ambiguous:
                result.ambiguous[key].add(japanese)
            elif key in result.names and result.names[key] != japanese:
                result.ambiguous[key] = {result.names.pop(key), japanese}
            else:
                result.names[key] = japanese
    except JSONStreamError as error:
        raise ImportFailure(f"{path}: {error}") from None
    return result


@dataclass
class Disagreement:
    path: str
    card: str
    have: str
    have_source: str  # where the record's name comes from: its via and printing
    listed: str


class JpnameImport(Provider):
    """`counterpedia import jpnames JPNAME.json [--via SOURCE]`."""

    prog = "counterpedia import jpnames"
    command = COMMAND

    def __init__(self, path: Path, via: str):
        self.path, self.via = path, via

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        return plan(data_dir, self.path, self.via, dry_run)


def name_entry(text: str, via: str, version: str) -> CommentedMap:
    entry = CommentedMap()
    entry["text"] = text
    entry["status"] = "official"
    entry["source"] = SOURCE
    entry["version"] = Q(version)
    entry["via"] = via
    return entry


def _described(entry: dict) -> str:
    parts = [str(entry.get("status", "?")), str(entry.get("source", "?"))]
    if entry.get("via"):
        parts.append(f"via {entry['via']}")
    printing = entry.get("printing")
    if isinstance(printing, dict):
        parts.append(f"printed on {printing.get('set')} #{printing.get('number')}")
    return ", ".join(parts)


def plan(data_dir: Path, path: Path, via: str, dry_run: bool = False) -> Result:
    """Plan the Japanese names the list gives to cards without one (nothing is written here)."""
    data_dir = Path(data_dir)
    kb = readable_knowledge(data_dir)
    source = kb.get("source", via)
    if source is None:
        raise ImportFailure(
            f"--via {via}: no source record data/sources/{via}.yaml: add one that names the list's "
            "repository, commit and date, then import"
        )
    version = source.data.get("date")
    if not isinstance(version, str):
        raise ImportFailure(f"--via {via}: its source record has no `date` (the date of the list)")
    if kb.get("source", SOURCE) is None:
        raise ImportFailure(f"{data_dir}: no source record {SOURCE}: the names would cite nothing")
    listed = read_list(path)
    workspace = Workspace(data_dir)
    result = Result(workspace=workspace)
    added = unchanged = not_listed = ambiguous = 0
    disagreements: list[Disagreement] = []
    for record in sorted(kb.all("card"), key=lambda r: r.id):
        names = record.data.get("names") if isinstance(record.data.get("names"), dict) else {}
        english = (names.get("en") or {}).get("text") if isinstance(names.get("en"), dict) else None
        if not isinstance(english, str):
            continue
        faces = [name_key(face) for face in english.split(" // ")]
        if any(face in listed.ambiguous for face in faces):
            ambiguous += 1
            continue
        if not all(face in listed.names for face in faces):
            not_listed += 1
            continue
        japanese = " // ".join(listed.names[face] for face in faces)
        have = names.get("ja")
        record_path = Path(record.document.path) if record.document else None
        if have is None:
            if record_path is None:
                continue
            document = workspace.edit(record_path)
            if not isinstance(document.get("names"), dict):
                document["names"] = CommentedMap()
            document["names"]["ja"] = name_entry(japanese, via, version)
            added += 1
        elif isinstance(have, dict) and same_text(have.get("text"), japanese):
            unchanged += 1
        else:
            shown = have.get("text") if isinstance(have, dict) else have
            disagreements.append(
                Disagreement(
                    str(record_path or record.id),
                    english,
                    str(shown),
                    _described(have) if isinstance(have, dict) else "?",
                    japanese,
                )
            )
    verb = "would add" if dry_run else "added"
    result.lines.append(
        f"read {listed.entries} entr{'y' if listed.entries == 1 else 'ies'}: {len(listed.names)} English "
        f"name(s) with one Japanese name, {listed.without} without one, {len(listed.ambiguous)} with two "
        f"or more, {len(listed.not_japanese)} whose Japanese name has no Japanese character"
    )
    result.lines.append(
        f"Japanese card names: {verb} {added}, unchanged {unchanged}, "
        f"{len(disagreements)} differ from the record's (kept); {not_listed} card(s) not in the "
        f"list, {ambiguous} with an ambiguous entry"
    )
    for d in disagreements:
        result.lines.append(
            f"differs: {d.path}: names.ja: the record has {d.have!r} ({d.have_source}); "
            f"the list gives {d.listed!r} for {d.card!r}: kept"
        )
    for english, japanese in listed.not_japanese[:20]:
        result.lines.append(f"note: skipped the list's entry {english!r} → {japanese!r}: no Japanese character")
    return result
