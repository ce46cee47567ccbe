"""counterpedia.storage.parse_cache: parsed records kept by the exact text of their file, never trusted otherwise."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from counterpedia.storage import load as load_module
from counterpedia.storage.load import load_paths
from counterpedia.storage.parse_cache import cache_file


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


def test_a_foreign_or_hostile_cache_file_is_ignored(valid_data: Path):
    path = cache_file(valid_data)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x80\x04cos\nsystem\n(S'echo owned'\ntR.")  # a pickle that would run a command
    assert ids(load_paths([valid_data], root=valid_data))  # loaded by parsing; the file is replaced
    assert path.read_text(encoding="utf-8").startswith('{"format"')


def test_it_can_be_turned_off(valid_data: Path, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_NO_CACHE", "1")
    load_paths([valid_data], root=valid_data)
    assert not cache_file(valid_data).exists()
