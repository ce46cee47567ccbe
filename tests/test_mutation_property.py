"""Property: whatever field of whatever record has its type changed or is deleted, every command exits
0, 1 or 2 with a message, never a traceback or an "internal error".

The records are the small valid data set with every optional field filled in (notes, examples, cites,
via, translates, printing, sets…), so that every field a command reads can be broken."""

from __future__ import annotations

import contextlib
import copy
import datetime
import io
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from counterpedia import kinds
from counterpedia.commands.cli import main
from counterpedia.cr import locate

ROOT = Path(__file__).resolve().parents[1]
VALID_DATA = ROOT / "tests" / "fixtures" / "valid" / "data"
DELETE = object()


def _text(text, source="cr", version="20260116", **more) -> dict:
    return {"text": text, "status": "official", "source": source, "version": version, **more}


def _machine(text, of: str, version="20260116") -> dict:
    return {
        "text": text,
        "status": "machine",
        "source": "counterpedia-mt",
        "version": "2026-11-29",
        "translates": {"lang": "en", "version": version, "hash": "sha256:0000000000000000"},
    }


RICH: dict[str, dict] = {
    "counters/rad.yaml": {
        "id": "rad",
        "names": {"en": _text("rad counter"), "ja": _machine("RADカウンター", "rad counter")},
        "holders": ["player"],
        "rules": ["727.1", "727.1a"],
        "keyword": False,
        "summary": {
            "en": _text(
                "Rad counters mill (rule 727.1).", "wotc-pip-release-notes", "2024-03-08", cites=["cr"], via="cr"
            )
        },
        "notes": [{"en": _text("A note.", "wotc-pip-release-notes", "2024-03-08", cr_edition="20260116")}],
        "related": {"mechanics": ["mill"], "terms": ["mill"], "counters": []},
        "first_set": {"name": "Fallout", "code": "PIP", "source": "wotc-pip-release-notes"},
        "sources": ["cr"],
    },
    "cards/s/struggle-for-project-purity.yaml": {
        "id": "struggle-for-project-purity",
        "names": {
            "en": _text(
                "Struggle for Project Purity",
                "wotc-pip-release-notes",
                "2024-03-08",
                printing={"set": "PIP", "number": "12", "card": "Struggle for Project Purity"},
            )
        },
        "oracle_id": "00000000-0000-4000-8000-00000000c0de",
        "counters": ["rad"],
        "any_counter": True,
        "set": {"name": "Fallout", "code": "PIP", "source": "wotc-pip-release-notes"},
        "printings": [{"set": "PIP", "number": "12"}],
        "text": {"en": _text("Each player gets a rad counter (rule 727.1).", "wotc-pip-release-notes", "2024-03-08")},
        "rulings": [
            {
                "id": "2024-03-08-0000000a",
                "date": "2024-03-08",
                "source": "wotc-pip-release-notes",
                "original": "en",
                "text": {
                    "en": _text("A ruling.", "wotc-pip-release-notes", "2024-03-08"),
                    "fr": _machine("Une décision.", "A ruling.", "2024-03-08"),
                },
                "about": {"counters": ["rad"], "rules": ["727.1"], "mechanics": ["mill"], "terms": ["mill"]},
            }
        ],
    },
    "rules/rad-counters.yaml": {
        "id": "rad-counters",
        "section": "727",
        "title": {"en": _text("Rad Counters")},
        "rules": [
            {
                "number": "727.1",
                "text": {
                    "en": _text("Rad counters are counters."),
                    "fr": _machine("Les marqueurs radiation.", "Rad counters are counters."),
                },
                "examples": [{"en": _text("An example.")}],
            },
            {"number": "727.1a", "text": {"en": _text("Radiation is what a rad counter counts.")}},
        ],
    },
    "terms/mill.yaml": {
        "id": "mill",
        "names": {"en": _text("Mill")},
        "rules": ["727.1"],
        "note": {"en": _text("Mill is a keyword action.")},
        "related": {"mechanics": ["mill"], "counters": ["rad"]},
    },
    "mechanics/mill.yaml": {
        "id": "mill",
        "type": "keyword-action",
        "names": {"en": _text("mill")},
        "rules": ["727.1a"],
        "counters": ["rad"],
        "summary": {"en": _text("Put cards into a graveyard.")},
    },
    "rulings/2024-03-08-rad-01.yaml": {
        "id": "2024-03-08-rad-01",
        "date": "2024-03-08",
        "source": "wotc-pip-release-notes",
        "original": "en",
        "text": {"en": _text("Rad counters.", "wotc-pip-release-notes", "2024-03-08")},
        "about": {
            "counters": ["rad"],
            "cards": ["struggle-for-project-purity"],
            "rules": ["727.1"],
            "mechanics": ["mill"],
            "terms": ["mill"],
        },
    },
    # The entry of the card's ruling "A ruling." (key: the hash of its template), which gives it its Japanese text.
    "translation-memory/05.yaml": {
        "id": "05",
        "translations": [
            {
                "id": "0521145f2ce1afbc",
                "text": {
                    "en": _text("A ruling.", "wotc-pip-release-notes", "2024-03-08"),
                    "ja": _machine("裁定。", "A ruling.", "2024-03-08"),
                    "fr": _machine("Une décision.", "A ruling.", "2024-03-08"),
                },
            }
        ],
    },
    "sources/wotc-pip-release-notes.yaml": {
        "id": "wotc-pip-release-notes",
        "type": "release-notes",
        "title": "Fallout release notes",
        "publisher": "Wizards of the Coast",
        "language": "en",
        "date": "2024-03-08",
        "url": "https://magic.wizards.com/en/news/feature/fallout-release-notes",
        "note": "A source.",
        "files": [{"name": "release-notes.txt", "sha256": "0" * 64}],
        "translators": "Someone",
    },
}
FILES = sorted(RICH)
SCHEMAS = ROOT / "tools" / "counterpedia" / "schemas"
EXCLUDED_LIST = ROOT / "catalogue" / "excluded-counters.yaml"


def test_the_rich_records_cover_every_kind_and_every_field():
    """Driven by the kinds registry: a kind added without a rich record here, or a field added to a schema
    without a value here, fails this test, so that the mutations below reach it."""
    for kind in kinds.all_kinds():
        records = [data for name, data in RICH.items() if name.split("/")[0] == kind.folder]
        # A kind another embeds (a memory shard's translations) is checked on the embedded records too.
        records += [
            entry
            for holder in kinds.all_kinds()
            if holder.embeds == kind.name
            for name, data in RICH.items()
            if name.split("/")[0] == holder.folder
            for entry in data.get(kind.folder, [])
        ]
        assert records, f"no rich record of kind {kind.name!r} (data/{kind.folder}/): add one to RICH"
        fields = set(json.loads((SCHEMAS / kind.schema).read_text(encoding="utf-8")).get("properties", {}))
        assert fields <= set(records[0]), (
            f"{kind.name}: fields without a value in RICH: {sorted(fields - set(records[0]))}"
        )


def dump(data) -> str:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue()


def paths(node, prefix=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield prefix + (key,)
            yield from paths(value, prefix + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield prefix + (index,)
            yield from paths(value, prefix + (index,))


SCALARS = st.one_of(
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=6),
    st.dates(min_value=datetime.date(1, 1, 1)),
)
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=3),
    st.dictionaries(st.one_of(st.text(max_size=4), st.integers(0, 9)), SCALARS, max_size=3),
)


@st.composite
def mutations(draw):
    """(file, path, new value or DELETE): one field of one record changed in type or deleted."""
    name = draw(st.sampled_from(FILES))
    path = draw(st.sampled_from(list(paths(RICH[name]))))
    return name, path, draw(st.one_of(st.just(DELETE), VALUES))


def mutated(name: str, path: tuple, value) -> dict:
    data = copy.deepcopy(RICH[name])
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    if value is DELETE:
        del holder[path[-1]]
    else:
        holder[path[-1]] = value
    return data


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A data folder holding the rich records, and the CR file to check quotes against (when available)."""
    base = tmp_path_factory.mktemp("mutations")
    shutil.copytree(VALID_DATA, base / "data")
    for name, data in RICH.items():
        (base / "data" / name).parent.mkdir(parents=True, exist_ok=True)
        (base / "data" / name).write_text(dump(data), encoding="utf-8")
    # The reviewed list of excluded kinds beside the data, so that its check reads the records too.
    (base / "catalogue").mkdir()
    shutil.copy(EXCLUDED_LIST, base / "catalogue" / EXCLUDED_LIST.name)
    return base


def run(argv: list[str], cwd: Path) -> tuple[int, str]:
    err = io.StringIO()
    previous = Path.cwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            status = main(argv)
    finally:
        os.chdir(previous)
    return status, err.getvalue()


def cr_file() -> str | None:
    try:
        return str(locate.newest())
    except locate.CRNotFound:
        return None


def test_the_rich_records_are_valid(project):
    status, err = run(["validate"], project)
    assert status == 0, err


PROPERTY = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.slow
@PROPERTY
@given(mutation=mutations())
# Found by this test: the examples of a quote as a number (checks/cr_names.py unpacked it: TypeError).
@example(mutation=("rules/rad-counters.yaml", ("rules", 0, "examples"), 1))
# And: a float the formatter cannot write back as read made `cr sync` an internal error (now E400, located, exit 1).
@example(
    mutation=("cards/s/struggle-for-project-purity.yaml", ("any_counter",), {"": True, "x=": 3.31281790268317e-293})
)
# And: a translation-memory entry's `translates` as a number made `cr sync` an internal error (AttributeError).
@example(mutation=("translation-memory/05.yaml", ("translations", 0, "text", "ja", "translates"), 1))
def test_any_mutation_gives_an_exit_status_never_a_traceback(project, mutation):
    name, path, value = mutation
    target = project / "data" / name
    target.write_text(dump(mutated(name, path, value)), encoding="utf-8")
    try:
        commands = [
            ["validate"],
            ["validate", f"data/{name}"],
            ["status", "--data", "data"],
            ["status", "--data", "data", "--list", "missing", "--list", "drifted"],
        ]
        cr = cr_file()
        if cr:
            commands += [["cr", "check", "--data", "data", "--cr", cr], ["cr", "sync", "--data", "data", "--cr", cr]]
        for argv in commands:
            status, err = run(argv, project)
            assert status in (0, 1, 2), (argv, status, err)
            assert "internal error" not in err and "Traceback" not in err, (argv, err)
    finally:
        target.write_text(dump(RICH[name]), encoding="utf-8")


@settings(
    max_examples=6,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(mutation=mutations())
def test_any_mutation_gives_the_site_build_an_exit_status(project, mutation, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    name, path, value = mutation
    target = project / "data" / name
    target.write_text(dump(mutated(name, path, value)), encoding="utf-8")
    try:
        status, err = run(
            ["site", "build", "--project", str(ROOT), "--data", "data", "--out", "site", "--lang", "en"], project
        )
        assert status in (0, 1, 2), (status, err)
        assert "Traceback" not in err and "internal error" not in err
        if status == 1:
            assert "data/" in err, "a data error names the file"
    finally:
        target.write_text(dump(RICH[name]), encoding="utf-8")


# One value of each YAML type: every field of every record is given each of them in turn (the hypothesis test
# above samples; this one is exhaustive over the fields, so that `names: [a, b]` in a counter is always tried).
EACH_TYPE = [["a", "b"], {"x": 1}, 7, "text", None, datetime.date(2024, 1, 2), [{"a": 1}]]


@pytest.mark.slow
def test_every_field_of_every_kind_given_each_type_gives_diagnostics_never_a_traceback(project):
    fields = {name: sorted({path for path in paths(RICH[name]) if len(path) <= 2}, key=repr) for name in FILES}
    rounds = max(len(found) for found in fields.values())
    try:
        for value in EACH_TYPE:
            for turn in range(rounds):
                # Every record file has one field changed at once (its turn-th), to keep the runs few.
                for name in FILES:
                    path = fields[name][turn % len(fields[name])]
                    (project / "data" / name).write_text(dump(mutated(name, path, value)), encoding="utf-8")
                status, err = run(["validate"], project)
                assert status in (0, 1), (value, turn, status, err)
                assert "Traceback" not in err and "internal error" not in err, (value, turn, err)
    finally:
        for name in FILES:
            (project / "data" / name).write_text(dump(RICH[name]), encoding="utf-8")
