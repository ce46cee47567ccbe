"""The preview rebuilds only what an edit changes, and shows exactly what a full build of the edited data shows."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from counterpedia.commands.preview.site import PreviewSite
from counterpedia.commands.site_build import build_all

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = {"ja": "mkdocs.yml", "en": "mkdocs.en.yml", "fr": "mkdocs.fr.yml"}


@pytest.fixture
def quiet_site_env(monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    for name in ("GITHUB_REPOSITORY", "GITHUB_SERVER_URL", "SOURCE_DATE_EPOCH"):
        monkeypatch.delenv(name, raising=False)


def full_build(data: Path, out: Path, lang: str) -> Path:
    site = build_all(ROOT, out, langs=(lang,), data_dir=data)
    return site if lang == "ja" else site / lang


def every_page(site: PreviewSite) -> None:
    for file in list(site.files.documentation_pages()):
        site.ensure(file.src_uri)


def differences(full: Path, preview: Path) -> list[str]:
    """Every file of the full build that the preview lacks or writes otherwise, and every page it has more.
    The JSON export (api/) and the mark `counterpedia site build` leaves in its output folder are the full
    build's alone, and a gzipped sitemap carries its build time."""
    found = []
    for path in sorted(full.rglob("*")):
        relative = path.relative_to(full).as_posix()
        if not path.is_file() or relative.startswith(("api/", "en/", "fr/", ".counterpedia-site")) or relative.endswith(".gz"):
            continue
        other = preview / relative
        if not other.is_file():
            found.append(f"missing: {relative}")
        elif other.read_bytes() != path.read_bytes():
            found.append(f"differs: {relative}")
    for path in sorted(preview.rglob("*.html")):
        if not (full / path.relative_to(preview)).is_file():
            found.append(f"extra: {path.relative_to(preview).as_posix()}")
    return found


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    stamp = path.stat()
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))  # a new time, even on a coarse clock


EDITS = {
    # A card's English name: its page, the counter pages' card tables, the cards index, the rulings about it.
    "card": ("cards/i/inevitable-betrayal.yaml", "text: Inevitable Betrayal", "text: Inevitable Treachery"),
    # Who can have a counter: its page, the home page's catalogue.
    "counter": ("counters/rad.yaml", "holders: [player]", "holders: [player, permanent]"),
    # A quoted rule's English text: its page and every page that quotes it.
    "rule": ("rules/rad-counters.yaml", "rad counter", "rad  counter"),
}


@pytest.mark.slow  # four builds of a small site and every page of the preview, per language
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_incremental_rebuild_equals_a_full_build(valid_data, tmp_path, quiet_site_env, lang):
    site = PreviewSite(ROOT / CONFIGS[lang], tmp_path / "preview", data_dir=valid_data)
    site.start()
    site.check()
    every_page(site)
    assert differences(full_build(valid_data, tmp_path / "full-0", lang), tmp_path / "preview") == []
    total = len(list(site.files.documentation_pages()))
    for step, (kind, (relative, old, new)) in enumerate(EDITS.items(), start=1):
        edit(valid_data / relative, old, new)
        update = site.update()
        assert update.paths == [str(valid_data / relative)], kind
        assert update.pages, f"{kind}: no page changed"
        assert update.stale < total, f"{kind}: every page is to be rendered again"
        assert site.check().errors == {}, kind
        every_page(site)
        assert differences(full_build(valid_data, tmp_path / f"full-{step}", lang), tmp_path / "preview") == [], kind
    # A new record: a page more, in the indexes and the sitemap.
    term = (valid_data / "terms" / "mill.yaml").read_text(encoding="utf-8")
    (valid_data / "terms" / "milled.yaml").write_text(term.replace("id: mill", "id: milled").replace("text: Mill,", "text: Milled,")
                                                               .replace("text: 切削,", "text: 切削済み,"), encoding="utf-8")
    update = site.update()
    assert update.paths == [str(valid_data / "terms" / "milled.yaml")]
    if site.check().errors:
        pytest.fail(f"the new term does not validate: {site.data.errors}")
    every_page(site)
    assert differences(full_build(valid_data, tmp_path / "full-new", lang), tmp_path / "preview") == []
