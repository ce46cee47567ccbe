"""The Japanese CR parser: on the committed excerpt of the 2026-01-16 translation, on small texts with the
quirks of the real file, and on the whole file when $COUNTERPEDIA_CR_JA points at it."""

from __future__ import annotations

from datetime import date

import pytest

from counterpedia.cr.ja_parse import JaCRParseError, parse_file, parse_lines, parse_text

from .ja_reference import FIXTURE, FULL, SKIP_FULL


@pytest.fixture(scope="module")
def excerpt():
    return parse_file(FIXTURE)


@pytest.fixture(scope="module")
def full():
    if FULL is None:
        pytest.skip(SKIP_FULL)
    return parse_file(FULL)


def subrules(edition, number):
    return [n for n in edition.rules if n.startswith(number) and n[len(number) :].isalpha()]


def test_the_excerpt_has_its_three_sections(excerpt):
    assert excerpt.edition == "20260116" and excerpt.effective == date(2026, 1, 16)
    assert excerpt.warnings == ()
    assert excerpt["122"].text == "カウンター" and excerpt["122"].level == 1
    assert [n for n in excerpt.rules if n.startswith("122.") and excerpt[n].level == 2] == [
        f"122.{i}" for i in range(1, 10)
    ]
    assert subrules(excerpt, "122.1") == [f"122.1{c}" for c in "abcdefghi"]
    assert subrules(excerpt, "704.5") == [f"704.5{c}" for c in "abcdefghijkmnpqrstuvwxyz"]  # no l, no o
    assert excerpt["727.1a"].text.startswith("カードが「放射能によって/from radiation」")  # "727.1aカード": no space
    assert excerpt["122.1"].text.startswith("カウンターとは、オブジェクトやプレイヤーの上に置かれるマーカーであり")


def test_the_parts_of_the_page(excerpt):
    assert excerpt.preface[0].startswith("このルールに関して、英語を正文とし")
    assert "日本マジックジャッジルール文書翻訳チーム" in excerpt.preface[-1]
    assert excerpt.contents["122"] == "カウンター" and excerpt.contents["10"] == "用語集"
    assert "721" not in excerpt.contents and excerpt.contents["722"]  # the page's contents skip 721
    assert excerpt.chapters == {"0": "はじめに", "1": "ゲームの考え方"}
    assert len(excerpt.introduction) == 2 and excerpt.introduction[0].startswith("この文書は")
    assert excerpt.credits == ("翻訳：日本マジックジャッジルール文書翻訳チーム",)
    assert not excerpt.complete  # an excerpt: the contents list sections its rules lack
    assert excerpt.heading("721") is None and excerpt.heading("107") == "数とシンボル"  # from the contents


def test_the_glossary(excerpt):
    counter = excerpt.glossary_entry("Counter")
    assert (counter.headword, counter.reading, counter.english) == ("カウンター", "かうんたー", "Counter(n)")
    assert (
        counter.definition
        == "オブジェクトやプレイヤーに置かれる目印で、特性を変更したりルールや能力と相互作用したりするもの。rule 122〔カウンター〕参照。"
    )
    assert excerpt.glossary_entry("rad counters").headword == "RADカウンター"  # case and plural do not matter
    assert excerpt.glossary_entry("Mill") is None


def test_known_differences_from_the_english_are_kept_verbatim(excerpt):
    keywords = excerpt["122.1b"].text.split("ありうるキーワードは、")[1].split("、ならびに")[0].split("、")
    assert len(keywords) == 14 and "腐乱" in keywords and "賛美" not in keywords  # English 20260116: 15, exalted too
    assert "(訳注：" in excerpt["122.3"].text and "(訳注：" in excerpt["704.5q"].text


QUIRKS = """\
　前書き。
もくじ
1. ゲームの考え方
701. キーワード処理
702. キーワード能力
10. 用語集
マジック：ザ・ギャザリング　総合ルール
7. その他のルール
701. キーワード処理
701.68 枯朽を行う／Blight
701.68a 「枯朽Nを行う」とは、置くことを意味する。
例：
プレイヤーが枯朽1を行った。
続きの行。
702. キーワード能力
702.176.兆候／Impending
702.176a 兆候は4つの能力を表すキーワードである。
例:クリーチャーが戦場に出る。
702.189. 702.189. 火の技／Firebending
702.189a 火の技は誘発型能力である。
1. 章見出しではない行。
720 . 前兆カード
用語集
（へや）／Room
　1.ダンジョン・カードの小区分。
2. 分割カードのサブタイプ。
クレジット
翻訳：チーム
このルールは2026年1月16日から有効です。
"""


def test_the_quirks_of_the_real_file():
    edition = parse_text(QUIRKS)
    assert edition.edition == "20260116"
    assert edition["701.68"].name == "枯朽を行う" and edition["701.68"].english_name == "Blight"  # no dot
    assert edition["701.68a"].examples == ("プレイヤーが枯朽1を行った。\n続きの行。",)  # a bare 例： line
    assert edition["702.176"].name == "兆候"  # no space after the number
    assert edition["702.176a"].examples == ("クリーチャーが戦場に出る。",)  # 例: with an ASCII colon
    assert edition["702.189"].text == "火の技／Firebending"
    assert any("702.189 repeats its number" in w for w in edition.warnings)
    assert edition["702.189a"].text == "火の技は誘発型能力である。\n1. 章見出しではない行。"
    assert edition["720"].text == "前兆カード"
    assert edition.chapters == {"7": "その他のルール"}
    room = edition.glossary[0]
    assert (room.headword, room.english, room.definition) == (
        "",
        "Room",
        "1.ダンジョン・カードの小区分。\n2. 分割カードのサブタイプ。",
    )
    assert edition.credits == ("翻訳：チーム",)


def test_what_is_not_the_japanese_cr_is_refused(tmp_path):
    with pytest.raises(JaCRParseError, match="no line 「このルールは"):
        parse_lines(["701.1. テキスト。"])
    with pytest.raises(JaCRParseError, match="no numbered rules"):
        parse_lines(["用語集", "このルールは2026年1月16日から有効です。"])
    assert parse_lines(["701.1. テキスト。"], "20260116").effective is None  # an edition from the name will do
    binary = tmp_path / "cr-ja-20260116.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(JaCRParseError, match="not UTF-8"):
        parse_file(binary)
    with pytest.raises(JaCRParseError, match="cannot read"):
        parse_file(tmp_path / "missing.txt")


def test_the_whole_file(full, editions):
    english = editions["20260116"]
    assert full.complete and full.edition == "20260116" and full.warnings != ()  # 702.189's doubled number, at least
    sections = [r.number for r in english.rules.values() if r.level == 1]
    assert [s for s in sections if s not in full.rules] == []
    missing = [n for n in english.rules if n not in full.rules]
    assert len(missing) <= len(english.rules) // 100, missing  # the translation follows the English rule for rule
    assert "賛美" not in full["122.1b"].text and "rule 727.2a-c" in full["728.2"].text  # the known differences
    assert full.glossary[-1].headword == "ヴァンガード戦" and len(full.glossary) > 500
    assert full["702.83"].name == "賛美"


def test_a_noun_and_a_verb_of_one_english_word_are_told_apart_by_their_sense_marker():
    verb = (
        "打ち消す（うちけす）／Counter(v)\n"
        "　呪文や能力が解決されないように取り消し、その効果が発生しないようにすること。rule 701.6〔打ち消す〕参照。"
        "(英語ではこれと「カウンター」は同じ項目です。)\n"
    )
    text = FIXTURE.read_text(encoding="utf-8")
    at = text.index("カウンター（かうんたー）／Counter(n)")
    edition = parse_text(text[:at] + verb + text[at:])
    assert edition.glossary_entry("Counter").headword == "カウンター"
    assert edition.glossary_entry("Counter (v)").headword == "打ち消す"
    assert edition.glossary_entry("Counter (v)").definition.startswith("呪文や能力が解決されないように取り消し")
    assert edition.glossary_entry("Counter (n)").headword == "カウンター"
