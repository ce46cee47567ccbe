"""counterpedia.checks.incremental: `validate` replays the diagnostics of an earlier run only when nothing they
depend on has changed; a cached run prints exactly what `validate --no-cache` prints."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from counterpedia.checks import incremental, per_file
from counterpedia.checks import memory as memory_check
from counterpedia.commands.cli import main
from counterpedia.model import memory
from counterpedia.model.provenance import text_hash
from counterpedia.storage import file_digests
from counterpedia.storage import load as load_module
from counterpedia.storage.parse_cache import cache_file
from counterpedia.storage.result_cache import result_file

RAD_RULING = (
    "Rad counters are a kind of counter that a player may have. They’re not associated with any specific permanents."
)


def memory_shard(ja: str) -> str:
    key, version = memory.key(RAD_RULING), "2024-03-08"
    translates = f'{{lang: en, version: "{version}", hash: "{text_hash(RAD_RULING)}"}}'
    machine = f'status: machine\n        source: counterpedia-mt\n        version: "2026-12-01"\n        translates: {translates}'
    return (
        f'id: "{memory.shard(key)}"\ntranslations:\n  - id: "{key}"\n    text:\n'
        f"      en:\n        text: {RAD_RULING}\n        status: official\n        source: wotc-pip-release-notes\n"
        f'        version: "{version}"\n'
        f"      ja:\n        text: {ja}\n        {machine}\n"
        f"      fr:\n        text: Les marqueurs « rad » sont un type de marqueur qu'un joueur peut avoir.\n        {machine}\n"
    )


@pytest.fixture
def data(valid_data: Path, in_dir, tmp_path: Path, monkeypatch) -> Path:
    """The small valid data set with a translation memory whose one entry three rulings use, validated from its
    parent folder with a cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("COUNTERPEDIA_NO_CACHE", raising=False)
    in_dir(valid_data.parent)
    rulings = valid_data / "rulings"
    original = (rulings / "2024-03-08-rad-01.yaml").read_text(encoding="utf-8")
    for number in ("02", "03"):
        (rulings / f"2024-03-08-rad-{number}.yaml").write_text(original.replace("rad-01", f"rad-{number}"), "utf-8")
    shard = valid_data / "translation-memory" / f"{memory.shard(memory.key(RAD_RULING))}.yaml"
    shard.parent.mkdir()
    shard.write_text(
        memory_shard("RADカウンターはプレイヤーが持つことのあるカウンターの一種である。"), encoding="utf-8"
    )
    return valid_data


def validate(capsys, *arguments: str) -> tuple[int, str, str]:
    status = main(["validate", "data", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def swap(first: Path, second: Path) -> None:
    texts = first.read_bytes(), second.read_bytes()
    first.write_bytes(texts[1])
    second.write_bytes(texts[0])


def add_error(data: Path) -> None:
    edit(data / "counters" / "time.yaml", "holders: [card, permanent]", "holders: [card, nobody]")


EDITS = {
    "an error added": add_error,
    "an id another record references renamed": lambda data: edit(data / "counters" / "rad.yaml", "id: rad", "id: radd"),
    "a memory entry three rulings use changed": lambda data: edit(
        next((data / "translation-memory").glob("*.yaml")), "RADカウンターは", "放射線は"
    ),
    "a record added": lambda data: (data / "sources" / "new.yaml").write_text("id: new\n", encoding="utf-8"),
    "a record another references removed": lambda data: (data / "counters" / "time.yaml").unlink(),
    "an impossible date": lambda data: edit(
        data / "counters" / "time.yaml", 'version: "2022-04-25", via', 'version: "2022-02-30", via'
    ),
    "a record copied under another name (its id used twice)": lambda data: (
        data / "counters" / "time-2.yaml"
    ).write_text((data / "counters" / "time.yaml").read_text(encoding="utf-8"), encoding="utf-8"),
    "a memory entry's text, which three rulings take, given a bidirectional override": lambda data: edit(
        next((data / "translation-memory").glob("*.yaml")), "RADカウンターは", "RAD\u202eカウンターは"
    ),
    "the name of a counter a memory entry's English names changed": lambda data: edit(
        data / "counters" / "rad.yaml", "ja: {text: RADカウンター,", "ja: {text: 放射能カウンター,"
    ),
    "the type of a source many texts cite changed": lambda data: edit(
        data / "sources" / "counterpedia-mt.yaml", "type: machine-translation", "type: editorial"
    ),
    "a ruling's own text given a control character": lambda data: edit(
        data / "rulings" / "2024-03-08-rad-02.yaml", "They’re not", "They’re\u0007 not"
    ),
    "a record renamed (its text, and so its parsed data, unchanged)": lambda data: (
        data / "counters" / "time.yaml"
    ).rename(data / "counters" / "time-renamed.yaml"),
    "two files' texts swapped": lambda data: swap(
        data / "rulings" / "2024-03-08-rad-02.yaml", data / "rulings" / "2024-03-08-rad-03.yaml"
    ),
    "a reviewed list changed": lambda data: (
        (data.parent / "catalogue").mkdir()
        or (data.parent / "catalogue" / "excluded-counters.yaml").write_text("[unparsable\n", encoding="utf-8")
    ),
}


@pytest.mark.parametrize("change", EDITS.values(), ids=list(EDITS))
def test_after_an_edit_the_cached_run_prints_what_an_uncached_run_prints(data: Path, capsys, change):
    before = validate(capsys)
    assert validate(capsys) == before  # from the cache
    change(data)
    cached = validate(capsys)
    assert cached != before, "the edit changes what validate reports"
    assert validate(capsys, "--no-cache") == cached
    assert validate(capsys) == cached  # and the new result is the one kept


def test_an_error_fixed_is_no_longer_reported(data: Path, capsys):
    add_error(data)
    status, out, _ = validate(capsys)
    assert status == 1 and "time.yaml" in out
    edit(data / "counters" / "time.yaml", "holders: [card, nobody]", "holders: [card, permanent]")
    assert validate(capsys) == validate(capsys, "--no-cache") == (0, "", "no problems found\n")


def test_nothing_changed_checks_nothing_again_and_no_cache_writes_none(data: Path, capsys, monkeypatch):
    assert validate(capsys, "--no-cache")[0] == 0
    assert not (data.parent / "cache").exists() and not Path(result_file(data, "validated")).exists()
    first = validate(capsys)
    monkeypatch.setattr(incremental, "validate", lambda *a: pytest.fail("validated again though nothing changed"))
    assert validate(capsys) == first


def test_other_arguments_are_never_answered_with_another_runs_result(data: Path, capsys):
    add_error(data)
    validate(capsys)
    status = main(["validate", "data/rulings"])  # the error in counters/time.yaml is not about these files
    assert (status, capsys.readouterr().out) == (0, "")


def test_a_new_version_of_the_package_checks_again(data: Path, capsys, monkeypatch):
    first = validate(capsys)
    calls = []
    original = incremental.validate
    monkeypatch.setattr(incremental, "validate", lambda *a: calls.append(a) or original(*a))
    monkeypatch.setattr(incremental, "__version__", "99.0")
    assert validate(capsys) == first and len(calls) == 1


@pytest.mark.parametrize(
    "content",
    [b"\x80\x04cos\nsystem\n(S'echo owned'\ntR.", b"{", b'{"format": 999, "entries": {}}', b"\xff\xfe"],
    ids=["pickle", "truncated", "another format", "not text"],
)
def test_a_corrupt_or_foreign_cache_is_ignored(data: Path, capsys, content: bytes):
    expected = validate(capsys, "--no-cache")
    path = result_file(data, "validated")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    assert validate(capsys) == expected
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == 1  # replaced by a good one


@pytest.mark.parametrize("damage", [b"", b"garbage", None], ids=["emptied", "garbage", "truncated"])
def test_corrupt_parse_and_digest_caches_are_ignored(data: Path, capsys, monkeypatch, damage: bytes | None):
    """The parsed records' snapshot and the files' digests damaged (a full disk, a crash of another program): what
    they held is read and parsed again, and the output is the uncached run's."""
    monkeypatch.setattr(file_digests, "RACY_NS", 0)
    validate(capsys)
    add_error(data)
    for path in (cache_file(data), result_file(data, "digests")):
        content = path.read_bytes()
        path.write_bytes(damage if damage is not None else content[: len(content) // 2])
    cached = validate(capsys)
    assert cached[0] == 1 and cached == validate(capsys, "--no-cache")
    assert validate(capsys) == cached


def test_a_poisoned_entry_under_the_right_key_is_ignored(data: Path, capsys):
    add_error(data)
    expected = validate(capsys, "--no-cache")
    validate(capsys)
    path = result_file(data, "validated")
    stored = json.loads(path.read_text(encoding="utf-8"))
    (key,) = stored["entries"]
    for poison in ([["data/x.yaml", 1, 1, "E999", "no such code", ""]], [["data/x.yaml", "1"]], {"a": 1}):
        stored["entries"][key] = poison
        path.write_text(json.dumps(stored), encoding="utf-8")
        assert validate(capsys) == expected


def test_an_unwritable_cache_is_ignored(data: Path, capsys, tmp_path: Path, monkeypatch):
    expected = validate(capsys, "--no-cache")
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert validate(capsys) == expected
    assert validate(capsys) == expected


def test_a_half_applied_write_is_reported_on_every_run(data: Path, capsys):
    validate(capsys)
    (data / ".counterpedia-journal.json").write_text("{}", encoding="utf-8")
    assert validate(capsys) == validate(capsys, "--no-cache")


UNVOUCHED = {
    "a file over 4 MB": lambda sources: (sources / "huge.yaml").write_text(
        "id: huge\ntitle: " + "x" * (5 * 1024 * 1024) + "\n", encoding="utf-8"
    ),
    "a link": lambda sources: (sources / "link.yaml").symlink_to(sources / "cr.yaml"),
}


@pytest.mark.parametrize("add", UNVOUCHED.values(), ids=list(UNVOUCHED))
def test_what_the_digest_cannot_vouch_for_is_validated_afresh(data: Path, capsys, monkeypatch, add):
    add(data / "sources")
    expected = validate(capsys, "--no-cache")
    calls = []
    original = incremental.validate
    monkeypatch.setattr(incremental, "validate", lambda *a: calls.append(a) or original(*a))
    assert validate(capsys) == validate(capsys) == expected and len(calls) == 2


def test_a_file_saved_in_place_with_its_size_and_date_is_read_again(data: Path, capsys, monkeypatch):
    """A digest is remembered under the file's size, mtime, ctime and inode: an edit that keeps the size and sets
    the modification time back (an editor preserving it, `touch -r`) still changes the ctime, and is seen."""
    monkeypatch.setattr(file_digests, "RACY_NS", 0)  # remember even the files written a moment ago
    path = data / "counters" / "time.yaml"
    before = validate(capsys)
    assert validate(capsys) == before
    status = path.stat()
    text = path.read_text(encoding="utf-8")
    time.sleep(0.05)  # a tick of the file system's clock: the ctime of the write below differs
    with open(path, "r+", encoding="utf-8") as stream:  # the same inode, the same size
        stream.write(text.replace("holders: [card, permanent]", "holders: [card, nobodies]"))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert path.stat().st_size == status.st_size and path.stat().st_mtime_ns == status.st_mtime_ns
    after = validate(capsys)
    assert after[0] == 1 and "time.yaml" in after[1]
    assert validate(capsys, "--no-cache") == after


def test_files_not_changed_are_not_read_again(data: Path, capsys, monkeypatch):
    monkeypatch.setattr(file_digests, "RACY_NS", 0)
    validate(capsys)
    edit(data / "counters" / "time.yaml", "holders: [card, permanent]", "holders: [card, nobody]")
    opened = []
    real_open = open

    def watched(file, *args, **kwargs):
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(file_digests, "open", watched, raising=False)
    read = []
    original = load_module.read_record_bytes
    monkeypatch.setattr(load_module, "read_record_bytes", lambda path: read.append(path.name) or original(path))
    validate(capsys)
    assert [Path(p).name for p in opened] == ["time.yaml"]  # hashed once, though the key is computed twice
    assert read == []  # parsed from the bytes hashed; the others' records come from the parse cache


def test_after_a_clone_each_file_is_read_once(data: Path, capsys, monkeypatch):
    """No cache at all: each record file is read once, for its digest and its parse alike."""
    monkeypatch.setattr(file_digests, "RACY_NS", 0)  # files written a moment ago are not read again for the key
    expected = validate(capsys, "--no-cache")
    opened: list[str] = []
    real_open = open
    monkeypatch.setattr(file_digests, "open", lambda f, *a: opened.append(str(f)) or real_open(f, *a), raising=False)
    read: list[str] = []
    original = load_module.read_record_bytes
    monkeypatch.setattr(load_module, "read_record_bytes", lambda path: read.append(str(path)) or original(path))
    assert validate(capsys) == expected
    records = sorted(str(p) for p in data.rglob("*.yaml"))
    assert sorted(p for p in opened if Path(p).resolve().is_relative_to(data.resolve())) == records
    assert read == []


def recheck_watched(monkeypatch) -> list[str]:
    """The files whose records the per-record checks (schema, dates, …) check from now on."""
    checked: list[str] = []
    original = per_file.checked
    monkeypatch.setattr(
        per_file, "checked", lambda kb, records: checked.extend(r.path for r in records) or original(kb, records)
    )
    return checked


def test_after_an_edit_the_per_record_checks_check_that_file_alone(data: Path, capsys, monkeypatch):
    validate(capsys)
    add_error(data)
    checked = recheck_watched(monkeypatch)
    status, out, _ = validate(capsys)
    assert status == 1 and "time.yaml" in out
    assert set(checked) == {"data/counters/time.yaml"}


def test_a_memory_entry_changed_checks_again_the_rulings_that_take_its_texts(data: Path, capsys, monkeypatch):
    validate(capsys)
    shard = next((data / "translation-memory").glob("*.yaml"))
    edit(shard, "RADカウンターは", "放射線は")
    checked = recheck_watched(monkeypatch)
    validate(capsys)
    assert set(checked) == {f"data/translation-memory/{shard.name}"} | {
        f"data/rulings/2024-03-08-rad-0{n}.yaml" for n in (1, 2, 3)
    }


def test_a_record_that_becomes_a_duplicate_is_checked_as_one(data: Path, capsys):
    """A file another one loaded first takes the id of holds a duplicate, which only the schema and the file name
    check look at: its text has not changed, its diagnostics have."""
    time_record = data / "counters" / "time.yaml"
    text = time_record.read_text(encoding="utf-8")
    edit(time_record, 'version: "2022-04-25", via', 'version: "2022-02-30", via')
    before = validate(capsys)
    assert "E130" in before[1]
    (data / "counters" / "a-time.yaml").write_text(text.replace("id: time", "id: time # a copy"), encoding="utf-8")
    after = validate(capsys)
    assert validate(capsys, "--no-cache") == after != before


def test_a_name_the_memory_uses_changed_checks_its_entries_again(data: Path, capsys, monkeypatch):
    """An entry's terminology is checked against the glossary: a counter's name changed in its own file checks the
    memory's entries again (and nothing else of the per-record checks but that file)."""
    validate(capsys)
    edit(data / "counters" / "rad.yaml", "ja: {text: RADカウンター,", "ja: {text: 放射能カウンター,")
    entries = []
    original = memory_check.check_entry
    monkeypatch.setattr(
        memory_check, "check_entry", lambda entry, words: entries.append(entry.id) or original(entry, words)
    )
    checked = recheck_watched(monkeypatch)
    status, out, _ = validate(capsys)
    assert "E509" in out and entries and set(checked) == {"data/counters/rad.yaml"}


def test_a_source_changed_checks_again_the_texts_that_cite_it(data: Path, capsys, monkeypatch):
    """Provenance (W203) reads the type of the source a text cites: a source edited in its own file checks the
    citing records again, though their files did not change."""
    validate(capsys)
    edit(data / "sources" / "counterpedia-mt.yaml", "type: machine-translation", "type: editorial")
    status, out, _ = validate(capsys)
    assert "W203" in out and "data/counters/time.yaml" in out
    assert validate(capsys, "--no-cache") == (status, out, _)
