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

from .normalize import HIRAGANA, KANJI, KATAKANA, ranges_of, within

# Kanji, katakana and hiragana as code point ranges: the character classes cost 5 ms to compile, in every
# `counterpedia search` of Japanese.
_KANJI = ranges_of(KANJI)
_KATAKANA = ranges_of(KATAKANA)
_HIRAGANA = ranges_of(HIRAGANA)
LONG_VOWEL = "ー"  # after hiragana, it lengthens it (a reading typed as it sounds: かうんたー), as after katakana


def runs(piece: str) -> list[str]:
    """The runs of kanji, of katakana, and of hiragana (with the ー that lengthen it) in `piece`, in order: what
    `[KANJI]+|[KATAKANA]+|[HIRAGANA][HIRAGANA ー]*` finds (re.findall)."""
    found = []
    at, end = 0, len(piece)
    while at < end:
        char = piece[at]
        ranges = next((r for r in (_KANJI, _KATAKANA, _HIRAGANA) if within(char, r)), None)
        if ranges is None:
            at += 1
            continue
        stop = at + 1
        while stop < end and (within(piece[stop], ranges) or (ranges is _HIRAGANA and piece[stop] == LONG_VOWEL)):
            stop += 1
        found.append(piece[at:stop])
        at = stop
    return found


def _is_kanji(run: str) -> bool:
    """Whether a run (`runs`) is of kanji."""
    return bool(run) and within(run[0], _KANJI)


def _is_hiragana(run: str) -> bool:
    """Whether a run (`runs`) is of hiragana."""
    return bool(run) and within(run[0], _HIRAGANA)


# Particles: a hiragana run starting with one of them after a kanji run ends a noun, not a verb stem.
PARTICLES = ("を", "が", "の", "に", "は", "で", "と", "も", "へ", "や", "から", "まで", "より")
# The conjugations of する after a noun: 増殖する, 破壊される, 死亡した, 切削して, 追放せず.
SURU = ("す", "さ", "し", "せ")
# Question words in kanji: 盾カウンターは何をする -> 盾, カウンター.
QUESTION_WORDS = frozenset({"何", "誰", "何故", "何時", "如何"})


def terms(piece: str) -> list[tuple[str, bool]]:
    """(text, is_stem) for each part of a Japanese piece worth looking for; a piece of hiragana only (or of
    question words only) is looked for as typed."""
    return words(piece) or [(run, False) for run in runs(piece)]


def words(piece: str) -> list[tuple[str, bool]]:
    """(text, is_stem) for each word of a Japanese piece: nothing for particles, endings, question words."""
    parts = runs(piece)
    found: list[tuple[str, bool]] = []
    i = 0
    while i < len(parts):
        run = parts[i]
        if _is_kanji(run):
            stem = run
            while (
                i + 2 < len(parts)
                and _is_hiragana(parts[i + 1])
                and len(parts[i + 1]) == 1
                and parts[i + 1] not in PARTICLES
                and _is_kanji(parts[i + 2])
            ):
                stem += parts[i + 1] + parts[i + 2]
                i += 2
            after = parts[i + 1] if i + 1 < len(parts) else ""
            noun = stem == run and len(stem) >= 2 and after.startswith(SURU)  # 増殖する, not 打ち消す
            is_stem = _is_hiragana(after) and not after.startswith(PARTICLES) and not noun
            if stem not in QUESTION_WORDS:
                found.append((stem, is_stem))
        elif not _is_hiragana(run):
            found.append((run, False))
        i += 1
    return found
