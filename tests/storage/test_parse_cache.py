"""counterpedia.storage.parse_cache: parsed records kept by the exact bytes of their file, never trusted otherwise."""

from __future__ import annotations

import datetime as dt
import os
import pickle
from pathlib import Path

import pytest

from counterpedia.storage import file_digests, parse_cache
from counterpedia.storage import load as load_module
from counterpedia.storage.file_digests import FileDigests
from counterpedia.storage.load import load_paths
from counterpedia.storage.parse_cache import cache_file

CARD = Path("cards") / "s" / "struggle-for-project-purity.yaml"


def ids(result) -> dict:
    return {d.stem: d.data for d in result.documents}


def test_a_second_load_reads_the_cache_and_an_edited_file_is_parsed_again(valid_data: Path, monkeypatch):
    first = load_paths([valid_data], root=valid_data)
    assert cache_file(valid_data).is_file()
    calls = []
    original = load_module.parse_document
    monkeypatch.setattr(load_module, "parse_document", lambda *a: calls.append(a[1]) or original(*a))
    assert ids(load_paths([valid_data], root=valid_data)) == ids(first)
    assert calls == []  # nothing parsed: every file's text was in the cache
    card = valid_data / "cards" / "s" / "struggle-for-project-purity.yaml"
    card.write_text(card.read_text(encoding="utf-8").replace("Struggle for Project Purity", "Edited"), encoding="utf-8")
    again = load_paths([valid_data], root=valid_data)
    assert [Path(c).name for c in calls] == ["struggle-for-project-purity.yaml"]
    assert ids(again)["struggle-for-project-purity"]["names"]["en"]["text"] == "Edited"
    # positions still come from the file's text
    document = [d for d in again.documents if d.stem == "struggle-for-project-purity"][0]
    assert document.position(("names", "en", "text")) == (2, 13)


def test_dates_come_back_as_dates_and_problems_are_never_cached(valid_data: Path):
    (valid_data / "sources" / "dated.yaml").write_text(
        "id: dated\ntype: dataset\ntitle: T\nlanguage: en\ndate: 2022-04-25\n", encoding="utf-8"
    )
    (valid_data / "sources" / "broken.yaml").write_text("id: [broken\n", encoding="utf-8")
    load_paths([valid_data], root=valid_data)
    result = load_paths([valid_data], root=valid_data)
    assert ids(result)["dated"]["date"] == dt.date(2022, 4, 25)
    assert [d.code for d in result.diagnostics] == ["E001"]


class Owned:
    """What a hostile pickle would build: unpickling it creates a file."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


@pytest.mark.parametrize("header", [b"", parse_cache._MAGIC], ids=["foreign", "our header"])
def test_a_foreign_or_hostile_cache_file_is_ignored(valid_data: Path, tmp_path: Path, header: bytes):
    path = cache_file(valid_data)
    path.parent.mkdir(parents=True, exist_ok=True)
    marker = tmp_path / "owned"
    path.write_bytes(header + pickle.dumps(Owned(str(marker))))  # a pickle that would run a command
    expected = ids(load_paths([valid_data], root=None))
    assert ids(load_paths([valid_data], root=valid_data)) == expected  # loaded by parsing; the file is replaced
    assert not marker.exists()
    assert path.read_bytes().startswith(parse_cache._MAGIC)
    assert ids(load_paths([valid_data], root=valid_data)) == expected


def test_a_hostile_or_corrupt_entry_is_parsed_again(valid_data: Path, tmp_path: Path, monkeypatch):
    expected = ids(load_paths([valid_data], root=None))
    load_paths([valid_data], root=valid_data)
    snapshot = parse_cache._read_snapshot(cache_file(valid_data))
    names = {parse_cache.ParseCache.key(p.read_bytes()): p.name for p in valid_data.rglob("*.yaml")}
    card = parse_cache.ParseCache.key((valid_data / CARD).read_bytes())
    other = next(key for key in snapshot if key != card)
    marker = tmp_path / "owned"
    snapshot[card] = (snapshot[card][0], pickle.dumps({"id": Owned(str(marker))}))  # under the right key
    snapshot[other] = (snapshot[other][0], b"\x80\x05garbage")
    parse_cache._write_snapshot(cache_file(valid_data), snapshot)
    parsed = []
    original = load_module.parse_document
    monkeypatch.setattr(load_module, "parse_document", lambda *a: parsed.append(Path(a[1]).name) or original(*a))
    assert ids(load_paths([valid_data], root=valid_data)) == expected
    assert not marker.exists()
    assert sorted(parsed) == sorted([names[card], names[other]])


def test_a_truncated_snapshot_is_ignored(valid_data: Path):
    expected = ids(load_paths([valid_data], root=valid_data))
    path = cache_file(valid_data)
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    assert ids(load_paths([valid_data], root=valid_data)) == expected


def test_with_the_files_digests_an_unchanged_file_is_neither_read_nor_decoded(valid_data: Path, monkeypatch):
    """With the digests a run remembered (counterpedia.storage.file_digests), a file whose lstat is the one they were
    taken under is given from the snapshot, its text decoded only when a position is asked for, and exact."""
    monkeypatch.setattr(file_digests, "RACY_NS", 0)  # remember even the files written a moment ago
    memo = valid_data.parent / "digests.json"
    uncached = load_paths([valid_data], root=None)
    digests = FileDigests(memo)
    load_paths([valid_data], root=valid_data, digests=digests)
    digests.save()
    read = []
    original = load_module.read_record_bytes
    monkeypatch.setattr(load_module, "read_record_bytes", lambda path: read.append(path.name) or original(path))
    monkeypatch.setattr(file_digests, "open", lambda path, *a: read.append(Path(path).name) or open(path, *a), False)
    card = valid_data / CARD
    card.write_text(card.read_text(encoding="utf-8").replace("Struggle for Project Purity", "Edited"), "utf-8")
    result = load_paths([valid_data], root=valid_data, digests=FileDigests(memo))
    assert read == ["struggle-for-project-purity.yaml"]  # once: hashed and parsed from the same bytes
    assert {d.stem for d in result.documents} == {d.stem for d in uncached.documents}
    for document, fresh in zip(result.documents, uncached.documents):
        assert document.path == fresh.path and document.kind == fresh.kind
        if document.stem != "struggle-for-project-purity":
            assert document.data == fresh.data
            assert isinstance(document.text, bytes)  # not decoded
            assert document.source == fresh.source
            assert document.position(("id",)) == fresh.position(("id",))
    assert ids(result)["struggle-for-project-purity"]["names"]["en"]["text"] == "Edited"


def test_it_can_be_turned_off(valid_data: Path, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_NO_CACHE", "1")
    load_paths([valid_data], root=valid_data)
    assert not cache_file(valid_data).exists()


def test_a_damaged_snapshot_is_ignored(valid_data: Path):
    """A snapshot whose bytes changed after it was written (a disk's damage, another program) is not read: here a
    card's name changed alike in its text and in its data, which would still unpickle."""
    expected = ids(load_paths([valid_data], root=None))
    load_paths([valid_data], root=valid_data)
    path = cache_file(valid_data)
    content = path.read_bytes()
    assert content.count(b"Struggle for Project Purity") >= 2
    path.write_bytes(content.replace(b"Struggle for Project Purity", b"Struggle for Project Purify"))
    result = load_paths([valid_data], root=valid_data)
    assert ids(result) == expected
    card = next(d for d in result.documents if d.stem == "struggle-for-project-purity")
    assert card.source == (valid_data / CARD).read_text(encoding="utf-8")
