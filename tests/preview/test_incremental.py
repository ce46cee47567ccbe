"""The preview rebuilds only what an edit changes, and shows exactly what a full build of the edited data shows."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from counterpedia.commands.preview.site import PreviewSite
from counterpedia.commands.site_build import build_all
from counterpedia.model import memory
from counterpedia.model.provenance import text_hash

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
        if (
            not path.is_file()
            or relative.startswith(("api/", "en/", "fr/", ".counterpedia-site"))
            or relative.endswith(".gz")
        ):
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


def edit(path: Path, old: str, new: str, *more: str) -> None:
    """Replace `old` by `new` (and each further pair of `more`) in the file, once each."""
    text = path.read_text(encoding="utf-8")
    for before, after in zip((old, *more[::2]), (new, *more[1::2])):
        assert before in text, (path, before)
        text = text.replace(before, after, 1)
    path.write_text(text, encoding="utf-8")
    stamp = path.stat()
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 1_000_000_000))  # a new time, even on a coarse clock


RULING = "rulings/2024-03-08-rad-01.yaml"
RULING_EN = (
    "Rad counters are a kind of counter that a player may have. They’re not associated with any specific permanents."
)

EDITS = {
    # A card's English name: its page, the counter pages' card tables, the cards index, the rulings about it, and
    # the linker's card names (the texts that name the card link to it).
    "card": ("cards/i/inevitable-betrayal.yaml", "text: Inevitable Betrayal", "text: Inevitable Treachery"),
    # Who can have a counter: its page, the home page's catalogue.
    "counter": ("counters/rad.yaml", "holders: [player]", "holders: [player, permanent]"),
    # A counter's name: its page, the pages that name it, the vocabulary the linker keeps card names out of.
    "counter name": ("counters/time.yaml", "text: time counter,", "text: Time counter,"),
    # A card's counters (and its Oracle text, which names them): the counter pages' card tables (rad gains a card).
    "card counters": (
        "cards/i/inevitable-betrayal.yaml",
        "counters:\n  - time",
        "counters:\n  - time\n  - rad",
        'Then that player shuffles."',
        'Then that player shuffles and gets a rad counter."',
    ),
    # A quoted rule's English text: its page and every page that quotes it.
    "rule": ("rules/rad-counters.yaml", "rad counter", "rad  counter"),
    # A translation memory entry's Japanese: the rulings that take their text from it.
    "memory entry": ("translation-memory/SHARD.yaml", "MEMORY_JA", "MEMORY_JA（改）"),
    # A ruling's English: its page, the pages that list it; it no longer takes the memory's texts.
    "ruling": (RULING, "They’re not associated", "They are not associated"),
}


def add_memory_entry(data: Path) -> str:
    """A translation memory entry for the data's ruling (so that its Japanese and French come from the memory)."""
    entry_key = memory.key(RULING_EN)
    texts = {
        "ja": "RADカウンターはプレイヤーが持つことのできるカウンターの一種である。特定のパーマネントには関連付けられていない。",
        "fr": "Les marqueurs « rad » sont un type de marqueurs qu'un joueur peut avoir. Ils ne sont associés à aucun permanent.",
    }
    translated = "\n".join(
        f'      {lang}:\n        text: "{text}"\n        status: machine\n        source: counterpedia-mt\n'
        f'        version: "2026-12-01"\n        translates: {{lang: en, version: "2024-03-08", hash: "{text_hash(RULING_EN)}"}}'
        for lang, text in texts.items()
    )
    shard = data / "translation-memory" / f"{memory.shard(entry_key)}.yaml"
    shard.parent.mkdir(exist_ok=True)
    shard.write_text(
        f'id: "{memory.shard(entry_key)}"\ntranslations:\n  - id: "{entry_key}"\n    text:\n{translated}\n'
        f'      en: {{text: "{RULING_EN}", status: official, source: wotc-pip-release-notes, version: "2024-03-08"}}\n',
        encoding="utf-8",
    )
    return shard.relative_to(data).as_posix()


@pytest.mark.slow  # builds of a small site and every page of the preview, per language
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_incremental_rebuild_equals_a_full_build(valid_data, tmp_path, quiet_site_env, lang):
    shard = add_memory_entry(valid_data)
    site = PreviewSite(ROOT / CONFIGS[lang], tmp_path / "preview", data_dir=valid_data)
    site.start()
    assert site.check().errors == {}
    ruling = site.data.kb.get("ruling", "2024-03-08-rad-01")
    assert ruling is not None and site.data.kb.memory.from_memory(ruling.id, "ja"), "the ruling takes the memory's text"
    every_page(site)
    assert differences(full_build(valid_data, tmp_path / "full-0", lang), tmp_path / "preview") == []
    total = len(list(site.files.documentation_pages()))
    memory_ja = "RADカウンターはプレイヤーが持つことのできるカウンターの一種である"
    for step, (kind, (relative, *changes)) in enumerate(EDITS.items(), start=1):
        relative = relative.replace("translation-memory/SHARD.yaml", shard)
        edit(valid_data / relative, *(c.replace("MEMORY_JA", memory_ja) for c in changes))
        update = site.update()
        assert update.paths == [str(valid_data / relative)], kind
        assert update.pages, f"{kind}: no page changed"
        assert update.stale < total, f"{kind}: every page is to be rendered again"
        errors = site.check().errors
        assert errors == {}, f"{kind}: {[d.render() for found in errors.values() for d in found]}"
        every_page(site)
        assert differences(full_build(valid_data, tmp_path / f"full-{step}", lang), tmp_path / "preview") == [], kind
    assert not site.data.kb.memory.from_memory("2024-03-08-rad-01", "ja"), "the edited ruling's English has no entry"
    # A new record: a page more, in the indexes and the sitemap.
    term = (valid_data / "terms" / "mill.yaml").read_text(encoding="utf-8")
    (valid_data / "terms" / "milled.yaml").write_text(
        term.replace("id: mill", "id: milled")
        .replace("text: Mill,", "text: Milled,")
        .replace("text: 切削,", "text: 切削済み,"),
        encoding="utf-8",
    )
    update = site.update()
    assert update.paths == [str(valid_data / "terms" / "milled.yaml")]
    if site.check().errors:
        pytest.fail(f"the new term does not validate: {site.data.errors}")
    every_page(site)
    assert differences(full_build(valid_data, tmp_path / "full-new", lang), tmp_path / "preview") == []
