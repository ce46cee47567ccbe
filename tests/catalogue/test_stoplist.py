"""The auto-linking stop list (issue 23): what the linker does with it, how validate checks it, and the real list."""

from __future__ import annotations

import shutil
from pathlib import Path

from counterpedia import checks
from counterpedia.catalogue import stoplist
from counterpedia.model.knowledge import load
from counterpedia.render.markup import Linker

ROOT = Path(__file__).resolve().parents[2]


def card(folder: Path, card_id: str, **names) -> None:
    texts = "\n".join(
        f'  {lang}: {{text: "{text}", status: official, source: cr, version: "20260116"}}'
        for lang, text in names.items()
    )
    (folder / "cards" / card_id[0]).mkdir(parents=True, exist_ok=True)
    (folder / "cards" / card_id[0] / f"{card_id}.yaml").write_text(
        f"id: {card_id}\nnames:\n{texts}\n", encoding="utf-8"
    )


def with_list(data: Path, text: str) -> Path:
    path = stoplist.default_path(data)
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


PLAINS = """names:
  - name: plains
    langs: [en, ja]
    reason: Card texts write Plains as the basic land type, not as the card.
"""


def test_a_stopped_name_is_not_linked_in_its_languages_only(valid_data):
    card(valid_data, "plains", en="Plains", fr="Plaine", ja="平地")
    card(valid_data, "plains-guardian", en="Plains Guardian")
    path = with_list(valid_data, PLAINS)
    kb, _ = load(valid_data)
    stopped, problem = stoplist.stopped(kb, path)
    assert problem is None and stopped == {"en": frozenset({"plains"}), "ja": frozenset({"plains"})}
    text = "Search your library for a Plains card. Plains Guardian gets +1/+1."
    english = Linker(kb, "en", stopped=stopped["en"])
    linked = english.to_markdown(text, "counters/rad.md")
    assert "[Plains Guardian](../cards/plains-guardian.md)" in linked  # a longer name is still linked
    assert "[Plains]" not in linked
    assert english.links == {"Plains Guardian": 1} and english.withheld == {"Plains": 1}
    french = Linker(kb, "fr", stopped=stopped.get("fr", frozenset()))
    assert "[Plains](../cards/plains.md)" in french.to_markdown(text, "counters/rad.md")
    assert french.withheld == {}


def test_without_a_list_nothing_is_stopped(valid_data):
    kb, _ = load(valid_data)
    assert stoplist.stopped(kb, stoplist.default_path(valid_data)) == ({}, None)


def test_a_list_with_a_problem_is_not_used_and_says_why(valid_data, in_dir):
    path = with_list(
        valid_data,
        "names:\n  - name: Nothing Like A Card\n    langs: [en]\n    reason: No card of the data has this name.\n",
    )
    in_dir(valid_data.parent)
    kb, _ = load(Path("data"))
    stopped, problem = stoplist.stopped(kb, path)
    assert stopped == {}
    assert problem.startswith("catalogue/autolink-stop-list.yaml:2:11: error[E156]")


AGAIN = """  - name: ＰＬＡＩＮＳ
    langs: [fr, en, de]
    reason: Listed again, full-width, for French and English, with a language the site does not have.
"""


def test_validate_locates_each_problem_of_the_list(valid_data, in_dir):
    card(valid_data, "plains", en="Plains", ja="平地")
    in_dir(valid_data.parent)

    def found(text: str) -> list[tuple]:
        with_list(valid_data, text)
        kb, _ = load(Path("data"))
        return sorted((d.path, d.code, d.line, d.column) for d in checks.run_all(kb))

    # The shape first: the last entry has no langs, no reason.
    assert found(PLAINS + AGAIN + "  - name: Plains\n") == [("catalogue/autolink-stop-list.yaml", "E155", 8, 5)] * 2
    assert found(PLAINS + AGAIN) == [
        ("catalogue/autolink-stop-list.yaml", "E157", 5, 11),
        ("catalogue/autolink-stop-list.yaml", "E158", 6, 21),
    ]


def test_the_repository_s_list_names_real_cards_in_the_site_s_languages(tmp_path, in_dir):
    """The reviewed list as committed, checked against the real data's card names (E156 to E158)."""
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data" / "cards", data / "cards")
    shutil.copytree(ROOT / "data" / "sources", data / "sources")
    shutil.copytree(ROOT / "catalogue", tmp_path / "catalogue")
    in_dir(tmp_path)
    kb, _ = load(Path("data"))
    stopped, problem = stoplist.stopped(kb, stoplist.default_path(data))
    assert problem is None
    assert "plains" in stopped["en"] and "jund" in stopped["fr"] and "ハングマン" in stopped["ja"]
