"""One-time migration to the data layout of the MTGJSON import (layout v2; docs/editors/data-format.md).

- Each card moves from data/cards/<id>.yaml into its shard, data/cards/<first character>/<id>.yaml.
- The card ↔ counter link moves onto the card: each counter's `cards:` list becomes a `counters:` list in
  each of those cards, and the counters lose their `cards:` field.

Every other line of every file stays byte for byte as it was (the edits are textual: a block appended to a
card, a block removed from a counter). Run it from the repository root; a re-run does nothing:

    python -m counterpedia.importers.layout_v2 data
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..storage.layout import record_path
from ..storage.writes import FileWrite, apply_plan, recover

_CARDS_BLOCK = re.compile(
    r"^cards:[ \t]*(?:\[(?P<flow>[^\]\n]*)\][ \t]*)?\n(?P<items>(?:[ \t]+-[ \t]*\S[^\n]*\n)*)", re.M
)


def counter_cards(text: str) -> tuple[list[str], str] | None:
    """The card ids of a counter's `cards:` block and the text without it (None when there is none)."""
    match = _CARDS_BLOCK.search(text)
    if match is None:
        return None
    if match["flow"] is not None:
        ids = [part.strip().strip("'\"") for part in match["flow"].split(",") if part.strip()]
    else:
        ids = [line.strip()[1:].strip().strip("'\"") for line in match["items"].splitlines() if line.strip()]
    return ids, text[: match.start()] + text[match.end() :]


def with_counters(text: str, counter_ids: list[str]) -> str:
    """A card's text with its `counters:` block appended (the ids it does not list yet)."""
    if re.search(r"^counters:", text, re.M):
        raise ValueError("the card already has a `counters` field: add the ids by hand")
    if not text.endswith("\n"):
        text += "\n"
    return text + "counters:\n" + "".join(f"  - {counter_id}\n" for counter_id in counter_ids)


def plan(data_dir: Path) -> tuple[list[FileWrite], list[Path]]:
    """The files to write and the flat card files to delete once they are written."""
    data_dir = Path(data_dir)
    links: dict[str, list[str]] = {}
    writes: list[FileWrite] = []
    for path in sorted((data_dir / "counters").glob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        found = counter_cards(text)
        if found is None:
            continue
        ids, rest = found
        for card_id in ids:
            links.setdefault(card_id, []).append(path.stem)
        writes.append(FileWrite(path, rest))
    removed: list[Path] = []
    cards = {p.stem: p for p in sorted((data_dir / "cards").glob("*.yaml"))}  # flat files only
    for card_id in sorted(set(cards) | set(links)):
        target = record_path(data_dir, "card", card_id)
        source = cards.get(card_id, target)
        if not source.is_file():
            raise ValueError(f"a counter lists card '{card_id}', which has no record")
        text = source.read_text(encoding="utf-8")
        if card_id in links:
            text = with_counters(text, sorted(set(links[card_id])))
        writes.append(FileWrite(target, text))
        if source != target:
            removed.append(source)
    return writes, removed


def migrate(data_dir: Path) -> tuple[int, int]:
    """Apply the migration; (files written, flat card files removed)."""
    recover(data_dir)
    writes, removed = plan(data_dir)
    report = apply_plan(data_dir, writes, "layout v2 migration")
    for path in removed:
        path.unlink()
    return len(report.written), len(removed)


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python -m counterpedia.importers.layout_v2 DATA_DIR", file=sys.stderr)
        return 2
    written, removed = migrate(Path(argv[0]))
    print(f"layout v2: {written} file(s) written, {removed} flat card file(s) moved into their shard")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
