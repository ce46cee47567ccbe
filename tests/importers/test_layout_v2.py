"""counterpedia.importers.layout_v2: flat cards into shards, counters' `cards` lists onto the cards."""

from __future__ import annotations

from pathlib import Path

from counterpedia.importers.layout_v2 import main, migrate

COUNTER = """# kept comment
id: acorn
names:
  en: {text: acorn counter, status: official, source: cr, version: "20260116"}
holders: [permanent]
cards:
  - oak-card
  - elm-card
sources: [cr]
"""
FLOW = """id: oak
names:
  en: {text: oak counter, status: official, source: cr, version: "20260116"}
holders: [permanent]
cards: [oak-card]
sources: [cr]
"""
CARD = '# by hand\nid: {id}\nnames:\n  en: {{text: {name}, status: official, source: cr, version: "20260116"}}\n'


def test_cards_move_into_their_shard_and_take_their_counters(tmp_path: Path):
    (tmp_path / "counters").mkdir()
    (tmp_path / "cards").mkdir()
    (tmp_path / "counters" / "acorn.yaml").write_text(COUNTER, encoding="utf-8")
    (tmp_path / "counters" / "oak.yaml").write_text(FLOW, encoding="utf-8")
    for card_id, name in (("oak-card", "Oak Card"), ("elm-card", "Elm Card"), ("lone-card", "Lone Card")):
        (tmp_path / "cards" / f"{card_id}.yaml").write_text(CARD.format(id=card_id, name=name), encoding="utf-8")

    assert migrate(tmp_path) == (5, 3)

    assert sorted(p.relative_to(tmp_path).as_posix() for p in (tmp_path / "cards").rglob("*.yaml")) == [
        "cards/e/elm-card.yaml",
        "cards/l/lone-card.yaml",
        "cards/o/oak-card.yaml",
    ]
    assert (tmp_path / "cards" / "o" / "oak-card.yaml").read_text(encoding="utf-8") == CARD.format(
        id="oak-card", name="Oak Card"
    ) + "counters:\n  - acorn\n  - oak\n"
    assert (tmp_path / "cards" / "l" / "lone-card.yaml").read_text(encoding="utf-8") == CARD.format(
        id="lone-card", name="Lone Card"
    )
    # every other line of the counters is kept
    assert (tmp_path / "counters" / "acorn.yaml").read_text(encoding="utf-8") == COUNTER.replace(
        "cards:\n  - oak-card\n  - elm-card\n", ""
    )
    assert (tmp_path / "counters" / "oak.yaml").read_text(encoding="utf-8") == FLOW.replace("cards: [oak-card]\n", "")
    # a second run changes nothing
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.yaml")}
    assert migrate(tmp_path) == (0, 0)
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.yaml")} == before


def test_bad_usage(tmp_path: Path, capsys):
    assert main([str(tmp_path / "nowhere")]) == 2
    assert "usage" in capsys.readouterr().err
