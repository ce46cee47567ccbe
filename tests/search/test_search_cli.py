"""`counterpedia search` on the small fixture data set."""

from __future__ import annotations

import json
import os

import pytest

from counterpedia.commands.cli import main
from counterpedia.search import engine


@pytest.fixture
def data(valid_data, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return valid_data


def run(capsys, *argv):
    status = main(["search", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys, *argv):
    status, out, err = run(capsys, *argv, "--json")
    return status, json.loads(out) if out.strip() else []


@pytest.mark.parametrize("query", ["RADカウンター", "ＲＡＤカウンター", "rad counters", "RAD"])
def test_names_first(capsys, data, query):
    status, hits = run_json(capsys, query, "--data", str(data))
    assert status == 0
    assert (hits[0]["kind"], hits[0]["id"]) == ("counter", "rad")
    assert {"kind", "id", "title", "url", "path", "line", "score"} <= set(hits[0])


def test_title_and_url_follow_the_query_language(capsys, data):
    _, ja = run_json(capsys, "RADカウンター", "--data", str(data))
    _, en = run_json(capsys, "rad", "--data", str(data))
    _, fr = run_json(capsys, "rad", "--lang", "fr", "--data", str(data))
    assert (ja[0]["title"], ja[0]["url"]) == ("RADカウンター", "counters/rad.html")
    assert (en[0]["title"], en[0]["url"]) == ("rad counter", "en/counters/rad.html")
    assert fr[0]["url"] == "fr/counters/rad.html"


def test_path_and_line_point_at_the_text(capsys, data):
    _, hits = run_json(capsys, "RADカウンター", "--data", str(data))
    path, line = hits[0]["path"], hits[0]["line"]
    lines = (
        (data.parent / path).read_text(encoding="utf-8").splitlines()
        if not os.path.isabs(path)
        else open(path, encoding="utf-8").read().splitlines()
    )
    assert "RADカウンター" in lines[line - 1]


def test_rule_text_then_anchor(capsys, data):
    _, hits = run_json(capsys, "radiation", "--data", str(data))
    rule = next(h for h in hits if h["kind"] == "rule")
    assert rule["url"] == "en/rules/rad-counters.html#727-1a"


def test_french_accents_and_plurals(capsys, data):
    _, hits = run_json(capsys, "marqueur", "--data", str(data))
    assert "rad-counters" in [h["id"] for h in hits[:2]] and hits[0]["url"].startswith("fr/")
    _, plural = run_json(capsys, "Marqueurs", "--data", str(data))
    assert [h["id"] for h in plural] == [h["id"] for h in hits]
    _, accent = run_json(capsys, "règle", "--data", str(data))
    _, plain = run_json(capsys, "regle", "--data", str(data))
    assert accent and [h["id"] for h in accent] == [h["id"] for h in plain]


def test_kind_filter_and_limit(capsys, data):
    _, hits = run_json(capsys, "mill", "--kind", "term", "--data", str(data))
    assert [h["kind"] for h in hits] == ["term"]
    _, one = run_json(capsys, "rad", "--limit", "1", "--data", str(data))
    assert len(one) == 1


def test_text_output_marks_the_match(capsys, data):
    status, out, _ = run(capsys, "切削", "--data", str(data))
    assert status == 0
    assert "**切削**" in out and "glossary.html#mill" in out and "data/terms/mill.yaml:" in out.replace(os.sep, "/")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["   "], "give a query"),
        (["rad", "--limit", "0"], "--limit"),
    ],
)
def test_bad_usage_exits_2(capsys, data, argv, message):
    status, _, err = run(capsys, *argv, "--data", str(data))
    assert status == 2 and message in err and "Traceback" not in err


def test_unknown_kind_exits_2(capsys, data):
    with pytest.raises(SystemExit) as exit_info:
        main(["search", "rad", "--kind", "wizard", "--data", str(data)])
    assert exit_info.value.code == 2
    assert "invalid choice: 'wizard'" in capsys.readouterr().err


def test_no_data_folder_exits_2(capsys, tmp_path):
    status, _, err = run(capsys, "rad", "--data", str(tmp_path / "nowhere"))
    assert status == 2 and "no data folder" in err


def test_nothing_found_exits_1(capsys, data):
    status, out, err = run(capsys, "zzyzx", "--data", str(data))
    assert status == 1 and out == "" and "nothing found for 'zzyzx'" in err


@pytest.mark.parametrize(
    "query, shown",
    [
        ("qqq\x1b[31mqqq\x1b]qqq;pwned\x07qqq", "qqq\\x1b[31mqqq\\x1b]qqq;pwned\\x07qqq"),
        ("zz\x00yx", "zz\\x00yx"),
        ("zz\u202eyx\x9b", "zz\\u202eyx\\x9b"),
    ],
)
def test_control_characters_of_a_query_are_not_echoed_raw(capsys, data, query, shown):
    status, out, err = run(capsys, query, "--data", str(data))
    assert status == 1 and f"nothing found for '{shown}'" in err
    assert not any(c in out + err for c in "\x1b\x00\x07\u202e\x9b")


def test_control_characters_of_the_data_are_not_printed_raw(capsys, data):
    record = data / "terms" / "mill.yaml"
    record.write_text(
        record.read_text(encoding="utf-8").replace("text: Mill,", 'text: "Mill\\e[2J\\0",'), encoding="utf-8"
    )
    status, out, err = run(capsys, "mill", "--data", str(data))
    assert status == 0 and "Mill\\x1b[2J" in out and "\x1b" not in out and "\x00" not in out


def test_a_partial_match_is_shown_and_marked(capsys, data):
    status, out, _ = run(capsys, "rad", "zzyzx", "--data", str(data))
    assert status == 0 and "(partial: no zzyzx)" in out.splitlines()[0]
    _, hits = run_json(capsys, "rad", "zzyzx", "--data", str(data))
    assert hits[0]["partial"] is True and hits[0]["missing"] == ["zzyzx"]


@pytest.mark.parametrize("query", ["de", "le marqueur des règles", "the rad counter of the player", "を"])
def test_stop_words_never_make_a_query_fail(capsys, data, query):
    status, hits = run_json(capsys, query, "--data", str(data))
    assert status in (0, 1)
    if query not in ("de", "を"):
        assert status == 0 and not hits[0]["partial"]


@pytest.mark.parametrize(
    "change",
    [
        ("names:", "names: [a, b]\nnames_was:"),
        ("names:", "title: 5\nnames:"),
    ],
)
def test_records_of_the_wrong_shape_do_not_crash(capsys, data, change):
    for record in [data / "counters" / "rad.yaml", data / "rules" / "rad-counters.yaml"]:
        text = record.read_text(encoding="utf-8")
        record.write_text(
            text.replace(*change, 1) if change[0] in text else text.replace("title:", "title: 5\nold:", 1),
            encoding="utf-8",
        )
    status, out, err = run(capsys, "rad", "--data", str(data))
    assert status in (0, 1) and "Traceback" not in err


def test_a_record_that_does_not_parse_is_reported_and_exits_1(capsys, data):
    (data / "counters" / "broken.yaml").write_text("id: broken\nnames: [unclosed\n", encoding="utf-8")
    for _ in range(2):  # the second search reads the cache: the problem is still said
        status, out, err = run(capsys, "rad", "--data", str(data))
        assert status == 1 and "RADカウンター" in out or "rad counter" in out
        assert "1 file(s) could not be read" in err and "broken.yaml:" in err and "E001" in err


def test_cache_is_reused_then_rebuilt_when_data_changes(data):
    index, rebuilt = engine.load_index(data)
    assert rebuilt and engine.cache_path(data).is_file()
    _, rebuilt = engine.load_index(data)
    assert not rebuilt
    record = data / "terms" / "mill.yaml"
    text = record.read_text(encoding="utf-8")
    record.write_text(text.replace("text: Mill,", "text: Millstone,"), encoding="utf-8")
    stat = record.stat()
    os.utime(record, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))
    index, rebuilt = engine.load_index(data)
    assert rebuilt
    hits = engine.search(index, "millstone").hits
    assert hits and hits[0].id == "mill"


def test_an_editor_saving_in_place_is_seen_though_its_folder_is_unchanged(data):
    """An editor that rewrites the file in place (same file, same size here) changes neither the folder's
    listing nor its time; the search still rebuilds, even when the save kept the file's modification time."""
    engine.load_index(data)
    record = data / "terms" / "mill.yaml"
    folder_time = record.parent.stat().st_mtime_ns
    before = record.stat()
    text = record.read_text(encoding="utf-8")
    assert "text: Mill," in text
    with open(record, "r+", encoding="utf-8") as file:  # in place: no new file, no rename
        file.write(text.replace("text: Mill,", "text: Mull,"))
    os.utime(record, ns=(before.st_atime_ns, before.st_mtime_ns))  # a tool that keeps the time
    assert record.parent.stat().st_mtime_ns == folder_time and record.stat().st_size == before.st_size
    index, rebuilt = engine.load_index(data)
    assert rebuilt
    assert engine.search(index, "mull").hits[0].id == "mill"


def test_a_record_removed_or_moved_to_another_folder_is_seen(data):
    """The cache's listing names each file under its folder: a record deleted, or moved to another folder with
    its name, size and times kept, rebuilds the index."""
    engine.load_index(data)
    record = data / "terms" / "mill.yaml"
    moved = data / "mechanics" / "mill.yaml"
    before = record.stat()
    os.replace(record, moved)
    os.utime(moved, ns=(before.st_atime_ns, before.st_mtime_ns))
    index, rebuilt = engine.load_index(data)
    assert rebuilt
    moved.unlink()
    index, rebuilt = engine.load_index(data)
    assert rebuilt and all(hit.id != "mill" for hit in engine.search(index, "mill").hits)


def test_a_truncated_or_foreign_cache_file_is_rebuilt_never_read(data):
    """The cache is mapped and its texts read when shown: a file cut short (a full disk, a killed process) or
    not ours is rebuilt before any of it is used."""
    index, rebuilt = engine.load_index(data)
    expected = [hit.id for hit in engine.search(index, "mill").hits]
    path = engine.cache_path(data)
    whole = path.read_bytes()
    for damaged in (whole[: len(whole) - 1000], whole[:40], b"not a cache", whole + b"more"):
        path.write_bytes(damaged)
        index, rebuilt = engine.load_index(data)
        assert rebuilt and [hit.id for hit in engine.search(index, "mill").hits] == expected
        assert path.read_bytes() == whole


def test_cache_beside_the_data_without_xdg(valid_data, monkeypatch):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    assert engine.cache_path(valid_data).parent == valid_data.parent.resolve() / ".cache" / "counterpedia"


def test_detect_lang():
    assert engine.detect_lang("取り除かれる") == "ja"
    assert engine.detect_lang("＋１/＋１") == "ja"
    assert engine.detect_lang("créature") == "fr"
    assert engine.detect_lang("les marqueurs") == "fr"
    assert engine.detect_lang("poison counter") is None


def test_a_typing_mistake_is_corrected_marked_and_offered(capsys, data):
    status, out, err = run(capsys, "raddiation", "--data", str(data))  # one letter too many
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Did you mean: radiation"
    assert "(corrected: raddiation → radiation)" in out and "rad-counters" in out
    status, hits = run_json(capsys, "raddiation", "--data", str(data))
    assert status == 0 and hits[0]["corrected"] == {"raddiation": "radiation"}
    status, out, err = run(capsys, "raddiation", "--json", "--data", str(data))
    assert json.loads(out) and "Did you mean: radiation" in err  # --json prints a list, the offer aside
    status, hits = run_json(capsys, "radiation", "--data", str(data))
    assert hits[0]["corrected"] == {}  # as typed: nothing corrected


def test_a_word_too_far_from_any_still_finds_nothing(capsys, data):
    status, out, err = run(capsys, "xqzzyvw", "--data", str(data))
    assert status == 1 and out == "" and "nothing found for 'xqzzyvw'" in err and "Traceback" not in err


def test_a_reading_finds_the_japanese_name(capsys, data):
    status, hits = run_json(capsys, "じかん", "--data", str(data))  # 時間カウンター
    assert status == 0 and (hits[0]["kind"], hits[0]["id"], hits[0]["field"]) == ("counter", "time", "reading")
    lines = (data / "counters" / "time.yaml").read_text(encoding="utf-8").splitlines()
    assert "時間カウンター" in lines[hits[0]["line"] - 1]  # yaml: the Japanese name's line


def test_shorthands_are_read_from_the_catalogue_beside_the_data(capsys, data):
    (data.parent / "catalogue").mkdir(exist_ok=True)
    shorthands = data.parent / "catalogue" / "search-shorthands.yaml"
    shorthands.write_text("shorthands:\n  - {typed: [tc], means: counter/time, note: a test}\n", encoding="utf-8")
    status, hits = run_json(capsys, "tc", "--data", str(data))
    assert status == 0 and hits[0]["id"] == "time"
    shorthands.write_text("shorthands:\n  - {typed: [tc], means: counter/nope, note: a test}\n", encoding="utf-8")
    status, out, err = run(capsys, "tc", "--data", str(data))  # the cache sees the list change
    assert status == 1 and "search-shorthands.yaml:2:26: error[E154] 'counter/nope' names no record" in err
    assert "Traceback" not in err


def test_hits_without_their_yaml_lines_are_the_same_hits(data):
    """`locate=False` (the relevance set's thousands of searches) skips reading the YAML files for lines only."""
    index, _ = engine.load_index(data)
    located = engine.search(index, "mill").hits
    unlocated = engine.search(index, "mill", locate=False).hits
    assert located and [hit.url for hit in unlocated] == [hit.url for hit in located]
    assert all(hit.line >= 1 for hit in located) and all(hit.line == 0 for hit in unlocated)
