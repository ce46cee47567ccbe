"""Debian's `linkchecker`, a second opinion on our own link check: no broken link or anchor in any language.

It crawls from the Japanese home page through every language (the language switcher links them), with
its AnchorCheck plugin on. It runs over the small site built from tests/hostile.py (every kind of page;
about 800 URLs, 1-2 minutes here): the full site has ten thousand URLs with anchors, too many for every test run.

The diagnostics page's own table of contents is left to our link check (`counterpedia site build` checks every
anchor): linkchecker parses the 270 KB page again for each of its 200 in-page anchors, 5-8 s each on a busy
machine, which made this one test take over ten minutes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.site
LINKCHECKER = shutil.which("linkchecker")


@pytest.mark.skipif(LINKCHECKER is None, reason="linkchecker is not installed (Debian: apt-get install linkchecker)")
def test_linkchecker_finds_no_broken_link_or_anchor_in_any_language(hostile_site):
    # linkchecker run as root drops to `nobody`: the copy it reads must be readable by everyone.
    with tempfile.TemporaryDirectory(prefix="counterpedia-linkchecker-") as scratch:
        site = Path(scratch) / "site"
        shutil.copytree(hostile_site, site)
        os.chmod(scratch, 0o755)
        for folder, _dirs, files in os.walk(site):
            os.chmod(folder, 0o755)
            for name in files:
                os.chmod(Path(folder) / name, 0o644)
        config = Path(scratch) / "linkcheckerrc"
        config.write_text("[AnchorCheck]\n", encoding="utf-8")
        config.chmod(0o644)
        result = subprocess.run(
            [
                LINKCHECKER,
                "--config",
                str(config),
                "--no-status",
                "--no-robots",
                "--threads",
                "4",
                "--output",
                "text",
                "--verbose",
                "--ignore-url",
                r"editors/diagnostics\.html#",
                (site / "index.html").as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
    report = result.stdout + result.stderr
    summary = re.search(r"(\d+) links? in (\d+) URLs? checked\. (\d+) warnings? found\. (\d+) errors? found", report)
    assert summary, report[-3000:]
    _links, _urls, warnings, errors = (int(n) for n in summary.groups())
    problems = "\n\n".join(block for block in report.split("\n\n") if "Warning" in block or "Error" in block)
    assert (warnings, errors) == (0, 0), problems[-6000:]
    for lang in ("", "en/", "fr/"):
        assert f"/site/{lang}counters/rad.html" in report, f"the crawl reached the {lang or 'ja'} site"
