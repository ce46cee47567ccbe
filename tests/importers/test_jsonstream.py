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


@pytest.mark.parametrize("compress", ["gzip", "xz", "bzip2"])
def test_compressed_files_are_read_whatever_their_name(tmp_path, compress):
    import bz2
    import gzip
    import lzma

    opener = {"gzip": gzip.open, "xz": lzma.open, "bzip2": bz2.open}[compress]
    path = tmp_path / "a.json"  # no telling suffix: recognised by its first bytes
    with opener(path, "wb") as stream:
        stream.write(json.dumps([{"name": "é"}, 2]).encode("utf-8"))
    assert list(iter_array(path)) == [{"name": "é"}, 2]


def test_damaged_compressed_data_is_a_stream_error(tmp_path):
    import gzip

    path = tmp_path / "a.json.gz"
    path.write_bytes(gzip.compress(json.dumps([{"a": "x" * 5000}] * 50).encode())[:300])
    with pytest.raises(JSONStreamError, match="compressed data is damaged or cut short"):
        list(iter_array(path))


@pytest.mark.parametrize(
    "text, message",
    [
        ("[" + "[" * 200_000 + "]" * 200_000 + "]", "nested too deeply"),
        ("[" + "9" * 100_000 + "]", "Exceeds the limit"),
    ],
)
def test_hostile_values_are_stream_errors(tmp_path, text, message):
    path = tmp_path / "a.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(JSONStreamError, match=message):
        list(iter_array(path, chunk_size=4096))


def test_objects_are_walked_member_by_member(tmp_path):
    from counterpedia.importers.jsonstream import Reader, open_text

    path = tmp_path / "a.json"
    path.write_text(
        json.dumps({"data": {"A": {"cards": [1, 2]}, "B": {"cards": []}}, "meta": {"date": "x"}}), encoding="utf-8"
    )
    seen = []
    with open_text(path) as stream:
        reader = Reader(stream, chunk_size=5)
        for key in reader.members():
            if key == "data":
                for code in reader.members():
                    for field in reader.members():
                        assert field == "cards"
                        seen.append((code, [reader.value() for _ in reader.items()]))
            else:
                seen.append((key, reader.value()))
        reader.end()
    assert seen == [("A", [1, 2]), ("B", []), ("meta", {"date": "x"})]


def test_a_long_value_is_read_in_few_passes(tmp_path):
    """A value much larger than the window is read by doubling the window, not chunk by chunk."""
    from counterpedia.importers.jsonstream import Reader, open_text

    path = tmp_path / "a.json"
    big = {"cards": [{"text": "x" * 100} for _ in range(20000)]}
    path.write_text(json.dumps([big]), encoding="utf-8")
    with open_text(path) as stream:
        reader = Reader(stream, chunk_size=1024)
        calls = 0
        original = reader.decoder.raw_decode

        def counting(*args):
            nonlocal calls
            calls += 1
            return original(*args)

        reader.decoder.raw_decode = counting
        assert [reader.value() for _ in reader.items()] == [big]
    assert calls < 20
