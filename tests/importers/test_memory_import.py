"""`counterpedia memory import` / `export`: batches in, missing texts out; the rulings take their texts from it."""

from __future__ import annotations

from pathlib import Path

from counterpedia.commands.cli import main
from counterpedia.model import memory, status
from counterpedia.model.knowledge import load

CARD = "data/cards/i/inevitable-betrayal.yaml"
RULING = """rulings:
  - id: 2021-06-18-aaaaaaaa
    date: "2021-06-18"
    source: mtgjson-20220425
    original: en
    text:
      en: {text: "Inevitable Betrayal has no mana cost. Its mana value is 0.", status: community, source: mtgjson-20220425, version: "2021-06-18"}
    about:
      cards: [inevitable-betrayal]
"""
TEMPLATE = "<CARD> has no mana cost. Its mana value is 0."


def with_ruling(valid_data: Path) -> Path:
    card = valid_data / "cards" / "i" / "inevitable-betrayal.yaml"
    card.write_text(card.read_text(encoding="utf-8") + RULING, encoding="utf-8")
    return valid_data


def batch(tmp_path: Path, ja: str = "《<CARD>》にはマナ・コストがない。そのマナ総量は０である。") -> Path:
    path = tmp_path / "000.txt"
    path.write_text(
        f"@@ {memory.key(TEMPLATE)}\nja: {ja}\nfr: <CARD> n'a pas de coût de mana. Sa valeur de mana est 0.\n",
        encoding="utf-8",
    )
    return path


def test_an_imported_batch_gives_the_rulings_their_texts_with_the_printed_name(valid_data, tmp_path, capsys):
    data = with_ruling(valid_data)
    kb, _ = load(data)
    ruling = kb.get("ruling", "inevitable-betrayal/2021-06-18-aaaaaaaa")
    assert "ja" not in ruling.data["text"]
    assert main(["memory", "import", str(batch(tmp_path)), "--data", str(data), "--version", "2026-12-01"]) == 0
    assert "added 1 ja and 1 fr" in capsys.readouterr().out
    shard = data / "translation-memory" / f"{memory.key(TEMPLATE)[:2]}.yaml"
    assert "status: machine" in shard.read_text(encoding="utf-8")
    kb, _ = load(data)
    ruling = kb.get("ruling", "inevitable-betrayal/2021-06-18-aaaaaaaa")
    assert ruling.data["text"]["ja"]["text"] == "《避け難い裏切り》にはマナ・コストがない。そのマナ総量は０である。"
    assert ruling.data["text"]["fr"]["text"].startswith("Trahison inévitable n'a pas")
    assert ruling.data["text"]["ja"]["status"] == "machine"
    counts = status.summary(kb)["ruling"]
    assert counts["ja"]["machine"] == counts["fr"]["machine"] >= 1
    assert counts["ja"]["drifted"] == 0


def test_importing_twice_changes_nothing_and_an_edit_is_never_overwritten(valid_data, tmp_path, capsys):
    data = with_ruling(valid_data)
    main(["memory", "import", str(batch(tmp_path)), "--data", str(data)])
    shard = data / "translation-memory" / f"{memory.key(TEMPLATE)[:2]}.yaml"
    edited = shard.read_text(encoding="utf-8").replace("そのマナ総量は０である。", "マナ総量は０。")
    shard.write_text(edited, encoding="utf-8")
    capsys.readouterr()
    assert main(["memory", "import", str(batch(tmp_path)), "--data", str(data)]) == 0
    out = capsys.readouterr().out
    assert "1 conflict(s)" in out and "1 already in the memory" in out and "wrote 0 file(s)" in out
    assert shard.read_text(encoding="utf-8") == edited


def test_a_malformed_batch_is_located_and_nothing_is_written(valid_data, tmp_path, capsys):
    data = with_ruling(valid_data)
    path = tmp_path / "bad.txt"
    path.write_text("@@ 0123456789abcdef\nja: よい\nde: schlecht\n@@ nothex\n", encoding="utf-8")
    assert main(["memory", "import", str(path), "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert "bad.txt:3:1: error[E520]" in err and "bad.txt:4:4: error[E520]" in err
    assert "Traceback" not in err
    assert not (data / "translation-memory").exists()


def test_export_lists_what_is_missing_until_it_is_imported(valid_data, tmp_path, capsys):
    data = with_ruling(valid_data)
    assert main(["memory", "export", "--data", str(data)]) == 0
    out = capsys.readouterr().out
    assert f"@@ {memory.key(TEMPLATE)}\nen: {TEMPLATE}\ncard: Inevitable Betrayal | ja: 避け難い裏切り" in out
    main(["memory", "import", str(batch(tmp_path)), "--data", str(data)])
    capsys.readouterr()
    main(["memory", "export", "--data", str(data)])
    assert memory.key(TEMPLATE) not in capsys.readouterr().out


def test_a_malformed_entry_is_located_never_a_traceback(valid_data, in_dir):
    from counterpedia.checks.validate import validate

    shard = valid_data / "translation-memory" / "ab.yaml"
    shard.parent.mkdir()
    shard.write_text(
        'id: "ab"\ntranslations:\n  - id: "ab00000000000000"\n    text: [not, a, map]\n  - just a string\n'
        "  - text: {ja: {text: 42}}\n",
        encoding="utf-8",
    )
    in_dir(valid_data.parent)
    _kb, diagnostics = validate([Path("data")])
    mine = [d for d in diagnostics if d.path == "data/translation-memory/ab.yaml"]
    assert mine and all(d.line > 1 for d in mine if d.code == "E101")
    assert {d.code for d in mine} >= {"E101"}
