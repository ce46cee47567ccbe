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
