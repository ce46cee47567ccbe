"""counterpedia.model.texts: the text fields and texts of a record are the same found once (`remembered()`, as the
validator's checks read them) as found anew."""

from __future__ import annotations

from counterpedia.model.knowledge import load
from counterpedia.model.texts import remembered, text_entries, text_fields

from ..conftest import VALID_DATA


def test_remembered_texts_are_the_texts_found_anew():
    kb, _ = load(VALID_DATA)
    records = [*kb]
    assert any(len(list(text_entries(record))) > 1 for record in records)
    fresh = [(list(text_fields(record)), list(text_entries(record))) for record in records]
    with remembered():
        for _ in range(2):  # found, then taken from the memo
            assert [(list(text_fields(record)), list(text_entries(record))) for record in records] == fresh
