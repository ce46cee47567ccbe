"""The contributor guide's examples work as written (issue 23): every `counterpedia …` command of its shell
blocks, in each of its languages, run on a copy of the real data, exits 0 and writes the file it says it writes.

The commands run in the order the guide gives them, from a copy of data/ and catalogue/ (the repository's own
files are never touched). The Comprehensive Rules commands read the reference files beside the repository
(`$COUNTERPEDIA_CR_DIR`, else ../shared/data/cr and cr-2026) and skip, saying why, when they are absent; `cr
fetch` downloads from those files (`$COUNTERPEDIA_CR_URL` set to a file:// address), never from the network.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from counterpedia.commands.cli import main

from ..data_copies import link_or_copy, seed_parsed

ROOT = Path(__file__).resolve().parents[2]
GUIDES = [ROOT / "docs" / "editors" / name for name in ("contributing.md", "contributing.ja.md", "contributing.fr.md")]
BLOCK = re.compile(r"^```(?:sh|bash|console)\n(.*?)^```", re.M | re.S)
# Where `new` writes each kind's record.
RECORD_PATHS = {
    "counter": "data/counters/{id}.yaml",
    "card": "data/cards/{first}/{id}.yaml",
    "ruling": "data/rulings/{id}.yaml",
    "mechanic": "data/mechanics/{id}.yaml",
    "term": "data/terms/{id}.yaml",
    "source": "data/sources/{id}.yaml",
    "rule": "data/rules/{id}.yaml",
}


def commands(guide: Path) -> list[str]:
    """Each `counterpedia …` line of the guide's shell blocks, without its trailing comment."""
    found = []
    for block in BLOCK.findall(guide.read_text(encoding="utf-8")):
        for line in block.splitlines():
            line = re.sub(r"\s+#.*$", "", line).strip()
            if line.startswith("counterpedia "):
                found.append(line)
    return found


def test_the_guide_says_the_same_in_each_language():
    english = commands(GUIDES[0])
    assert english, "the guide shows no counterpedia command"
    for guide in GUIDES[1:]:
        assert commands(guide) == english, f"{guide.name} shows other commands than {GUIDES[0].name}"


def test_the_examples_are_not_records_of_the_data():
    """`new` refuses an id already used: an example id that an import or an edit brought in breaks the guide."""
    for line in commands(GUIDES[0]):
        words = shlex.split(line)
        if words[1] == "new":
            kind, record_id = words[2], words[3]
            path = ROOT / RECORD_PATHS[kind].format(id=record_id, first=record_id[0])
            assert not path.exists(), f"`{line}`: {path.relative_to(ROOT)} exists; pick an id no record has"


def cr_dirs() -> list[Path]:
    named = os.environ.get("COUNTERPEDIA_CR_DIR")
    folders = (
        [Path(p) for p in named.split(os.pathsep) if p]
        if named
        else [
            ROOT.parent / "shared" / "data" / "cr",
            ROOT.parent / "shared" / "data" / "cr-2026",
            Path("/work/shared/data/cr"),
            Path("/work/shared/data/cr-2026"),
        ]
    )
    return [folder for folder in folders if any(folder.glob("MagicCompRules-*.txt"))]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory, untouched_data) -> Path:
    """A copy of the repository's data and reviewed lists, where the guide's commands write: hard links to data/'s
    files (tests/data_copies.py: the commands replace a file by a rename, and data/ is checked unchanged at the end
    of the run)."""
    if not any((ROOT / "data" / "counters").glob("*.yaml")):
        pytest.skip("data/ holds no counter records yet")
    root = tmp_path_factory.mktemp("guide")
    shutil.copytree(ROOT / "data", root / "data", copy_function=link_or_copy)
    shutil.copytree(ROOT / "catalogue", root / "catalogue", copy_function=link_or_copy)
    return root


def run(line: str, cwd: Path, env: dict[str, str]) -> tuple[int, str, str]:
    """The command's exit status, output and errors, run in this process (`main` of the `counterpedia` script, as
    tests/test_hostile_data_folder.py runs it): a child process per command would start Python and import the
    package again each time; the script itself is tested by tests/commands/test_entry.py."""
    out, err = io.StringIO(), io.StringIO()
    saved, previous = dict(os.environ), Path.cwd()
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(shlex.split(line)[1:])
            except SystemExit as exit_:  # as the script would exit
                status = exit_.code if isinstance(exit_.code, int) else 1
    finally:
        os.chdir(previous)
        os.environ.clear()
        os.environ.update(saved)
    return status, out.getvalue(), err.getvalue()


def expected_file(line: str, output: str, root: Path) -> Path | None:
    """The file the command says it writes: `new` prints the record's path, `cr fetch` the saved file's."""
    words = shlex.split(line)
    if words[1] == "new":
        kind, record_id = words[2], words[3]
        expected = RECORD_PATHS[kind].format(id=record_id, first=record_id[0])
        assert output.strip() == expected, f"`{line}` printed {output.strip()!r}, not {expected}"
        return root / expected
    if words[1:3] == ["cr", "fetch"]:
        saved = re.search(r"^saved \S+ .* to (.+)$", output, re.M)
        assert saved, f"`{line}` did not say where it saved the file: {output!r}"
        return Path(saved.group(1))
    return None


@pytest.mark.slow  # each command loads the whole data: about a minute on an idle machine
@pytest.mark.parametrize("needs_rules", [False, True], ids=["records", "rules"])
def test_every_command_of_the_guide_works_as_written(scratch, tmp_path, needs_rules, parsed_data, monkeypatch):
    lines = [line for line in commands(GUIDES[0]) if line.startswith("counterpedia cr ") == needs_rules]
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "NO_COLOR": "1"}
    if parsed_data is not None:  # the cache starts with data/'s parse snapshot, as after a contributor's first command
        monkeypatch.setenv("XDG_CACHE_HOME", env["XDG_CACHE_HOME"])
        seed_parsed(scratch / "data", parsed_data)
    env.pop("COUNTERPEDIA_CR", None)
    if needs_rules:
        folders = cr_dirs()
        if not folders:
            pytest.skip(
                "no Comprehensive Rules files (../shared/data/cr, or $COUNTERPEDIA_CR_DIR) to run the "
                "guide's `cr` commands on"
            )
        env["COUNTERPEDIA_CR_DIR"] = os.pathsep.join(str(f) for f in folders)
        editions = {f.name: f for folder in reversed(folders) for f in folder.glob("MagicCompRules-*.txt")}
        wanted = [w for line in lines if line.startswith("counterpedia cr fetch ") for w in shlex.split(line)[3:4]]
        missing = [e for e in wanted if f"MagicCompRules-{e}.txt" not in editions]
        if missing:
            pytest.skip(f"the guide fetches {', '.join(missing)}, which the reference files do not hold")
        if wanted:  # one folder holding the editions fetched, as Wizards' site would serve them
            served = tmp_path / "served"
            served.mkdir()
            for edition in wanted:
                name = f"MagicCompRules-{edition}.txt"
                shutil.copyfile(editions[name], served / name)
            env["COUNTERPEDIA_CR_URL"] = f"{served.as_uri()}/MagicCompRules-{{edition}}.txt"
    assert lines
    for line in lines:
        status, stdout, stderr = run(line, scratch, env)
        assert status == 0, f"`{line}` exited {status}:\n{stdout[-2000:]}\n{stderr[-2000:]}"
        written = expected_file(line, stdout, scratch)
        if written is not None:
            assert written.is_file(), f"`{line}` says it wrote {written}, which is not there"
