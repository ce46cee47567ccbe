import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from counterpedia.storage.load import Paths, kind_of, load_paths, parse_document, record_files


def test_positions_point_at_values():
    document, problems = parse_document("id: x\nnames:\n  en: {text: X, status: official}\n", "x.yaml", "x", "card")
    assert problems == []
    assert document.position(("names", "en", "status")) == (2, 24)
    assert document.position(("id",)) == (0, 4)


def test_syntax_and_duplicate_keys_are_located():
    _doc, problems = parse_document("id: x\nid: y\n", "x.yaml", "x", "card")
    assert [(p.code, p.line, p.column) for p in problems] == [("E002", 2, 1)]
    _doc, problems = parse_document("id: [x\n", "x.yaml", "x", "card")
    assert problems[0].code == "E001" and problems[0].line >= 1


def test_the_folder_gives_the_kind(tmp_path: Path):
    (tmp_path / "counters" / "nested").mkdir(parents=True)
    assert kind_of(tmp_path / "counters" / "nested" / "a.yaml", tmp_path) == "counter"
    assert kind_of(tmp_path / "elsewhere.yaml", tmp_path) is None


def test_loading_reports_every_file(tmp_path: Path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "a.yaml").write_text("id: a\n", encoding="utf-8")
    (tmp_path / "cards" / "b.yaml").write_text("id: [b\n", encoding="utf-8")
    (tmp_path / "cards" / "c.yaml").write_bytes(b"id: \xff\n")
    result = load_paths([tmp_path], root=tmp_path)
    assert [d.stem for d in result.documents] == ["a"]
    assert sorted(d.code for d in result.diagnostics) == ["E001", "E004"]


def plain(value):
    """ruamel's round-trip types (CommentedMap, ScalarFloat...) as the plain values they stand for."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def scalar_texts(text: str) -> list[str] | None:
    """The source text of each scalar of a record file in the layout `fmt` writes (block mappings and lists, empty
    flow ones, one-line plain or double-quoted scalars, no anchor, tag or alias), else None."""
    from _ruamel_yaml import CParser
    from ruamel.yaml.events import AliasEvent, CollectionStartEvent, ScalarEvent, StreamEndEvent

    found = []
    parser = CParser(text)
    try:
        while not isinstance(event := parser.get_event(), StreamEndEvent):
            if isinstance(event, AliasEvent):
                return None
            if isinstance(event, (ScalarEvent, CollectionStartEvent)) and (event.anchor or event.tag):
                return None
            if isinstance(event, ScalarEvent):
                if event.style not in ("", '"') or event.start_mark.line != event.end_mark.line:
                    return None
                found.append(text[event.start_mark.index : event.end_mark.index])
    finally:
        parser.dispose()
    return found


def test_the_fast_loader_reads_every_shipped_scalar_as_the_round_trip_loader_does():
    """The C loader and ruamel's round-trip one (which the writers that keep comments edit with) must read our
    records alike: YAML 1.1 and 1.2 differ on yes/no/on, octals, sexagesimals, and the two parsers on escapes.
    The records are in fmt's layout, where a value is a one-line scalar whose reading does not depend on where it
    stands: each distinct scalar text of data/ is read once, by both, as an item of one list (64,000 of the
    760,000 scalars; a file outside that layout is compared whole). That the two read the layout itself alike is
    test_the_round_trip_loader_reads_what_fmt_writes_as_the_fast_loader_does."""
    from counterpedia.storage.yamlio import fast_loader, yaml_loader

    root = Path(__file__).resolve().parents[2] / "data"
    paths = sorted(root.rglob("*.yaml"))
    assert paths, "data/ holds no records"
    scalars: set[str] = set()
    whole = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        found = scalar_texts(text)
        if found is None:
            whole.append((path, text))
        else:
            scalars.update(found)
    items = sorted(scalars)
    listed = "".join(f"- {item}\n" for item in items)
    fast, round_trip = plain(fast_loader().load(listed)), plain(yaml_loader().load(listed))
    assert len(fast) == len(round_trip) == len(items)
    assert [(i, a, b) for i, a, b in zip(items, fast, round_trip) if a != b or type(a) is not type(b)] == []
    for path, text in whole:
        assert plain(fast_loader().load(text)) == plain(yaml_loader().load(text)), path


@pytest.mark.parametrize("kind", ["counter", "rule", "ruling", "card", "mechanic", "term", "source"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_the_round_trip_loader_reads_what_fmt_writes_as_the_fast_loader_does(kind, data):
    """Any record in fmt's layout (its texts full of YAML look-alikes: null, no, 0x1, 2024-01-01...) is read alike by
    both loaders: its structure, and its scalars wherever they stand."""
    from counterpedia.storage.format import format_data
    from counterpedia.storage.yamlio import fast_loader, yaml_loader

    from ..records_strategy import records

    text = format_data(kind, data.draw(records(kind)), "# a record\n")
    assert plain(fast_loader().load(text)) == plain(yaml_loader().load(text))


def located(source: str) -> list[tuple[str, int, int]]:
    _doc, problems = parse_document(source, "x.yaml", "x", "counter")
    return [(p.code, p.line, p.column) for p in problems]


def test_nesting_past_the_limit_is_located_without_recursion():
    # 100,000 levels crash the C loader (a segmentation fault) and overflow the round-trip one.
    assert located("id: x\nnames: " + "[" * 100_000 + "]" * 100_000 + "\n") == [("E006", 2, 39)]
    assert located("id: x\nnames: " + "{a: " * 10_000 + "1" + "}" * 10_000 + "\n")[0][0] == "E006"
    assert located("id: x\nnames:\n" + "- " * 10_000 + "x\n")[0][0] == "E006"
    assert located("id: x\nnames: " + "[" * 20 + "]" * 20 + "\n") == []  # deep, but not too deep


def test_tags_and_complex_keys_and_non_characters_are_located_with_a_reason():
    assert located('id: x\nnames: !!python/object/apply:os.system ["echo hi"]\n') == [("E007", 2, 8)]
    assert located("id: x\nnames: !custom {x: 1}\n") == [("E007", 2, 8)]
    assert located("id: x\nnames:\n  ? {en: 1}\n  : x\n") == [("E008", 3, 5)]
    _doc, problems = parse_document('id: x\nnames: "\\ud800"\n', "x.yaml", "x", "counter")
    assert [(p.code, p.line, p.column) for p in problems] == [("E001", 2, 11)]
    assert "not characters" in problems[0].message


def test_aliases_that_expand_too_far_or_into_themselves():
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    assert located("id: x\n" + "\n".join(lines) + "\n") == [("E009", 7, 15)]
    assert located("id: x\nnames: &a [*a]\n") == [("E009", 2, 12)]
    assert located("id: x\nshared: &s {a: 1}\nnames: {en: *s, fr: *s}\n") == []  # a plain alias is fine


def test_messages_quote_values_briefly():
    from counterpedia.diagnostics import MAX_MESSAGE

    _doc, problems = parse_document("id: x\nnames: " + "x" * 10_000_000 + "\n", "x.yaml", "x", "counter")
    assert problems == []
    assert len(located("- " + "y" * 1000 + "\n- b\n")) == 1
    _doc, problems = parse_document("y" * 100_000 + "\n", "x.yaml", "x", "counter")
    assert problems[0].code == "E003" and len(problems[0].message) < MAX_MESSAGE


def test_a_number_too_long_to_read_is_located():
    _doc, problems = parse_document("id: x\nnames: " + "7" * 100_000 + "\n", "x.yaml", "x", "counter")
    assert [(p.code, p.line, p.column) for p in problems] == [("E001", 2, 8)]
    assert "4300 digits" in problems[0].message


def test_a_symbolic_link_is_followed_to_its_target(tmp_path: Path, monkeypatch):
    """A record reached through a symbolic link (a file or a folder) is shown and classified as the
    resolved path says, as when each file was resolved on its own."""
    import os

    from counterpedia.storage.load import Paths

    data = tmp_path / "data"
    (data / "cards" / "a").mkdir(parents=True)
    (data / "counters").mkdir()
    (data / "counters" / "rad.yaml").write_text("id: rad\n", encoding="utf-8")
    os.symlink(data / "counters" / "rad.yaml", data / "cards" / "a" / "linked.yaml")  # a counter, seen as a card
    os.symlink(data / "counters", data / "cards" / "b")
    monkeypatch.chdir(tmp_path)
    paths = Paths(Path("data"))
    for path in [
        Path("data/cards/a/linked.yaml"),
        Path("data/cards/b/rad.yaml"),
        Path("data/cards/../counters/rad.yaml"),
        Path("data/counters/rad.yaml"),
        Path("data/cards/a/../a"),
    ]:
        assert paths.resolve(path) == path.resolve()
        assert paths.display(path) == str(path.resolve().relative_to(tmp_path))
    assert paths.kind(Path("data/cards/a/linked.yaml")) == "counter"
    assert paths.kind(Path("data/cards/b/rad.yaml")) == "counter"


def hostile_tree(root: Path) -> Path:
    """A data folder whose names test the listing: sorting part by part, hidden files, .yml, folders named like
    records (a link to one too), links to files and to folders (not entered), files not named like records."""
    data = root / "data"
    for folder in (
        "cards/a",
        "cards/a-b",
        "cards/a.b",
        "counters/.hidden",
        "rules/x.yaml",
        "elsewhere",
        "cards/deep/er",
    ):
        (data / folder).mkdir(parents=True, exist_ok=True)
    for name in (
        "top.yaml",
        "cards/a/z.yaml",
        "cards/a-b/c.yaml",
        "cards/a.b/c.yaml",
        "cards/a.yaml",
        "cards/b.yml",
        "cards/deep/er/x.yaml",
        "cards/notes.txt",
        "counters/.hidden/h.yaml",
        "counters/.yaml",
        "counters/ü.yaml",
        "elsewhere/lost.yaml",
        "rules/x.yaml/inside.yaml",
    ):
        (data / name).write_text("id: x\n", encoding="utf-8")
    (data / "counters" / "link.yaml").symlink_to(data / "cards" / "a.yaml")
    (data / "counters" / "folder-link.yaml").symlink_to(data / "cards" / "a")
    (data / "counters" / "entered").symlink_to(data / "cards")
    (data / "counters" / "dangling.yaml").symlink_to(data / "nowhere.yaml")
    return data


def test_the_record_files_are_listed_as_path_rglob_lists_them(tmp_path: Path, in_dir):
    data = hostile_tree(tmp_path)
    in_dir(tmp_path)
    for top in (data, Path("data"), Path("data") / "cards"):
        reference = [p for pattern in ("*.yaml", "*.yml") for p in sorted(top.rglob(pattern)) if not p.is_dir()]
        assert record_files([top]) == reference
    in_dir(data)
    reference = [p for pattern in ("*.yaml", "*.yml") for p in sorted(Path(".").rglob(pattern)) if not p.is_dir()]
    assert record_files([Path(".")]) == reference


@pytest.mark.parametrize("cwd", ["parent", "data", "cards", "elsewhere"])
def test_a_listed_file_is_shown_and_classified_as_its_path_says(tmp_path: Path, in_dir, cwd):
    data = hostile_tree(tmp_path / "cards" / "repo")  # above the data folder, a folder named as a kind
    (tmp_path / "elsewhere").mkdir()
    in_dir({"parent": data.parent, "data": data, "cards": data / "cards", "elsewhere": tmp_path / "elsewhere"}[cwd])
    for root in (data, Path(os.path.relpath(data))):
        for top in (root, root / "cards"):
            where = Paths(root)
            for path in record_files([top]):
                if path.is_symlink():
                    continue
                relative = str(path.relative_to(top))
                assert where.listed(top, relative) == (where.display(path), where.kind(path)), path
