"""What counts as a publisher's text, and what can be the copy a text was read from: decided from the source record."""

from counterpedia.model.publishers import is_copy, is_publisher_text

WOTC = "Wizards of the Coast"


def test_texts_wizards_of_the_coast_published():
    for kind in ("comprehensive-rules", "release-notes", "faq", "card-text", "editorial"):
        assert is_publisher_text({"type": kind, "publisher": WOTC}), kind


def test_copies_and_unnamed_publishers_are_not():
    assert not is_publisher_text({"type": "dataset", "publisher": "MTGJSON"})
    assert not is_publisher_text({"type": "wiki", "publisher": "MTG Wiki"})
    assert not is_publisher_text({"type": "card-text", "publisher": "XMage (open-source rules engine)"})
    assert not is_publisher_text({"type": "faq"})  # a FAQ whose publisher nobody named
    assert not is_publisher_text({"type": "dataset", "publisher": WOTC})  # not a kind of text they publish


def test_a_copy_is_anything_but_our_own_writing():
    for kind in ("dataset", "wiki", "card-text", "faq", "release-notes", "comprehensive-rules"):
        assert is_copy({"type": kind}), kind
    assert not is_copy({"type": "machine-translation"})
    assert not is_copy({"type": "editorial", "publisher": "Counterpedia"})
