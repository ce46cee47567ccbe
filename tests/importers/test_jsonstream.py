"""counterpedia.importers.jsonstream: a top-level JSON array, read item by item."""

from __future__ import annotations

import json

import pytest

from counterpedia.importers.jsonstream import JSONStreamError, iter_array, iter_objects


@pytest.mark.parametrize("chunk", [1, 2, 7, 64, 1 << 20])
def test_items_are_the_same_whatever_the_chunk_size(tmp_path, chunk):
    items = [{"name": f"card {i}", "text": "é" * i, "n": i * 1.5} for i in range(40)] + [12345, None, "x", [1, [2]]]
    path = tmp_path / "a.json"
    path.write_text(json.dumps(items, ensure_ascii=False, indent=1), encoding="utf-8")
    assert list(iter_array(path, chunk_size=chunk)) == items


def test_a_byte_order_mark_and_an_empty_array(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b"\xef\xbb\xbf  [ ]\n")
    assert list(iter_array(path)) == []


def test_it_does_not_read_past_the_first_items_it_is_asked_for(tmp_path):
    path = tmp_path / "a.json"
    path.write_text("[" + ",".join(json.dumps({"i": i}) for i in range(10000)) + "]", encoding="utf-8")
    stream = iter_array(path, chunk_size=256)
    assert next(stream) == {"i": 0}
    stream.close()


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ('{"object": "list"}', "expected a JSON array"),
        ('[{"a": 1},', "not closed"),
        ("[1 2]", "expected ',' or ']'"),
        ("[1,]", "trailing comma"),
        ("[1] [2]", "after the array"),
        ('[{"a": }]', "invalid JSON at character"),
    ],
)
def test_malformed_files_say_what_is_wrong(tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JSONStreamError, match=message):
        list(iter_array(path, chunk_size=3))


def test_items_must_be_objects_when_asked(tmp_path):
    path = tmp_path / "a.json"
    path.write_text('[{"a": 1}, 2]', encoding="utf-8")
    with pytest.raises(JSONStreamError, match="item 1 of the array is not a card object"):
        list(iter_objects(path, "card"))


def test_not_utf8(tmp_path):
    path = tmp_path / "a.json"
    path.write_bytes(b'["\xff"]')
    with pytest.raises(JSONStreamError, match="not UTF-8"):
        list(iter_array(path))
