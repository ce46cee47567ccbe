"""CR numbers: well formed, and every cited rule quoted somewhere in data/rules/.

Positions are looked up only for what is reported: finding one parses the file again with the round-trip
loader, which for clean data would cost more than the whole check."""

from __future__ import annotations

from .. import diagnostics as diag
from ..model import rule_numbers
from ..model.knowledge import KnowledgeBase
from ..model.references import cited_rules
from ..model.shapes import as_list


def check(kb: KnowledgeBase):
    places: dict[str, list[tuple]] = {}
    for record in kb.all("rule") + [d for d in kb.duplicates if d.kind == "rule"]:
        section = record.data.get("section")
        for i, entry in enumerate(as_list(record.data.get("rules"))):
            number = entry.get("number") if isinstance(entry, dict) else None
            if not isinstance(number, str):
                continue
            keys = ("rules", i, "number")
            try:
                parsed = rule_numbers.parse(number)
            except rule_numbers.RuleNumberError as error:
                yield diag.make(record.path, record.position(keys), "E120", str(error))
                continue
            if isinstance(section, str) and str(parsed.section) != section:
                yield diag.make(
                    record.path, record.position(keys), "E120", f"rule {number} is not in section {section}"
                )
            places.setdefault(number, []).append((record, keys))
    for number, where in places.items():
        for record, keys in where if len(where) > 1 else ():
            others = ", ".join(other.path for other, _ in where if other.path != record.path) or record.path
            yield diag.make(record.path, record.position(keys), "E122", f"rule {number} is also quoted in {others}")
    quoted = kb.quoted_rules()
    for record in kb:
        for keys, number in cited_rules(record):
            # Positions are read only for what is reported: finding one parses the file again.
            if not rule_numbers.is_valid(number):
                try:
                    rule_numbers.parse(number)
                except rule_numbers.RuleNumberError as error:
                    yield diag.make(record.path, record.position(keys), "E120", str(error))
                continue
            if number not in quoted:
                yield diag.make(
                    record.path, record.position(keys), "E121", f"rule {number} is cited but not quoted in data/rules/"
                )
