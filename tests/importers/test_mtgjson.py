"""counterpedia import mtgjson: on the real excerpts of tests/fixtures/mtgjson/, compressed or not, per set or
AllPrintings-shaped, malformed, twice, and against hand-edited records."""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import shutil
from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.storage import parse_cache
from counterpedia.storage.yamlio import load

from ..data_copies import link_or_copy, seed_parsed

ROOT = Path(__file__).resolve().parents[2]
EXCERPTS = ROOT / "tests" / "fixtures" / "mtgjson"
SETS = sorted(EXCERPTS.glob("*.json"))

# A record written by hand before any import: found by its English name, it gets its Oracle ID; its hand-made
# Japanese name differs from the printed one (a conflict, kept); its missing French name and texts are added.
# It is in fmt's layout (languages in the schema's order), as `counterpedia fmt --check` keeps every record.
ABOROTH = """# Written by hand: keep me.
id: aboroth
names:
  ja:
    text: アボロス (hand-edited)
    status: official
    source: wotc-printed-cards
    version: "1997-06-09"
  en:
    text: Aboroth
    status: official
    source: wotc-oracle
    version: "2022-04-25"
counters:
  - minus1-minus1
"""


@pytest.fixture
def mtgjson_data(tmp_path: Path, parsed_data, untouched_data) -> Path:
    """The project's counters, rules, mechanics, sources and loose rulings, with only the cards those rulings
    name, and a hand-written Aboroth. Its files are hard links to data/'s (the commands replace a file by a rename:
    tests/data_copies.py), and it starts with data/'s parse snapshot: only the files it does not hold are parsed."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("cards"), copy_function=link_or_copy)
    named = set()
    for ruling in (data / "rulings").glob("*.yaml"):
        named |= set((load(ruling).get("about") or {}).get("cards") or [])
    for card_id in named:
        (data / "cards" / card_id[0]).mkdir(parents=True, exist_ok=True)
        link_or_copy(
            ROOT / "data" / "cards" / card_id[0] / f"{card_id}.yaml", data / "cards" / card_id[0] / f"{card_id}.yaml"
        )
    (data / "cards" / "a").mkdir(exist_ok=True)
    (data / "cards" / "a" / "aboroth.yaml").write_text(ABOROTH, encoding="utf-8")  # a file of its own: no link
    # The reviewed lists beside the data, but the auto-linking stop list: it names cards of the real data that
    # this handful of sets does not bring (validate: E156).
    shutil.copytree(
        ROOT / "catalogue",
        tmp_path / "catalogue",
        ignore=shutil.ignore_patterns("autolink-stop-list.yaml"),
        copy_function=link_or_copy,
    )
    seed_parsed(data, parsed_data)
    return data


def copy_of(data: Path, target: Path) -> Path:
    """Another copy of `data` (hard links), which starts with the parse snapshot `data` has."""
    shutil.copytree(data, target, copy_function=link_or_copy)
    snapshot = parse_cache.cache_file(data)
    seed_parsed(target, snapshot if snapshot.is_file() else None)
    return target


def imported(data: Path, *paths: Path, extra=()) -> int:
    return main(["import", "mtgjson", *[str(p) for p in paths], "--data", str(data), *extra])


def card(data: Path, card_id: str):
    return load(data / "cards" / card_id[0] / f"{card_id}.yaml")


def snapshot(data: Path) -> dict:
    return {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}


def test_cards_texts_and_printings(mtgjson_data, capsys):
    assert imported(mtgjson_data, *SETS) == 0
    out = capsys.readouterr().out
    assert "MTGJSON 5.2.0+20220425 (build 2022-04-25)" in out

    ao = card(mtgjson_data, "ao-the-dawn-sky")
    assert ao["oracle_id"] == "697ac261-263b-4879-bf45-6d10d23312ae"
    assert list(ao["counters"]) == ["plus1-plus1"]
    assert ao["names"]["en"] == {
        "text": "Ao, the Dawn Sky",
        "status": "official",
        "source": "wotc-oracle",
        "via": "mtgjson-20220425",
        "version": "2022-04-25",
    }
    assert ao["names"]["ja"] == {
        "text": "夜明けの空、猗旺",
        "status": "official",
        "source": "wotc-printed-cards",
        "via": "mtgjson-20220425",
        "version": "2022-02-18",
        "printing": {"set": "NEO", "number": "2"},
    }
    assert ao["names"]["fr"]["text"] == "Ao, le ciel de l'aube"
    assert ao["text"]["en"]["text"].startswith("Flying, vigilance\nWhen Ao, the Dawn Sky dies, choose one —\n")
    assert "＋１/＋１カウンター２個を置く" in ao["text"]["ja"]["text"]
    assert "translates" not in ao["text"]["ja"]  # a printed text is the text of its printing, not a translation
    # a double-faced Saga: both faces' Oracle texts, no printed ja/fr in this build
    moths = card(mtgjson_data, "befriending-the-moths-imperial-moth")
    assert list(moths["counters"]) == ["lore"]
    assert moths["text"]["en"]["text"].endswith("\n//\nFlying") and set(moths["names"]) == {"en"}
    # an adventure: the printed Japanese faces joined like the English ones
    tuinvale = card(mtgjson_data, "tuinvale-treefolk-oaken-boon")
    assert tuinvale["names"]["ja"]["text"].count(" // ") == 1 and tuinvale["text"]["ja"]["text"].count("\n//\n") == 1
    # "counter target spell" is not a counter
    assert not list(mtgjson_data.rglob("spell-pierce.yaml"))


def test_the_most_recent_printing_gives_the_printed_texts_whatever_the_file_order(mtgjson_data):
    m13, m21 = EXCERPTS / "M13.json", EXCERPTS / "M21.json"
    assert imported(mtgjson_data, m21, m13) == 0
    dryad = card(mtgjson_data, "quirion-dryad")
    assert dryad["text"]["ja"]["printing"] == {"set": "M21", "number": "198"}
    assert dryad["text"]["ja"]["version"] == "2020-07-03"
    shutil.rmtree(mtgjson_data / "cards" / "q")
    assert imported(mtgjson_data, m13, m21) == 0
    assert card(mtgjson_data, "quirion-dryad")["text"]["ja"]["printing"] == {"set": "M21", "number": "198"}


def test_rulings_are_embedded_and_about_only_what_their_text_shows(mtgjson_data, capsys):
    assert imported(mtgjson_data, *SETS) == 0
    out = capsys.readouterr().out
    lawyer = card(mtgjson_data, "rules-lawyer")
    assert lawyer["any_counter"] is True and "counters" not in lawyer
    rulings = lawyer["rulings"]
    assert len(rulings) == 21 and len({r["id"] for r in rulings}) == 21
    first = rulings[0]
    assert first["source"] == "mtgjson-rulings-20220425" and first["original"] == "en"
    assert first["text"]["en"]["status"] == "community" and first["text"]["en"]["source"] == "mtgjson-rulings-20220425"
    assert first["text"]["en"]["version"] == first["date"] == "2018-01-19"
    poison = [r for r in rulings if "poison counter buffet" in r["text"]["en"]["text"]][0]
    assert list(poison["about"]["counters"]) == ["poison"]
    # 2018's "704.5q" may be another rule in today's numbering: no rule is claimed
    assert not any("rules" in (r.get("about") or {}) for r in rulings)
    assert "rule number(s) in rulings older than the data's quote" in out
    aboroth = card(mtgjson_data, "aboroth")
    [ruling] = aboroth["rulings"]
    assert dict(ruling["about"]) == {"counters": ["age"], "mechanics": ["cumulative-upkeep"]}


def test_any_counter_cards(mtgjson_data):
    assert imported(mtgjson_data, EXCERPTS / "ZEN.json") == 0
    hexmage = card(mtgjson_data, "vampire-hexmage")
    assert hexmage["any_counter"] is True and "counters" not in hexmage
    assert len(hexmage["rulings"]) == 2


def test_plainly_wrong_printed_entries_are_skipped_and_reported(mtgjson_data, capsys):
    assert imported(mtgjson_data, EXCERPTS / "AFR.json") == 0
    out = capsys.readouterr().out
    trelasarra = card(mtgjson_data, "trelasarra-moon-dancer")
    # its "Japanese" and "French" entries on AFR #236 are the English name and text: all left out
    assert set(trelasarra["names"]) == {"en"} and set(trelasarra["text"]) == {"en"}
    assert "ja name of Trelasarra, Moon Dancer on AFR #236: 'Trelasarra, Moon Dancer': a Japanese name without" in out
    assert "fr text of Trelasarra, Moon Dancer on AFR #236" in out and "a French text that is the English text" in out
    assert (
        "fr name of Trelasarra, Moon Dancer on AFR #236: 'Trelasarra, Moon Dancer': the English name, on an entry "
        "whose text is the English text" in out
    )


def test_a_french_name_equal_to_the_english_one_is_kept_when_its_text_is_french():
    from counterpedia.importers.printed import wrong_name

    assert wrong_name("fr", "Aboroth", "Aboroth") is None
    assert wrong_name("fr", "Aboroth", "Aboroth", text_is_wrong=True) is not None


def test_a_french_text_that_is_the_english_one_without_its_reminder_text_is_plainly_wrong():
    from counterpedia.importers.printed import wrong_text

    english = (
        "Whenever you gain life, put a +1/+1 counter on Trelasarra, Moon Dancer and scry 1. (Look at the top "
        "card of your library. You may put that card on the bottom of your library.)"
    )
    # AFR #346 in MTGJSON 5.2.0: its "French" entry is the English text without the reminder text
    assert (
        wrong_text(
            "fr", ["Whenever you gain life, put a +1/+1 counter on Trelasarra, Moon Dancer and scry 1."], [english]
        )
        is not None
    )
    assert (
        wrong_text(
            "fr",
            ["Chaque fois que vous gagnez des points de vie, mettez un marqueur +1/+1 sur Trelasarra et regardez 1."],
            [english],
        )
        is None
    )


def test_a_hand_edited_record_is_found_by_name_kept_and_completed(mtgjson_data, capsys):
    assert imported(mtgjson_data, EXCERPTS / "WTH.json") == 0
    out = capsys.readouterr().out
    text = (mtgjson_data / "cards" / "a" / "aboroth.yaml").read_text(encoding="utf-8")
    # every hand-written line is still there, byte for byte and in order; the additions come between and after them
    assert text.startswith(ABOROTH.split("counters:")[0])
    lines = iter(text.splitlines())
    assert all(any(line == kept for line in lines) for kept in ABOROTH.splitlines())
    record = load(mtgjson_data / "cards" / "a" / "aboroth.yaml")
    assert record["oracle_id"] == "28f70f86-19a9-4811-bc10-423a05842d39"
    assert record["names"]["ja"]["text"] == "アボロス (hand-edited)"  # kept
    assert list(record["counters"]) == ["minus1-minus1", "age"]  # the missing kind is added after the hand-made list
    assert (
        "conflict: " in out
        and "aboroth.yaml: names.ja: the record has 'アボロス (hand-edited)'; the import reads "
        "'アボロス' (printed on WTH #117, 1997-06-09): kept"
        in out
    )


def test_a_ruling_already_there_gets_the_links_it_lacks_and_keeps_the_rest(mtgjson_data, capsys):
    """A counter kind added to the catalogue after an import: the next run links the rulings that name it."""
    assert imported(mtgjson_data, EXCERPTS / "WTH.json") == 0
    path = mtgjson_data / "cards" / "a" / "aboroth.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("      counters:\n        - age\n") == 1
    path.write_text(text.replace("      counters:\n        - age\n", "", 1), encoding="utf-8")
    capsys.readouterr()
    assert imported(mtgjson_data, EXCERPTS / "WTH.json") == 0
    out = capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == text
    [links] = [line for line in out.splitlines() if line.startswith("ruling links")]
    assert links.split()[2:5] == ["1", "1", "0"]  # added, unchanged (the mechanic), conflict


def test_a_second_run_changes_no_file(mtgjson_data, capsys):
    assert imported(mtgjson_data, *SETS) == 0
    before = snapshot(mtgjson_data)
    capsys.readouterr()
    assert imported(mtgjson_data, *SETS) == 0
    out = capsys.readouterr().out
    assert "wrote 0 file(s)" in out
    assert snapshot(mtgjson_data) == before


def test_dry_run_writes_nothing(mtgjson_data, capsys):
    before = snapshot(mtgjson_data)
    assert imported(mtgjson_data, *SETS, extra=["--dry-run"]) == 0
    assert "would write" in capsys.readouterr().out
    assert snapshot(mtgjson_data) == before


def test_the_imported_data_validates(mtgjson_data, in_dir):
    assert imported(mtgjson_data, *SETS) == 0
    in_dir(mtgjson_data.parent)
    _kb, diagnostics = validate([Path("data")])
    assert [d.render() for d in diagnostics if d.severity == "error"] == []


@pytest.mark.parametrize("suffix, opener", [(".gz", gzip.open), (".xz", lzma.open), (".bz2", bz2.open)])
def test_compressed_files_give_the_same_records(mtgjson_data, tmp_path, suffix, opener):
    packed = []
    for path in SETS:
        target = tmp_path / (path.name + suffix)
        with opener(target, "wb") as stream:
            stream.write(path.read_bytes())
        packed.append(target)
    reference = copy_of(mtgjson_data, tmp_path / "reference")
    assert imported(reference, *SETS) == 0
    assert imported(mtgjson_data, *packed) == 0
    assert {p.relative_to(mtgjson_data): p.read_bytes() for p in mtgjson_data.rglob("*.yaml")} == {
        p.relative_to(reference): p.read_bytes() for p in reference.rglob("*.yaml")
    }


def all_printings(tmp_path: Path, meta_first: bool = False) -> Path:
    sets = {}
    meta = None
    for path in SETS:
        document = json.loads(path.read_text(encoding="utf-8"))
        sets[document["data"]["code"]] = document["data"]
        meta = document["meta"]
    document = {"meta": meta, "data": sets} if meta_first else {"data": sets, "meta": meta}
    target = tmp_path / "AllPrintings.json"
    target.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return target


@pytest.mark.parametrize("meta_first", [False, True])
def test_an_all_printings_file_gives_the_same_records(mtgjson_data, tmp_path, meta_first):
    reference = copy_of(mtgjson_data, tmp_path / "reference")
    assert imported(reference, *SETS) == 0
    assert imported(mtgjson_data, all_printings(tmp_path, meta_first)) == 0
    assert {p.relative_to(mtgjson_data): p.read_bytes() for p in mtgjson_data.rglob("*.yaml")} == {
        p.relative_to(reference): p.read_bytes() for p in reference.rglob("*.yaml")
    }


def _edit(path: Path, change) -> str:
    document = json.loads(path.read_text(encoding="utf-8"))
    change(document)
    return json.dumps(document, ensure_ascii=False)


def _neo_card(document) -> dict:
    return document["data"]["cards"][0]


MALFORMED = {
    "truncated": (lambda text: text[: len(text) // 2], "the file is cut short"),
    "wrong-shape": (lambda text: "[" + text + "]", "not an MTGJSON file: expected a JSON object"),
    "no-data": (lambda text: json.dumps({"meta": json.loads(text)["meta"]}), "no 'data' member"),
    "no-meta": (lambda text: json.dumps({"data": json.loads(text)["data"]}), "no 'meta' member"),
    "set-without-code": (lambda text: _edit_text(text, lambda d: d["data"].pop("code")), 'has no "code"'),
    "card-without-name": (
        lambda text: _edit_text(text, lambda d: _neo_card(d).pop("name")),
        "set NEO, card 0 at character",
    ),
    "bad-ruling-date": (
        lambda text: _edit_text(
            text, lambda d: d["data"]["cards"][3].__setitem__("rulings", [{"date": "2022-13-01", "text": "x"}])
        ),
        "set NEO, card 3 (Spell Pierce) at character",
    ),
    "bad-release-date": (
        lambda text: _edit_text(text, lambda d: d["data"].__setitem__("releaseDate", "2022-02-30")),
        "set NEO has releaseDate '2022-02-30', not a real YYYY-MM-DD date",
    ),
    "bad-meta-date": (
        lambda text: _edit_text(text, lambda d: d["meta"].__setitem__("date", "soon")),
        "has date 'soon'",
    ),
    "deep-nesting": (
        lambda text: text.replace('"cards": [', '"cards": [' + "[" * 200_000 + "]" * 200_000 + ",", 1),
        "nested too deeply",
    ),
    "huge-number": (
        lambda text: text.replace('"baseSetSize": ', '"baseSetSize": ' + "9" * 100_000 + ', "x": ', 1),
        "Exceeds the limit (4300 digits)",
    ),
    "not-utf8": (lambda text: text.encode("utf-8")[:40].decode("latin-1") + "\udcff", "not UTF-8"),
}


def _edit_text(text: str, change) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_input_is_located_exits_1_and_writes_nothing(mtgjson_data, tmp_path, capsys, case):
    make, message = MALFORMED[case]
    bad = tmp_path / "NEO.json"
    text = make((EXCERPTS / "NEO.json").read_text(encoding="utf-8"))
    bad.write_bytes(text.encode("utf-8", "surrogateescape"))
    before = snapshot(mtgjson_data)
    assert imported(mtgjson_data, EXCERPTS / "M21.json", bad) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"counterpedia import mtgjson: {bad}: ") and message in err, err
    assert "Traceback" not in err and "nothing was written" in err
    assert snapshot(mtgjson_data) == before


def test_a_malformed_card_names_its_set_index_name_and_offset(mtgjson_data, tmp_path, capsys):
    bad = tmp_path / "NEO.json"
    bad.write_text(
        _edit(EXCERPTS / "NEO.json", lambda d: d["data"]["cards"][1].__setitem__("rulings", "none")), encoding="utf-8"
    )
    assert imported(mtgjson_data, bad) == 1
    err = capsys.readouterr().err
    assert "set NEO, card 1 (Befriending the Moths // Imperial Moth) at character " in err
    assert err.split("at character ")[1].split(":")[0].isdigit() and '"rulings" is not a list' in err


def test_files_of_two_builds_are_refused(mtgjson_data, tmp_path, capsys):
    other = tmp_path / "M13.json"
    other.write_text(
        _edit(EXCERPTS / "M13.json", lambda d: d["meta"].update(date="2023-01-01", version="5.2.1+20230101")),
        encoding="utf-8",
    )
    assert imported(mtgjson_data, EXCERPTS / "M21.json", other) == 1
    assert "different MTGJSON builds" in capsys.readouterr().err


def test_bad_usage(mtgjson_data, tmp_path, capsys):
    assert imported(mtgjson_data, tmp_path / "missing.json") == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["import", "mtgjson", str(SETS[0]), "--data", str(tmp_path / "nowhere")]) == 2
    with pytest.raises(SystemExit) as exit_:
        main(["import", "mtgjson", "--data", str(mtgjson_data)])
    assert exit_.value.code == 2


def synthetic(tmp_path: Path, cards: list[tuple[str, str]]) -> Path:
    """A set file with made-up cards (name, Oracle ID): for cases the real data lacks. Not real cards."""
    document = json.loads((EXCERPTS / "WTH.json").read_text(encoding="utf-8"))
    document["data"].update(code="TST", name="Test cards", releaseDate="2022-01-01")
    document["data"]["cards"] = [
        {
            "name": name,
            "number": str(i + 1),
            "text": "Put a +1/+1 counter on target creature.",
            "identifiers": {"scryfallOracleId": oracle_id},
        }
        for i, (name, oracle_id) in enumerate(cards)
    ]
    path = tmp_path / "TST.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_punctuation_twins_get_two_ids_and_two_records(mtgjson_data, tmp_path, in_dir):
    path = synthetic(
        tmp_path,
        [("Foo's Bar", "00000000-0000-4000-8000-00000000a001"), ("Foos Bar", "00000000-0000-4000-8000-00000000a002")],
    )
    assert imported(mtgjson_data, path) == 0
    files = sorted(p.name for p in (mtgjson_data / "cards" / "f").glob("*.yaml"))
    assert len(files) == 2 and "foos-bar.yaml" in files
    assert {load(mtgjson_data / "cards" / "f" / f)["names"]["en"]["text"] for f in files} == {"Foo's Bar", "Foos Bar"}
    assert imported(mtgjson_data, path) == 0
    assert sorted(p.name for p in (mtgjson_data / "cards" / "f").glob("*.yaml")) == files
    in_dir(mtgjson_data.parent)
    assert [d for d in validate([Path("data")])[1] if d.severity == "error"] == []


def test_a_name_without_latin_letters_gets_a_real_id(mtgjson_data, tmp_path):
    assert (
        imported(mtgjson_data, synthetic(tmp_path, [("日本語のカード", "00000000-0000-4000-8000-00000000b001")])) == 0
    )
    assert not (mtgjson_data / "cards" / ".yaml").exists()
    [path] = (mtgjson_data / "cards" / "c").glob("card-*.yaml")
    assert load(path)["id"] == path.stem


def test_a_further_stage_gets_the_same_sets(mtgjson_data):
    """The pipeline's STAGES: a stage added there sees every set, then plans in the same workspace."""
    from counterpedia.importers.mtgjson import pipeline

    seen = []

    class Counting:
        def __init__(self, context):
            self.context = context

        def add(self, mtgjson_set):
            seen.append((mtgjson_set.code, len(mtgjson_set.cards)))

        def plan(self, context, workspace, report):
            return [f"counting stage: {len(seen)} set(s), build {context.build.date}"]

    result = pipeline.run(mtgjson_data, SETS, dry_run=True, stages=[*pipeline.STAGES, Counting])
    assert sorted(seen) == sorted(
        (
            json.loads(p.read_text(encoding="utf-8"))["data"]["code"],
            len(json.loads(p.read_text(encoding="utf-8"))["data"]["cards"]),
        )
        for p in SETS
    )
    assert "counting stage: 8 set(s), build 2022-04-25" in result.lines
