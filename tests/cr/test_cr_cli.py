"""`counterpedia cr …` as the main CLI will wire it: register(), then args.func(args)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from counterpedia.cr import cli


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="counterpedia")
    cli.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(list(argv))
    return cli.run(args)


def test_every_subcommand_sets_func():
    parser = argparse.ArgumentParser(prog="counterpedia")
    cli.register(parser.add_subparsers(dest="command"))
    for argv in (["cr", "editions"], ["cr", "diff", "a", "b"], ["cr", "history", "1"], ["cr", "fetch"], ["cr"]):
        assert callable(parser.parse_args(argv).func)


def test_no_subcommand_is_bad_usage(capsys):
    assert run("cr") == 2
    assert "choose a command" in capsys.readouterr().err


def test_editions(cr_env, all_cr_files, capsys):
    assert run("cr", "editions") == 0
    out = capsys.readouterr().out
    assert f"{len(all_cr_files)} edition(s)" in out and "20240206  effective 2024-02-02" in out
    assert run("cr", "editions", "--json") == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["edition"] for r in rows] == list(all_cr_files)  # oldest first, whichever is the newest


def test_editions_in_several_folders_and_the_2026_copies(cr_env, newer_cr_files, capsys):
    # COUNTERPEDIA_CR_DIR holds ../shared/data/cr and ../shared/data/cr-2026, separated by ':' as in PATH.
    assert run("cr", "editions", "--json") == 0
    rows = {r["edition"]: r for r in json.loads(capsys.readouterr().out)}
    assert {e: rows[e]["effective"] for e in newer_cr_files} == {
        "20260227": "2026-02-27",
        "20260417": "2026-04-17",
        "20260925": "2026-09-25",
    }
    assert (
        rows["20260925"]["path"] == str(newer_cr_files["20260925"])
        and rows["20260116"]["path"] != rows["20260925"]["path"]
    )


def test_diff_to_the_september_2026_edition(cr_env, newer_cr_files, capsys):
    assert run("cr", "diff", "20260116", "20260925", "--json") == 0
    changes = {(c["change"], c["old"], c["new"]) for c in json.loads(capsys.readouterr().out)}
    assert ("renumbered", "727.1", "728.1") in changes and ("renumbered", "727", "728") in changes
    assert ("added", None, "122.1j") in changes  # hone counters
    assert {("added", None, "702.191"), ("added", None, "701.71"), ("added", None, "111.10v")} <= changes
    assert ("renumbered", "310.11b", "310.12b") in changes and ("renumbered", "728.4b", "729.4b") in changes
    assert run("cr", "diff", "20260116", "20260925") == 0
    out = capsys.readouterr().out
    assert "renumbered 727.1 → 728.1" in out and "added 122.1j\n    A hone counter on an Equipment" in out


def test_diff_text(cr_env, capsys):
    assert run("cr", "diff", "20250207", "20250606") == 0
    out = capsys.readouterr().out
    assert out.startswith("Comprehensive Rules 20250207 → 20250606: ")
    assert "renumbered 725.1 → 726.1" in out
    assert "renumbered 701.13 → 701.17" in out


def test_diff_word_markers_and_exit_code(cr_env, capsys):
    assert run("cr", "diff", "20251114", "20260116", "--exit-code") == 1
    out = capsys.readouterr().out
    assert "{+Sorcerer, +}" in out and "[-friends forever, -]" in out
    assert "added 701.68\n    Blight" in out
    assert run("cr", "diff", "20260116", "20260116", "--exit-code") == 0


def test_diff_json_with_paths_and_cr_option(cr_files, capsys):
    old, new = cr_files["20250606"], cr_files["20251114"]
    assert run("cr", "diff", str(old), str(new), "--json") == 0
    entries = json.loads(capsys.readouterr().out)
    assert {"change", "old", "new", "text_changed", "words"} <= set(entries[0])
    assert {"change": "renumbered", "old": "726.1", "new": "727.1"}.items() <= next(
        e for e in entries if e["old"] == "726.1"
    ).items()
    # With --cr naming the directory, edition ids resolve there (no environment needed).
    assert run("cr", "diff", "20250606", "20251114", "--json", "--cr", str(old.parent)) == 0
    assert json.loads(capsys.readouterr().out) == entries


def test_history(cr_env, capsys):
    # Numbered as in 20260116 (whichever edition is the newest where the tests look).
    assert run("cr", "history", "727.1", "--edition", "20260116") == 0
    out = capsys.readouterr().out
    assert "20240308  725.1     added" in out
    assert "20250606  726.1     renumbered from 725.1" in out
    assert "20251114  727.1     renumbered from 726.1" in out
    assert run("cr", "history", "122.1i", "--json", "--diff", "--edition", "20260116") == 0
    steps = json.loads(capsys.readouterr().out)
    assert [s["number"] for s in steps if s["text_changed"] and s["edition"] <= "20260116"] == ["122.1i", "122.1i"]
    assert run("cr", "history", "122.1i", "--diff") == 0
    assert "See rule [-725-]{+726+}" in capsys.readouterr().out
    assert run("cr", "history", "725.1", "--edition", "20240308") == 0
    out = capsys.readouterr().out
    assert "now 727.1 (20260116)" in out or "now 728.1 (20260925)" in out


def test_history_through_the_2026_editions(cr_env, newer_cr_files, capsys):
    assert run("cr", "history", "728.1", "--edition", "20260925") == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("now 728.1 (20260925)")
    assert "20251114  727.1     renumbered from 726.1" in out and "20260227  727.1     unchanged" in out
    assert "20260417  728.1     renumbered from 727.1" in out and "20260925  728.1     unchanged" in out
    assert run("cr", "history", "122.1j", "--edition", "20260925") == 0
    assert "20260925  122.1j    added" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, status, message",
    [
        (["cr", "diff", "20250101", "20260116"], 2, "edition 20250101 is not in"),
        (["cr", "diff", "latest", "20260116"], 2, "neither an edition id"),
        (["cr", "history", "foo"], 2, "is not a rule number"),
        (["cr", "history", "999.9"], 1, "in none of the "),
        (["cr", "history", "727.1", "--edition", "20000101"], 2, "edition 20000101 is not in"),
        (["cr", "fetch"], 2, "which edition"),
        (["cr", "fetch", "2026"], 2, "not an edition id"),
        (["cr", "fetch", "abc"], 2, "not an edition id"),
        (["cr", "fetch", "20261399"], 2, "not an edition id"),
        (["cr", "fetch", "--url", "not a url"], 2, "is not a URL to download from"),
        (["cr", "fetch", "20260116", "--url", "ftp://example.com/rules.txt"], 2, "is not a URL to download from"),
    ],
)
def test_bad_usage(cr_env, capsys, argv, status, message):
    assert run(*argv) == status
    err = capsys.readouterr().err
    assert err.startswith("counterpedia cr: error: ") and message in err


def test_a_file_that_is_not_the_cr(cr_env, tmp_path, capsys):
    stranger = tmp_path / "notes.txt"
    stranger.write_text("Shopping list\n", encoding="utf-8")
    assert run("cr", "diff", str(stranger), "20260116") == 2
    assert "not a Comprehensive Rules file" in capsys.readouterr().err


def test_no_cr_files_says_how_to_get_them(tmp_path, capsys):
    # The autouse fixture points the cache at an empty tmp dir and clears the environment.
    for argv in (["cr", "editions"], ["cr", "diff", "20250606", "20251114"], ["cr", "history", "727.1"]):
        assert run(*argv) == 2
        err = capsys.readouterr().err
        assert "counterpedia cr fetch 20260116" in err and "COUNTERPEDIA_CR_DIR" in err


def test_fetch_command(cr_files, tmp_path, capsys, monkeypatch):
    # A file:// URL template stands in for the web here; test_cr_fetch covers HTTP.
    monkeypatch.setenv("COUNTERPEDIA_CR_URL", cr_files["20260116"].parent.as_uri() + "/MagicCompRules-{edition}.txt")
    assert run("cr", "fetch", "20260116") == 0
    out = capsys.readouterr().out
    assert "saved 20260116 (effective 2026-01-16, 3260 rules)" in out
    assert run("cr", "editions") == 0  # now found in the (temporary) cache
    assert "20260116" in capsys.readouterr().out
    assert run("cr", "fetch", "20990101", "--dir", str(tmp_path / "d")) == 1
    assert "counterpedia cr: error: " in capsys.readouterr().err


def test_never_a_traceback(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "XDG_CACHE_HOME": str(tmp_path), "HOME": str(tmp_path)}
    for argv in (["cr", "history", "727.1"], ["cr", "diff", str(tmp_path / "missing.txt"), "20260116"]):
        result = subprocess.run(
            [sys.executable, "-m", "counterpedia.cr.cli", *argv], capture_output=True, text=True, env=env, timeout=60
        )
        assert result.returncode == 2
        assert "Traceback" not in result.stderr and "counterpedia cr: error:" in result.stderr
