"""`cr sync` to an edition read from a copy, on the small valid data set and the two CR excerpts of
tests/fixtures/refresh (20260116 and 20260925): no file of ../shared is needed.

- a quote read from a copy cites Wizards' edition with the copy as `via` (the source whose `files` list the
  file's SHA-256); read from Wizards' own file, it names none;
- our own texts that follow the current numbering are renumbered in every language, and a translation that
  was in step with its original stays so; official texts are never rewritten;
- an official translation of the older edition keeps the number the rule had there (`translates.number`),
  and is drifted when its English changed."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.model.knowledge import load
from counterpedia.model.provenance import is_drifted, text_hash
from counterpedia.storage.yamlio import load as load_yaml

ROOT = Path(__file__).resolve().parents[2]
EXCERPTS = ROOT / "tests" / "fixtures" / "refresh"
SUMMARY_EN = "Rad counters make their player mill at the beginning of their precombat main phase (rule 727.1)."
SUMMARY_FR = "Les marqueurs « rad » font meuler leur joueur au début de sa phase principale précombat (règle 727.1)."
JA_727_1A = "カードが「放射能によって/from radiation」失ったライフを参照するなら、RADカウンターに付属する誘発型能力の結果として失ったライフを参照する。"


def setup(tmp_path: Path, copy: bool) -> tuple[Path, Path]:
    data = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", data)
    cr = tmp_path / "cr"
    cr.mkdir()
    shutil.copyfile(EXCERPTS / "MagicCompRules-20260116-excerpt.txt", cr / "MagicCompRules-20260116.txt")
    september = cr / "MagicCompRules-20260925.txt"
    shutil.copyfile(EXCERPTS / "MagicCompRules-20260925-excerpt.txt", september)
    if copy:
        digest = hashlib.sha256(september.read_bytes()).hexdigest()
        (data / "sources" / "a-copy.yaml").write_text(
            f"id: a-copy\ntype: dataset\ntitle: A copy of the rules of 2026-09-25\nlanguage: en\n"
            f"files:\n  - {{name: MagicCompRules-20260925.txt, sha256: {digest}}}\n",
            encoding="utf-8",
        )
    counter = data / "counters" / "rad.yaml"
    in_step = text_hash(SUMMARY_EN)
    counter.write_text(
        counter.read_text(encoding="utf-8")
        + (
            "summary:\n"
            f'  en: {{text: "{SUMMARY_EN}", status: community, source: counterpedia-mt, version: "2026-11-29"}}\n'
            f'  fr: {{text: "{SUMMARY_FR}", status: machine, source: counterpedia-mt, version: "2026-11-29", '
            f'translates: {{lang: en, version: "2026-11-29", hash: "{in_step}"}}}}\n'
        ),
        encoding="utf-8",
    )
    rules = data / "rules" / "rad-counters.yaml"
    english_1a = "A card that refers to life loss “from radiation” refers to life lost as a result of the triggered ability associated with rad counters."
    rules.write_text(
        rules.read_text(encoding="utf-8").replace(
            '  - number: "727.1a"\n    text:\n',
            '  - number: "727.1a"\n    text:\n      ja:\n'
            f'        text: {JA_727_1A}\n        status: official\n        source: cr\n        version: "20260116"\n'
            f'        translates: {{lang: en, version: "20260116", hash: "{text_hash(english_1a)}"}}\n',
        ),
        encoding="utf-8",
    )
    return data, cr


def test_a_copy_is_named_as_via_and_our_texts_follow_the_renumbering(tmp_path, monkeypatch, capsys):
    data, cr = setup(tmp_path, copy=True)
    monkeypatch.chdir(tmp_path)
    assert main(["cr", "sync", "--cr", str(cr), "--edition", "20260925", "--apply"]) == 0
    captured = capsys.readouterr()
    assert "reading 20260925 through the copy a-copy" in captured.err
    assert "summary.fr: rule 727.1 -> 728.1 in the text" in captured.out

    rules = load_yaml(data / "rules" / "rad-counters.yaml")
    assert rules["section"] == "728" and [r["number"] for r in rules["rules"]] == ["728.1", "728.1a"]
    english = rules["rules"][1]["text"]["en"]
    assert (english["source"], english["version"], english["via"]) == ("cr", "20260925", "a-copy")
    japanese = rules["rules"][1]["text"]["ja"]
    assert japanese["text"] == JA_727_1A  # an official text is never rewritten
    assert japanese["translates"]["number"] == "727.1a" and japanese["translates"]["version"] == "20260116"
    assert not is_drifted(rules["rules"][1]["text"], "ja", "en")  # its English did not change

    counter = load_yaml(data / "counters" / "rad.yaml")
    assert counter["rules"] == ["728.1", "728.1a"]
    assert counter["summary"]["en"]["text"] == SUMMARY_EN.replace("727.1", "728.1")
    assert counter["summary"]["fr"]["text"] == SUMMARY_FR.replace("727.1", "728.1")
    assert not is_drifted(counter["summary"], "fr", "en")  # renumbered with its original: still in step
    _kb, diagnostics = validate([data])
    assert not [d for d in diagnostics if d.severity == "error"]

    # A second run writes nothing; read from Wizards' own file (not the copy), the quotes drop their via.
    before = {p: p.read_bytes() for p in data.rglob("*.yaml")}
    assert main(["cr", "sync", "--cr", str(cr), "--edition", "20260925", "--apply"]) == 0
    assert {p: p.read_bytes() for p in data.rglob("*.yaml")} == before
    capsys.readouterr()
    september = cr / "MagicCompRules-20260925.txt"
    september.write_bytes(september.read_bytes() + b"\r")  # another file of the same text
    assert main(["cr", "sync", "--cr", str(cr), "--edition", "20260925", "--apply"]) == 0
    assert "quote(s) of 20260925, unchanged, now read from Wizards of the Coast's own file" in capsys.readouterr().out
    assert "via" not in load_yaml(data / "rules" / "rad-counters.yaml")["rules"][1]["text"]["en"]


def test_without_a_copy_record_the_file_is_taken_as_wizards_own(tmp_path, monkeypatch, capsys):
    data, cr = setup(tmp_path, copy=False)
    monkeypatch.chdir(tmp_path)
    assert main(["cr", "sync", "--cr", str(cr), "--edition", "20260925", "--apply"]) == 0
    assert "through the copy" not in capsys.readouterr().err
    kb, _ = load(data)
    assert all("via" not in quote.entry["text"]["en"] for quote in kb.quoted_rules().values())
    # --via names the copy by hand; a source that does not exist is refused.
    assert main(["cr", "sync", "--cr", str(cr), "--edition", "20260925", "--via", "nowhere"]) == 2
    assert "no such source" in capsys.readouterr().err


RULING = """rulings:
  - id: 2024-03-08-0a1b2c3d
    date: "2024-03-08"
    source: mtgjson-20220425
    original: en
    text:
      en: {text: "A dataset's ruling that names rule 727.1.", status: community, source: mtgjson-20220425, version: "2024-03-08"}
    about:
      rules: ["727.1"]
"""


def test_a_cards_ruling_is_renumbered_in_the_cards_file_and_someone_elses_text_is_left_as_written(
    tmp_path, monkeypatch
):
    data, cr = setup(tmp_path, copy=False)
    card = data / "cards" / "i" / "inevitable-betrayal.yaml"
    card.write_text(card.read_text(encoding="utf-8") + RULING, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["cr", "sync", "--cr", str(cr), "--edition", "20260925", "--apply"]) == 0
    ruling = load_yaml(card)["rulings"][0]
    assert ruling["about"]["rules"] == ["728.1"]  # the citation follows the rule
    assert ruling["text"]["en"]["text"] == "A dataset's ruling that names rule 727.1."  # not our words: as written


def _records(kb) -> list[tuple]:
    return sorted((r.kind, r.id, r.path, r.prefix) for r in kb)


def test_the_planned_data_holds_each_record_once(tmp_path):
    """`cr sync` checks the data as the plan would leave it: each record once, whatever file it is read from (a card
    with rulings is one card record and its rulings, not a copy of the card per ruling), real duplicates as they
    are, and the planned text in place of a planned file's."""
    from counterpedia.cr.quotes_cli import planned_knowledge
    from counterpedia.cr.sync import SyncPlan

    data, _cr = setup(tmp_path, copy=False)
    card = data / "cards" / "i" / "inevitable-betrayal.yaml"
    second = RULING.replace("0a1b2c3d", "0a1b2c3e").replace("rulings:\n", "", 1)
    card.write_text(card.read_text(encoding="utf-8") + RULING + second, encoding="utf-8")
    shutil.copyfile(data / "counters" / "time.yaml", data / "counters" / "time-again.yaml")  # the same id twice
    kb, _ = load(data)
    assert [r.kind for r in kb if r.path == str(card)].count("ruling") == 2
    assert [(r.kind, r.id) for r in kb.duplicates] == [("counter", "time")]

    unchanged = planned_knowledge(kb, SyncPlan("20260925"))
    assert _records(unchanged) == _records(kb)
    assert [(r.kind, r.id, r.path) for r in unchanged.duplicates] == [(r.kind, r.id, r.path) for r in kb.duplicates]

    rad = data / "counters" / "rad.yaml"
    planned = rad.read_text(encoding="utf-8").replace("727.1", "728.1")
    changed = planned_knowledge(kb, SyncPlan("20260925", files={str(rad): planned}))
    assert _records(changed) == _records(kb)
    assert changed.get("counter", "rad").data["rules"] == ["728.1", "728.1a"]
    assert kb.get("counter", "rad").data["rules"] == ["727.1", "727.1a"]  # nothing written, the loaded data as it was
