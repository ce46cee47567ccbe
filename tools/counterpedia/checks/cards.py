"""Cards: each in its shard folder, one record per Oracle ID, and each ruling id used once within its card; no card
stored twice (a hand record beside the imported one, named after one of its faces); no printed Japanese or French
text that is the English one; no counter kind linked that the card's English Oracle text does not name.

Unknown counter ids in a card's `counters` are references like any other (E110, checks.references).
"""

from __future__ import annotations

from .. import diagnostics as diag
from ..importers.merge import faces, name_key
from ..importers.printed import wrong_name, wrong_text
from ..model.knowledge import KnowledgeBase, Record
from ..storage.layout import is_in_place, relative_path


def check(kb: KnowledgeBase):
    yield from _shards(kb)
    yield from _oracle_ids(kb)
    yield from _ruling_ids(kb)
    yield from _stored_twice(kb)
    yield from _english_as_printed(kb)
    yield from _counters_not_in_text(kb)


def _english(record: Record, key: str) -> str | None:
    texts = record.data.get(key)
    entry = texts.get("en") if isinstance(texts, dict) else None
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) and text else None


def _shards(kb: KnowledgeBase):
    for record in [*kb.all("card"), *(d for d in kb.duplicates if d.kind == "card")]:
        document = record.document
        if document is None or is_in_place("card", document.stem, document.path):
            continue
        expected = "data" / relative_path("card", document.stem)
        yield diag.make(
            record.path,
            record.position(("id",)),
            "E171",
            f"card '{document.stem}' is not in its shard folder: it belongs at {expected.as_posix()}",
            hint=f"move the file to {expected.as_posix()} (cards are sharded by the first character of their id)",
        )


def _oracle_ids(kb: KnowledgeBase):
    holders: dict[str, list] = {}
    for record in kb.all("card"):
        oracle_id = record.data.get("oracle_id")
        if isinstance(oracle_id, str):
            holders.setdefault(oracle_id, []).append(record)
    for oracle_id, records in holders.items():
        if len(records) < 2:
            continue
        for record in records:
            others = ", ".join(other.path for other in records if other is not record)
            yield diag.make(
                record.path,
                record.position(("oracle_id",)),
                "E172",
                f"Oracle ID {oracle_id} is also the identity of {others}",
            )


def _ruling_ids(kb: KnowledgeBase):
    for record in kb.duplicates:
        if record.kind != "ruling" or not record.embedded:
            continue
        first = kb.get("ruling", record.id)
        where = f" (line {first.position(('id',))[0] + 1})" if first is not None else ""
        yield diag.make(
            record.path,
            record.position(("id",)),
            "E170",
            f"ruling id '{record.local_id}' is used twice in this card{where}",
        )


def _stored_twice(kb: KnowledgeBase):
    """A record without an Oracle ID named as a card that has one, or as one of its faces (E174)."""
    imported: dict[str, Record] = {}
    for record in kb.all("card"):
        name = _english(record, "names")
        if name is None or not isinstance(record.data.get("oracle_id"), str):
            continue
        for each in [name, *faces(name)]:
            imported.setdefault(name_key(each), record)
    for record in kb.all("card"):
        name = _english(record, "names")
        if name is None or isinstance(record.data.get("oracle_id"), str):
            continue
        other = imported.get(name_key(name))
        if other is not None:
            yield diag.make(
                record.path,
                record.position(("names", "en", "text")),
                "E174",
                f"'{name}' is also the card of {other.path} ('{_english(other, 'names')}', Oracle ID "
                f"{other.data['oracle_id']}): one card, stored twice",
            )


def _english_as_printed(kb: KnowledgeBase):
    """An official Japanese or French name or text of a card that is plainly the English one (E173)."""
    for record in kb.all("card"):
        english_text = _english(record, "text")
        english_name = _english(record, "names")
        texts = record.data.get("text")
        names = record.data.get("names")
        texts = texts if isinstance(texts, dict) else {}
        names = names if isinstance(names, dict) else {}
        for lang in ("ja", "fr"):
            text = texts.get(lang)
            text_wrong = None
            if isinstance(text, dict) and isinstance(text.get("text"), str) and english_text is not None:
                text_wrong = wrong_text(lang, text["text"].split("\n//\n"), english_text.split("\n//\n"))
                if text_wrong:
                    yield diag.make(
                        record.path, record.position(("text", lang, "text")), "E173", f"the {lang} text: {text_wrong}"
                    )
            name = names.get(lang)
            if isinstance(name, dict) and isinstance(name.get("text"), str):
                name_wrong = wrong_name(lang, name["text"], english_name, text_is_wrong=bool(text_wrong))
                if name_wrong:
                    yield diag.make(
                        record.path,
                        record.position(("names", lang, "text")),
                        "E173",
                        f"the {lang} name '{name['text']}': {name_wrong}",
                    )


def _counters_not_in_text(kb: KnowledgeBase):
    """A counter kind in a card's `counters` whose name its English Oracle text, the card's own names aside, does not
    contain at all (E175). The importers link what the text names (importers/counter_text.py); a name the text
    lacks altogether is a link made by hand or by mistake. A substring test, to stay fast: the full scan is the
    importers' job."""
    names = {}
    for counter in kb.all("counter"):
        english = _english(counter, "names")
        if english is not None and english.casefold().endswith(" counter") and "X" not in english:
            names[counter.id] = english.casefold().removesuffix(" counter").strip()
    for record in kb.all("card"):
        text = _english(record, "text")
        counters = record.data.get("counters")
        if text is None or not isinstance(counters, list) or not counters:
            continue
        own = _english(record, "names") or ""
        for each in sorted({own, *faces(own)}, key=len, reverse=True):
            if each:
                text = text.replace(each, "CARDNAME")
        text = text.casefold()
        for index, counter in enumerate(counters):
            name = names.get(counter) if isinstance(counter, str) else None
            if name is not None and name not in text:
                yield diag.make(
                    record.path,
                    record.position(("counters", index)),
                    "E175",
                    f"'{counter}' is listed, but the Oracle text names no {counter} counter",
                )
