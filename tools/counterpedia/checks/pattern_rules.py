"""A counter kind that a rule covers by pattern cites that rule (E160): +X/+Y and -X/-Y counters, keyword counters."""

from __future__ import annotations

from .. import diagnostics as diag
from ..model.knowledge import KnowledgeBase
from ..model.rule_patterns import coverage, pattern_rules


def check(kb: KnowledgeBase):
    rules = pattern_rules(kb)
    if rules[0] is None and rules[1] is None:
        return
    for record in kb.all("counter"):
        names = record.data.get("names")
        english = names.get("en") if isinstance(names, dict) else None
        if not isinstance(english, dict) or not isinstance(english.get("text"), str):
            continue
        covered = coverage(english["text"], rules)
        cited = record.data.get("rules")
        if covered is None or (isinstance(cited, list) and covered.number in cited):
            continue
        where = ("rules",) if isinstance(cited, list) else ("names", "en", "text")
        yield diag.make(
            record.path,
            record.position(where),
            "E160",
            f"'{english['text']}' is covered by rule {covered.number} ({covered.what}), which `rules` does not cite",
            hint=f'add "{covered.number}" to `rules`, and say in the summary what the rule does',
        )
