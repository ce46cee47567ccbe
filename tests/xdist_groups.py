"""Which tests pytest-xdist runs together in one worker, and in what order the tests start.

`make test` runs the tests in parallel (`-n auto --dist loadgroup`): each worker takes the next test as it
finishes one, except for the browser tests that read the built sites (those using the `browser` fixture),
which one worker runs whole: that worker builds the full site from data/ first (tests/shared_build.py),
which they all read. The browser tests that need only the search worker's JavaScript (`chromium_anywhere`)
run in any worker, so that they do not wait behind the build (Chromium is launched once per process).
The other worker meanwhile takes the other tests in this order: those of the small hostile site (so that
it is built early, before the browser tests read it too), the longest tests (marked `slow`, so that no
worker is left alone with one at the end), the others, and last those that read the full site: by then
it is built, and no worker waits on its lock while the other builds it.

Groups are found from the fixtures each test uses, not from file names. pytest-xdist's own `xdist_group`
mark renames test ids to carry the group, which pytest 9.2 no longer lets it do; so the workers write the
groups to a file of the run, which our scheduler reads (xdist's documented `pytest_xdist_make_scheduler`
hook; xdist's scope scheduling otherwise).
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

BROWSER_GROUP = "browser"
GROUPS_FILE = "xdist-groups.json"


def group_of(item: pytest.Item) -> str | None:
    return BROWSER_GROUP if "browser" in item.fixturenames else None  # every fixture it uses, even indirectly


def start_order(item: pytest.Item) -> int:
    names = item.fixturenames
    if "browser" in names:  # in its group: the full site first; the hostile site, built by the other worker, last
        return 4 if "hostile_site" in names else 0
    if "hostile_site" in names:
        return 0
    if item.get_closest_marker("slow"):
        return 1
    if "built_site" in names:
        return 3
    return 2


def groups_file(config: pytest.Config) -> Path:
    """In the run's base temporary folder, which the workers' own folders are in."""
    base = config._tmp_path_factory.getbasetemp()  # as pytest-xdist itself finds it
    return (base.parent if hasattr(config, "workerinput") else base) / GROUPS_FILE


def order_and_record(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=start_order)  # stable: otherwise the collection's order
    if not hasattr(config, "workerinput"):
        return
    groups = {item.nodeid: group for item in items if (group := group_of(item))}
    target = groups_file(config)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{GROUPS_FILE}.")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        json.dump(groups, stream)
    os.replace(temporary, target)  # every worker writes the same groups: whichever is last


class Scheduling:
    """Registered only when pytest-xdist is there (its hook is unknown to pytest otherwise)."""

    @pytest.hookimpl
    def pytest_xdist_make_scheduler(self, config, log):
        if config.getvalue("dist") != "loadgroup":
            return None
        from xdist.scheduler import LoadScopeScheduling

        path = groups_file(config)

        class ByGroup(LoadScopeScheduling):
            """xdist's scope scheduling, a scope being a group of ours or else a single test; the biggest
            scopes are sent first (xdist's default `--loadscope-reorder`)."""

            groups: dict[str, str] | None = None

            def _split_scope(self, nodeid: str) -> str:
                if self.groups is None:  # read once every worker has collected, when xdist schedules
                    self.groups = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
                return self.groups.get(nodeid, nodeid)

        return ByGroup(config, log)
