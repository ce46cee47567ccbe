from pathlib import Path

from counterpedia.load import kind_of, load_paths, parse_document


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


def test_the_fast_loader_reads_every_record_as_the_round_trip_loader_does():
    """The C loader follows YAML 1.1 (yes/no/on are booleans there); our records must mean the same in both."""
    from counterpedia.load import fast_loader, yaml_loader

    def plain(value):
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list):
            return [plain(v) for v in value]
        return value

    root = Path(__file__).resolve().parents[1] / "data"
    for path in sorted(root.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        assert plain(fast_loader().load(text)) == plain(yaml_loader().load(text)), path
