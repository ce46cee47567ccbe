"""The reviewed list of excluded counter kinds: well formed, and no kind both excluded and recorded.

The list is `catalogue/excluded-counters.yaml` beside the data folder (see counterpedia.catalogue.excluded);
the data folder is found from the records' own paths. No records, or no list: nothing to check.
E151 is reported on the counter record; E150 on the list itself (`validate` shows it only when it does
not filter its output to data/: see the note in docs/editors/catalogue.md).
"""

from __future__ import annotations

from pathlib import Path

from .. import diagnostics as diag
from ..catalogue.excluded import ExcludedListError, default_path, load_document, shape_errors
from ..model.knowledge import KnowledgeBase
from ..model.shapes import as_dict
from ..storage.load import display_path, locate


def data_root(kb: KnowledgeBase) -> Path | None:
    for record in kb.all("counter") + kb.all("source"):
        if record.document is not None:
            return Path(record.document.path).resolve().parent.parent
    return None


def check(kb: KnowledgeBase):
    root = data_root(kb)
    if root is None:
        return
    path = default_path(root)
    if not path.is_file():
        return
    shown = display_path(path)
    try:
        document = load_document(path)
    except ExcludedListError as error:
        yield diag.make(shown, (error.line, error.column), "E150", str(error))
        return
    errors = shape_errors(document)
    for message, where in errors:
        yield diag.make(shown, locate(document, where), "E150", message)
    if errors:
        return
    recorded = {}
    for record in kb.all("counter"):
        english = as_dict(record.data.get("names")).get("en")
        if isinstance(english, dict) and isinstance(english.get("text"), str):
            recorded[english["text"].lower().removesuffix(" counter")] = record
    seen = set()
    for index, entry in enumerate(document["counters"]):
        name = entry["name"].lower()
        position = locate(document, ("counters", index, "name"))
        if name in seen:
            yield diag.make(shown, position, "E150", f"'{entry['name']}' is listed twice")
        seen.add(name)
        if name in recorded:
            # Reported on the record, which `counterpedia validate` shows whatever paths it is asked about.
            record = recorded[name]
            yield diag.make(record.path, record.position(("names", "en", "text")), "E151",
                            f"counter '{record.id}' is also listed as excluded in {shown} (line {position[0] + 1})")
