"""Material's texts looked up once per build print what Material's own lookup prints, in each language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mkdocs.config import load_config

from counterpedia.render import theme_texts

ROOT = Path(__file__).resolve().parents[2]
CONFIGS = {"ja": "mkdocs.yml", "en": "mkdocs.en.yml", "fr": "mkdocs.fr.yml"}
# As base.html imports it, then a lookup of each key.
PAGE = '{% import "partials/language.html" as lang with context %}{% for key in keys %}[{{ lang.t(key) }}]{% endfor %}'


def _keys(env) -> list[str]:
    """Every key of Material's English texts, and one no language has (printed as itself)."""
    source = env.loader.get_source(env, "partials/languages/en.html")[0]
    return [*re.findall(r'^\s*"([\w.-]+)":', source, re.MULTILINE), "cp.no-such-text"]


@pytest.mark.parametrize("lang", sorted(CONFIGS))
def test_each_text_is_materials(lang):
    config = load_config(str(ROOT / CONFIGS[lang]))
    materials = config.theme.get_env()  # overrides/partials/language.html without the plugin: Material's lookup
    ours = config.theme.get_env()
    theme_texts.install(ours, lang)
    keys = _keys(materials)
    assert len(keys) > 50
    expected = materials.from_string(PAGE).render(config=config, keys=keys)
    assert ours.from_string(PAGE).render(config=config, keys=keys) == expected
    assert ours.from_string(PAGE).render(config=config, keys=keys) == expected  # and again, from what it kept
    assert "[cp.no-such-text]" in expected
