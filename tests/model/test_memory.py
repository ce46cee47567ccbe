"""The translation memory: a ruling's ja/fr texts come from the entry of its English template, with the card's
name put back in each language."""

from __future__ import annotations

from counterpedia.model import memory


def test_the_card_name_is_set_aside_and_each_face_numbered():
    assert memory.template("Aboroth gets a counter. Aboroth dies.", "Aboroth") == "<CARD> gets a counter. <CARD> dies."
    assert memory.template("If Fire is cast, Ice isn't. Fire // Ice is one card.", "Fire // Ice") == \
        "If <CARD:1> is cast, <CARD:2> isn't. <CARD> is one card."
    assert memory.template("No name here.", None) == "No name here."


def test_the_key_is_the_hash_of_the_template():
    # The key of the translators' batches (sha256 of the template, 16 hex digits): the first item of batch 000.
    text = ("If the card has multiple artists listed (usually separated by &), note the first letter of each of them.")
    assert memory.key(text) == memory.key(text) and len(memory.key(text)) == 16
    assert memory.key(text) != memory.key(text + " ")


def test_the_printed_name_is_put_back_else_the_english_one():
    assert memory.fill("《<CARD>》を生け贄に捧げる。", "アボロス", "Aboroth") == "《アボロス》を生け贄に捧げる。"
    assert memory.fill("Sacrifiez <CARD>.", None, "Aboroth") == "Sacrifiez Aboroth."
    assert memory.fill("<CARD:1> puis <CARD:2>", "Feu // Glace", "Fire // Ice") == "Feu puis Glace"
    # A printed name with another number of faces: the English face names.
    assert memory.fill("<CARD:2>", "Feu et Glace", "Fire // Ice") == "Ice"
