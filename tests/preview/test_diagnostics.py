"""A record that stops validating: the preview keeps serving, shows the diagnostic above the record's last valid
version, and shows the record again once it is fixed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from counterpedia.commands.preview.site import BANNER_TITLE, PreviewSite

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def preview(valid_data, tmp_path, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    monkeypatch.chdir(valid_data.parent)
    site = PreviewSite(ROOT / "mkdocs.en.yml", tmp_path / "preview", data_dir=valid_data)
    site.start()
    assert site.check().errors == {}
    return site


def write(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns if path.exists() else 0
    path.write_text(text, encoding="utf-8")
    stamp = path.stat()
    os.utime(path, ns=(stamp.st_atime_ns, max(stamp.st_mtime_ns, before + 1_000_000_000)))


def page(site: PreviewSite, src_uri: str) -> str:
    site.ensure(src_uri)
    return (site.site_dir / (src_uri[:-3] + ".html")).read_text(encoding="utf-8")


def test_a_record_that_stops_validating_shows_its_diagnostic_on_its_page(preview, valid_data):
    counter = valid_data / "counters" / "rad.yaml"
    valid = counter.read_text(encoding="utf-8")
    assert "<li>player</li>" in page(preview, "counters/rad.md")
    write(counter, valid.replace("holders: [player]", "holders: [nobody]"))
    update = preview.update()  # out of its schema's shape: known at once, before the whole data is checked
    assert update.pages[0] == "counters/rad.md"
    [(path, diagnostics)] = update.errors.items()
    assert path == str(counter) and diagnostics[0].code.startswith("E")
    assert preview.check().errors.keys() == {str(counter)}
    html = page(preview, "counters/rad.md")
    assert BANNER_TITLE in html and "data/counters/rad.yaml:" in html and diagnostics[0].code in html
    assert "<li>player</li>" in html and "<li>nobody</li>" not in html  # the last valid version
    assert BANNER_TITLE not in page(preview, "counters/time.md")  # only the record's own pages

    write(counter, valid)
    preview.update()
    assert preview.check().errors == {}
    html = page(preview, "counters/rad.md")
    assert BANNER_TITLE not in html and "<li>player</li>" in html


def test_a_file_that_does_not_parse_keeps_its_last_valid_version(preview, valid_data):
    counter = valid_data / "counters" / "rad.yaml"
    valid = counter.read_text(encoding="utf-8")
    write(counter, valid.replace("holders: [player]", "holders: [player"))
    update = preview.update()  # a parse error is known before the checks run
    assert update.pages[0] == "counters/rad.md" and str(counter) in update.errors
    html = page(preview, "counters/rad.md")
    assert BANNER_TITLE in html and "<li>player</li>" in html
    preview.check()
    assert BANNER_TITLE in page(preview, "counters/rad.md")
    assert BANNER_TITLE not in page(preview, "index.md")


def test_a_new_record_that_never_validated_is_shown_as_it_is_when_in_shape(preview, valid_data):
    rad = (valid_data / "counters" / "rad.yaml").read_text(encoding="utf-8")
    write(
        valid_data / "counters" / "zzz.yaml", rad.replace("id: rad", "id: zzz").replace("[mill]", "[no-such-mechanic]")
    )
    update = preview.update()
    assert "counters/zzz.md" in update.pages
    assert "no-such-mechanic" in "".join(d.message for found in preview.check().errors.values() for d in found)
    html = page(preview, "counters/zzz.md")
    assert BANNER_TITLE in html and "no-such-mechanic" in html
    # Out of its schema's shape (a number for a list), it would break its pages: not shown until it is fixed.
    write(
        valid_data / "counters" / "yyy.yaml",
        rad.replace("id: rad", "id: yyy").replace("holders: [player]", "holders: 3"),
    )
    update = preview.update()
    assert "counters/yyy.md" not in update.pages and preview.check().errors
    assert "counters/yyy.md" not in preview.plugin.makers


def test_an_error_the_checks_find_puts_the_record_back_at_its_last_valid_version(preview, valid_data):
    counter = valid_data / "counters" / "rad.yaml"
    write(
        counter,
        counter.read_text(encoding="utf-8")
        .replace("[mill]", "[no-such-mechanic]")
        .replace("holders: [player]", "holders: [player, permanent]"),
    )
    preview.update()  # in its schema's shape: shown before the whole data is checked
    assert "<li>permanent</li>" in page(preview, "counters/rad.md")
    checked = preview.check()
    assert "counters/rad.md" in checked.pages and str(counter) in checked.errors
    html = page(preview, "counters/rad.md")
    assert BANNER_TITLE in html and "no-such-mechanic" in html and "<li>permanent</li>" not in html


def test_the_preview_starts_with_a_record_out_of_its_schemas_shape(valid_data, tmp_path, monkeypatch):
    monkeypatch.setenv("COUNTERPEDIA_FULL_RULES", "0")
    card = valid_data / "cards" / "i" / "inevitable-betrayal.yaml"
    write(card, card.read_text(encoding="utf-8").replace("counters:", "counters: 3\ncounters_:", 1))  # breaks pages
    site = PreviewSite(ROOT / "mkdocs.en.yml", tmp_path / "preview", data_dir=valid_data)
    site.start()
    assert str(card) in site.check().errors
    assert "cards/inevitable-betrayal.md" not in site.plugin.makers  # never valid: not shown until fixed
    assert "Struggle for Project Purity" in page(site, "cards/index.md")
