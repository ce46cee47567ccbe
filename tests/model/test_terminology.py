"""The terminology check's matching (counterpedia.model.terminology): which glossary entries an English ruling names,
and whether a Japanese or French translation uses their official word, inflected as the language writes it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from counterpedia.model import terminology


def term(en: str, kind: str = "term", term_id: str = "x", **names: str) -> terminology.Term:
    return terminology.Term(kind, term_id, en, names)


def named(english: str, *terms: terminology.Term) -> list[str]:
    return sorted(t.id for t in terminology.terms_in(english, terminology.index(list(terms))))


def test_a_french_verb_is_found_in_its_conjugations_and_its_zone():
    assert terminology.uses_term("Lancer une carte exilée lui fait quitter l'exil.", "fr", "exiler")
    assert terminology.uses_term("depuis l'exil", "fr", "exiler")
    assert terminology.uses_term("au moment où le sort est lancé", "fr", "lancer")
    assert terminology.uses_term("en la lançant", "fr", "lancer")
    assert terminology.uses_term("ne peut pas être ciblée", "fr", "cible")
    assert not terminology.uses_term("le sort est joué", "fr", "lancer")


def test_surveil_is_surveiller_never_the_noun_surveillance():
    assert terminology.uses_term("[−1] : Surveillez 1.", "fr", "surveiller")
    assert terminology.uses_term("une fois que vous avez fini de surveiller", "fr", "surveiller")
    assert not terminology.uses_term("[−1] : Surveillance 1.", "fr", "surveiller")


def test_a_japanese_verb_is_found_by_its_stem():
    assert terminology.uses_term("その呪文が唱えられた時点", "ja", "唱える")
    assert terminology.uses_term("それを生け贄に捧げた場合", "ja", "生け贄に捧げる")
    assert terminology.uses_term("その呪文が打ち消された場合", "ja", "打ち消す")
    assert terminology.uses_term("カードを追放する", "ja", "追放")
    assert not terminology.uses_term("その呪文を取り消した場合", "ja", "打ち消す")


def test_the_idiom_and_the_card_names_are_no_term():
    hand = term("Hand", term_id="hand")
    assert named("On the other hand, it triggers.", hand) == []
    assert named("No card in the card data at hand prints it.", hand) == []
    assert named("Return it to its owner's hand.", hand) == ["hand"]
    assert named("A player who has cast Mending Hands targeting it.", hand) == []


def test_the_verb_counter_is_read_only_where_it_is_a_verb():
    verb = term("Counter (v)", term_id="counter-verb")
    assert named("If the spell is countered, nothing happens.", verb) == ["counter-verb"]
    assert named("Counter target spell.", verb) == ["counter-verb"]
    assert named("It doesn't keep any counters it had on it.", verb) == []
    assert named("Put a +1/+1 counter on it for each counter it already has.", verb) == []


WORDS = ["time", "+1/+1", "lore", "counter", "hand", "s"]


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["counter", "mechanic", "term"]),
    name=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    verb=st.booleans(),
    data=st.data(),
)
def test_a_text_without_a_names_literal_never_holds_the_name(kind, name, verb, data):
    """The literal a text is tested for before a name's expression is searched: every match holds it."""
    found = term(" ".join(name) + (" (v)" if verb else ""), kind=kind)
    parts = [
        " ".join(name),
        " ".join(name[:-1]),
        *WORDS,
        "counters",
        "es",
        "ed",
        "ing",
        " ",
        "two ",
        " target",
        " that spell",
    ]
    text = "".join(data.draw(st.lists(st.sampled_from(parts), max_size=6)))
    if found.pattern.search(text):
        assert found.literal in text
