"""Which sources are a publisher's own text, and which can be the copy an official text was read from.

An `official` text is one that Wizards of the Coast published: its `source` must be such a text (the
Comprehensive Rules, a printed card, the Oracle text, release notes, a FAQ, an article). Where it was read
from someone else's copy (a dataset, a wiki, a rules engine's files), `via` names that copy. Both are decided
from the source record alone: its `publisher` and its `type`.
"""

from __future__ import annotations

from typing import Any

PUBLISHER = "Wizards of the Coast"

# The kinds of source in which Wizards of the Coast publishes texts (an `editorial` of theirs is an article).
PUBLISHED_TYPES = ("comprehensive-rules", "release-notes", "faq", "card-text", "editorial")

# Sources that hold our own writing, never a copy of anyone's text.
OWN_WRITING_TYPES = ("editorial", "machine-translation")


def is_publisher_text(source: dict[str, Any]) -> bool:
    """A text Wizards of the Coast published: a source of theirs, of a kind they publish."""
    return source.get("publisher") == PUBLISHER and source.get("type") in PUBLISHED_TYPES


def is_copy(source: dict[str, Any]) -> bool:
    """A source that can be the copy a text was read from: anything but commentary and machine translation
    (a publisher's own document may quote another of theirs: a FAQ quoting the rules). An article of the
    publisher (`editorial`) is not a `via` either: it is the `source` of what it publishes."""
    return source.get("type") not in OWN_WRITING_TYPES
