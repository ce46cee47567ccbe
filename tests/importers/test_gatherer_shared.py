"""The committed rulings that cite Gatherer are in the shared MTGJSON 3 copy: a random sample of 20 is checked against
the set files, read here without the importer (../shared/data/external/mtgjson-v3-gatherer-20181107/)."""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import re
import unicodedata
from pathlib import Path

import pytest

from counterpedia.storage.yamlio import load as load_yaml

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "external" / "mtgjson-v3-gatherer-20181107" / "sets"
COPY = "mtgjson3-gatherer-20181107"


def _key(text: str) -> str:
    # The documented normalisation, written again independently: quotes and apostrophes, spaces.
    text = unicodedata.normalize("NFC", text)
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def shared() -> Path:
    if not SHARED.is_dir():
        pytest.skip(
            f"the shared MTGJSON 3 set files are not here ({SHARED}): they live beside the repository, never in it"
        )
    return SHARED


def test_a_random_sample_of_20_upgraded_rulings_is_in_the_set_files(shared, real_kb):
    kb = real_kb
    proven = [r for r in kb.all("ruling") if r.data.get("source") == "wotc-gatherer"]
    assert len(proven) >= 4500, "the committed data holds the import of the shared files (4,591 rulings)"
    for ruling in proven:
        entry = ruling.data["text"]["en"]
        assert entry["status"] == "official" and entry["source"] == "wotc-gatherer" and entry["via"] == COPY
    sample = random.Random(22).sample(proven, 20)
    wanted = {}
    for ruling in sample:
        name = ruling.owner.data["names"]["en"]["text"]
        for face in {name, *name.split(" // ")}:
            wanted.setdefault(face, []).append(ruling)
    found = set()
    for path in sorted(shared.glob("*.json.gz")):
        for card in json.loads(gzip.decompress(path.read_bytes()))["cards"]:
            for ruling in wanted.get(card["name"], []):
                for candidate in card.get("rulings", []):
                    if candidate["date"] == ruling.data["date"] and _key(candidate["text"]) == _key(
                        ruling.data["text"]["en"]["text"]
                    ):
                        found.add(ruling.id)
    assert sorted(r.id for r in sample if r.id not in found) == []


def test_the_copy_record_lists_every_shared_file_by_its_sha256(shared):
    record = load_yaml(ROOT / "data" / "sources" / f"{COPY}.yaml")
    listed = {f["name"].rsplit("/", 1)[-1]: f["sha256"] for f in record["files"]}
    files = sorted(shared.glob("*.json.gz"))
    assert len(files) == len(listed) == 230
    for path in files:
        name = path.name.removesuffix(".gz")
        assert hashlib.sha256(gzip.decompress(path.read_bytes())).hexdigest() == listed[name], name
