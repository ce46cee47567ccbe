"""The registry of record kinds (counterpedia.kinds) is the one list of kinds: a kind added through it alone is
loaded, validated, rendered, searched, exported and counted, with no other list to find and edit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from counterpedia import kinds
from counterpedia.checks.validate import validate
from counterpedia.commands.cli import main
from counterpedia.model import status
from counterpedia.model.knowledge import load
from counterpedia.render import edit_links, export, i18n, urls
from counterpedia.render.pages import SiteRenderer, nav
from counterpedia.search import engine, site_index
from counterpedia.storage.layout import record_path

ROOT = Path(__file__).resolve().parents[1]
WORKER = ROOT / "docs" / "assets" / "javascripts" / "workers" / "counterpedia-search.js"

# Two kinds the data does not have: one with a page per record, one whose records are anchors on a shared
# page. Both follow the term schema (a kind's schema is any schema file of the package).
GADGET = kinds.Kind(
    "gadget",
    "gadgets",
    "term.schema.json",
    page="gadgets/{id}.md",
    index_page="gadgets/index.md",
    index_title="glossary",
    i18n_key="kind_term",
    search_code="g",
    text_fields=("names", "note"),
    references=((("related", "counters"), "counter"),),
    rules_field=("rules",),
)
GIZMO = kinds.Kind(
    "gizmo",
    "gizmos",
    "term.schema.json",
    page="gizmos.md#{id}",
    index_page="gizmos.md",
    index_title="sources",
    i18n_key="kind_mechanic",
    search_code="z",
    text_fields=("names", "note"),
)
RECORD = """id: {id}
names:
  en: {{text: {name}, status: official, source: cr, version: "20260116"}}
note:
  en: {{text: A {name} is what the test adds, status: official, source: cr, version: "20260116"}}
related:
  counters: [{counter}]
"""


@pytest.fixture
def new_kinds(valid_data: Path):
    """The valid data set with a gadget and a gizmo, both kinds registered for the test only."""
    for kind, record_id, name in ((GADGET, "whirligig", "Whirligig"), (GIZMO, "doohickey", "Doohickey")):
        folder = valid_data / kind.folder
        folder.mkdir()
        (folder / f"{record_id}.yaml").write_text(
            RECORD.format(id=record_id, name=name, counter="rad"), encoding="utf-8"
        )
    kinds.register(GADGET)
    kinds.register(GIZMO)
    try:
        yield valid_data
    finally:
        kinds.unregister("gizmo")
        kinds.unregister("gadget")


def test_the_built_in_kinds_in_their_order():
    assert kinds.names() == ("counter", "rule", "ruling", "card", "mechanic", "term", "source", "memory", "translation")
    assert kinds.folders() == {
        "counters": "counter",
        "rules": "rule",
        "rulings": "ruling",
        "cards": "card",
        "mechanics": "mechanic",
        "terms": "term",
        "sources": "source",
        "translation-memory": "memory",
        "translations": "translation",
    }


def test_a_name_folder_or_search_code_is_registered_once():
    with pytest.raises(ValueError):
        kinds.register(kinds.get("term"))
    with pytest.raises(ValueError):
        kinds.register(
            kinds.Kind(
                "other",
                "others",
                "term.schema.json",
                page="o/{id}.md",
                index_page="o/index.md",
                index_title="glossary",
                i18n_key="kind_term",
                search_code="c",
            )
        )
    assert "other" not in kinds.names()


def test_a_new_kind_is_loaded_where_the_registry_puts_it(new_kinds):
    kb, problems = load(new_kinds)
    assert problems == []
    gadget = kb.get("gadget", "whirligig")
    assert gadget is not None and gadget.data["names"]["en"]["text"] == "Whirligig"
    assert kb.get("gizmo", "doohickey") is not None
    assert [r.kind for r in kb][-2:] == ["gadget", "gizmo"]  # after the built-in kinds, in the registry's order
    assert record_path(new_kinds, "gadget", "whirligig") == new_kinds / "gadgets" / "whirligig.yaml"


def test_a_new_kind_is_validated_against_its_schema_and_its_references(new_kinds):
    _kb, diagnostics = validate([new_kinds])
    assert diagnostics == []
    broken = new_kinds / "gadgets" / "whirligig.yaml"
    broken.write_text(
        RECORD.format(id="whirligig", name="Whirligig", counter="no-such-counter") + "colour: red\n", encoding="utf-8"
    )
    _kb, diagnostics = validate([new_kinds])
    found = {(Path(d.path).name, d.code) for d in diagnostics}
    assert found == {("whirligig.yaml", "E101"), ("whirligig.yaml", "E110")}, [d.render() for d in diagnostics]


def test_a_new_kind_is_rendered_with_the_generic_pages(new_kinds):
    kb, _ = load(new_kinds)
    pages = SiteRenderer(kb, "en").all_pages()
    assert urls.page_path("gadget", "whirligig") == ("gadgets/whirligig.md", None)
    page = pages["gadgets/whirligig.md"]
    assert "# Whirligig" in page and "A Whirligig is what the test adds" in page
    assert "[Whirligig](whirligig.md)" in pages["gadgets/index.md"]
    assert urls.page_path("gizmo", "doohickey") == ("gizmos.md", "doohickey")
    assert "## Doohickey {#doohickey}" in pages["gizmos.md"]
    # The counter the gadget cites lists it among what cites it.
    assert "[Whirligig](../gadgets/whirligig.md)" in pages["counters/rad.md"]
    index_pages = [page for entry in nav("en", []) for page in entry.values()]
    assert "gadgets/index.md" in index_pages and "gizmos.md" in index_pages
    sources = edit_links.page_sources(kb, lambda record: f"data/{record.kind}s/{record.id}.yaml", "data")
    assert sources["gadgets/whirligig.md"] == "data/gadgets/whirligig.yaml"
    assert sources["gizmos.md"] == "data/gizmos/"


def test_a_new_kind_is_searched_on_the_command_line_and_on_the_site(new_kinds, capsys):
    hits = engine.search(engine.build(new_kinds), "whirligig", kind="gadget").hits
    assert [(hit.kind, hit.id) for hit in hits] == [("gadget", "whirligig")]
    assert main(["search", "doohickey", "--kind", "gizmo", "--data", str(new_kinds), "--no-cache", "--lang", "en"]) == 0
    assert "[gizmo]" in capsys.readouterr().out
    kb, _ = load(new_kinds)
    payload = site_index.decode(site_index.build(kb, "en")["docs"][0])
    assert ["gadgets/whirligig.html", "Whirligig"] in payload["pages"]
    assert any(unit[2] == "g" for unit in payload["units"]) and any(unit[2] == "z" for unit in payload["units"])


def test_a_new_kind_is_exported_and_counted(new_kinds):
    kb, _ = load(new_kinds)
    files = export.build(kb)
    assert [r["id"] for r in files["gadgets.json"]["records"]] == ["whirligig"]
    assert files["index.json"]["kinds"]["gizmo"]["file"] == "gizmos.json"
    assert "gadget" in export.schema("records.schema.json")["properties"]["kind"]["enum"]
    assert status.summary(kb)["gadget"]["records"] == 1


def test_every_kind_names_interface_strings_that_exist():
    for kind in kinds.all_kinds():
        assert kind.i18n_key in i18n.STRINGS, kind.name
        assert kind.index_title in i18n.STRINGS, kind.name


def _js_object(name: str) -> dict[str, str]:
    found = re.search(r"var " + name + r" = \{([^}]*)\};", WORKER.read_text(encoding="utf-8"))
    assert found, f"no {name} in {WORKER}"
    return dict(
        (key.strip(), value.strip().strip('"'))
        for key, value in (item.split(":") for item in found.group(1).split(","))
    )


def test_the_site_search_worker_reads_the_kinds_as_the_registry_declares_them():
    # The worker (static JavaScript) has its own copy of the kind codes and ranking bonuses. A kind it does
    # not know is still found (with no bonus); one with a bonus must be added there too.
    codes, bonuses = _js_object("KINDS"), _js_object("KIND_BONUS")
    for kind in kinds.all_kinds():
        if kind.search_code in codes:
            assert codes[kind.search_code] == kind.name
            assert float(bonuses[kind.name]) == kind.search_bonus
        else:
            assert kind.search_bonus == 0.0, f"add {kind.name} to KINDS and KIND_BONUS in {WORKER.name}"
    assert site_index.kind_codes() == {name: code for code, name in codes.items()}
