"""Material's nav, worked out once per folder for the pages outside it, prints what Material would print."""

from __future__ import annotations

from dataclasses import dataclass, field

import jinja2

from counterpedia.render.shared_nav import NAV_TEMPLATE, page_folder, share_nav, share_per_folder

# A stand-in for Material's nav: links relative to the page's folder, the active item marked, the page's title.
NAV = (
    "{% for item in nav.pages %}<a href='{{ item.url | rel }}'"
    "{% if item == page %} class='active'>{{ page.title }}{% else %}>{{ item.title }}{% endif %}</a>{% endfor %}"
)
BASE = "<body>{% include 'partials/nav.html' %}</body>"


@dataclass(eq=False)
class FakeFile:
    src_uri: str


@dataclass(eq=False)
class FakePage:
    url: str
    title: str
    file: FakeFile = field(init=False)

    def __post_init__(self):
        self.file = FakeFile(self.url.replace(".html", ".md"))


@dataclass
class FakeNav:
    pages: list


def _relative(context, url: str) -> str:
    import posixpath

    return posixpath.relpath(url, page_folder(context["page"].url) or ".")


def _env(shared: bool) -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.DictLoader({NAV_TEMPLATE: NAV, "base.html": BASE}))
    env.filters["rel"] = jinja2.pass_context(_relative)
    if shared:
        share_nav(env)
    return env


def _render(env, page, nav) -> str:
    return env.get_template("base.html").render(page=page, nav=nav, base_url=".")


def test_pages_outside_the_nav_get_what_material_prints_for_each():
    nav = FakeNav([FakePage("index.html", "Home"), FakePage("cards/index.html", "Cards")])
    outside = [
        FakePage("cards/a.html", "A"),
        FakePage("cards/b.html", "B"),
        FakePage("rules/c.html", "C"),
        FakePage("cards/d.html", "D"),
        FakePage("e.html", "E"),
    ]
    shared, plain = _env(shared=True), _env(shared=False)
    for page in outside:
        assert _render(shared, page, nav) == _render(plain, page, nav)
    assert _render(shared, outside[0], nav) != _render(shared, outside[2], nav)  # each folder its own links


def test_a_page_in_the_nav_is_rendered_anew_each_time():
    shield = FakePage("counters/shield.html", "Shield")
    nav = FakeNav([FakePage("index.html", "Home"), shield, FakePage("counters/stun.html", "Stun")])
    shared, plain = _env(shared=True), _env(shared=False)
    assert _render(shared, shield, nav) == _render(plain, shield, nav)
    assert "class='active'>Shield" in _render(shared, shield, nav)
    stun = nav.pages[2]
    assert _render(shared, stun, nav) == _render(plain, stun, nav)  # same folder, another active item
    shield.title = "Shield counter"
    assert "class='active'>Shield counter" in _render(shared, shield, nav)


def test_another_nav_is_not_served_the_first_ones_html():
    shared = _env(shared=True)
    card = FakePage("cards/a.html", "A")
    first = FakeNav([FakePage("index.html", "Home")])
    second = FakeNav([FakePage("index.html", "Start")])
    assert ">Home<" in _render(shared, card, first)
    assert ">Start<" in _render(shared, card, second)


def test_page_folder_is_what_links_are_relative_to():
    assert page_folder("cards/a.html") == "cards"
    assert page_folder("index.html") == ""
    assert page_folder("cards/") == "cards/"


def test_a_partial_shared_per_folder_prints_what_it_prints_for_each_page():
    """The search box, logo, back-to-top button: each page of a folder, in the nav or not, gets its own HTML."""
    partial = "<a href='{{ 'assets/logo.png' | rel }}'>{{ label }}</a>"
    templates = {"partials/logo.html": partial, "base.html": "<body>{% include 'partials/logo.html' %}</body>"}
    envs = []
    for shared in (True, False):
        env = jinja2.Environment(loader=jinja2.DictLoader(templates))
        env.filters["rel"] = jinja2.pass_context(_relative)
        if shared:
            share_per_folder(env, ["partials/logo.html"])
        envs.append(env)
    pages = [FakePage(url, url) for url in ("cards/a.html", "cards/b.html", "e.html", "rules/c.html", "cards/d.html")]
    for page in pages:
        printed = [env.get_template("base.html").render(page=page, base_url=".", label="Logo") for env in envs]
        assert printed[0] == printed[1], page.url
    assert "'../assets/logo.png'" in envs[0].get_template("base.html").render(page=pages[3], base_url=".", label="")
