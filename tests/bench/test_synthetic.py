"""The data three times the size, and the growth ratios beside their target."""

from __future__ import annotations

from pathlib import Path

from counterpedia.bench.synthetic import imported_size, make, ratio_table, ratios
from counterpedia.checks.validate import validate
from counterpedia.importers.mtgjson.pipeline import run
from tests.importers import conftest as importers

ROOT = Path(__file__).resolve().parents[2]
import_data = importers.import_data


def test_the_large_data_holds_three_times_the_imported_cards_and_rulings_and_validates(import_data, tmp_path):
    run(import_data, sorted((ROOT / "tests" / "fixtures" / "mtgjson").glob("*.json")), excluded=["cell"])
    cards, rulings = imported_size(import_data)
    assert cards and rulings
    big, added_cards, added_rulings = make(import_data, tmp_path / "big")
    assert (added_cards, added_rulings) == (2 * cards, 2 * rulings)
    assert imported_size(big) == (3 * cards, 3 * rulings)
    assert [d.render() for d in validate([big], big)[1]] == []
    again, _, _ = make(import_data, tmp_path / "again")
    same = {p.relative_to(big): p.read_bytes() for p in big.rglob("*.yaml")}
    assert {p.relative_to(again): p.read_bytes() for p in again.rglob("*.yaml")} == same  # a fixed seed


def test_ratios_pair_the_figures_measured_at_both_sizes():
    rows = ratios(
        {"validate (s)": 2.0, "build ja (s)": 40.0, "first result ja (ms)": 300.0},
        {"validate (s)": 5.0, "build ja (s)": 150.0},
    )
    assert rows == [("validate (s)", 2.0, 5.0, 2.5), ("build ja (s)", 40.0, 150.0, 3.75)]


def test_each_ratio_is_printed_beside_the_target():
    lines = ratio_table(
        [("validate (s)", 2.0, 5.0, 2.5), ("build ja (s)", 40.0, 150.0, 3.75), ("at the target (s)", 1.0, 3.6, 3.6)],
        "shipped",
        "3x",
    )
    assert "target <= 3.6" in lines[0] and "shipped" in lines[0] and "3x" in lines[0]
    assert lines[1].split()[-3:] == ["5.00", "2.50", "ok"]
    assert lines[2].endswith("3.75 OVER TARGET")
    assert lines[3].endswith("3.60 ok")
    assert len({line.index(" ok") if " ok" in line else line.index(" OVER") for line in lines[1:]}) == 1  # aligned


def test_the_generated_cards_name_the_counter_they_list_and_the_reviewed_lists_come_along(import_data, tmp_path):
    """The large data must validate as the shipped data does: every card lists only a counter its English text
    names (E175), and the reviewed lists beside the data (terminology exceptions, …) are copied beside it."""
    from counterpedia.bench.search_data import generate
    from counterpedia.checks.validate import REVIEWED_LISTS
    from counterpedia.model.knowledge import load

    run(import_data, sorted((ROOT / "tests" / "fixtures" / "mtgjson").glob("*.json")), excluded=["cell"])
    listed = REVIEWED_LISTS[-1](import_data)
    listed.parent.mkdir(parents=True, exist_ok=True)
    listed.write_text("# reviewed\n", encoding="utf-8")
    out = generate(tmp_path / "big", import_data, cards=300, rulings=10)
    assert REVIEWED_LISTS[-1](out).read_bytes() == b"# reviewed\n"
    kb, _ = load(out)
    synthetic = [c for c in kb.all("card") if str(c.data.get("oracle_id", "")).startswith("5e000000")]
    assert len(synthetic) == 300
    for card in synthetic:
        names = {
            kb.get("counter", kind).data["names"]["en"]["text"].removesuffix(" counter")
            for kind in card.data["counters"]
        }
        assert all(name in card.data["text"]["en"]["text"] for name in names), card.id
