"""Issue 23: ids have a length bound and avoid names that are something else (a page, a device, a YAML word)."""

from __future__ import annotations

import pytest

from counterpedia.commands.cli import main
from counterpedia.model.ids import MAX_ID_LENGTH, allocate, id_problem


@pytest.mark.parametrize("name", ["A" * 240, "Word " * 60, "x" * 65, "Æther " * 50])
def test_a_long_name_gets_an_id_within_the_bound_that_stays_the_same(name):
    found = allocate(name, "oracle-1", {})
    assert len(found) <= MAX_ID_LENGTH and id_problem(found) is None
    assert allocate(name, "oracle-1", {found: "oracle-1"}) == found


@pytest.mark.parametrize("name", ["Index", "CON", "Null", "1234", "-", "../../etc/passwd", "a/b", ".hidden"])
def test_a_name_whose_slug_is_reserved_or_empty_gets_another_id(name):
    found = allocate(name, "oracle-1", {})
    assert id_problem(found) is None, found
    assert found not in ("index", "con", "null", "1234")


@pytest.mark.parametrize("bad", ["trailing-", "a--b", "1234", "null", "con", "index", "x" * 200])
def test_new_refuses_a_malformed_id_as_bad_usage(valid_data, in_dir, capsys, bad):
    in_dir(valid_data.parent)
    assert main(["new", "counter", bad, "--set", "sources=cr"]) == 2
    assert "not a valid id" in capsys.readouterr().err
    assert not list(valid_data.rglob(f"{bad[:80]}.yaml"))


EDITORIAL = "id: counterpedia\ntype: editorial\ntitle: Counterpedia editors\nlanguage: mul\n"


def test_two_new_records_in_a_row_do_not_collide_and_their_todo_is_reported(valid_data, in_dir, capsys):
    (valid_data / "sources" / "counterpedia.yaml").write_text(EDITORIAL, encoding="utf-8")
    in_dir(valid_data.parent)
    assert main(["new", "counter", "first-new", "--set", "sources=cr", "--set", "holders=[player]"]) == 0
    assert main(["new", "counter", "second-new", "--set", "sources=cr", "--set", "holders=[player]"]) == 0
    capsys.readouterr()
    assert main(["validate"]) == 0
    assert "warning[W205]" in capsys.readouterr().out


@pytest.mark.parametrize("value", ["names=[1,2]", "names.en.text=&a [*a]"])
def test_new_with_a_value_of_the_wrong_shape_says_so(valid_data, in_dir, capsys, value):
    (valid_data / "sources" / "counterpedia.yaml").write_text(EDITORIAL, encoding="utf-8")
    in_dir(valid_data.parent)
    assert main(["new", "counter", "odd-value", "--set", "sources=cr", "--set", value]) in (1, 2)
    assert "counterpedia new:" in capsys.readouterr().err
    assert not (valid_data / "counters" / "odd-value.yaml").exists()


def test_new_finishes_an_interrupted_plan_first(valid_data, in_dir, capsys):
    from counterpedia.storage import writes

    target = valid_data / "counters" / "rad.yaml"
    planned = target.read_text(encoding="utf-8") + "# finished\n"
    journal = writes.journal_path(valid_data)
    journal.parent.mkdir(parents=True, exist_ok=True)
    writes._write_journal(valid_data, "counterpedia fmt", [writes.FileWrite(target, planned)])
    (valid_data / "sources" / "counterpedia.yaml").write_text(EDITORIAL, encoding="utf-8")
    import os

    old = journal.stat().st_mtime + 10
    for path in valid_data.rglob("*.yaml"):
        os.utime(path, (old - 100, old - 100))
    in_dir(valid_data.parent)
    assert main(["new", "counter", "after-plan", "--set", "sources=cr", "--set", "holders=[player]"]) == 0
    assert "finished the interrupted `counterpedia fmt` first" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == planned and not journal.exists()
