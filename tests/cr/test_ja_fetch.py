"""`cr fetch --lang ja`: the official Japanese page, served from 127.0.0.1 as a small page built from the
fixture excerpt, becomes the same lines the public copy holds."""

from __future__ import annotations

import html

import pytest

from counterpedia.commands.cli import main
from counterpedia.cr.fetch import FetchError
from counterpedia.cr.ja_fetch import extract_lines, fetch
from counterpedia.cr.ja_parse import parse_file

from .ja_reference import FIXTURE
from .test_cr_fetch import server  # noqa: F401 - the local HTTP server fixture

PAGE = "/gameplay/rules/docs/0006836/"


def page(lines: list[str], date_line: str | None = None) -> bytes:
    """The page as the official site lays it out: the rules in div.detail, a paragraph per element or
    several lines in one element, blank lines and whitespace between them, a <style> child, markup inside."""
    if date_line is not None:
        lines = lines[:-1] + [date_line]
    body = ["<style>.detail p { margin: 0 }</style>"]
    for index in range(0, len(lines), 3):
        chunk = [html.escape(line) for line in lines[index : index + 3]]
        first = chunk[0].replace("カウンター", "<span>カウンター</span>", 1)  # inline markup keeps its text
        body.append("<p>" + "\n\n   \n".join([first, *chunk[1:]]) + "</p>\n")
    return (
        "<!DOCTYPE html><html lang=ja><head><meta charset=utf-8><title>総合ルール</title>"
        "<style>body { color: #000 }</style></head><body>"
        '<div id="wrap"><header><nav>メニュー</nav></header><main><article>'
        '<div id="contents"><div class="inner"><aside class="side">関連</aside>'
        '<div class="reading-main"><section><h1 class="title">マジック総合ルール</h1>'
        '<div class="detail">\n' + "".join(body) + "</div></section></div></div></div>"
        "</article></main><footer>© Wizards</footer></div></body></html>"
    ).encode("utf-8")


@pytest.fixture
def fixture_lines() -> list[str]:
    return FIXTURE.read_text(encoding="utf-8").split("\n")[:-1]


def test_the_page_becomes_the_lines_of_the_public_copy(fixture_lines):
    assert extract_lines(page(fixture_lines).decode("utf-8")) == fixture_lines


def test_fetch_saves_the_lines_in_the_cache(server, fixture_lines, tmp_path):
    base, routes, requests = server
    routes[PAGE] = page(fixture_lines)
    path = fetch("20260116", tmp_path / "cr-ja", url=base + PAGE)
    assert path == tmp_path / "cr-ja" / "cr-ja-20260116.txt"
    assert path.read_bytes() == FIXTURE.read_bytes()  # the same bytes as the copy read for the data
    assert parse_file(path)["122.1b"].text == parse_file(FIXTURE)["122.1b"].text
    assert requests == [PAGE] and sorted(p.name for p in path.parent.iterdir()) == ["cr-ja-20260116.txt"]


def test_a_page_of_another_edition_is_refused(server, fixture_lines, tmp_path):
    base, routes, _ = server
    routes[PAGE] = page(fixture_lines, "このルールは2026年4月10日から有効です。")
    with pytest.raises(FetchError, match=r"effective 2026-04-10 \(20260410\), not 20260116; nothing was saved"):
        fetch("20260116", tmp_path, url=base + PAGE)
    assert list(tmp_path.iterdir()) == []
    assert fetch(None, tmp_path, url=base + PAGE).name == "cr-ja-20260410.txt"  # no edition asked: the page's


def test_a_page_without_the_rules_is_refused(server, tmp_path):
    base, routes, _ = server
    routes[PAGE] = b"<html><body><div id='wrap'><main><p>maintenance</p></main></div></body></html>"
    with pytest.raises(FetchError, match="no element at `body > div#wrap"):
        fetch(None, tmp_path, url=base + PAGE)
    with pytest.raises(FetchError, match="HTTP 404"):
        fetch(None, tmp_path, url=base + "/gone/")
    assert list(tmp_path.iterdir()) == []


def test_the_command_fetches_into_the_cache_where_cr_check_finds_it(
    server, fixture_lines, tmp_path, monkeypatch, capsys
):
    base, routes, _ = server
    routes[PAGE] = page(fixture_lines)
    monkeypatch.setenv("COUNTERPEDIA_CR_JA_URL", base + PAGE)
    assert main(["cr", "fetch", "--lang", "ja", "20260116"]) == 0
    saved = tmp_path / "xdg-cache" / "counterpedia" / "cr-ja" / "cr-ja-20260116.txt"
    assert saved.read_bytes() == FIXTURE.read_bytes()
    assert "saved the Japanese 20260116 (effective 2026-01-16" in capsys.readouterr().out
    assert main(["cr", "fetch", "--lang", "ja", "2026-01-16"]) == 2
    assert "is not an edition id" in capsys.readouterr().err
    routes[PAGE] = page(fixture_lines, "このルールは2026年4月10日から有効です。")
    assert main(["cr", "fetch", "--lang", "ja", "20260116"]) == 1
    assert "nothing was saved" in capsys.readouterr().err
