"""The official Japanese texts of data/ against the Japanese CR (`cr check --lang ja`), and their filling in
(`cr sync --lang ja`), on the fixture excerpt; on the whole file when $COUNTERPEDIA_CR_JA points at it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.cr.ja_parse import parse_file
from counterpedia.cr.ja_quotes import check

from .ja_reference import FIXTURE, FULL, SKIP_FULL

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "tests" / "fixtures" / "cr-ja" / "data"
JA_SOURCES = ("cr-ja-20260116", "mtgwiki-scripts-cr-lines")


@pytest.fixture(scope="module")
def real_kb(real_kb):
    """The shared knowledge base of data/ (tests/conftest.py), when data/rules holds quotes."""
    if not any((ROOT / "data" / "rules").glob("*.yaml")):
        pytest.skip("data/rules holds no quotes yet")
    return real_kb


def test_the_data_quotes_sections_122_704_5_and_rad_counters_word_for_word(real_kb):
    """Every official Japanese text of sections 122, 704.5 and rad counters is the 20260116 text of the rule it
    translates: the same number, or the one its `translates.number` gives (727.1, quoted today as 728.1)."""
    excerpt = parse_file(FIXTURE)
    rad = real_kb.get("rule", "rad-counters").data["section"]
    compared = 0
    for number, quote in real_kb.quoted_rules().items():
        if not number.startswith(("122.", "704.5", f"{rad}.")):
            continue
        ja = quote.entry["text"].get("ja")
        if ja is None or ja["status"] == "machine":
            # a rule added since: no official translation yet (missing, or a machine one that `cr sync --lang ja` replaces)
            assert quote.entry["text"]["en"]["version"] != "20260116", number
            assert ja is None or ja["translates"]["version"] == quote.entry["text"]["en"]["version"], number
            continue
        then = ja["translates"].get("number", number)
        rule = excerpt.get(then)
        assert rule is not None, number
        assert (ja["text"], ja["status"], ja["source"], str(ja["version"]), ja["via"]) == (
            rule.text,
            "official",
            *JA_SOURCES[:1],
            "20260116",
            JA_SOURCES[1],
        ), number
        assert str(ja["translates"]["version"]) == "20260116", number  # it says which English it translates
        assert [e["ja"]["text"] for e in quote.entry.get("examples") or []] == list(rule.examples)
        compared += 1
    assert compared == 26  # 19 rules of 122, 704.5 and four of its subrules, the two rad counter rules


def test_older_official_quotes_are_kept_as_history(real_kb):
    counters = real_kb.get("rule", "counters").data["rules"]
    first = next(e for e in counters if e["number"] == "122.1")
    assert [(h["lang"], h["source"], str(h["version"]), h["via"]) for h in first["history"]] == [
        ("ja", "cr-ja", "20231117", "mtgwiki-ja-counter")
    ]
    bloodthirst = real_kb.get("rule", "bloodthirst").data["rules"]
    assert [h["number"] for e in bloodthirst for h in e["history"]] == ["702.52", "702.52a", "702.52b", "702.52c"]


def test_every_japanese_text_matches_the_whole_file(real_kb):
    if FULL is None:
        pytest.skip(SKIP_FULL)
    result = check(real_kb, parse_file(FULL))
    assert [d.render() for d in result.diagnostics] == [] and result.compared > 300


@pytest.fixture
def base_copy(tmp_path, monkeypatch) -> Path:
    shutil.copytree(BASE, tmp_path / "data")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "data"


def test_check_command(base_copy, capsys):
    assert main(["cr", "check", "--lang", "ja", "--cr-ja", str(FIXTURE)]) == 0
    assert (
        "3 of 3 official Japanese texts match the 20260116 Japanese edition (an excerpt of it)"
        in capsys.readouterr().err
    )
    rad = base_copy / "rules" / "rad-counters.yaml"
    rad.write_text(rad.read_text(encoding="utf-8").replace("放射能によって", "放射線によって"), encoding="utf-8")
    assert main(["cr", "check", "--lang", "ja", "--cr-ja", str(FIXTURE), "--format", "json"]) == 1
    out = capsys.readouterr().out
    assert '"code": "E304"' in out and "rule 727.1a: the Japanese text differs" in out
    assert main(["cr", "check", "--lang", "ja"]) == 2  # no file given, none in the (test's own) cache
    assert "cr fetch --lang ja" in capsys.readouterr().err


def test_sync_fills_in_the_official_texts_and_keeps_older_quotes_as_history(base_copy, capsys):
    rad = base_copy / "rules" / "rad-counters.yaml"
    text = rad.read_text(encoding="utf-8")
    official = '        status: official\n        source: cr-ja-20260116\n        version: "20260116"\n        via: mtgwiki-scripts-cr-lines\n'
    # 727.1 back to an official quote of another edition, 727.1a to a machine translation.
    older = text.replace(official, '        status: official\n        source: cr-ja\n        version: "20240308"\n', 1)
    older = older.replace(
        official, '        status: machine\n        source: counterpedia-mt\n        version: "2026-11-29"\n', 1
    )
    assert older != text
    rad.write_text(older, encoding="utf-8")
    assert main(["cr", "check", "--lang", "ja", "--cr-ja", str(FIXTURE)]) == 1
    assert {"E306", "E307"} <= {
        line.split("[")[1][:4] for line in capsys.readouterr().out.splitlines() if "error[" in line
    }

    assert main(["cr", "sync", "--lang", "ja", "--cr-ja", str(FIXTURE), "--via", "mtgwiki-scripts-cr-lines"]) == 0
    assert rad.read_text(encoding="utf-8") == older  # a dry run writes nothing
    out = capsys.readouterr().out
    assert "rule 727.1: the official Japanese text of 20240308 is kept as history" in out

    assert (
        main(["cr", "sync", "--lang", "ja", "--cr-ja", str(FIXTURE), "--via", "mtgwiki-scripts-cr-lines", "--apply"])
        == 0
    )
    synced = rad.read_text(encoding="utf-8")
    assert synced.startswith("# A shortened fixture")  # comments survive
    assert "    history:\n      - lang: ja\n" in synced and 'version: "20240308"' in synced
    assert (
        'counterpedia-mt\n        version: "2026-11-29"\n        translates'
        not in synced.split("727.1a")[1].split("en:")[0]
    )
    capsys.readouterr()
    assert main(["cr", "check", "--lang", "ja", "--cr-ja", str(FIXTURE)]) == 0
    _kb, diagnostics = validate([base_copy])
    assert diagnostics == []
    assert main(["cr", "sync", "--lang", "ja", "--cr-ja", str(FIXTURE), "--via", "mtgwiki-scripts-cr-lines"]) == 0
    assert "nothing to change" in capsys.readouterr().err


def test_sync_needs_the_source_record(base_copy, capsys):
    (base_copy / "sources" / "cr-ja-20260116.yaml").unlink()
    assert main(["cr", "sync", "--lang", "ja", "--cr-ja", str(FIXTURE)]) == 2
    assert "--source cr-ja-20260116: no such source" in capsys.readouterr().err
