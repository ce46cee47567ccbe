"""Provenance is complete, and translations have not drifted from the text they translate."""

from __future__ import annotations

import re

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import is_drifted
from ..model.texts import text_entries

HASH_RE = re.compile(r"^sha256:[0-9a-f]{16}$")


def check(kb: KnowledgeBase):
    for record in kb:
        yield from check_record(kb, record)


def check_record(kb: KnowledgeBase, record: Record):
    """The record's texts' provenance (it reads the record and the sources it cites)."""
    for field, lang, entry in text_entries(record):
        keys = field.keys + (lang,)
        source_id = entry.get("source")
        source = kb.source(source_id)
        status = entry.get("status")
        if source is not None:
            machine_source = source.data.get("type") == "machine-translation"
            if machine_source != (status == "machine"):
                yield diag.make(
                    record.path,
                    record.position(keys + ("status",)),
                    "W203",
                    f"a {status} text whose source '{source.id}' is of type '{source.data.get('type')}'",
                )
        translates = entry.get("translates")
        if not isinstance(translates, dict):
            if status in ("community", "machine") and lang != field.canonical:
                yield diag.make(
                    record.path,
                    record.position(keys),
                    "E140",
                    f"the {status} {lang} text does not say which text it translates",
                )
            continue
        target = translates.get("lang")
        if target == lang or (isinstance(target, str) and target not in field.texts):
            yield diag.make(
                record.path,
                record.position(keys + ("translates", "lang")),
                "E141",
                f"the {lang} text translates '{target}', which is not in this field",
            )
            continue
        recorded = translates.get("hash")
        if isinstance(recorded, str) and not HASH_RE.match(recorded):
            yield diag.make(
                record.path,
                record.position(keys + ("translates", "hash")),
                "W202",
                f"hash '{recorded}' is not of the form sha256:<16 hex digits>",
            )
            continue
        if target == field.canonical and is_drifted(field.texts, lang, field.canonical):
            translated = field.texts.get(field.canonical) or {}
            if recorded is None:
                why = "and the older text was never hashed, so the translation cannot be shown to be current"
                hint = (
                    "compare the translation with the current text; when it fits, record that version "
                    "and its `hash` (`counterpedia hash`)"
                )
            else:
                why, hint = "and that text has changed since", ""
            yield diag.make(
                record.path,
                record.position(keys + ("translates",)),
                "W201",
                f"the {lang} text translates {target} version {translates.get('version')}; "
                f"the {target} text is now version {translated.get('version')} {why}",
                hint,
            )
