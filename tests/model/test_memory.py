"""The translation memory: a ruling's ja/fr texts come from the entry of its English template, with the card's
name put back in each language."""

from __future__ import annotations

from types import SimpleNamespace

from counterpedia.model import memory


def test_the_card_name_is_set_aside_and_each_face_numbered():
    assert memory.template("Aboroth gets a counter. Aboroth dies.", "Aboroth") == "<CARD> gets a counter. <CARD> dies."
    assert (
        memory.template("If Fire is cast, Ice isn't. Fire // Ice is one card.", "Fire // Ice")
        == "If <CARD:1> is cast, <CARD:2> isn't. <CARD> is one card."
    )
    assert memory.template("No name here.", None) == "No name here."


def test_the_key_is_the_hash_of_the_template():
    # The key of the translators' batches (sha256 of the template, 16 hex digits): the first item of batch 000.
    text = "If the card has multiple artists listed (usually separated by &), note the first letter of each of them."
    assert memory.key(text) == memory.key(text) and len(memory.key(text)) == 16
    assert memory.key(text) != memory.key(text + " ")


def test_the_printed_name_is_put_back_else_the_english_one():
    assert memory.fill("《<CARD>》を生け贄に捧げる。", "アボロス", "Aboroth") == "《アボロス》を生け贄に捧げる。"
    assert memory.fill("Sacrifiez <CARD>.", None, "Aboroth") == "Sacrifiez Aboroth."
    assert memory.fill("<CARD:1> puis <CARD:2>", "Feu // Glace", "Fire // Ice") == "Feu puis Glace"
    # A printed name with another number of faces: the English face names.
    assert memory.fill("<CARD:2>", "Feu et Glace", "Fire // Ice") == "Ice"


def printed_card(french_text: str) -> SimpleNamespace:
    return SimpleNamespace(data={"text": {"fr": {"text": french_text, "status": "official"}}})


def test_french_elides_before_a_card_name_that_begins_with_a_vowel():
    # Real cards: Ammit Eternal is « Éternel ammout », Archangel of Thune « Archange de Thiune » in French.
    template = "La capacité de <CARD> se déclenche même si <CARD> est engagé, et le joueur que <CARD> cible perd."
    assert memory.fill(template, "Éternel ammout", "Ammit Eternal", "fr") == (
        "La capacité d'Éternel ammout se déclenche même si Éternel ammout est engagé, et le joueur qu'Éternel ammout cible perd."
    )
    assert memory.fill(
        "Que <CARD> attaque ou non, le <CARD> reste.", "Archange de Thiune", "Archangel of Thune", "fr"
    ) == ("Qu'Archange de Thiune attaque ou non, l'Archange de Thiune reste.")
    # No printed French name: the English name, elided as French does before any vowel (the data's apostrophe: ').
    assert memory.fill("de <CARD>", None, "Infestation", "fr") == "d'Infestation"
    # A consonant, another language, or « de » as part of a longer word: unchanged.
    assert (
        memory.fill("de <CARD>", "Tamiyo, sage parachevée", "Tamiyo, Compleated Sage", "fr")
        == "de Tamiyo, sage parachevée"
    )
    assert memory.fill("《<CARD>》の能力", "夜明けの空、猗旺", "Ao, the Dawn Sky", "ja") == "《夜明けの空、猗旺》の能力"
    assert memory.fill("de <CARD>", None, "Infestation") == "de Infestation"
    assert (
        memory.fill("Vérifiez que <CARD:1> et de <CARD:2>", "Feu // Éclair", "Fire // Ice", "fr")
        == "Vérifiez que Feu et d'Éclair"
    )


def test_a_mute_h_elides_as_the_printed_cards_write_it_an_aspirated_h_does_not():
    words = memory.french_mute_h_words(
        [
            printed_card(
                "L'Hydre cagoularde arrive sur le champ de bataille avec X marqueurs +1/+1 sur elle."
            ),  # Hooded Hydra
            printed_card("Quand la Harpie grièche arrive sur le champ de bataille, …"),  # Shrike Harpy
            printed_card(
                "Le Héraut de Leshrac gagne +1/+1 pour chaque terrain que vous contrôlez"
            ),  # Herald of Leshrac
        ]
    )
    assert words == frozenset({"Hydre"})
    assert memory.french_mute_h("Hydre ancienne", words) and not memory.french_mute_h("Harpie vorace", words)
    assert memory.fill("de <CARD>", "Hydre ancienne", "Ancient Hydra", "fr", mute_h=True) == "d'Hydre ancienne"
    assert memory.fill("de <CARD>", "Harpie vorace", "Ravenous Harpy", "fr", mute_h=False) == "de Harpie vorace"
    assert memory.fill("de <CARD>", "Volonté de Yawgmoth", "Yawgmoth's Will", "fr") == "de Volonté de Yawgmoth"
    assert memory.fill("de <CARD>", "Yawgmoth, Thran Physician", None, "fr") == "de Yawgmoth, Thran Physician"


def _card_with_ruling(card_id: str, english: str, japanese: str, ruling_text: str):
    from counterpedia.model.knowledge import Record, embedded_id

    card = Record("card", card_id, {"names": {"en": {"text": english}, "ja": {"text": japanese}}})
    ruling = Record(
        "ruling",
        embedded_id(card_id, "r1"),
        {"text": {"en": {"text": ruling_text, "version": "2024-01-01"}}},
        owner=card,
        prefix=("rulings", 0),
    )
    return card, ruling


def test_rulings_sharing_an_entry_each_take_their_own_name_and_hash():
    # What apply works out once per entry (its text, status, drift) must not carry one ruling's name or hash to
    # another: each ruling's texts are the ones derived for it alone.
    from counterpedia.model.knowledge import KnowledgeBase, Record
    from counterpedia.model.provenance import text_hash

    kb = KnowledgeBase()
    first = _card_with_ruling("aboroth", "Aboroth", "アボロス", "Aboroth enters tapped.")
    second = _card_with_ruling("brine-elemental", "Brine Elemental", "海水の精霊", "Brine Elemental enters tapped.")
    template = memory.template("Aboroth enters tapped.", "Aboroth")
    assert template == memory.template("Brine Elemental enters tapped.", "Brine Elemental")
    entry_key = memory.key(template)
    translates = {"lang": "en", "hash": text_hash(template)}
    entry = Record(
        "translation",
        entry_key,
        {
            "text": {
                "en": {"text": template},
                "ja": {"text": "《<CARD>》はタップ状態で出る。", "status": "machine", "translates": translates},
                "fr": {"text": "Il arrive engagé.", "status": "machine", "version": "2024-02-02"},
            }
        },
    )
    for record in (*first, *second, entry):
        kb.add(record)
    links = memory.apply(kb)
    for (_card, ruling), name in ((first, "アボロス"), (second, "海水の精霊")):
        texts = ruling.data["text"]
        assert texts["ja"]["text"] == f"《{name}》はタップ状態で出る。"
        assert texts["fr"]["text"] == "Il arrive engagé."
        own_hash = text_hash(texts["en"]["text"])
        assert texts["ja"]["translates"] == {"lang": "en", "version": "2024-01-01", "hash": own_hash}
        assert texts["fr"]["translates"]["hash"] == own_hash
        for lang in memory.MEMORY_LANGS:
            assert links.from_memory(ruling.id, lang)
            # the same as derived for this ruling alone (the memory's checks derive it so)
            assert texts[lang] == memory.derived_text(entry, ruling, lang, None, links.mute_h)
