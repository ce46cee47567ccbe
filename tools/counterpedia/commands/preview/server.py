"""`make serve`: the preview server. MkDocs' LiveReloadServer (mkdocs/livereload) watches the files, calls its
builder after a change, and makes every open page reload itself once the builder returns; here the builder is
`PreviewSite.update`, and a page is built just before it is served when it is not current."""

from __future__ import annotations

import argparse
import logging
import os
import posixpath
import shutil
import signal
import socket
import sys
import tempfile
import time
from pathlib import Path

from mkdocs.livereload import LiveReloadServer, _timestamp

from ...diagnostics import render_all
from ..interrupts import INTERRUPTED
from .site import PreviewSite, Update

log = logging.getLogger("counterpedia.preview")


class PreviewServer(LiveReloadServer):
    def __init__(self, site: PreviewSite, host: str, port: int, restart=None):
        super().__init__(builder=self.rebuild, host=host, port=port, root=str(site.site_dir))
        self.site = site
        self.restart = restart  # makes a new PreviewSite, when something else than the data changed
        self.out = sys.stdout
        self.starting = True
        self.reported: set = set()
        self.greeting = f"Serving on {self.url}"
        self.error_handler = self.error_page

    def error_page(self, code: int) -> bytes | None:
        """The site's own 404 page, as `mkdocs serve` shows it."""
        page = Path(self.site.site_dir) / f"{code}.html"
        return page.read_bytes() if page.is_file() else None

    def server_activate(self) -> None:
        super().server_activate()
        print(self.greeting, file=self.out, flush=True)  # once the port listens: a test may connect now

    def serve_request(self, environ, start_response):
        path = environ.get("PATH_INFO", "").encode("latin-1").decode("utf-8", "ignore")
        if not path.startswith("/livereload/"):
            relative = posixpath.normpath("/" + path).lstrip("/") + ("/" if path.endswith("/") and path != "/" else "")
            src_uri = self.site.page_for_url(relative)
            if src_uri is not None:
                self._ensure(src_uri)
        return super().serve_request(environ, start_response)

    def _ensure(self, src_uri: str) -> None:
        try:
            self.site.ensure(src_uri)
        except Exception as error:  # shown in the terminal; the server keeps serving
            log.error(f"{src_uri}: {type(error).__name__}: {error}")

    def rebuild(self) -> None:
        """After a change: the edit shown first (browsers reload), then the data checked (they reload again when
        that changed a page: a diagnostic to show, a file back at its last valid version)."""
        update = self.site.update()
        if update.paths:
            if update.pages:  # the edited record's page, built now: the browsers showing it ask for it first
                start = time.perf_counter()
                self._ensure(update.pages[0])
                update.seconds += time.perf_counter() - start
            report(update, self.url, self.out)
        elif not self.starting and self.restart is not None:
            print("Something else than the data changed: reading the site again", file=self.out, flush=True)
            self.site = self.restart()
        self.starting = False
        self._publish()
        checked = self.site.check()
        self.report_errors(checked, update.paths)
        errors = sum(len(found) for found in checked.errors.values())
        pages = f"; {len(checked.pages)} page(s) updated" if checked.pages else ""
        print(
            f"Checked the data in {checked.seconds:.2f} s: {errors or 'no'} error{'s' if errors != 1 else ''}{pages}",
            file=self.out,
            flush=True,
        )
        if checked.pages:
            self._wanted_epoch = _timestamp()  # MkDocs' build loop makes the browsers reload once this returns

    def _publish(self) -> None:
        """Let the browsers reload now, before the builder returns (LiveReloadServer's epochs, mkdocs 1.6)."""
        with self._epoch_cond:
            self._visible_epoch = self._wanted_epoch
            self._epoch_cond.notify_all()

    def start_checking(self) -> None:
        """The first check of the data, as soon as the server serves (the build loop runs the builder)."""
        with self._rebuild_cond:
            self._want_rebuild = True
            self._rebuild_cond.notify_all()

    def report_errors(self, update: Update, edited: list[str]) -> None:
        """The errors of the files just edited, and any other not shown yet, in the terminal."""
        shown = []
        for path, found in sorted(update.errors.items()):
            new = [d for d in found if path in edited or d not in self.reported]
            shown += new
        self.reported = {d for found in update.errors.values() for d in found}
        if shown:
            print(render_all(sorted(shown)), file=self.out, flush=True)
            print(
                f"{len(shown)} error(s): each record's page shows its own, above its last valid version",
                file=self.out,
                flush=True,
            )


def report(update: Update, base_url: str, out) -> None:
    """What the terminal shows after an edit: the files read again and the changed pages' addresses."""
    for path in update.paths:
        print(f"Changed: {_shown(path)}", file=out)
    if update.pages:
        first, rest = update.pages[0], update.pages[1:]
        more = f" (and {len(rest)} other page{'s' if len(rest) != 1 else ''} it shows on)" if rest else ""
        print(f"Updated in {update.seconds:.2f} s: {base_url}{first[:-3]}.html{more}", file=out)
    else:
        print(f"Updated in {update.seconds:.2f} s: no page changed", file=out)
    out.flush()


def _interrupt(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def free_port(host: str) -> int:
    """A port nobody listens on now (the test's preview, or `make serve PORT=0`)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def _shown(path: str) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:
        return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m counterpedia.commands.preview",
        description="Serve one language's site, rebuilding only what an edit changes.",
    )
    parser.add_argument("-f", "--config-file", default="mkdocs.yml")
    parser.add_argument("-a", "--dev-addr", default="127.0.0.1:8000", help="host:port (port 0: any free port)")
    parser.add_argument("--data", type=Path, help="the data folder (default: the configuration's, data/)")
    args = parser.parse_args(argv)
    host, _, port_text = args.dev_addr.rpartition(":")
    host = host or "127.0.0.1"
    try:
        port = int(port_text) or free_port(host)
    except ValueError:
        parser.error(f"--dev-addr: not host:port: {args.dev_addr}")
    url = f"http://{host}:{port}/"
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("mkdocs").setLevel(logging.ERROR)  # MkDocs' own notes on every page; ours stay
    logging.getLogger("mkdocs.livereload").setLevel(logging.WARNING)
    signal.signal(signal.SIGTERM, _interrupt)  # `kill` as Ctrl-C: the server stops, its folder is removed
    site_dir = Path(tempfile.mkdtemp(prefix="counterpedia-preview-"))
    started = time.perf_counter()
    try:

        def make_site() -> PreviewSite:
            site = PreviewSite(Path(args.config_file), site_dir, url, data_dir=args.data)
            site.start()
            return site

        site = make_site()
        server = PreviewServer(site, host, port, restart=make_site)
        config = site.config
        server.watch(config.docs_dir)
        server.watch(str(site.config_file))
        for item in config.watch:
            server.watch(item)
        server.greeting = (
            f"Serving on {url} ({time.perf_counter() - started:.1f} s after start); "
            f"save a file under data/ and its page reloads"
        )
        server.start_checking()
        try:
            server.serve()
        except KeyboardInterrupt:
            log.info("Shutting down...")
            return INTERRUPTED
        finally:
            server.shutdown()
        return 0
    finally:
        shutil.rmtree(site_dir, ignore_errors=True)
