from counterpedia.search.segment import ZERO_WIDTH_SPACE, segment_japanese
from counterpedia.search.site_index import transform


def test_japanese_runs_are_split_into_words_invisibly():
    assert segment_japanese("取り除かれる").split(ZERO_WIDTH_SPACE) == ["取り除か", "れる"]
    text = "RADカウンターを持つプレイヤー"
    assert segment_japanese(text).replace(ZERO_WIDTH_SPACE, "") == text  # what readers see is unchanged


def test_other_text_is_left_alone():
    assert segment_japanese("rad counter +1/+1, marqueur « poison »") == "rad counter +1/+1, marqueur « poison »"


def test_only_the_japanese_index_is_segmented():
    index = {"config": {}, "docs": [{"location": "counters/rad.html", "title": "RADカウンター", "text": "取り除かれる"}]}
    assert ZERO_WIDTH_SPACE in transform(index, segment=True)["docs"][0]["text"]
    assert ZERO_WIDTH_SPACE not in transform(index)["docs"][0]["text"]
