"""All editions aligned once: today's number of an old reference, and each rule's history."""

import pytest

from counterpedia.cr.archive import RulesArchive


@pytest.fixture(scope="module")
def archive(editions):
    return RulesArchive(list(editions.values()))


def test_old_numbers_map_to_todays(archive):
    assert archive.newest.edition == "20260116"
    assert archive.to_newest("20240308", "701.13b") == "701.17b"  # mill, as seed 000 cites it
    assert archive.to_newest("20240308", "725.1a") == "727.1a"
    assert archive.to_newest("20260116", "727.1") == "727.1"
    assert archive.to_newest("19990101", "100.1") is None


def test_marks_tell_where_a_rule_changed(archive):
    marks = archive.marks("727.1")
    assert [(m.edition, m.number, m.previous) for m in marks] == [
        ("20251114", "727.1", "726.1"),
        ("20250606", "726.1", "725.1"),
        ("20240308", "725.1", None),
    ]
    assert marks[-1].text_changed  # added


def test_a_rule_unchanged_since_the_oldest_edition_has_no_marks(archive):
    assert archive.marks("100.1") == [] or all(m.edition > "20231117" for m in archive.marks("100.1"))
