"""The built sites: "Edit this page" only with a configured repository, the contributor guide in each
language at the same path, and the JSON export under api/."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from counterpedia.render import export

pytestmark = pytest.mark.site
PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}
GUIDE_TITLES = {"ja": "編集者ガイド", "en": "Contributor guide", "fr": "Guide du contributeur"}


def test_edit_buttons_follow_the_configuration(built_site):
    pages = [
        built_site / "counters" / "rad.html",
        built_site / "en" / "glossary.html",
        built_site / "fr" / "index.html",
    ]
    repository = os.environ.get("GITHUB_REPOSITORY")
    for page in pages:
        html = page.read_text(encoding="utf-8")
        edits = re.findall(r'<a href="([^"]*)"[^>]*class="md-content__button md-icon"[^>]*rel="edit"', html)
        if not repository:
            assert edits == [], f"{page}: an edit button with no repository configured"
        else:
            assert len(edits) == 1 and repository in edits[0]
    if repository:
        rad = (built_site / "counters" / "rad.html").read_text(encoding="utf-8")
        assert f"/{repository}/edit/" in rad and "/data/counters/rad.yaml" in rad
    assert "md-source" not in (built_site / "index.html").read_text(encoding="utf-8")  # no GitHub widget: no request


@pytest.mark.parametrize("lang", ["ja", "en", "fr"])
def test_the_contributor_guide_is_in_each_sites_language(built_site, lang):
    html = (built_site / PREFIX[lang] / "editors" / "contributing.html").read_text(encoding="utf-8")
    assert "<h1" in html and GUIDE_TITLES[lang] in html
    for other, title in GUIDE_TITLES.items():
        if other != lang:
            assert title not in html.split('class="md-content"')[1], f"{lang} guide shows {other}"
    others = re.search(r'<p class="cp-langs">(.*?)</p>', html).group(1)
    links = re.findall(r'<a href="([^"]*contributing\.html)" hreflang="(\w\w)"', others)
    assert {linked for _, linked in links} == set(PREFIX) - {lang}
    for href, other in links:  # the other languages' guides, from this page
        target = (built_site / PREFIX[lang] / "editors" / href).resolve()
        assert target == (built_site / PREFIX[other] / "editors" / "contributing.html").resolve()
    for variant in ("contributing.ja.html", "contributing.en.html", "contributing.fr.html"):
        assert not (built_site / PREFIX[lang] / "editors" / variant).exists()


def test_the_site_serves_the_export_under_api(built_site, real_data, real_kb):
    index = json.loads((built_site / "api" / "index.json").read_text(encoding="utf-8"))
    expected = export.build(real_kb, export.file_resolver(real_data))
    assert index == expected["index.json"]
    counters = json.loads((built_site / "api" / "counters.json").read_text(encoding="utf-8"))
    assert counters == expected["counters.json"]
    for record in counters["records"][:20]:
        for lang, url in record["urls"].items():
            assert (built_site / url.split("#")[0]).is_file(), (lang, url)
    assert (built_site / "api" / "schemas" / "records.schema.json").is_file()


def small_site(tmp_path: Path, monkeypatch, repository: str | None) -> Path:
    """The English site of the small valid data set (a second to build)."""
    from counterpedia.commands.site_build import build_all

    root = Path(__file__).resolve().parents[1]
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    monkeypatch.delenv("GITHUB_SERVER_URL", raising=False)
    if repository:
        monkeypatch.setenv("GITHUB_REPOSITORY", repository)
    else:
        monkeypatch.delenv("GITHUB_REPOSITORY", raising=False)
    return (
        build_all(root, tmp_path / "site", langs=("en",), data_dir=root / "tests" / "fixtures" / "valid" / "data")
        / "en"
    )


def test_every_page_edits_the_file_or_folder_it_comes_from(tmp_path, monkeypatch):
    root = Path(__file__).resolve().parents[1]
    site = small_site(tmp_path, monkeypatch, "owner/repo")
    pages = [p for p in site.rglob("*.html") if p.name != "404.html"]
    assert pages
    for page in pages:
        html = page.read_text(encoding="utf-8")
        edits = re.findall(
            r'<a href="https://github\.com/owner/repo/(edit|tree)/main/([^"]*)"[^>]*class="md-content__button', html
        )
        assert len(edits) == 1, f"{page.relative_to(site)}: {edits}"
        mode, target = edits[0]
        assert (root / target).is_file() if mode == "edit" else (root / target).is_dir(), (page, target)
    rad = (site / "counters" / "rad.html").read_text(encoding="utf-8")
    assert "/edit/main/tests/fixtures/valid/data/counters/rad.yaml" in rad
    guide = (site / "editors" / "contributing.html").read_text(encoding="utf-8")
    assert "/edit/main/docs/editors/contributing.md" in guide


def test_without_a_repository_no_page_has_an_edit_button(tmp_path, monkeypatch):
    site = small_site(tmp_path, monkeypatch, None)
    for page in site.rglob("*.html"):
        assert 'rel="edit"' not in page.read_text(encoding="utf-8"), page
