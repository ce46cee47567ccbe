"""Material's texts (`lang.t(key)` in its templates), each looked up once per build.

Material's `partials/language.html` defines `t(key)` as a macro that looks the key up in the theme language's
macro, then in English's, each of which builds its whole table of texts (a hundred and more) for every lookup;
a page makes twenty-odd lookups, the same ones on every page. overrides/partials/language.html calls
`cp_theme_text` instead, which asks Material's macros once per key and keeps the answer (the theme's language
does not change during a build, and the texts are the theme's, not the pages')."""

from __future__ import annotations

from collections.abc import Callable

GLOBAL = "cp_theme_text"


def install(env, language: str) -> None:
    """Give `env`'s templates `cp_theme_text(key)`: what Material's `lang.t(key)` prints, in `language`."""
    env.globals[GLOBAL] = theme_text(env, language)


def theme_text(env, language: str) -> Callable[[str], str]:
    theme = env.get_template(f"partials/languages/{language}.html").module
    english = env.get_template("partials/languages/en.html").module
    known: dict[str, str] = {}

    def text(key: str) -> str:
        value = known.get(key)
        if value is None:
            value = known[key] = theme.t(key) or english.t(key) or key  # Material's macro, as it writes it
        return value

    return text
