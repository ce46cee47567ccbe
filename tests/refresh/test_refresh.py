"""`counterpedia refresh` end to end, with no network: a local HTTP server serves Scryfall's manifest and its two
files, Wizards' rules page and its CR file, and the official Japanese page, in their real formats (fixtures in
tests/fixtures/refresh and tests/fixtures/scryfall); a bad download is refused and changes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counterpedia.commands.cli import main
from counterpedia.storage.yamlio import load

from .conftest import CR_FILE, FIXTURES, JA_PAGE, MANIFEST, ORACLE, RULES_PAGE, RULINGS, SCRYFALL, Reply


def refresh(data: Path, *extra: str) -> int:
    return main(["refresh", "--data", str(data), *extra])


def state(*folders: Path) -> dict:
    """Every file under the folders, with its bytes: what "changes nothing" compares (but loading's own parse
    cache, which any command that reads the data keeps up to date)."""
    return {
        p: p.read_bytes()
        for folder in folders
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.startswith("parsed-")
    }


def card(data: Path, card_id: str) -> dict:
    return load(data / "cards" / card_id[0] / f"{card_id}.yaml")


def test_a_week_is_downloaded_imported_synced_validated_and_summarized(server, env, data, tmp_path, capsys):
    server.serve_fixtures()
    summary_file = tmp_path / "summary.md"
    assert refresh(data, "--summary", str(summary_file)) == 0
    out = capsys.readouterr().out
    assert out == summary_file.read_text(encoding="utf-8") + "\n"

    # The cache holds what was downloaded, decompressed, under stable names.
    assert json.loads((env / "scryfall" / "oracle-cards.json").read_text(encoding="utf-8"))[0]["object"] == "card"
    assert (env / "scryfall" / "rulings.json").read_bytes() == (SCRYFALL / "rulings.json").read_bytes()
    assert (env / "scryfall" / "bulk-data.json").is_file()
    assert (env / "cr" / "MagicCompRules-20260925.txt").read_bytes() == (
        FIXTURES / "MagicCompRules-20260925-excerpt.txt"
    ).read_bytes()
    assert (env / "cr-ja" / "cr-ja-20260116.txt").is_file()
    assert not [p for p in env.iterdir() if p.name.startswith(".refresh-")]  # the staging folder is gone

    # The import: the cards that use counters, their rulings with who wrote them.
    hoarder = card(data, "sample-acorn-hoarder")
    assert hoarder["names"]["en"]["via"] == "scryfall-bulk-data" and hoarder["names"]["en"]["version"] == "2026-11-29"
    statuses = {r["text"]["en"]["status"] for r in hoarder["rulings"]}
    assert statuses == {"official", "community"}  # a wotc ruling and a Scryfall note
    # cr sync --apply: the rad counter rules moved from 727 to 728, re-quoted from the 20260925 file.
    rad = load(data / "rules" / "rad-counters.yaml")
    assert rad["section"] == "728" and [r["number"] for r in rad["rules"]] == ["728.1", "728.1a"]
    assert rad["rules"][0]["text"]["en"]["version"] == "20260925" and "via" not in rad["rules"][0]["text"]["en"]
    assert load(data / "counters" / "rad.yaml")["rules"] == ["728.1", "728.1a"]

    # The summary.
    assert "### New cards: 3" in out and "- Sample Acorn Hoarder" in out
    assert "### New rulings: 3" in out
    assert (
        "by Wizards of the Coast (`wotc`, official): 2" in out
        and "Scryfall's notes (`scryfall`, community texts): 1" in out
    )
    assert "the English quotes moved from 20260116 to 20260925" in out and "renumbered" in out
    assert "### Newly drifted translations: 1" in out and "rad-counters: rules.0.text.fr" in out
    assert "the Comprehensive Rules 20260925" in out and "the official Japanese rules 20260116" in out
    assert "### Problems" not in out
    assert server.requests[:4] == [MANIFEST, ORACLE, RULINGS, RULES_PAGE]

    # A second run the same week: the same files, nothing new; the CR edition is not downloaded again.
    server.requests.clear()
    before = state(data)
    assert refresh(data) == 0
    again = capsys.readouterr().out
    assert "### New cards: 0" in again and "### New rulings: 0" in again and "no newer edition" in again
    assert "the Comprehensive Rules 20260925 (already in the cache)" in again
    assert CR_FILE not in server.requests
    assert state(data) == before


def _refused(data: Path, env: Path, capsys, *extra: str) -> str:
    before = state(data, env)
    assert refresh(data, *extra) == 1
    captured = capsys.readouterr()
    assert state(data, env) == before  # neither the cache nor the data changed
    assert "nothing was changed" in captured.out and "nothing was changed" in captured.err
    return captured.out


def test_a_truncated_download_is_refused(server, env, data, capsys):
    server.serve_fixtures()
    oracle = (SCRYFALL / "oracle-cards.json").read_bytes()
    server.routes[ORACLE] = Reply(oracle[: len(oracle) // 2], "application/json", length=len(oracle))
    assert "truncated" in _refused(data, env, capsys)


def test_a_file_cut_short_that_says_it_is_whole_is_refused(server, env, data, capsys):
    server.serve_fixtures()
    oracle = (SCRYFALL / "oracle-cards.json").read_bytes()
    server.set_bulk(oracle, (SCRYFALL / "rulings.json").read_bytes())
    server.routes[ORACLE] = Reply(oracle[:-40], "application/json", gzip=True)  # a whole gzip of half a file
    out = _refused(data, env, capsys)
    assert "truncated or not the announced file" in out


def test_corrupt_json_is_refused(server, env, data, capsys):
    server.serve_fixtures()
    oracle = (SCRYFALL / "oracle-cards.json").read_bytes()[:-40]
    server.set_bulk(oracle, (SCRYFALL / "rulings.json").read_bytes())  # the manifest announces this size
    assert "corrupt or truncated JSON" in _refused(data, env, capsys)


def test_corrupt_gzip_is_refused(server, env, data, capsys):
    server.serve_fixtures()
    server.routes[RULINGS] = Reply(b"\x1f\x8b\x08\x00 this is not gzip data at all", "application/json")
    server.routes[RULINGS].content_type = "application/gzip"
    assert "corrupt" in _refused(data, env, capsys)


@pytest.mark.parametrize(
    "path, content_type",
    [
        (ORACLE, "text/html; charset=utf-8"),  # an error page where the file should be
        (MANIFEST, "text/plain"),
        (CR_FILE, "application/octet-stream"),
        (JA_PAGE, "application/json"),
    ],
)
def test_a_wrong_content_type_is_refused(server, env, data, capsys, path, content_type):
    server.serve_fixtures()
    server.routes[path].content_type = content_type
    out = _refused(data, env, capsys)
    assert f"the server sends {content_type.split(';')[0]}" in out


def test_a_cr_file_of_another_date_than_announced_is_refused(server, env, data, capsys):
    older = (FIXTURES / "MagicCompRules-20260116-excerpt.txt").read_bytes()  # the page announces 20260925
    server.serve_fixtures(cr_text=older)
    out = _refused(data, env, capsys)
    assert "is the edition effective 2026-01-16, not 20260925" in out and "the edition announced is 20260925" in out


def test_a_rulings_file_that_would_remove_rulings_is_refused(server, env, data, capsys):
    server.serve_fixtures()
    assert refresh(data) == 0  # a first week: its rulings are imported, its file kept in the cache
    capsys.readouterr()
    rulings = json.loads((SCRYFALL / "rulings.json").read_text(encoding="utf-8"))
    fewer = json.dumps(rulings[1:]).encode("utf-8")  # the wotc ruling on Sample Acorn Hoarder is gone
    server.set_bulk((SCRYFALL / "oracle-cards.json").read_bytes(), fewer)
    out = _refused(data, env, capsys)
    assert "it lacks 1 ruling(s)" in out and "would remove rulings" in out


def test_rulings_the_data_holds_must_be_in_the_file(server, env, data, capsys):
    server.serve_fixtures()
    assert refresh(data) == 0
    (env / "scryfall" / "rulings.json").unlink()  # no previous file: the data's own rulings are the reference
    capsys.readouterr()
    rulings = json.loads((SCRYFALL / "rulings.json").read_text(encoding="utf-8"))
    server.set_bulk(
        (SCRYFALL / "oracle-cards.json").read_bytes(), json.dumps(rulings[:1] + rulings[2:]).encode("utf-8")
    )
    assert "would remove rulings" in _refused(data, env, capsys)


def test_a_page_that_is_not_the_japanese_rules_is_refused(server, env, data, capsys):
    server.serve_fixtures()
    server.routes[JA_PAGE] = Reply(b"<html><body><p>Maintenance</p></body></html>", "text/html")
    assert "div.detail" in _refused(data, env, capsys)


def test_an_unreachable_service_is_refused(server, env, data, capsys, monkeypatch):
    server.serve_fixtures()
    del server.routes[MANIFEST]
    assert "HTTP 404" in _refused(data, env, capsys)


def test_rules_only_fills_the_cache_and_touches_no_data(server, env, data, capsys, monkeypatch):
    server.serve_fixtures()
    older = (FIXTURES / "MagicCompRules-20260116-excerpt.txt").read_bytes()
    server.routes["/2026/downloads/MagicCompRules 20260116.txt"] = Reply(older, "text/plain")
    (env / "cr" / "MagicCompRules-20260116.txt").unlink()
    monkeypatch.setenv("COUNTERPEDIA_CR_URL", server.base + "/{year}/downloads/MagicCompRules%20{edition}.txt")
    before = state(data)
    assert main(["refresh", "--rules-only", "--cr-editions", "20260116"]) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in (env / "cr").iterdir()) == [
        "MagicCompRules-20260116.txt",
        "MagicCompRules-20260925.txt",
    ]
    assert (env / "cr-ja" / "cr-ja-20260116.txt").is_file() and not (env / "scryfall").exists()
    assert MANIFEST not in server.requests and state(data) == before
    assert "the Comprehensive Rules 20260116" in out and "New cards" not in out
    # What the Pages workflow then does: the commands find the editions in the same cache.
    assert main(["cr", "editions"]) == 0
    assert "20260116" in capsys.readouterr().out


def test_bad_usage(capsys, tmp_path):
    assert main(["refresh", "--data", str(tmp_path / "nowhere")]) == 2
    assert main(["refresh", "--rules-only", "--cr-editions", "2026-01-16"]) == 2
    assert "not an edition id" in capsys.readouterr().err
