"""The editors' loop (issue 19): `make serve` until the first page is served, and from saving a YAML file until the
page that shows it has reloaded with the change, for a card, a counter and a rule quote.

The preview (counterpedia.commands.preview) runs in a process of its own on a copy of the data, on a free port,
as `make serve` starts it. A page is "reloaded" as a browser reloads it: MkDocs' live-reload poll
(`/livereload/<epoch>/<id>`) answers that a newer version is visible, then the page is fetched again and holds
the edit. Each edit is undone before the next (and waited for: the data is checked after each edit).
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from ..model.knowledge import KnowledgeBase, Record
from ..model.knowledge import load as load_kb
from ..render import urls
from . import machine

TARGET_FIRST_PAGE = 20.0  # issue 19: `make serve` serves its first page in under 20 s
TARGET_RELOAD = 3.0  # after saving one YAML file, the changed page shows the change in under 3 s
TIMEOUT = 300.0


@dataclass
class Figures:
    first_page: dict[str, float] = field(default_factory=dict)  # "cold" (after a clone), "warm" -> seconds
    reloads: dict[str, float] = field(default_factory=dict)  # "card <id>" -> seconds
    updates: dict[str, str] = field(default_factory=dict)  # what the server printed for each edit
    reason: str = ""


class PreviewError(RuntimeError):
    """The preview did not print what was awaited (it stopped, or took too long); the message holds what it said."""


class Preview:
    """The preview (`make serve`) in a process of its own, on a free port, on the data folder `data`; its output read
    line by line in a thread (`wait_for`). `env`: more environment variables (the tests' TMPDIR). The benchmark and
    tests/preview/test_server.py both run it so."""

    def __init__(self, config: Path, data: Path, cwd: Path, env: dict[str, str] | None = None):
        self.started = time.perf_counter()
        self.url = ""  # once it serves (`serving`)
        environment = {**os.environ, "COUNTERPEDIA_FULL_RULES": "0", "PYTHONUNBUFFERED": "1", **(env or {})}
        self.process = subprocess.Popen(
            [
                machine.python(),
                "-m",
                "counterpedia.commands.preview",
                "-f",
                str(config),
                "-a",
                "127.0.0.1:0",
                "--data",
                str(data),
            ],
            cwd=cwd,
            env=environment,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []  # every line read so far by wait_for
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def wait_for(self, pattern: str, timeout: float = TIMEOUT) -> re.Match:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            self.seen.append(line)
            if match := re.search(pattern, line):
                return match
        raise PreviewError(
            f"no line matching {pattern!r} within {timeout} s; the preview said:\n" + "\n".join(self.seen)
        )

    def serving(self, timeout: float = TIMEOUT) -> str:
        """The address it serves on, once it listens."""
        self.url = self.wait_for(r"Serving on (http://[^ ]+/)", timeout)[1]
        return self.url

    def stop(self, timeout: float = 60) -> int:
        """Stop it as Ctrl-C does (killed if it does not end within `timeout`); its exit status."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                return self.process.wait()
        return self.process.returncode


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
        return response.read().decode("utf-8")


def first_page(project: Path, data: Path, cwd: Path) -> tuple[float, Preview]:
    """Seconds from starting the preview to the home page served whole."""
    preview = Preview(project / "mkdocs.yml", data, cwd)
    preview.serving()
    get(preview.url + "index.html")
    return time.perf_counter() - preview.started, preview


def _english(record: Record, *keys) -> str | None:
    value: object = record.data
    for key in keys:
        value = (
            value.get(key)
            if isinstance(value, dict)
            else value[key]
            if isinstance(value, list) and len(value) > key
            else None
        )
    return value if isinstance(value, str) else None


def subjects(kb: KnowledgeBase) -> list[tuple[str, Record, str]]:
    """(label, record, a text of it written verbatim in its file): a card with rulings, the counter on the most
    cards (the largest page), a rule record quoting a rule of 122 (counters)."""

    def verbatim(record: Record, *keys) -> str | None:
        text = _english(record, *keys)
        source = Path(record.path).read_text(encoding="utf-8") if record.document else ""
        return text if text and len(text) > 3 and text in source else None

    chosen = []
    card = next((c for c in kb.all("card") if c.data.get("rulings") and verbatim(c, "names", "en", "text")), None)
    if card is not None:
        chosen.append(("card", card, verbatim(card, "names", "en", "text")))
    cards: dict[str, int] = {}
    for c in kb.all("card"):
        for counter_id in c.data.get("counters") or []:
            cards[counter_id] = cards.get(counter_id, 0) + 1
    counters = sorted(kb.all("counter"), key=lambda r: -cards.get(r.id, 0))
    counter = next((c for c in counters if verbatim(c, "names", "en", "text")), None)
    if counter is not None:
        chosen.append(("counter", counter, verbatim(counter, "names", "en", "text")))
    rules = sorted(kb.all("rule"), key=lambda r: str(r.data.get("section")) != "122")
    rule = next((r for r in rules if verbatim(r, "rules", 0, "text", "en", "text")), None)
    if rule is not None:
        chosen.append(("rule quote", rule, verbatim(rule, "rules", 0, "text", "en", "text")))
    return [(label, record, str(text)) for label, record, text in chosen]


def edit_to_reload(preview: Preview, record: Record, path: Path, text: str) -> tuple[float, str]:
    """Seconds from saving `path` with `text` changed until its page, reloaded, shows the change."""
    page = urls.to_html(urls.page_path(record.kind, record.id)[0])
    html = get(preview.url + page)
    epoch = re.search(r"livereload\((\d+), \d+\)", html)
    if epoch is None:
        raise RuntimeError(f"{page}: no live-reload script")
    original = path.read_text(encoding="utf-8")
    marker = " (bench edit)"
    answers: queue.Queue[str] = queue.Queue()
    start = time.perf_counter()
    try:
        path.write_text(original.replace(text, text + marker, 1), encoding="utf-8")
        threading.Thread(target=lambda: answers.put(get(f"{preview.url}livereload/{epoch[1]}/1")), daemon=True).start()
        answers.get(timeout=TIMEOUT)
        while marker not in get(preview.url + page):
            if time.perf_counter() - start > TIMEOUT:
                raise RuntimeError(f"{page}: the edit never showed")
            time.sleep(0.05)
        seconds = time.perf_counter() - start
        printed = preview.wait_for(r"Updated in .*")[0]
    finally:
        path.write_text(original, encoding="utf-8")
    preview.wait_for(r"Updated in .*")  # the undo
    preview.wait_for(r"Checked the data in .*")
    return seconds, printed


def measure(project: Path, data_dir: Path, scratch: Path) -> Figures:
    figures = Figures()
    work = scratch / "loops"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(data_dir, work / "data")
    if (data_dir.parent / "catalogue").is_dir():
        shutil.copytree(data_dir.parent / "catalogue", work / "catalogue")
    # After a clone: no parse cache. Then as a contributor starts it again: the cache of the last run.
    for label in ("cold", "warm"):
        seconds, preview = first_page(project, work / "data", work)
        figures.first_page[label] = seconds
        if label == "cold":
            preview.stop()
    try:
        preview.wait_for(r"Checked the data in .*")
        kb, _problems = load_kb(work / "data")
        for label, record, text in subjects(kb):
            seconds, printed = edit_to_reload(preview, record, Path(record.path), text)
            figures.reloads[f"{label} {record.id}"] = seconds
            figures.updates[f"{label} {record.id}"] = printed
    finally:
        preview.stop()
    return figures


def report(figures: Figures) -> None:
    for label, seconds in figures.first_page.items():
        print(
            f"  make serve, first page served ({label} parse cache): {seconds:.1f} s (target < {TARGET_FIRST_PAGE:.0f} s)"
        )
    for label, seconds in figures.reloads.items():
        print(f"  save -> page reloaded with the change, {label}: {seconds:.2f} s (target < {TARGET_RELOAD:.0f} s)")
        print(f"    the preview printed: {figures.updates[label]}")
