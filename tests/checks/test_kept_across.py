"""The printed names' readings of the cards' texts, kept from one `validate` to the next under the digest of what they
are read from (counterpedia.checks.kept_across): a field of that projection changed reads again the texts it changed,
anything else does not, and the output is always the one of `--no-cache`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counterpedia.checks import incremental, printed_names
from tests.checks.test_incremental import edit, validate
from tests.checks.test_printed_names import card_record, counter

CRUCIBLE = "cards/crucible-of-the-spirit-dragon.yaml"
STORAGE = "counters/storage.yaml"


@pytest.fixture
def data(valid_data: Path, in_dir, tmp_path: Path, monkeypatch) -> Path:
    """The small valid data set with two printings of storage counters and a machine name they contradict (E180),
    validated from its parent folder with a cache of its own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("COUNTERPEDIA_NO_CACHE", raising=False)
    (valid_data / STORAGE).write_text(counter("storage", "storage counter", "蓄積カウンター"), encoding="utf-8")
    for code, number in (("AFC", "231"), ("CMD", "271")):
        file, text = card_record(code, number)
        (valid_data / "cards" / file).write_text(text, encoding="utf-8")
    in_dir(valid_data.parent)
    return valid_data


def read_watched(monkeypatch) -> list[str]:
    """The printed texts read from now on (set and language of each), rather than taken from the last run."""
    read: list[str] = []
    original = printed_names.read
    monkeypatch.setattr(
        printed_names,
        "read",
        lambda collector, item: read.append(f"{item.printing.set} {item.lang}") or original(collector, item),
    )
    return read


EVERY_TEXT = ["AFC fr", "AFC ja", "CMD fr", "CMD ja", "MH2 fr", "MH2 ja"]  # the valid data's card, and these two

# A printed text's reading is kept under the targets and the text's English, language and printed text: a change
# to one of those reads again the texts it changed (all of them for the targets), and nothing else.
READ_AGAIN = {
    "a printed Japanese text": (
        lambda data: edit(data / CRUCIBLE, "の上に貯蔵カウンター１個", "の上に保管カウンター１個"),
        ["AFC ja"],
    ),
    "a printed French text": (
        lambda data: edit(data / CRUCIBLE, "un marqueur « stock » sur", "un marqueur « réserve » sur"),
        ["AFC fr"],
    ),
    "a card's English text": (
        lambda data: edit(data / CRUCIBLE, "Put a storage counter", "Put a charge counter"),
        ["AFC fr", "AFC ja"],
    ),
    "a counter's English name": (
        lambda data: edit(data / STORAGE, "text: storage counter", "text: store counter"),
        EVERY_TEXT,
    ),
    "a counter's id": (
        lambda data: (
            edit(data / STORAGE, "id: storage", "id: storage-2"),
            (data / STORAGE).rename(data / "counters" / "storage-2.yaml"),
        ),
        EVERY_TEXT,
    ),
    "a mechanic's type": (
        lambda data: edit(data / "mechanics" / "mill.yaml", "type: keyword-action", "type: keyword-ability"),
        EVERY_TEXT,
    ),
    # Not read again: the printing (its sightings cite this run's), which texts there are, and the names checked.
    "a printing's date": (lambda data: edit(data / CRUCIBLE, 'version: "2021-07-23"', 'version: "2009-07-23"'), []),
    "a printing's set": (lambda data: edit(data / CRUCIBLE, "printing: {set: AFC,", "printing: {set: PAFC,"), []),
    "a printing's collector number": (lambda data: edit(data / CRUCIBLE, 'number: "231"', 'number: "231a"'), []),
    "the card's English name": (
        lambda data: edit(
            data / CRUCIBLE, 'text: "Crucible of the Spirit Dragon", status', 'text: "Crucible of the Dragon", status'
        ),
        [],
    ),
    "a printed text no longer official": (
        lambda data: edit(
            data / CRUCIBLE,
            'status: official, source: wotc-printed-cards, version: "2021-07-23", via: mtgjson-20220425,'
            ' printing: {set: AFC, number: "231"}}\n  ja',
            'status: machine, source: wotc-printed-cards, version: "2021-07-23", via: mtgjson-20220425,'
            ' printing: {set: AFC, number: "231"}}\n  ja',
        ),
        [],
    ),
    "a card removed": (lambda data: (data / CRUCIBLE).unlink(), []),
    "the machine name checked": (
        lambda data: edit(data / STORAGE, "ja: {text: 蓄積カウンター", "ja: {text: 貯蔵カウンター"),
        [],
    ),
    "lines added above the name reported": (
        lambda data: edit(data / STORAGE, "id: storage\n", "# moved\n\nid: storage\n"),
        [],
    ),
    "a comment added to a card": (
        lambda data: (data / CRUCIBLE).write_text(
            (data / CRUCIBLE).read_text(encoding="utf-8") + "# edited\n", encoding="utf-8"
        ),
        [],
    ),
}


@pytest.mark.parametrize("change, read_again", READ_AGAIN.values(), ids=list(READ_AGAIN))
def test_an_edit_reads_again_the_texts_it_changed_and_prints_what_an_uncached_run_prints(
    data: Path, capsys, monkeypatch, change, read_again
):
    before = validate(capsys)
    assert "E180" in before[1]
    change(data)
    read = read_watched(monkeypatch)
    cached = validate(capsys)
    assert sorted(read) == read_again
    assert validate(capsys, "--no-cache") == cached


def test_the_kept_readings_are_those_of_an_uncached_run_and_no_cache_writes_none(data: Path, capsys, tmp_path: Path):
    uncached = validate(capsys, "--no-cache")
    assert not (tmp_path / "cache").exists()
    assert validate(capsys) == uncached  # read, then kept
    (data / "sources" / "new.yaml").write_text("id: new\ntype: editorial\ntitle: New\npublisher: Us\nlanguage: en\n")
    assert validate(capsys) == validate(capsys, "--no-cache")  # the whole result is not the one kept, the readings are


def test_a_new_version_of_the_package_reads_the_cards_again(data: Path, capsys, monkeypatch):
    validate(capsys)
    monkeypatch.setattr(incremental, "__version__", "99.0")
    read = read_watched(monkeypatch)
    cached = validate(capsys)
    assert sorted(read) == EVERY_TEXT, "the readings kept by another version of the package were used"
    assert validate(capsys, "--no-cache") == cached


def test_a_kept_value_of_another_shape_is_computed_again(data: Path, capsys, monkeypatch, tmp_path: Path):
    expected = validate(capsys)
    across = next((tmp_path / "cache").glob("**/across-*"))
    stored = json.loads(across.read_text(encoding="utf-8"))
    poisons = [  # under the right keys: another shape, a record no target is
        [[["counter", "storage"]], None, []],
        [[], None, [["mechanic", "no-such-mechanic", "ja", "名前", "名前", "keyword-line"]]],
    ]
    stored["values"] = {key: poisons[n % 2] for n, key in enumerate(stored["values"])}
    across.write_text(json.dumps(stored), encoding="utf-8")
    (data / CRUCIBLE).write_text((data / CRUCIBLE).read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    read = read_watched(monkeypatch)
    assert validate(capsys) == expected and sorted(read) == EVERY_TEXT
    read.clear()
    (data / CRUCIBLE).write_text((data / CRUCIBLE).read_text(encoding="utf-8") + "# again\n", encoding="utf-8")
    assert validate(capsys) == expected and not read  # the good values replaced them


def test_the_same_text_under_two_languages_is_read_in_each(data: Path, capsys):
    """A text's reading depends on its language (a Japanese text filed as French names no French counter): the same
    text under ja and fr gives two readings, in this run and in the next, as without the cache."""
    lines = (data / CRUCIBLE).read_text(encoding="utf-8").splitlines()
    japanese = next(line for line in lines if line.startswith("  ja: {text: ")).split(", status:")[0]
    lines = [
        japanese.replace("  ja:", "  fr:") + ", status:" + line.split(", status:", 1)[1]
        if line.startswith("  fr: {text: ")
        else line
        for line in lines
    ]
    (data / CRUCIBLE).write_text("\n".join(lines) + "\n", encoding="utf-8")
    first = validate(capsys)
    assert "the machine ja name '蓄積カウンター' differs from '貯蔵カウンター'" in first[1]
    edit(data / STORAGE, "id: storage\n", "# the whole result is not the one kept\nid: storage\n")
    cached = validate(capsys)
    assert validate(capsys, "--no-cache") == cached
    assert "the machine ja name '蓄積カウンター' differs from '貯蔵カウンター'" in cached[1]
