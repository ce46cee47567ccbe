"""E163/W204: two records of one kind never share a name in one language; both files are named."""

from counterpedia.checks import collisions
from counterpedia.model.knowledge import KnowledgeBase, Record


def name(text: str, status: str = "official") -> dict:
    return {"text": text, "status": status, "source": "s", "version": "2026-11-30"}


def found(*records: Record) -> list[tuple[str, str, str]]:
    kb = KnowledgeBase()
    for record in records:
        kb.add(record)
    return sorted((d.code, d.path, d.message) for d in collisions.check(kb))


def test_a_machine_name_that_takes_an_official_one_is_an_error_reported_on_both():
    stun = Record("counter", "stun", {"names": {"ja": name("麻痺カウンター")}})
    paralyzation = Record("counter", "paralyzation", {"names": {"ja": name("麻痺カウンター", "machine")}})
    result = found(stun, paralyzation)
    assert [(code, path) for code, path, _m in result] == [
        ("E163", "<counter:paralyzation>"),
        ("E163", "<counter:stun>"),
    ]
    assert "<counter:stun> (official)" in result[0][2]


def test_two_machine_names_are_a_warning():
    assert {
        code
        for code, *_ in found(
            Record("counter", "flying", {"names": {"fr": name("marqueur « vol »", "machine")}}),
            Record("counter", "theft", {"names": {"fr": name("marqueur « vol »", "machine")}}),
        )
    } == {"W204"}


def test_names_are_compared_as_readers_search_them():
    assert found(
        Record("counter", "a", {"names": {"ja": name("＋１/＋１カウンター")}}),
        Record("counter", "b", {"names": {"ja": name("+1/+1カウンター")}}),
    )


def test_other_kinds_and_other_languages_do_not_collide():
    assert (
        found(
            Record("mechanic", "mill", {"names": {"en": name("Mill")}}),
            Record("term", "mill", {"names": {"en": name("mill")}}),
            Record("counter", "x", {"names": {"en": name("vol"), "fr": name("x")}}),
            Record("counter", "y", {"names": {"fr": name("vol")}}),
        )
        == []
    )
