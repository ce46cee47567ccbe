"""The relevance set (tests/search/relevance.yaml) and precision at k, for the benchmark and the tests.

A result list is reduced to its distinct pages in order (several rulings of one card are one page);
a case is answered at rank r when the r-th page is one of its `expected` (an expected anchor must be
the result's anchor too). The typo set (cases with `typo_of`, issue 21) is reported apart from the
questions.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML

from ..langs import LANGS
from .engine import LANG_PREFIX, search


@dataclass(frozen=True)
class Case:
    lang: str
    query: str
    expected: tuple
    issue: int | None = None
    typo_of: str | None = None  # the question this one misspells (the typo set)


def load_cases(path: Path) -> list[Case]:
    data = YAML(typ="safe").load(Path(path).read_text(encoding="utf-8"))
    return [
        Case(
            lang,
            str(item["query"]),
            tuple(item["expected"]),
            item.get("issue"),
            str(item["typo_of"]) if item.get("typo_of") is not None else None,
        )
        for lang in LANGS
        for item in data.get(lang) or []
    ]


def questions(cases: list[Case]) -> list[Case]:
    return [case for case in cases if case.typo_of is None]


def typos(cases: list[Case]) -> list[Case]:
    return [case for case in cases if case.typo_of is not None]


def rank_of(locations: list[str], expected: tuple) -> int | None:
    """1-based rank among distinct pages of the first location answering the case; None when none does."""
    pages: list[str] = []
    for location in locations:
        page, _, anchor = location.partition("#")
        if page not in pages:
            pages.append(page)
        position = pages.index(page) + 1
        for wanted in expected:
            wanted_page, _, wanted_anchor = wanted.partition("#")
            if wanted_page == page and (not wanted_anchor or wanted_anchor == anchor):
                return position
    return None


def precision(ranks: list, k: int) -> float:
    return sum(1 for r in ranks if r is not None and r <= k) / len(ranks) if ranks else 0.0


def cli_locations(index, case: Case, limit: int = 20) -> list[str]:
    """The site paths (no language prefix) `counterpedia search --lang L` gives for the case's query."""

    hits = search(index, case.query, case.lang, None, limit, locate=False).hits  # the pages: no YAML lines
    prefix = LANG_PREFIX[case.lang]
    return [hit.url[len(prefix) :] if hit.url.startswith(prefix) else hit.url for hit in hits]


def report(ranks: dict) -> str:
    """`lang: P@1 x %, P@3 y % (n queries)` lines from {lang: [rank, …]}."""
    lines = []
    for lang, found in ranks.items():
        lines.append(f"{lang}: P@1 {precision(found, 1):.0%}, P@3 {precision(found, 3):.0%} ({len(found)} queries)")
    return "\n".join(lines)


def misses(cases: list[Case], ranks: list, k: int = 3) -> list[str]:
    return [json.dumps([c.lang, c.query, r], ensure_ascii=False) for c, r in zip(cases, ranks) if r is None or r > k]
