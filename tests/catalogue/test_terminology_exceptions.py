"""The reviewed list of ordinary words (catalogue/terminology-exceptions.yaml): what it silences in the
translation checks, and that a list out of its shape silences nothing."""

from __future__ import annotations

import shutil
from pathlib import Path

from counterpedia.catalogue import terminology_exceptions
from counterpedia.checks.validate import validate

ROOT = Path(__file__).resolve().parents[2]
# A memory entry whose Japanese writes ラッド for the rad counter (E509 9:15), and that no ruling uses (W503).
UNTERMED = ROOT / "tests" / "fixtures" / "invalid" / "E509-memory-terminology.yaml"
KEY = "c8ce8ee9b46aee37"


def codes(valid_data: Path, exceptions: str | None) -> set[str]:
    (valid_data / "translation-memory").mkdir()
    shutil.copy(UNTERMED, valid_data / "translation-memory" / "c8.yaml")
    if exceptions is not None:
        path = terminology_exceptions.default_path(valid_data)
        path.parent.mkdir(exist_ok=True)
        path.write_text(exceptions, encoding="utf-8")
    _kb, diagnostics = validate([valid_data])
    return {d.code for d in diagnostics if d.code != "W503"}  # W503: no ruling uses the entry


REASON = "reason: 'a test: the word read as an ordinary word'"


def test_without_an_exception_the_official_name_is_asked_for(valid_data):
    assert codes(valid_data, None) == {"E509"}


def test_an_exception_for_every_text_silences_the_term(valid_data):
    assert codes(valid_data, f"terms:\n  - id: counter:rad\n    {REASON}\n") == set()


def test_an_exception_for_one_entry_silences_the_term_there(valid_data):
    assert codes(valid_data, f"terms:\n  - id: counter:rad\n    entry: {KEY}\n    {REASON}\n") == set()


def test_an_exception_for_another_entry_silences_nothing_here(valid_data):
    # The other entry does not exist: W207 says so, and this entry's E509 stays.
    other = "0" * 16
    assert codes(valid_data, f"terms:\n  - id: counter:rad\n    entry: '{other}'\n    {REASON}\n") == {
        "E509",
        "W207",
    }


def test_a_list_out_of_its_shape_silences_nothing(valid_data):
    assert codes(valid_data, "terms:\n  - id: counter:rad\n") == {"E509", "E159"}


def test_the_shipped_list_reads_as_its_entries():
    words = terminology_exceptions.ordinary_words(terminology_exceptions.default_path(ROOT / "data"))
    assert "term:counter" in words.terms and "mechanic:double" in words.terms
    assert ("e2549e877a53557b", "Blood") in words.pairs and ("e0f946886a74c983", "counter:time") in words.pairs
    assert "counter:time" not in words.terms  # an exception for one entry is not one for every text
