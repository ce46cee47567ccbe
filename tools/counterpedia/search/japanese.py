"""The words of a Japanese query, without a dictionary: script runs, particles and verb stems.

Japanese has no spaces. Texts are searched by substring, so a query only needs cutting into the
parts worth looking for, and its inflections cutting off:

- a run of kanji (誘発型能力), a run of katakana (カウンター) is a word; digits and Latin letters were
  already split off by the separator (RADカウンター -> RAD + カウンター);
- hiragana are particles (を が の に は で と …), endings (する, される, た, ない …) or okurigana, and are
  not searched for (a query of hiragana only is searched as typed);
- a kanji run followed by okurigana is a verb or adjective stem: 取り除く, 取り除かれる and 取り除いた all
  give 取り除, which is looked for followed by a hiragana and not preceded by a kanji, so that 置く
  finds 置かれた and not 配置. A single non-particle hiragana between kanji stays inside the stem
  (取り除, 打ち消, 引き起). A kanji run followed by する/される/した… is a noun (増殖する -> 増殖);
- question words (何) are not searched for.

(TinySegmenter, which the old index used, splits 誘発型能力 into 誘発 + 型能 + 力 and 取り除かれる into
取り除か + れる: cutting at the script boundaries keeps the words whole, and the stem is explicit.)
The browser's copy is in docs/assets/javascripts/workers/counterpedia-search.js (japaneseTerms).
"""

from __future__ import annotations

import re
from functools import lru_cache

from .normalize import HIRAGANA, KANJI, KATAKANA


@lru_cache(maxsize=1)
def _patterns() -> tuple:
    """Compiled when a Japanese query first needs them (the kanji ranges cost milliseconds to compile)."""
    # ー after hiragana lengthens it (a reading typed as it sounds: かうんたー), as after katakana.
    return (
        re.compile(f"[{KANJI}]+|[{KATAKANA}]+|[{HIRAGANA}][{HIRAGANA}ー]*"),
        re.compile(f"^[{KANJI}]+$"),
        re.compile(f"^[{HIRAGANA}][{HIRAGANA}ー]*$"),
    )


# Particles: a hiragana run starting with one of them after a kanji run ends a noun, not a verb stem.
PARTICLES = ("を", "が", "の", "に", "は", "で", "と", "も", "へ", "や", "から", "まで", "より")
# The conjugations of する after a noun: 増殖する, 破壊される, 死亡した, 切削して, 追放せず.
SURU = ("す", "さ", "し", "せ")
# Question words in kanji: 盾カウンターは何をする -> 盾, カウンター.
QUESTION_WORDS = frozenset({"何", "誰", "何故", "何時", "如何"})


def terms(piece: str) -> list[tuple[str, bool]]:
    """(text, is_stem) for each part of a Japanese piece worth looking for; a piece of hiragana only (or of
    question words only) is looked for as typed."""
    return words(piece) or [(run, False) for run in _patterns()[0].findall(piece)]


def words(piece: str) -> list[tuple[str, bool]]:
    """(text, is_stem) for each word of a Japanese piece: nothing for particles, endings, question words."""
    runs_re, _KANJI_RE, _HIRAGANA_RE = _patterns()
    runs = runs_re.findall(piece)
    found: list[tuple[str, bool]] = []
    i = 0
    while i < len(runs):
        run = runs[i]
        if _KANJI_RE.match(run):
            stem = run
            while (
                i + 2 < len(runs)
                and _HIRAGANA_RE.match(runs[i + 1])
                and len(runs[i + 1]) == 1
                and runs[i + 1] not in PARTICLES
                and _KANJI_RE.match(runs[i + 2])
            ):
                stem += runs[i + 1] + runs[i + 2]
                i += 2
            after = runs[i + 1] if i + 1 < len(runs) else ""
            noun = stem == run and len(stem) >= 2 and after.startswith(SURU)  # 増殖する, not 打ち消す
            is_stem = bool(_HIRAGANA_RE.match(after)) and not after.startswith(PARTICLES) and not noun
            if stem not in QUESTION_WORDS:
                found.append((stem, is_stem))
        elif not _HIRAGANA_RE.match(run):
            found.append((run, False))
        i += 1
    return found
