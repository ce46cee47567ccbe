"""What of a page Material's search plugin indexes."""

from counterpedia.search.page_content import EXCLUDE, mark_for_search

TRANSLATED = ('<div class="cp-text cp-text--machine"><div class="cp-text__main" lang="fr"><p>texte '
              '<span class="cp-badge cp-badge--machine">m</span> <span class="cp-meta">src</span></p></div>'
              '<div class="cp-text__canonical" lang="en"><p>text</p></div></div>')
MISSING = '<div class="cp-text cp-text--missing"><div class="cp-text__canonical" lang="en"><p>only</p></div></div>'


def test_badges_provenance_and_the_canonical_beside_a_translation_stay_out():
    html = mark_for_search(TRANSLATED)
    assert html.count(EXCLUDE) == 3
    assert f'<div{EXCLUDE} class="cp-text__canonical"' in html
    assert '<div class="cp-text__main" lang="fr">' in html  # the page's own text is indexed


def test_the_canonical_text_stays_when_the_translation_is_missing():
    assert EXCLUDE not in mark_for_search(MISSING)


def test_quoted_rules_and_rulings_are_indexed_on_their_own_pages_only():
    html = '<h3 id="rule-727-1">727.1</h3><h3 id="2024-03-08-rad-01">d</h3><h2 id="summary">s</h2>'
    assert mark_for_search(html, "counters/rad.md").count(EXCLUDE) == 2
    assert EXCLUDE not in mark_for_search(html, "rulings/index.md")
    assert EXCLUDE not in mark_for_search('<h2 id="727-1">727.1</h2>', "rules/rad-counters.md")


def test_history_and_noted_differences_stay_out():
    html = ('<div class="cp-text cp-text--official"><div class="cp-text__main" lang="ja"><p>現行</p>'
            '<div class="cp-differs"><p>英語版との違い</p></div></div></div>'
            '<div class="cp-history-quotes"><p>旧訳</p></div>')
    marked = mark_for_search(html, "rules/counters.md")
    assert f'<div{EXCLUDE} class="cp-differs"' in marked and f'<div{EXCLUDE} class="cp-history-quotes"' in marked
    assert '<div class="cp-text__main" lang="ja"><p>現行</p>' in marked  # the current text is indexed
