import markdown
import pytest

from counterpedia.model.knowledge import load
from counterpedia.render.markup import Linker, escape, paragraphs
from counterpedia.render.urls import OFFICIAL_RULES_URL, relative


def html(text: str) -> str:
    return markdown.markdown(text, extensions=["attr_list", "md_in_html"])


@pytest.mark.parametrize(
    "text",
    [
        "When the Nth [kind] counter",
        "*not bold* and _not italic_",
        "{T}: Add {C}.",
        "a <b>tag</b> & # hash | pipe",
        "back\\slash",
    ],
)
def test_escaped_text_renders_as_itself(text):
    rendered = html(escape(text))
    assert "<em>" not in rendered and "<strong>" not in rendered and "<a" not in rendered
    import html as html_lib

    assert html_lib.unescape(rendered.removeprefix("<p>").removesuffix("</p>")) == text


def test_relative_links_between_pages():
    assert relative("counters/rad.md", "rules/rad-counters.md", "727-1") == "../rules/rad-counters.md#727-1"
    assert relative("index.md", "counters/rad.md") == "counters/rad.md"
    assert relative("glossary.md", "glossary.md", "mill") == "#mill"


@pytest.fixture
def linker(valid_data):
    kb, _ = load(valid_data)
    return Linker(kb, "en")


def test_quoted_rules_link_to_their_anchor_and_others_to_the_official_rules(linker):
    text = linker.to_markdown("See rule 727.1a and CR:400.7.", "counters/rad.md")
    assert "[rule 727.1a](../rules/rad-counters.md#727-1a" in text
    assert f"[CR:400.7]({OFFICIAL_RULES_URL}" in text


def test_card_names_link_as_whole_words_only(linker):
    text = linker.to_markdown("Struggle for Project Purity; Struggle for Project Purityx.", "counters/rad.md")
    assert text.count("](../cards/struggle-for-project-purity.md)") == 1
    assert (
        linker.to_markdown(
            "Struggle for Project Purity",
            "cards/struggle-for-project-purity.md",
            skip_card="struggle-for-project-purity",
        )
        == "Struggle for Project Purity"
    )


SITE_EXTENSIONS = ["attr_list", "md_in_html", "tables", "toc", "admonition", "pymdownx.details", "pymdownx.superfences"]


@pytest.mark.parametrize(
    "text",
    [
        "&amp; &lt;b&gt; &#60;i&#62; &copy;",
        "<script>alert(1)</script>",
        "~~~\ncode?\n~~~",
        "a\n---",
        "a\n===",
        "1986. A year",
        "- a\n+ b\n* c",
        '???+ note "x"\n    body',
        "!!! warning\n    body",
        "{: #id onclick=x }",
        ": definition",
        "> quote",
        "x\r\n- y\r+ z",
        "    four spaces",
    ],
)
def test_block_syntax_renders_as_itself(text):
    import html as html_lib
    import re

    rendered = markdown.markdown(paragraphs(text), extensions=SITE_EXTENSIONS)
    assert re.fullmatch(r"<p>.*</p>", rendered, re.S), rendered
    body = re.sub(r"<br\s*/?>\n?", "\n", rendered[3:-4])
    assert "<" not in body.replace("&lt;", "")
    assert " ".join(html_lib.unescape(body).split()) == " ".join(text.replace("\r\n", "\n").replace("\r", "\n").split())


def card(folder, card_id: str, **names) -> None:
    texts = "\n".join(
        f'  {lang}: {{text: "{text}", status: official, source: cr, version: "20260116"}}'
        for lang, text in names.items()
    )
    (folder / "cards" / card_id[0]).mkdir(parents=True, exist_ok=True)
    (folder / "cards" / card_id[0] / f"{card_id}.yaml").write_text(
        f"id: {card_id}\nnames:\n{texts}\n", encoding="utf-8"
    )


def test_a_card_named_like_a_term_a_counter_or_a_mechanic_takes_no_word_over(valid_data):
    """Issue 23: a card named カウンター linked the word on 2,373 pages; a card "Mill", "Rad" or "Time" would too."""
    card(valid_data, "mill-card", en="Mill", ja="切削")
    card(valid_data, "rad-card", en="Rad", ja="RADカウンター")
    kb, _ = load(valid_data)
    for lang, text in (("en", "Mill two cards, then rad."), ("ja", "切削を行い、RADカウンターを得る。")):
        assert "](" not in Linker(kb, lang).to_markdown(text, "counters/rad.md"), text


def test_names_link_as_whole_words_in_each_language(valid_data):
    card(valid_data, "arc-card", en="Arc", fr="Éclat", ja="アレトポリス")
    card(valid_data, "short-card", en="Ow", ja="待機")
    kb, _ = load(valid_data)
    assert "](" not in Linker(kb, "en").to_markdown("Arcs, Arcé and Ow.", "counters/rad.md")
    assert Linker(kb, "en").to_markdown("An Arc.", "counters/rad.md").count("](") == 1
    assert "](" not in Linker(kb, "fr").to_markdown("Éclatés, rÉclat.", "counters/rad.md")
    assert Linker(kb, "fr").to_markdown("L'Éclat.", "counters/rad.md").count("](") == 1
    ja = Linker(kb, "ja")
    assert "](" not in ja.to_markdown("アレトポリスター、待機する。", "counters/rad.md")
    assert ja.to_markdown("アレトポリスの効果。", "counters/rad.md").count("](") == 1
