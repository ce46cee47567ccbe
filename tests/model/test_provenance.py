from counterpedia.model.provenance import is_drifted, text_hash, text_state


def test_hash_ignores_normalisation_and_edge_spaces():
    assert text_hash("  café ") == text_hash("cafe\u0301")
    assert text_hash("a") != text_hash("b")
    assert text_hash("x").startswith("sha256:") and len(text_hash("x")) == len("sha256:") + 16


def texts(en: str, recorded: str | None, version="20260116"):
    translates = {"lang": "en", "version": version}
    if recorded is not None:
        translates["hash"] = recorded
    return {
        "en": {"text": en, "status": "official", "source": "cr", "version": "20260116"},
        "fr": {"text": "texte", "status": "machine", "source": "mt", "version": "2026-11-29", "translates": translates},
    }


def test_a_translation_drifts_when_its_source_text_changes():
    assert not is_drifted(texts("Same.", text_hash("Same.")), "fr", "en")
    assert is_drifted(texts("Changed.", text_hash("Same.")), "fr", "en")


def test_without_a_hash_only_versions_can_be_compared():
    assert is_drifted(texts("Now.", None, version="2011-07-08"), "fr", "en")
    assert not is_drifted(texts("Now.", None, version="20260116"), "fr", "en")


def test_missing_languages_show_as_missing():
    state = text_state(texts("x", text_hash("x")), "ja", "en")
    assert state.status == "missing" and not state.drifted
