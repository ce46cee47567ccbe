"""`counterpedia new`: a record with every required field and a comment on each, that passes validate."""

from __future__ import annotations

from pathlib import Path

import pytest

from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.storage.format import format_text
from counterpedia.storage.yamlio import fast_loader

# Per kind: what the tool cannot suggest (a counter's evidence, a rule's number) and is given with --set.
CASES = {
    "counter": ["--set", "sources=cr"],
    "rule": ["--set", "section=727", "--set", "rules.0.number=727.9"],
    "ruling": ["--card", "struggle-for-project-purity", "--date", "2024-03-08"],
    "card": [],
    "mechanic": [],
    "term": [],
    "source": [],
}


@pytest.fixture
def data(valid_data: Path, in_dir) -> Path:
    """The small valid data set, with the editorial source that placeholder texts cite."""
    (valid_data / "sources" / "counterpedia.yaml").write_text(
        "id: counterpedia\ntype: editorial\ntitle: Counterpedia editors\nlanguage: mul\n", encoding="utf-8"
    )
    in_dir(valid_data.parent)
    return valid_data


@pytest.mark.parametrize("kind", sorted(CASES))
def test_the_new_record_passes_validate_with_a_comment_on_each_field(data, kind, capsys):
    assert main(["new", kind, f"new-{kind}", *CASES[kind]]) == 0
    shown = capsys.readouterr().out.strip()
    path = Path(shown)
    assert path.is_file() and path.stem == f"new-{kind}"
    text = path.read_text(encoding="utf-8")
    record = fast_loader().load(text)
    assert record["id"] == f"new-{kind}"
    _kb, diagnostics = validate([Path("data")])
    assert [d for d in diagnostics if d.severity == "error"] == [], [d.render() for d in diagnostics]
    # Only the placeholders it left are reported (W205), until an editor replaces them.
    assert not [d for d in diagnostics if d.path == shown and d.code != "W205"], [d.render() for d in diagnostics]
    for line in text.splitlines():
        if not line.lstrip().startswith(("#", "- ")) and line.rstrip().endswith(":") is False:
            assert "  # " in line, f"no comment on: {line!r}"
    assert format_text(kind, text) == text  # written in the layout of `counterpedia fmt`


def test_every_required_field_is_there(data, capsys):
    from counterpedia.storage import schema_model

    for kind in CASES:
        assert main(["new", kind, f"req-{kind}", *CASES[kind]]) == 0
        record = fast_loader().load(Path(capsys.readouterr().out.strip()).read_text(encoding="utf-8"))
        assert set(schema_model.root(kind).required()) <= set(record)


def test_a_card_goes_to_its_shard(data, capsys):
    assert main(["new", "card", "walking-ballista"]) == 0
    assert capsys.readouterr().out.strip() == "data/cards/w/walking-ballista.yaml"


def test_a_ruling_links_its_card_and_date(data, capsys):
    assert main(["new", "ruling", "2024-03-08-purity-02", *CASES["ruling"]]) == 0
    record = fast_loader().load(Path(capsys.readouterr().out.strip()).read_text(encoding="utf-8"))
    assert record["about"]["cards"] == ["struggle-for-project-purity"] and record["date"] == "2024-03-08"


def test_an_existing_id_is_refused_wherever_it_is(data, capsys):
    assert main(["new", "card", "struggle-for-project-purity"]) == 1  # in its shard
    assert "already exists: data/cards/s/struggle-for-project-purity.yaml" in capsys.readouterr().err
    (data / "cards" / "s" / "struggle-for-project-purity.yaml").rename(
        data / "cards" / "struggle-for-project-purity.yaml"
    )
    before = {p: p.read_bytes() for p in data.rglob("*.yaml")}
    assert main(["new", "card", "struggle-for-project-purity"]) == 1  # at data/cards/, not in its shard
    assert "already exists: data/cards/struggle-for-project-purity.yaml" in capsys.readouterr().err
    (data / "terms" / "broken.yaml").write_text("id: [\n", encoding="utf-8")  # a file that does not even parse
    assert main(["new", "term", "broken"]) == 1
    assert {p: p.read_bytes() for p in data.rglob("*.yaml") if p.name != "broken.yaml"} == before


@pytest.mark.parametrize("bad", ["Bad_Id", "a b", "é", ""])
def test_a_malformed_id_is_bad_usage(data, bad, capsys):
    assert main(["new", "term", bad]) == 2
    assert "not a valid id" in capsys.readouterr().err


def test_a_fact_the_tool_cannot_suggest_must_be_given(data, capsys):
    assert main(["new", "counter", "bribery"]) == 2
    assert "--set sources=" in capsys.readouterr().err
    assert not (data / "counters" / "bribery.yaml").exists()


def test_a_record_that_would_not_validate_is_not_written(data, capsys):
    assert main(["new", "ruling", "r1", "--card", "no-such-card"]) == 1
    out, err = capsys.readouterr()
    assert "error[E110] no card record with id 'no-such-card'" in out and "not written" in err
    assert not (data / "rulings" / "r1.yaml").exists()


def test_an_unknown_field_and_misplaced_options_are_bad_usage(data, capsys):
    assert main(["new", "term", "t1", "--set", "colour=red"]) == 2
    assert "no field 'colour'" in capsys.readouterr().err
    assert main(["new", "term", "t1", "--card", "x"]) == 2


def test_values_given_are_shaped_by_the_schema(data, capsys):
    assert (
        main(
            [
                "new",
                "counter",
                "bribery",
                "--set",
                "sources=cr",
                "--set",
                "names.en.text=bribery counter",
                "--set",
                "keyword=true",
                "--set",
                "rules=727.1",
            ]
        )
        == 0
    )
    record = fast_loader().load(Path(capsys.readouterr().out.strip()).read_text(encoding="utf-8"))
    assert record["sources"] == ["cr"] and record["rules"] == ["727.1"] and record["keyword"] is True
    assert record["names"]["en"]["text"] == "bribery counter"
