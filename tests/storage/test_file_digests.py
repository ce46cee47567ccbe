"""The files' digests give back the bytes they read, so that a file is read once per run, and only while the file
is still what they read."""

from __future__ import annotations

import hashlib
import os
import time
from pathlib import Path

import pytest

from counterpedia.storage.file_digests import FileDigests, TooLarge
from counterpedia.storage.load import MAX_FILE_BYTES, load_paths

CARD = "cards/s/struggle-for-project-purity.yaml"


def test_the_bytes_read_for_a_digest_are_given_once(tmp_path: Path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"id: a\n")
    digests = FileDigests(None)
    status = os.lstat(path)
    digest = digests.digest(str(path), status, MAX_FILE_BYTES)
    assert digests.take(str(path), status) == (b"id: a\n", digest) and digest == hashlib.sha256(b"id: a\n").digest()
    assert digests.take(str(path), status) is None  # forgotten once taken


def test_a_file_written_since_its_digest_is_read_again(valid_data: Path):
    digests = FileDigests(None)
    card = valid_data / CARD
    digests.digest(str(card), os.lstat(card), MAX_FILE_BYTES)
    time.sleep(0.05)  # a tick of the file system's clock: the ctime of the write below differs
    card.write_text(card.read_text(encoding="utf-8").replace("Struggle for Project Purity", "Edited"), "utf-8")
    assert digests.take(str(card), os.lstat(card)) is None
    digests.digest(str(card), os.lstat(card), MAX_FILE_BYTES)
    card.write_text(card.read_text(encoding="utf-8").replace("Edited", "Edited again"), "utf-8")
    loaded = load_paths([valid_data], root=valid_data, digests=digests)
    (document,) = [d for d in loaded.documents if d.stem == "struggle-for-project-purity"]
    assert document.data["names"]["en"]["text"] == "Edited again"
    assert document.digest == hashlib.sha256(card.read_bytes()).digest()


def test_a_file_grown_since_its_lstat_is_digested_whole_and_its_bytes_not_kept(tmp_path: Path):
    """The digest reads as many bytes as lstat said, then on: a file that grew meanwhile is neither cut short nor
    taken for what it was."""
    path = tmp_path / "a.yaml"
    path.write_bytes(b"id: a\n")
    status = os.lstat(path)
    path.write_bytes(b"id: a\n" + b"# grown\n" * 1000)
    digests = FileDigests(None)
    assert digests.digest(str(path), status, MAX_FILE_BYTES) == hashlib.sha256(path.read_bytes()).digest()
    assert digests.take(str(path), status) is None


def test_a_file_grown_past_the_limit_since_its_lstat_is_too_large(tmp_path: Path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"id: a\n")
    status = os.lstat(path)
    path.write_bytes(b"#" * 100)
    with pytest.raises(TooLarge):
        FileDigests(None).digest(str(path), status, 99)
    assert FileDigests(None).digest(str(path), os.lstat(path), 100) == hashlib.sha256(b"#" * 100).digest()
