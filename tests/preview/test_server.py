"""`make serve` end to end: the server starts on a free port, serves a page, and after a file is saved prints the
changed page's address, makes the open page reload itself and serves the change; an error is shown in the
terminal. The server is stopped (and its folder removed) whatever happens."""

from __future__ import annotations

import os
import queue
import re
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from counterpedia.bench.loops import Preview, PreviewError

ROOT = Path(__file__).resolve().parents[2]


class Server(Preview):
    """The preview in a process of its own (as `make serve` and the benchmark run it), with a folder of its own
    for its site's folder."""

    def __init__(self, data: Path, cwd: Path):
        self.tmp = cwd / "tmp"  # where the server makes its site's folder
        self.tmp.mkdir()
        super().__init__(ROOT / "mkdocs.en.yml", data, cwd, env={"TMPDIR": str(self.tmp)})

    def wait_for(self, pattern: str, timeout: float = 120) -> re.Match:
        try:
            return super().wait_for(pattern, timeout)
        except PreviewError as error:
            pytest.fail(str(error))


def get(url: str, timeout: float = 120) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return response.read().decode("utf-8")


def save(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    stamp = path.stat()
    os.utime(path, ns=(stamp.st_atime_ns, max(stamp.st_mtime_ns, before + 1_000_000_000)))


def wait_until(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def test_the_preview_reloads_the_page_an_edit_changes(valid_data, tmp_path):
    server = Server(valid_data, valid_data.parent)
    try:
        url = server.wait_for(r"Serving on (http://127\.0\.0\.1:\d+/)", timeout=300)[1]
        card = get(url + "cards/inevitable-betrayal.html")
        assert "Inevitable Betrayal" in card
        epoch = re.search(r"livereload\((\d+), \d+\)", card)
        assert epoch, "the page does not reload itself"
        # The browser's poll, answered once something newer is visible (MkDocs' livereload protocol).
        answers: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: answers.put(get(f"{url}livereload/{epoch[1]}/1")), daemon=True).start()

        path = valid_data / "cards" / "i" / "inevitable-betrayal.yaml"
        text = path.read_text(encoding="utf-8")
        save(path, text.replace("text: Inevitable Betrayal", "text: Inevitable Treachery", 1))
        server.wait_for(rf"Updated in [\d.]+ s: {re.escape(url)}cards/inevitable-betrayal\.html", timeout=120)
        assert int(answers.get(timeout=120)) > int(epoch[1])
        assert "Inevitable Treachery" in get(url + "cards/inevitable-betrayal.html")
        assert "Inevitable Treachery" in get(url + "cards/index.html")  # a page that lists it

        save(path, text.replace("counters:", "counters: 3\ncounters_:", 1))
        server.wait_for(r"inevitable-betrayal\.yaml:\d+:\d+: error\[E\d+\]", timeout=120)
        assert wait_until(lambda: "does not validate" in get(url + "cards/inevitable-betrayal.html"), 60)
    finally:
        status = server.stop(timeout=30)
    assert status in (0, 130), "\n".join(server.seen)
    assert list(server.tmp.iterdir()) == [], "the server left its folder behind"
