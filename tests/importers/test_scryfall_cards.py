"""counterpedia import scryfall --cards (files of Scryfall card objects, one set per file) and
counterpedia import jpnames, on the samples of tests/fixtures/scryfall-sets/ and tests/fixtures/jpname/."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from counterpedia.catalogue.new_kinds import holders_of
from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.importers.counter_text import CounterKind, CounterScanner
from counterpedia.storage.yamlio import load

from .conftest import KNIGHT, ROOT

SETS = ROOT / "tests" / "fixtures" / "scryfall-sets"
JPNAME = ROOT / "tests" / "fixtures" / "jpname" / "jpname.json"
# ../shared beside the main checkout (/work/main) or beside a worktree's folder (/work/wt/NAME)
SHARED = next(
    (
        p / "shared" / "data" / "external"
        for p in (ROOT.parent, ROOT.parent.parent)
        if (p / "shared" / "data" / "external").is_dir()
    ),
    ROOT.parent / "shared" / "data" / "external",
)

SETS_SOURCE = """id: sample-sets-20250301
type: dataset
title: Sample Scryfall set files
language: mul
date: "2025-03-01"
"""
JPNAME_SOURCE = """id: sample-jpname-20250927
type: dataset
title: Sample English to Japanese card names
language: mul
date: "2025-09-27"
"""


@pytest.fixture
def data(import_data: Path) -> Path:
    (import_data / "sources" / "sample-sets-20250301.yaml").write_text(SETS_SOURCE, encoding="utf-8")
    (import_data / "sources" / "sample-jpname-20250927.yaml").write_text(JPNAME_SOURCE, encoding="utf-8")
    return import_data


def run_cards(data: Path, *extra: str) -> list[str]:
    return [
        "import",
        "scryfall",
        "--cards",
        str(SETS / "all_cards_sm1.json"),
        str(SETS / "all_cards_sm2.json.gz"),
        "--via",
        "sample-sets-20250301",
        "--data",
        str(data),
        *extra,
    ]


def run_jpnames(data: Path, *extra: str) -> list[str]:
    return ["import", "jpnames", str(JPNAME), "--via", "sample-jpname-20250927", "--data", str(data), *extra]


def record(data: Path, kind: str, record_id: str):
    folder = data / kind / record_id[0] if kind == "cards" else data / kind
    return load(folder / f"{record_id}.yaml")


def snapshot(root: Path) -> dict:
    return {p: p.read_bytes() for p in root.rglob("*") if p.is_file() and ".cache" not in p.parts}


def test_cards_come_with_their_oracle_text_and_the_set_and_number_of_their_printings(data, capsys):
    assert main(run_cards(data)) == 0
    out = capsys.readouterr().out
    gatherer = record(data, "cards", "sample-acorn-gatherer")
    assert gatherer["oracle_id"] == "20000000-0000-4000-8000-000000000003"
    assert gatherer["names"]["en"] == {
        "text": "Sample Acorn Gatherer",
        "status": "official",
        "source": "wotc-oracle",
        "via": "sample-sets-20250301",
        "version": "2025-03-01",
    }
    assert gatherer["text"]["en"]["text"] == "At the beginning of your upkeep, put an acorn counter on this creature."
    assert [dict(p) for p in gatherer["printings"]] == [{"set": "SM1", "number": "3"}, {"set": "SM2", "number": "15"}]
    assert list(gatherer["counters"]) == ["acorn"]
    # the Japanese printing in the second file gives the printed name and text
    assert gatherer["names"]["ja"]["text"] == "見本のどんぐり集め"
    assert gatherer["names"]["ja"]["printing"] == {"set": "SM2", "number": "15"}
    assert "fr" not in gatherer["names"]  # no French printing: missing, not made up
    # faces: the counter is on the back face
    lantern = record(data, "cards", "sample-lantern-sample-lighthouse")
    assert list(lantern["counters"]) == ["plus1-plus1"] and "\n//\n" in lantern["text"]["en"]["text"]
    # a possessive: counters of any kind
    assert record(data, "cards", "sample-heir")["any_counter"] is True
    # no counter (the verb "counter the chosen spell", a plain card), and a token: not imported
    for name in ("sample-plain-bear", "sample-counterspell-mage", "sample-acorn-token"):
        assert not list(data.rglob(f"{name}.yaml")), name
    assert "1 tokens, emblems or art cards skipped" in out


def test_a_kind_the_catalogue_lacks_enters_it_with_the_card_that_shows_it(data, capsys):
    assert main(run_cards(data)) == 0
    out = capsys.readouterr().out
    stroopwafel = record(data, "counters", "stroopwafel")
    assert stroopwafel["names"]["en"] == {
        "text": "stroopwafel counter",
        "status": "official",
        "source": "wotc-oracle",
        "version": "2025-03-01",
        "via": "sample-sets-20250301",
        "printing": {"set": "SM1", "number": "1", "card": "Sample Stroopwafel Bag"},
    }
    assert list(stroopwafel["holders"]) == ["permanent"]
    assert "ja" not in stroopwafel["names"] and "fr" not in stroopwafel["names"]  # missing until a source gives them
    # only a playtest card shows it: the rule 100.7 note, as the catalogue's Un-card kinds have
    assert "Rule 100.7" in stroopwafel["notes"][0]["en"]["text"]
    assert list(stroopwafel["notes"][0]["en"]["cites"]) == ["cr", "sample-sets-20250301"]
    assert list(record(data, "cards", "sample-stroopwafel-bag")["counters"]) == ["stroopwafel"]
    # a kind of the excluded list leaves it, and gets no such note (a card meant for tournament play shows it)
    cell = record(data, "counters", "cell")
    assert "notes" not in cell
    assert list(record(data, "cards", "sample-cell-warden")["counters"]) == ["cell"]
    assert "cell" not in (data.parent / "catalogue" / "excluded-counters.yaml").read_text(encoding="utf-8")
    assert "new counter kinds: added 2" in out
    assert "leaves the excluded list (unverified)" in out
    assert [d.render() for d in validate([data])[1]] == []


def test_a_second_run_writes_nothing(data, capsys):
    assert main(run_cards(data)) == 0
    before = snapshot(data.parent)
    capsys.readouterr()
    assert main(run_cards(data)) == 0
    out = capsys.readouterr().out
    assert snapshot(data.parent) == before
    assert "wrote 0 file(s)" in out
    assert "new counter kinds: added 0" in out
    assert "printings: added 0 to 0 card(s), 8 unchanged" in out


def test_an_edit_is_never_overwritten_and_a_different_value_is_a_conflict(data, capsys):
    assert main(run_cards(data)) == 0
    out = capsys.readouterr().out
    knight = (data / "cards" / "s" / "sample-decor-knight.yaml").read_text(encoding="utf-8")
    assert knight.startswith(KNIGHT)  # every hand-written line kept, byte for byte
    assert "printings:" in knight and "oracle_id:" in knight
    assert "conflict: " in out and "names.en: the record has 'Sample Décor Knight (hand-edited)'" in out
    # a printing edited by hand stays; the one the import reads is added again at the end
    path = data / "cards" / "s" / "sample-acorn-gatherer.yaml"
    original = path.read_text(encoding="utf-8")
    edited = original.replace('  - set: SM1\n    number: "3"\n', '  - set: PHAND\n    number: "9"\n')
    assert edited != original
    path.write_text(edited, encoding="utf-8")
    assert main(run_cards(data)) == 0
    after = path.read_text(encoding="utf-8")
    assert after.startswith(edited.rstrip("\n")) and after.endswith('  - set: SM1\n    number: "3"\n')


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["--cards", "nowhere.json"], 2, "nowhere.json: no such file"),
        (["x.json", "--cards", str(SETS / "all_cards_sm1.json")], 2, "--cards reads files of card objects alone"),
        (["--cards", str(SETS / "all_cards_sm1.json"), "--via", "no-such-source"], 1, "no source record"),
    ],
)
def test_bad_usage_and_unknown_sources_are_refused(data, capsys, args, status, message):
    before = snapshot(data.parent)
    assert main(["import", "scryfall", *args, "--data", str(data)]) == status
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert snapshot(data.parent) == before


def test_a_file_that_is_not_card_objects_changes_nothing(data, tmp_path, capsys):
    rulings = tmp_path / "rulings.json.gz"
    with gzip.open(rulings, "wt", encoding="utf-8") as handle:
        handle.write(
            '[{"object": "ruling", "oracle_id": "x", "source": "wotc", "published_at": "2024-01-01", "comment": "c"}]'
        )
    truncated = tmp_path / "truncated.json"
    truncated.write_text((SETS / "all_cards_sm1.json").read_text(encoding="utf-8")[:3000], encoding="utf-8")
    before = snapshot(data.parent)
    for bad, message in ((rulings, "is a 'ruling' object, not a card"), (truncated, "truncated.json")):
        assert (
            main(
                [
                    "import",
                    "scryfall",
                    "--cards",
                    str(SETS / "all_cards_sm1.json"),
                    str(bad),
                    "--via",
                    "sample-sets-20250301",
                    "--data",
                    str(data),
                ]
            )
            == 1
        )
        err = capsys.readouterr().err
        assert message in err and "nothing was written" in err and "Traceback" not in err
    assert snapshot(data.parent) == before


def test_japanese_names_from_the_list_for_cards_without_one_and_disagreements_reported(data, capsys):
    assert main(run_cards(data)) == 0
    capsys.readouterr()
    assert main(run_jpnames(data)) == 0
    out = capsys.readouterr().out
    warden = record(data, "cards", "sample-cell-warden")
    assert warden["names"]["ja"] == {
        "text": "見本の独房番",
        "status": "official",
        "source": "wotc-printed-cards",
        "version": "2025-09-27",
        "via": "sample-jpname-20250927",
    }
    assert "fr" not in warden["names"]  # no source gives a French name: it stays missing
    assert (
        record(data, "cards", "sample-lantern-sample-lighthouse")["names"]["ja"]["text"]
        == "見本のランタン // 見本の灯台"
    )
    # the printed name read from a printing is kept; the list's other name is reported
    assert record(data, "cards", "sample-acorn-gatherer")["names"]["ja"]["text"] == "見本のどんぐり集め"
    assert (
        "names.ja: the record has '見本のどんぐり集め' (official, wotc-printed-cards, via sample-sets-20250301, "
        "printed on SM2 #15); the list gives '見本のどんぐり拾い'" in out
    )
    # two Japanese names for one English name, none, or one without a Japanese character: no name
    assert "ja" not in record(data, "cards", "sample-heir")["names"]
    assert "ja" not in record(data, "cards", "sample-stroopwafel-bag")["names"]
    assert "ja" not in record(data, "cards", "sample-decor-knight")["names"]
    assert "Japanese card names: added 2, unchanged 0, 1 differ" in out
    assert [d.render() for d in validate([data])[1]] == []
    before = snapshot(data.parent)
    assert main(run_jpnames(data)) == 0
    assert snapshot(data.parent) == before
    assert "added 0, unchanged 2, 1 differ" in capsys.readouterr().out


def test_jpnames_refuses_a_list_of_something_else(data, tmp_path, capsys):
    bad = tmp_path / "names.json"
    bad.write_text('[{"english": "Sample Cell Warden"}]', encoding="utf-8")
    before = snapshot(data.parent)
    assert main(["import", "jpnames", str(bad), "--via", "sample-jpname-20250927", "--data", str(data)]) == 1
    err = capsys.readouterr().err
    assert 'entry 0 has no "name"' in err and "Traceback" not in err
    assert snapshot(data.parent) == before


def test_the_scanner_reads_a_possessive_a_placeholder_and_a_chosen_spell():
    scanner = CounterScanner([CounterKind("plus1-plus1", "+1/+1")])
    assert scanner.scan("Put Zack Fair's counters on that creature.", ["Zack Fair"]).any_counter
    placeholder = scanner.scan("It enters with [keyword] counter.")
    assert not placeholder.unknown and not placeholder.any_counter
    chosen = scanner.scan("Surveil 2, then counter the chosen spell unless its controller pays {1}.")
    assert not chosen.unknown and not chosen.any_counter


def test_who_can_have_a_new_kind_is_what_its_card_says():
    assert holders_of("token", ["Whenever it attacks, you get two token counters."]) == ["player"]
    assert holders_of("mana", ["You can spend mana equal to the number of mana counters you have."]) == ["player"]
    assert holders_of("pause", ["Put a pause counter on it, then you lose 1 life for each pause counter on it."]) == [
        "permanent"
    ]
    assert holders_of("stall", ["Whenever you cast a spell while this card is exiled, put a stall counter on it."]) == [
        "card"
    ]


@pytest.mark.skipif(
    not (SHARED / "scryfall-sets-20251103" / "sets").is_dir(),
    reason="../shared/data/external/scryfall-sets-20251103/ is not here (reference data, never committed)",
)
def test_the_committed_data_holds_what_the_shared_set_files_show(capsys):
    """The import of the shared snapshot is committed: a dry run over two of its sets plans nothing."""
    sets = SHARED / "scryfall-sets-20251103" / "sets"
    assert (
        main(
            [
                "import",
                "scryfall",
                "--cards",
                str(sets / "all_cards_pip.json.gz"),
                str(sets / "all_cards_one.json.gz"),
                "--via",
                "scryfall-sets-20251103",
                "--data",
                str(ROOT / "data"),
                "--dry-run",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "would write 0 file(s)" in out
    mothman = load(ROOT / "data" / "cards" / "t" / "the-wise-mothman.yaml")
    assert "rad" in mothman["counters"] and {"set": "PIP", "number": "4"} in [dict(p) for p in mothman["printings"]]


@pytest.mark.skipif(
    not (SHARED / "mtgwiki-jpname-20250927" / "jpname.json").is_file(),
    reason="../shared/data/external/mtgwiki-jpname-20250927/ is not here (reference data, never committed)",
)
def test_the_committed_data_holds_the_shared_japanese_names(capsys):
    assert (
        main(
            [
                "import",
                "jpnames",
                str(SHARED / "mtgwiki-jpname-20250927" / "jpname.json"),
                "--data",
                str(ROOT / "data"),
                "--dry-run",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "would write 0 file(s)" in out
    assert "Japanese card names: would add 0," in out


@pytest.mark.parametrize("command", [run_cards, run_jpnames], ids=["cards", "jpnames"])
def test_an_import_refuses_a_data_folder_with_a_record_it_cannot_read(data, capsys, command):
    """As `import scryfall` and `import mtgjson` do: the record it cannot read may be the one it would update."""
    knight = data / "cards" / "s" / "sample-decor-knight.yaml"
    knight.write_text(knight.read_text(encoding="utf-8") + "names: [\n", encoding="utf-8")
    before = snapshot(data.parent)
    assert main(command(data)) == 1
    err = capsys.readouterr().err
    assert "1 record file(s) cannot be read" in err and "sample-decor-knight.yaml" in err, err
    assert snapshot(data.parent) == before
