"""The plain MkDocs project: our generated pages as Markdown, buildable by `mkdocs build` without our plugin."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from counterpedia.bench.markdown_site import excluded_from_search, generated_pages, write

ROOT = Path(__file__).resolve().parents[2]


def test_a_generated_page_stays_out_of_materials_search_index():
    assert excluded_from_search("# Title\n").startswith("---\nsearch:\n  exclude: true\n---\n\n# Title")
    with_front = excluded_from_search("---\ntitle: X\n---\n# X\n")
    assert yaml.safe_load(with_front.split("---")[1]) == {"title": "X", "search": {"exclude": True}}


@pytest.mark.site
def test_the_project_builds_the_same_pages_without_our_plugin(valid_data, tmp_path, monkeypatch):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    config_file = write(ROOT, valid_data, "en", tmp_path / "plain")
    config = yaml.safe_load(config_file.read_text(encoding="utf-8"))
    assert not any(p == "counterpedia" or isinstance(p, dict) and "counterpedia" in p for p in config["plugins"])
    pages = generated_pages(ROOT, valid_data, "en")
    assert pages
    for page in pages:
        assert (tmp_path / "plain" / "docs" / page).is_file()
    loaded = load_config(str(config_file))
    loaded.plugins.on_startup(command="build", dirty=False)
    build(loaded)
    loaded.plugins.on_shutdown()
    site = tmp_path / "plain" / "site"
    built = {p.relative_to(site).as_posix() for p in site.rglob("*.html")}
    assert {page.removesuffix(".md") + ".html" for page in pages} <= built  # use_directory_urls: false
    assert (site / "editors" / "contributing.html").is_file()  # the English guide at its English path
