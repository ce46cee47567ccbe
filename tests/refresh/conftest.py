"""A local HTTP server (127.0.0.1, a free port) that serves the recorded fixtures of `counterpedia refresh` in the
real formats, and the data and cache it refreshes."""

from __future__ import annotations

import gzip
import shutil
import threading
import urllib.parse
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "refresh"
SCRYFALL = ROOT / "tests" / "fixtures" / "scryfall"
CR_JA = ROOT / "tests" / "fixtures" / "cr-ja" / "lines-20260116-excerpt.txt"

ORACLE = "/file/scryfall-bulk/oracle-cards/oracle-cards-20261129100431.json"
RULINGS = "/file/scryfall-bulk/rulings/rulings-20261129220014.json"
MANIFEST = "/bulk-data"
RULES_PAGE = "/en/rules"
CR_FILE = "/2026/downloads/MagicCompRules 20260925.txt"
JA_PAGE = "/gameplay/rules/docs/0006836/"


@dataclass
class Reply:
    body: bytes
    content_type: str
    gzip: bool = False  # sent with Content-Encoding: gzip, as Scryfall sends its bulk files
    length: int | None = None  # a Content-Length other than the body's (a download cut short)
    status: int = 200


class Server:
    """`routes` maps a path to a Reply; anything else is a 404."""

    def __init__(self):
        self.routes: dict[str, Reply] = {}
        self.requests: list[str] = []
        routes, requests = self.routes, self.requests

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - the http.server API
                path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path)
                requests.append(path)
                reply = routes.get(path)
                if reply is None:
                    self.send_error(404)
                    return
                body = gzip.compress(reply.body) if reply.gzip else reply.body
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.content_type)
                if reply.gzip:
                    self.send_header("Content-Encoding", "gzip")
                self.send_header("Content-Length", str(reply.length if reply.length is not None else len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def serve_fixtures(self, edition: str = "20260925", cr_text: bytes | None = None) -> None:
        """The week as the real services would serve it: the manifest, its two files, the rules page announcing
        `edition` and its file, the Japanese page."""
        from ..cr.test_ja_fetch import page

        oracle = (SCRYFALL / "oracle-cards.json").read_bytes()
        rulings = (SCRYFALL / "rulings.json").read_bytes()
        self.set_bulk(oracle, rulings)
        year = edition[:4]
        effective = {"20260925": "September 25, 2026", "20260116": "January 16, 2026"}.get(edition, edition)
        rules = (
            (FIXTURES / "rules.html")
            .read_text(encoding="utf-8")
            .replace("{base}", self.base)
            .replace("{year}", year)
            .replace("{edition}", edition)
            .replace("{effective}", effective)
        )
        self.routes[RULES_PAGE] = Reply(rules.encode("utf-8"), "text/html; charset=utf-8")
        cr = cr_text if cr_text is not None else (FIXTURES / f"MagicCompRules-{edition}-excerpt.txt").read_bytes()
        self.routes[f"/{year}/downloads/MagicCompRules {edition}.txt"] = Reply(cr, "text/plain")
        lines = CR_JA.read_text(encoding="utf-8").split("\n")[:-1]
        self.routes[JA_PAGE] = Reply(page(lines), "text/html; charset=UTF-8")

    def set_bulk(self, oracle: bytes, rulings: bytes, manifest: str | None = None) -> None:
        text = manifest or (FIXTURES / "bulk-data.json").read_text(encoding="utf-8")
        text = (
            text.replace("{base}", self.base)
            .replace("{oracle_size}", str(len(oracle)))
            .replace("{rulings_size}", str(len(rulings)))
        )
        self.routes[MANIFEST] = Reply(text.encode("utf-8"), "application/json; charset=utf-8")
        self.routes[ORACLE] = Reply(oracle, "application/json", gzip=True)
        self.routes[RULINGS] = Reply(rulings, "application/json", gzip=True)


@pytest.fixture
def server():
    running = Server()
    running.thread.start()
    try:
        yield running
    finally:
        running.httpd.shutdown()
        running.httpd.server_close()
        running.thread.join(timeout=5)


@pytest.fixture
def env(server, tmp_path, monkeypatch) -> Path:
    """The services' addresses pointed at the server; an empty cache of the user's, but for the edition the data
    quotes (a refresh of an earlier week fetched it); the returned path is the cache."""
    for name in ("COUNTERPEDIA_CR", "COUNTERPEDIA_CR_DIR", "COUNTERPEDIA_CR_URL", "COUNTERPEDIA_CR_JA"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("COUNTERPEDIA_SCRYFALL_BULK_URL", server.base + MANIFEST)
    monkeypatch.setenv("COUNTERPEDIA_CR_RULES_PAGE_URL", server.base + RULES_PAGE)
    monkeypatch.setenv("COUNTERPEDIA_CR_JA_URL", server.base + JA_PAGE)
    cache = tmp_path / "xdg" / "counterpedia"
    (cache / "cr").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "MagicCompRules-20260116-excerpt.txt", cache / "cr" / "MagicCompRules-20260116.txt")
    return cache


@pytest.fixture
def data(tmp_path) -> Path:
    """The small valid data set (it quotes the rad counter rules of 20260116), with the counter kinds the Scryfall
    samples use."""
    from ..importers.conftest import ACORN, EXCLUDED, PLUS

    target = tmp_path / "data"
    shutil.copytree(ROOT / "tests" / "fixtures" / "valid" / "data", target)
    (target / "counters" / "acorn.yaml").write_text(ACORN, encoding="utf-8")
    (target / "counters" / "plus1-plus1.yaml").write_text(PLUS, encoding="utf-8")
    catalogue = tmp_path / "catalogue"
    catalogue.mkdir()
    (catalogue / "excluded-counters.yaml").write_text(EXCLUDED, encoding="utf-8")
    return target
