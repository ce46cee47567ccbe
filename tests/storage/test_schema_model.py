"""The schemas as a model: key order, references and annotations read from the JSON Schemas."""

from __future__ import annotations

from counterpedia.storage import schema_model


def test_key_order_is_the_order_of_properties():
    assert schema_model.root("counter").properties()[:3] == ["id", "names", "holders"]
    assert schema_model.at("counter", ("names", "en")).properties()[:4] == ["text", "status", "source", "version"]


def test_references_across_files_and_allof_are_followed():
    sources = schema_model.at("counter", ("sources",))
    assert sources.type() == "array" and sources.get("minItems") == 1
    assert sources.item().get("pattern") == "^[a-z0-9]+(-[a-z0-9]+)*$"
    assert schema_model.at("rule", ("rules", 0, "examples", 0, "fr", "translates", "lang")).get("enum") == [
        "ja",
        "en",
        "fr",
    ]


def test_double_quoted_strings_are_marked_in_the_schemas():
    marked = {
        ("counter", ("names", "en", "version")),
        ("ruling", ("date",)),
        ("rule", ("section",)),
        ("rule", ("rules", 0, "number")),
        ("counter", ("rules", 0)),
        ("counter", ("names", "fr", "translates", "hash")),
    }
    for kind, keys in marked:
        assert schema_model.at(kind, keys).double_quoted(), (kind, keys)
    assert not schema_model.at("counter", ("names", "en", "text")).double_quoted()
    assert not schema_model.at("counter", ("id",)).double_quoted()


def test_unknown_paths_have_no_schema():
    assert schema_model.at("counter", ("nope", "deeper")) is None


def test_every_kind_with_a_schema_is_known():
    assert set(schema_model.kinds()) >= {
        "counter",
        "rule",
        "ruling",
        "card",
        "mechanic",
        "term",
        "source",
        "excluded-counters",
    }
