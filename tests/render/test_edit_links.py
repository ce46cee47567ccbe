""" "Edit this page": each page points at the YAML file (or folder) it comes from, only with a configured repository."""

from __future__ import annotations

from pathlib import Path

from counterpedia.model.knowledge import load
from counterpedia.render import edit_links

ROOT = Path(__file__).resolve().parents[2]
VALID = ROOT / "tests" / "fixtures" / "valid" / "data"


def test_the_repository_comes_from_configuration_only():
    assert edit_links.repository_url(None, {}) is None  # none configured: no edit link, never a made-up URL
    assert edit_links.repository_url("https://github.com/o/r/", {}) == "https://github.com/o/r"
    env = {"GITHUB_REPOSITORY": "ci/repo", "GITHUB_SERVER_URL": "https://ghe.example.org"}
    assert edit_links.repository_url("https://github.com/o/r", env) == "https://ghe.example.org/ci/repo"
    assert edit_links.repository_url(None, {"GITHUB_REPOSITORY": "ci/repo"}) == "https://github.com/ci/repo"


def test_files_open_in_the_editor_and_folders_in_the_tree_view():
    repo = "https://github.com/o/r"
    assert (
        edit_links.edit_url(repo, "main", "data/counters/rad.yaml")
        == "https://github.com/o/r/edit/main/data/counters/rad.yaml"
    )
    assert edit_links.edit_url(repo, "main", "data/terms/") == "https://github.com/o/r/tree/main/data/terms"
    assert edit_links.edit_url(None, "main", "data/counters/rad.yaml") is None
    assert edit_links.edit_url(repo, "main", None) is None


def test_every_generated_page_has_its_source():
    kb, _ = load(VALID)
    sources = edit_links.page_sources(
        kb, lambda r: f"data/{Path(r.document.path).resolve().relative_to(VALID).as_posix()}", "data"
    )
    assert sources["counters/rad.md"] == "data/counters/rad.yaml"
    assert sources["cards/struggle-for-project-purity.md"] == "data/cards/s/struggle-for-project-purity.yaml"
    assert sources["rules/rad-counters.md"] == "data/rules/rad-counters.yaml"
    assert sources["glossary.md"] == "data/terms/" and sources["rulings/index.md"] == "data/rulings/"
    assert sources["index.md"] == "data/counters/"
    assert edit_links.target_for("cr/727.md", sources) == edit_links.CR_GENERATOR
    # the rulings of a year, or about a counter, come from card files and data/rulings/: the data folder
    assert edit_links.target_for("rulings/2024.md", sources) == "data/"
    assert edit_links.target_for("rulings/counters/rad.md", sources) == "data/"


def test_the_glossary_and_lists_link_their_folder_and_every_page_is_covered():
    from counterpedia.render.pages import SiteRenderer

    kb, _ = load(VALID)
    sources = edit_links.page_sources(kb, lambda r: "x.yaml", "data")
    for page in SiteRenderer(kb, "en").all_pages():
        assert edit_links.target_for(page, sources) is not None, page
