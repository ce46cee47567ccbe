"""The reviewed list of excluded counter kinds, its check (E150, E151), and the real catalogue's coverage."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from counterpedia.catalogue.excluded import CATEGORIES, ExcludedListError, default_path, load_excluded
from counterpedia.checks.validate import validate

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "tests" / "fixtures" / "valid" / "data"


def with_list(tmp_path: Path, text: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(VALID, data)
    (tmp_path / "catalogue").mkdir()
    (tmp_path / "catalogue" / "excluded-counters.yaml").write_text(text, encoding="utf-8")
    return data


def codes(tmp_path: Path, monkeypatch) -> list[tuple[str, str, int, int]]:
    """Every diagnostic of the whole run, those about the list included (validate() shows data/ only)."""
    from counterpedia import checks
    from counterpedia.model.knowledge import load

    monkeypatch.chdir(tmp_path)
    kb, _ = load(Path("data"))
    return sorted((d.path, d.code, d.line, d.column) for d in checks.run_all(kb))


def test_a_good_list_is_clean(tmp_path, monkeypatch):
    with_list(tmp_path, 'counters:\n  - {name: "flavor", category: engine-internal, reason: "Forge only"}\n')
    assert codes(tmp_path, monkeypatch) == []
    assert load_excluded(tmp_path / "catalogue" / "excluded-counters.yaml") == [
        {"name": "flavor", "category": "engine-internal", "reason": "Forge only"}
    ]


def test_a_malformed_list_is_E150(tmp_path, monkeypatch):
    with_list(
        tmp_path,
        'counters:\n  - name: "flavor"\n    category: secret\n    reason: "x"\n  - name: "flavor"\n    category: unverified\n    reason: "twice"\n',
    )
    found = codes(tmp_path, monkeypatch)
    assert ("catalogue/excluded-counters.yaml", "E150", 3, 15) in found  # the bad category
    with_list(
        tmp_path / "again",
        'counters:\n  - name: "flavor"\n    category: unverified\n    reason: "x"\n  - name: "flavor"\n    category: unverified\n    reason: "twice"\n',
    )
    assert codes(tmp_path / "again", monkeypatch) == [("catalogue/excluded-counters.yaml", "E150", 5, 11)]


def test_a_list_that_is_not_yaml_is_E150(tmp_path, monkeypatch):
    with_list(tmp_path, "counters: [\n")
    assert [c[1] for c in codes(tmp_path, monkeypatch)] == ["E150"]
    with pytest.raises(ExcludedListError):
        load_excluded(tmp_path / "catalogue" / "excluded-counters.yaml")


def test_a_kind_both_recorded_and_excluded_is_E151(tmp_path, monkeypatch):
    with_list(tmp_path, 'counters:\n  - {name: "rad", category: unverified, reason: "oops"}\n')
    assert codes(tmp_path, monkeypatch) == [("data/counters/rad.yaml", "E151", 3, 14)]
    _kb, shown = validate([Path("data")])  # shown by `counterpedia validate`, on the record
    assert [d.code for d in shown] == ["E151"]


def test_default_path_is_beside_the_data_folder(tmp_path):
    assert default_path(tmp_path / "data") == (tmp_path / "catalogue" / "excluded-counters.yaml").resolve()


# ---- the real catalogue --------------------------------------------------------------------

TSV = Path(os.environ.get("COUNTERPEDIA_SHARED_DATA", ROOT.parent / "shared" / "data")) / "counter-types.tsv"


def candidates() -> list[str]:
    return [
        line.split("\t")[0]
        for line in TSV.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]


@pytest.mark.skipif(not TSV.is_file(), reason=f"the reference candidate list is not at {TSV}")
def test_every_candidate_is_recorded_or_excluded_with_a_reason(real_kb):
    kb = real_kb
    recorded = {r.data["names"]["en"]["text"].lower().removesuffix(" counter") for r in kb.all("counter")}
    excluded = load_excluded(default_path(ROOT / "data"))
    names = {e["name"] for e in excluded}
    assert all(e["category"] in CATEGORIES and e["reason"] for e in excluded)
    missing = [n for n in candidates() if n not in recorded and n not in names]
    assert missing == []
    assert not names & recorded


def _name_cites_a_card(record) -> bool:
    """The English name cites the card whose Oracle text prints it (`printing`): that card shows the kind exists,
    before an import brings the card record in."""
    english = (record.data.get("names") or {}).get("en")
    printing = english.get("printing") if isinstance(english, dict) else None
    return english.get("source") == "wotc-oracle" and isinstance(printing, dict) and bool(printing.get("card"))


def test_every_counter_cites_evidence_of_its_existence(real_kb):
    kb = real_kb
    on_cards = {c for card in kb.all("card") for c in card.data.get("counters") or []}
    for record in kb.all("counter"):
        assert (
            record.data.get("rules")
            or record.id in on_cards
            or _name_cites_a_card(record)
            or record.id in ("keyword", "plus-x-plus-y")
        ), record.id
        types = {kb.get("source", s).data["type"] for s in record.data["sources"]}
        assert types - {"editorial", "machine-translation"}, record.id
