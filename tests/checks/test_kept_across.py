"""The printed names' chosen names, kept from one `validate` to the next under the digest of what they are read from
(counterpedia.checks.kept_across): every field of that projection changed reads the cards again, anything else
does not, and the output is always the one of `--no-cache`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from counterpedia.checks import incremental, printed_names
from counterpedia.commands.cli import main
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


def validate(capsys, *arguments: str) -> tuple[int, str, str]:
    status = main(["validate", "data", *arguments])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def chosen_watched(monkeypatch) -> list[int]:
    """How many times the printed names are chosen from the cards from now on."""
    calls: list[int] = []
    original = printed_names.chosen
    monkeypatch.setattr(printed_names, "chosen", lambda *a: calls.append(1) or original(*a))
    return calls


# Each field of the projection (`printed_names.projection`), changed in a file.
PROJECTED = {
    "a printed Japanese text": lambda data: edit(
        data / CRUCIBLE, "の上に貯蔵カウンター１個", "の上に保管カウンター１個"
    ),
    "a printed French text": lambda data: edit(
        data / CRUCIBLE, "un marqueur « stock » sur", "un marqueur « réserve » sur"
    ),
    "a card's English text": lambda data: edit(data / CRUCIBLE, "Put a storage counter", "Put a charge counter"),
    "a printing's date": lambda data: edit(data / CRUCIBLE, 'version: "2021-07-23"', 'version: "2009-07-23"'),
    "a printing's set": lambda data: edit(data / CRUCIBLE, "printing: {set: AFC,", "printing: {set: PAFC,"),
    "a printing's collector number": lambda data: edit(data / CRUCIBLE, 'number: "231"', 'number: "231a"'),
    "the card's English name": lambda data: edit(
        data / CRUCIBLE, 'text: "Crucible of the Spirit Dragon", status', 'text: "Crucible of the Dragon", status'
    ),
    "a printed text's status": lambda data: edit(
        data / CRUCIBLE,
        'status: official, source: wotc-printed-cards, version: "2021-07-23", via: mtgjson-20220425,'
        ' printing: {set: AFC, number: "231"}}\n  ja',
        "status: machine, source: wotc-printed-cards, version: "
        '"2021-07-23", via: mtgjson-20220425, printing: {set: AFC, number: "231"}}\n  ja',
    ),
    "a counter's English name": lambda data: edit(data / STORAGE, "text: storage counter", "text: store counter"),
    "a counter's id": lambda data: (
        edit(data / STORAGE, "id: storage", "id: storage-2"),
        (data / STORAGE).rename(data / "counters" / "storage-2.yaml"),
    ),
    "a mechanic's type": lambda data: edit(
        data / "mechanics" / "mill.yaml", "type: keyword-action", "type: keyword-ability"
    ),
    "a card removed": lambda data: (data / CRUCIBLE).unlink(),
}


@pytest.mark.parametrize("change", PROJECTED.values(), ids=list(PROJECTED))
def test_a_projected_field_changed_reads_the_cards_again(data: Path, capsys, monkeypatch, change):
    assert "E180" in validate(capsys)[1]
    change(data)
    calls = chosen_watched(monkeypatch)
    cached = validate(capsys)
    assert calls, "the printed names were taken from the last run though what they are read from changed"
    assert validate(capsys, "--no-cache") == cached


# Changes outside the projection: the kept names are used, and the diagnostics are still this run's.
UNPROJECTED = {
    "the machine name checked": lambda data: edit(
        data / STORAGE, "ja: {text: 蓄積カウンター", "ja: {text: 貯蔵カウンター"
    ),
    "lines added above the name reported": lambda data: edit(
        data / STORAGE, "id: storage\n", "# moved\n\nid: storage\n"
    ),
    "a comment added to a card": lambda data: (data / CRUCIBLE).write_text(
        (data / CRUCIBLE).read_text(encoding="utf-8") + "# edited\n", encoding="utf-8"
    ),
}


@pytest.mark.parametrize("change", UNPROJECTED.values(), ids=list(UNPROJECTED))
def test_a_change_outside_the_projection_keeps_the_names_and_reports_this_runs_diagnostics(
    data: Path, capsys, monkeypatch, change
):
    before = validate(capsys)
    assert "E180" in before[1]
    change(data)
    calls = chosen_watched(monkeypatch)
    cached = validate(capsys)
    assert not calls
    assert validate(capsys, "--no-cache") == cached


def test_the_kept_names_are_those_of_an_uncached_run_and_no_cache_writes_none(data: Path, capsys, tmp_path: Path):
    uncached = validate(capsys, "--no-cache")
    assert not (tmp_path / "cache").exists()
    assert validate(capsys) == uncached  # computed, then kept
    edit(data / STORAGE, "id: storage\n", "# moved\n\nid: storage\n")
    edit(data / STORAGE, "# moved\n\nid: storage\n", "id: storage\n")  # the whole result is not the one kept…
    (data / "sources" / "new.yaml").write_text("id: new\ntype: editorial\ntitle: New\npublisher: Us\nlanguage: en\n")
    assert validate(capsys) == validate(capsys, "--no-cache")  # …the kept names are, and give the same output


def test_a_new_version_of_the_package_reads_the_cards_again(data: Path, capsys, monkeypatch):
    validate(capsys)
    monkeypatch.setattr(incremental, "__version__", "99.0")
    calls = chosen_watched(monkeypatch)
    cached = validate(capsys)
    assert calls, "the names kept by another version of the package were used"
    assert validate(capsys, "--no-cache") == cached


def test_a_kept_value_of_another_shape_is_computed_again(data: Path, capsys, monkeypatch, tmp_path: Path):
    expected = validate(capsys)
    across = next((tmp_path / "cache").glob("**/across-*"))
    stored = json.loads(across.read_text(encoding="utf-8"))
    stored["values"] = {key: [["counter", "storage"]] for key in stored["values"]}  # poisoned under the right key
    across.write_text(json.dumps(stored), encoding="utf-8")
    (data / CRUCIBLE).write_text((data / CRUCIBLE).read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    calls = chosen_watched(monkeypatch)
    assert validate(capsys) == expected and calls
    calls.clear()
    (data / CRUCIBLE).write_text((data / CRUCIBLE).read_text(encoding="utf-8") + "# again\n", encoding="utf-8")
    assert validate(capsys) == expected and not calls  # the good value replaced it
