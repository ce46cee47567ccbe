"""make bench's measure of `import scryfall --cards`: the copy it imports into lacks what that import made."""

from __future__ import annotations

from pathlib import Path

from counterpedia.bench.scryfall_cards import HEADER, without_imported_records


def test_the_copy_lacks_the_cards_and_kinds_that_import_made_and_keeps_the_rest(tmp_path: Path):
    data = tmp_path / "repo" / "data"
    for relative, first in (
        ("cards/n/new-card.yaml", HEADER + " (scryfall-sets-20251103).\n"),
        ("counters/stroopwafel.yaml", HEADER + " (scryfall-sets-20251103): a counter kind…\n"),
        ("cards/o/old-card.yaml", "# Added by `counterpedia import mtgjson` (mtgjson-20220425).\n"),
        ("counters/acorn.yaml", "id: acorn\n"),
    ):
        path = data / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(first + "id: x\n", encoding="utf-8")
    (tmp_path / "repo" / "catalogue").mkdir()
    (tmp_path / "repo" / "catalogue" / "excluded-counters.yaml").write_text("counters: []\n", encoding="utf-8")
    copy, removed = without_imported_records(data, tmp_path / "scratch")
    assert removed == 2
    assert sorted(p.relative_to(copy).as_posix() for p in copy.rglob("*.yaml")) == [
        "cards/o/old-card.yaml",
        "counters/acorn.yaml",
    ]
    assert (tmp_path / "scratch" / "catalogue" / "excluded-counters.yaml").is_file()
    assert (data / "cards" / "n" / "new-card.yaml").is_file()  # the data itself is untouched
