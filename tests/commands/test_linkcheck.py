from pathlib import Path

from counterpedia.commands.linkcheck import check_site


def write(root: Path, name: str, body: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")


def test_reports_missing_pages_and_anchors_only(tmp_path: Path):
    write(
        tmp_path,
        "index.html",
        '<a href="a/b.html#x">ok</a> <a href="a/b.html#nope">bad anchor</a> '
        '<a href="missing.html">bad page</a> <a href="https://example.org/">external</a> '
        '<a href="#top">self</a> <h1 id="top">t</h1> <a href="en/index.html">other language</a>',
    )
    write(tmp_path, "a/b.html", '<h2 id="x">x</h2> <a class="c" href="../index.html#top">back</a>')
    write(tmp_path, "404.html", '<a href="/absolute.html">404 pages link from the server root</a>')
    assert check_site(tmp_path, foreign=("en/",)) == [
        "index.html: missing anchor #nope in a/b.html",
        "index.html: broken link to missing.html",
    ]


def test_a_whole_multilingual_site_checks_links_between_languages(tmp_path: Path):
    write(tmp_path, "index.html", '<a href="en/index.html">English</a>')
    write(tmp_path, "en/index.html", '<a href="../index.html">日本語</a> <a href="../fr/index.html">Français</a>')
    assert check_site(tmp_path) == ["en/index.html: broken link to ../fr/index.html"]


def test_links_from_outside_the_pages_are_checked_from_the_root(tmp_path: Path):
    write(tmp_path, "cards/x.html", '<h3 id="ruling-1">r</h3>')
    extra = {"search index": ["cards/x.html", "cards/x.html#ruling-1", "cards/x.html#ruling-2", "cards/y.html"]}
    assert check_site(tmp_path, extra=extra) == [
        "search index: missing anchor #ruling-2 in cards/x.html",
        "search index: broken link to cards/y.html",
    ]


def test_a_page_changed_since_the_last_check_is_read_again(tmp_path: Path):
    """While pages are read once (a build of every language), a page rewritten between two checks is
    checked as it is now, never as it was."""
    import os

    from counterpedia.commands.linkcheck import reading_once

    write(tmp_path, "index.html", '<a href="a.html#x">a</a>')
    write(tmp_path, "a.html", '<h2 id="x">x</h2>')
    with reading_once():
        assert check_site(tmp_path) == []
        write(tmp_path, "a.html", '<h2 id="y">y</h2>')
        os.utime(tmp_path / "a.html", ns=(1, 1))  # the same size: its time tells it changed
        assert check_site(tmp_path) == ["index.html: missing anchor #x in a.html"]


def test_the_same_link_is_resolved_from_each_page_s_own_folder(tmp_path: Path):
    """A link written alike on several pages leads where it leads from each: the same folder's page or anchor
    for one page, a missing one for another."""
    write(tmp_path, "a/one.html", '<h2 id="x">x</h2> <a href="b.html">b</a> <a href="#x">self</a>')
    write(tmp_path, "a/b.html", '<a href="#x">self, no such anchor here</a> <a href="b.html">itself</a>')
    write(tmp_path, "c/two.html", '<a href="b.html">no c/b.html</a> <a href="../a/b.html">a/b</a>')
    assert check_site(tmp_path) == [
        "a/b.html: missing anchor #x in a/b.html",
        "c/two.html: broken link to b.html",
    ]
