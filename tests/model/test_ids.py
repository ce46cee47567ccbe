"""Imported record ids: stable, unique, never empty."""

from counterpedia.model.ids import ID_RE, allocate, slug


def test_slug_of_an_english_name():
    assert slug("Edgar Markov's Coffin") == "edgar-markovs-coffin"
    assert slug("Æther Vial") == "aether-vial"  # NFKD alone would drop the Æ
    assert slug("Lim-Dûl's Vault") == "lim-duls-vault"


def test_names_differing_by_punctuation_get_two_ids():
    holders: dict[str, str] = {}
    first = allocate("Foo's Bar", "oracle-1", holders)
    holders[first] = "oracle-1"
    second = allocate("Foos Bar", "oracle-2", holders)
    assert first == "foos-bar" and second != first and second.startswith("foos-bar-")
    assert ID_RE.match(second)


def test_an_id_is_stable_for_its_holder():
    holders = {"foos-bar": "oracle-1", "foos-bar-" + "x": "other"}
    assert allocate("Foo's Bar", "oracle-1", holders) == "foos-bar"
    second = allocate("Foos Bar", "oracle-2", holders)
    holders[second] = "oracle-2"
    assert allocate("Foos Bar", "oracle-2", holders) == second


def test_a_name_without_latin_letters_gets_a_nonempty_id():
    card_id = allocate("日本語のカード", "oracle-3", {})
    assert card_id.startswith("card-") and ID_RE.match(card_id)
    assert allocate("別のカード", "oracle-4", {card_id: "oracle-3"}) != card_id


def test_ids_do_not_depend_on_the_machine_or_the_run():
    assert allocate("日本語のカード", "x", {}) == allocate("日本語のカード", "y", {})
