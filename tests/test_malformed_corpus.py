"""The malformed-input corpus: each input, put into a valid data set, gives its located diagnostics and exit 1.

No traceback, no file changed. Time and peak memory of each `counterpedia validate` process are measured
and printed at the end of the test run (targets: under 1 s and 200 MB each); they are never asserted, since a
loaded machine would make such an assertion fail for no fault of the code. The time is the process's own CPU
time (its wall time is shown beside it): `make test` runs tests in parallel, and a neighbouring test slows a
process's wall clock, not the work it does; the peak memory is the process's own (VmHWM) as well."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import CORPUS_PROPERTY

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "fixtures" / "malformed"
VALID_DATA = ROOT / "tests" / "fixtures" / "valid" / "data"


def ten_megabyte_string() -> bytes:
    status = "x" * 10_000_000
    return (
        f'id: ten-megabyte-string\nnames:\n  en: {{text: zap counter, status: {status}, source: wotc-oracle, version: "2022-04-25", via: mtgjson-20220425}}\n'
        "holders: [player]\nsources: [cr]\n"
    ).encode()


GENERATED = {"ten-megabyte-string.yaml": ten_megabyte_string}


def manifest() -> list[tuple[str, str, set[tuple[str, int, int]]]]:
    rows = []
    for line in (CORPUS / "expected.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        name, folder, expected = line.split("\t")
        found = {(code, int(line), int(c)) for code, line, c in re.findall(r"(\w+)@(\d+):(\d+)", expected)}
        rows.append((name, folder, found))
    return rows


CASES = manifest()


def test_the_corpus_is_complete():
    listed = {name for name, _folder, _expected in CASES}
    on_disk = {p.name for p in CORPUS.glob("*.yaml")}
    assert on_disk | set(GENERATED) == listed, "every input has one line in expected.tsv, and every line an input"
    assert len(CASES) >= 30


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


# `counterpedia validate` as the console script runs it, then the process's own peak resident memory
# (VmHWM: the rusage of a child forked from this large test process would count the parent's pages) and its
# CPU time (its own and that of the child it may fork to parse on two cores), written as it ends: at exit, or
# at the os._exit the console script ends a validate with (not at a forked child's).
VALIDATE = """
import atexit, os, resource, sys
from counterpedia.commands import entry
target, main_pid, end = sys.argv.pop(1), os.getpid(), os._exit
def peak():
    if os.getpid() != main_pid:
        return
    cpu = sum(r.ru_utime + r.ru_stime for r in map(resource.getrusage, (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)))
    with open("/proc/self/status") as status, open(target, "w") as out:
        out.write(next((line.split()[1] for line in status if line.startswith("VmHWM:")), "0") + f" {cpu:.4f}")
def measured_exit(code):
    peak()
    end(code)
os._exit = measured_exit
atexit.register(peak)
sys.exit(entry.main())
"""


def run_measured(cwd: Path) -> tuple[int, str, str, float, float, float]:
    """Exit status, stdout, stderr, wall seconds, CPU seconds and peak resident memory (MB) of
    `counterpedia validate`."""
    out, err, measured = cwd / "stdout.txt", cwd / "stderr.txt", cwd / "peak-kb.txt"
    with out.open("wb") as stdout, err.open("wb") as stderr:
        start = time.perf_counter()
        status = subprocess.run(
            [sys.executable, "-c", VALIDATE, str(measured), "validate"], cwd=cwd, stdout=stdout, stderr=stderr
        ).returncode
        elapsed = time.perf_counter() - start
    peak_kb, cpu = measured.read_text().split() if measured.is_file() else ("nan", "nan")
    return (
        status,
        out.read_text(encoding="utf-8"),
        err.read_text(encoding="utf-8"),
        elapsed,
        float(cpu),
        float(peak_kb) / 1024,
    )


@pytest.mark.skipif(not Path("/proc/self/status").is_file(), reason="peak memory is read from /proc (Linux)")
@pytest.mark.parametrize("name, folder, expected", CASES, ids=[c[0] for c in CASES])
def test_malformed_input_gives_located_diagnostics(name, folder, expected, tmp_path, record_property):
    data = tmp_path / "data"
    shutil.copytree(VALID_DATA, data)
    target = data / folder / name
    target.write_bytes(GENERATED[name]() if name in GENERATED else (CORPUS / name).read_bytes())
    before = snapshot(data)

    status, out, err, wall, cpu, megabytes = run_measured(tmp_path)
    record_property(CORPUS_PROPERTY, [name, cpu, wall, megabytes])  # to the run's end, from any xdist worker

    assert status == 1, out + err
    assert "Traceback" not in err and "Traceback" not in out
    shown = f"data/{folder}/{name}"
    found = {
        (code, int(line), int(column))
        for path, line, column, code in re.findall(r"^(\S+?):(\d+):(\d+): (?:error|warning)\[(\w+)\]", out, re.M)
        if path == shown
    }
    assert found == expected, out[:2000]
    assert not [line for line in out.splitlines() if line.startswith("data/") and not line.startswith(shown)], (
        "the case must not disturb other files"
    )
    assert max(len(line) for line in out.splitlines()) < 1000, "values are quoted briefly"
    assert out.rstrip().endswith("warning(s)"), "the summary line is printed"
    assert snapshot(data) == before, "validate changes no file"
