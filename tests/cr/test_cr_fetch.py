"""Downloading editions, against a local HTTP server on 127.0.0.1."""

from __future__ import annotations

import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from counterpedia.cr.fetch import DEFAULT_URL, FetchError, fetch, url_for
from counterpedia.cr.parse import parse_file


@pytest.fixture
def server():
    """Serves `routes` (path -> bytes) on a random port; 404 for anything else."""
    routes: dict[str, bytes] = {}
    requests: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the http.server API
            path = urllib.parse.unquote(self.path)
            requests.append(path)
            body = routes.get(path)
            self.send_response(200 if body is not None else 404)
            self.send_header("Content-Length", str(len(body or b"")))
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        yield base, routes, requests
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


TEMPLATE = "/{year}/downloads/MagicCompRules%20{edition}.txt"


def test_official_url():
    assert url_for("20260116", env={}) == "https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"
    assert DEFAULT_URL.format(year="2024", edition="20240308").endswith("/2024/downloads/MagicCompRules%2020240308.txt")
    assert url_for("20260116", env={"COUNTERPEDIA_CR_URL": "http://x/{edition}"}) == "http://x/20260116"
    with pytest.raises(FetchError, match="bad URL template"):
        url_for("20260116", base_url="http://x/{version}")


def test_fetch_an_edition(server, cr_files, tmp_path):
    base, routes, requests = server
    original = cr_files["20260116"].read_bytes()
    routes["/2026/downloads/MagicCompRules 20260116.txt"] = original
    cache = tmp_path / "cache" / "cr"
    path = fetch("20260116", cache, base_url=base + TEMPLATE)
    assert path == cache / "MagicCompRules-20260116.txt"
    assert path.read_bytes() == original  # byte for byte, BOM and CRs included
    assert parse_file(path).edition == "20260116"
    assert sorted(p.name for p in cache.iterdir()) == ["MagicCompRules-20260116.txt"]  # no temp file left
    assert requests == ["/2026/downloads/MagicCompRules 20260116.txt"]

    # Fetching again replaces the file in one step.
    path.write_bytes(b"stale")
    assert fetch("20260116", cache, base_url=base + TEMPLATE).read_bytes() == original


def test_fetch_by_url_takes_the_edition_from_the_name(server, cr_files, tmp_path):
    base, routes, _ = server
    routes["/files/MagicCompRules 20240206.txt"] = cr_files["20240206"].read_bytes()
    path = fetch(None, tmp_path, url=base + "/files/MagicCompRules%2020240206.txt")
    assert path.name == "MagicCompRules-20240206.txt"  # not 20240202, its effective date
    routes["/latest.txt"] = cr_files["20240308"].read_bytes()
    assert fetch(None, tmp_path, url=base + "/latest.txt").name == "MagicCompRules-20240308.txt"


def test_the_environment_sets_the_url(server, cr_files, tmp_path, monkeypatch):
    base, routes, _ = server
    routes["/2025/downloads/MagicCompRules 20251114.txt"] = cr_files["20251114"].read_bytes()
    monkeypatch.setenv("COUNTERPEDIA_CR_URL", base + TEMPLATE)
    assert fetch("20251114", tmp_path).exists()


def test_errors_leave_nothing_behind(server, tmp_path):
    base, routes, _ = server
    cache = tmp_path / "cache"
    with pytest.raises(FetchError, match="HTTP 404"):
        fetch("20990101", cache, base_url=base + TEMPLATE)
    routes["/2026/downloads/MagicCompRules 20260116.txt"] = b"<html>Page not found</html>"
    with pytest.raises(FetchError, match="not a Comprehensive Rules file"):
        fetch("20260116", cache, base_url=base + TEMPLATE)
    routes["/2026/downloads/MagicCompRules 20260116.txt"] = b"\xff\xfe binary"
    with pytest.raises(FetchError, match="not UTF-8"):
        fetch("20260116", cache, base_url=base + TEMPLATE)
    assert not cache.exists() or list(cache.iterdir()) == []


def test_bad_requests(tmp_path):
    with pytest.raises(FetchError, match="which edition"):
        fetch(None, tmp_path)
    with pytest.raises(FetchError, match="not an edition id"):
        fetch("2026-01-16", tmp_path)
    with pytest.raises(FetchError, match="not an edition id"):
        fetch("20261399", tmp_path)
    with pytest.raises(FetchError, match="cannot connect"):
        fetch("20260116", tmp_path, base_url="http://127.0.0.1:9/{edition}", timeout=5)


def test_a_file_of_another_edition_is_refused(server, cr_files, tmp_path):
    base, routes, _ = server
    routes["/rules.txt"] = cr_files["20260116"].read_bytes()
    with pytest.raises(FetchError, match="is the edition effective 2026-01-16, not 20990101; nothing was saved"):
        fetch("20990101", tmp_path, url=base + "/rules.txt")
    routes["/MagicCompRules 20990101.txt"] = cr_files["20260116"].read_bytes()
    with pytest.raises(FetchError, match="not 20990101"):
        fetch(None, tmp_path, url=base + "/MagicCompRules%2020990101.txt")
    assert list(tmp_path.iterdir()) == []
    # A few days apart is the same edition: 20240206 is effective 2024-02-02.
    routes["/february.txt"] = cr_files["20240206"].read_bytes()
    assert fetch("20240206", tmp_path, url=base + "/february.txt").name == "MagicCompRules-20240206.txt"


@pytest.mark.parametrize("url", ["not a url", "ftp://example.com/x.txt", "http://", "javascript:alert(1)"])
def test_what_is_not_a_download_url_is_refused(url, tmp_path):
    with pytest.raises(FetchError, match="is not a URL to download from"):
        fetch(None, tmp_path, url=url)
