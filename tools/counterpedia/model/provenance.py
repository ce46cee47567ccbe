"""Texts and their provenance: statuses, content hashes, drift. (Which language is canonical: `texts.canonical_of`.)"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from typing import Any

STATUSES = ("official", "community", "machine")


def text_hash(text: str) -> str:
    """The content hash recorded by a translation: stable under Unicode normalisation and edge spaces."""
    normal = unicodedata.normalize("NFC", text).strip()
    return "sha256:" + hashlib.sha256(normal.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class TextState:
    """What a reader should know about one language of a text map."""

    lang: str
    status: str  # official | community | machine | missing
    drifted: bool = False
    canonical: bool = False


def text_state(text_map: dict[Any, Any] | None, lang: str, canonical: str | None) -> TextState:
    texts = text_map or {}
    entry = texts.get(lang)
    if not isinstance(entry, dict) or not entry.get("text"):
        return TextState(lang, "missing", canonical=lang == canonical)
    return TextState(
        lang,
        entry.get("status", "missing"),
        drifted=is_drifted(texts, lang, canonical),
        canonical=lang == canonical,
    )


def is_drifted(text_map: dict[Any, Any], lang: str, canonical: str | None) -> bool:
    """A translation drifts when the canonical text it translated has changed since."""
    if canonical is None or lang == canonical:
        return False
    entry = text_map.get(lang) or {}
    source = text_map.get(canonical) or {}
    translates = entry.get("translates") if isinstance(entry, dict) else None
    if not isinstance(translates, dict) or translates.get("lang") != canonical:
        return False
    if not isinstance(source, dict) or not isinstance(source.get("text"), str):
        return False
    recorded = translates.get("hash")
    if recorded is None:
        # The translated text was not available to hash: only the versions can be compared.
        return str(translates.get("version")) != str(source.get("version"))
    return bool(recorded != text_hash(source["text"]))
