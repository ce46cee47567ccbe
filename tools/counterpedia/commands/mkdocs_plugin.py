"""MkDocs glue, kept thin: load the data, add the generated pages of one language, check the links.

All page content comes from `counterpedia.render`; this module only moves it into MkDocs."""

from __future__ import annotations

import os
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import cast

from markupsafe import Markup
from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files

from .. import checks
from ..catalogue import stoplist
from ..catalogue.excluded import default_path
from ..cr import archive, ja_locate
from ..cr.ja_parse import JaCRParseError
from ..cr.locate import CRNotFound
from ..diagnostics import ERROR, render_all
from ..langs import LANGS
from ..model.knowledge import load
from ..render import edit_links, i18n, set_aside, shared_nav, theme_texts
from ..render.export import file_resolver, iter_texts
from ..render.pages import SiteRenderer, nav
from ..search import site_index
from ..storage.load import record_files
from ..storage.writes import atomic_write
from .linkcheck import check_site
from .one_markdown import OneMarkdown, applies

log = get_plugin_logger(__name__)


class CounterpediaConfig(base.Config):
    lang = c.Choice(LANGS, default="ja")
    data_dir = c.Type(str, default="data")
    check_links = c.Type(bool, default=True)
    # The full rules and "what changed" pages, when CR files are found (COUNTERPEDIA_CR_DIR, the cache…).
    full_rules = c.Type(bool, default=True)
    # "Edit this page" links go to this branch of the repository (`repo_url` in mkdocs.yml, or
    # GITHUB_REPOSITORY in GitHub Actions); without a repository URL, pages have no edit link.
    edit_branch = c.Type(str, default="main")
    # Write the JSON export (counterpedia export) under api/ of the site (the root build only).
    api = c.Type(bool, default=True)


# A page written in each language: docs/editors/contributing.md (English) and contributing.ja.md,
# contributing.fr.md. Each site shows its own language at the English file's path.
LOCALIZED = re.compile(r"^(?P<stem>.+)\.(?P<lang>ja|en|fr)\.md$")


# The last data loaded and checked in this process: (data folder, what its files were, knowledge base, errors).
_checked: tuple | None = None


def _files_state(data_dir: Path) -> tuple:
    """What the files the load and the checks read are: path, time, size and inode of each."""

    state = []
    for path in [*record_files([data_dir]), default_path(data_dir), stoplist.default_path(data_dir)]:
        try:
            status = path.stat()
        except OSError:
            continue
        state.append((str(path), status.st_mtime_ns, status.st_size, status.st_ino))
    return tuple(state)


def checked_data(data_dir: Path):
    """The knowledge base of `data_dir` and its errors. The three languages built in one process (`counterpedia
    site build`) share them while no file changed; the pages only read the knowledge base."""
    global _checked
    state = _files_state(data_dir)
    if _checked is not None and _checked[0] == str(data_dir) and _checked[1] == state:
        return _checked[2], _checked[3]
    kb, problems = load(data_dir)
    problems += checks.run_all(kb)
    errors = [d for d in problems if d.severity == ERROR]
    _checked = (str(data_dir), state, kb, errors)
    return kb, errors


def alternates(lang: str) -> list[dict]:
    """Switcher entries: a prefix from this build's root to the same page in each language."""
    to_root = "" if lang == "ja" else "../"
    result = []
    for other in LANGS:
        prefix = to_root if other == "ja" else to_root + f"{other}/"
        if other == lang:
            prefix = ""
        result.append({"name": i18n.ENDONYMS[other], "lang": other, "prefix": prefix, "link": prefix or "./"})
    return result


@dataclass(frozen=True)
class LinkCount:
    """The card-name links of one language's pages, and those the auto-linking stop list kept from being made."""

    links: int
    names: int
    withheld: int
    withheld_names: int

    def __str__(self) -> str:
        return (
            f"card-name links {self.links:,} ({self.names:,} names); not linked by the stop list "
            f"{self.withheld:,} ({self.withheld_names:,} names)"
        )


class CounterpediaPlugin(BasePlugin[CounterpediaConfig]):
    # The live preview (commands/preview) sets these before the build starts: the knowledge base it keeps
    # (`supplied`: (kb, errors)), the renderer that logs what each page reads, and `deferred`: the generated
    # pages are listed with their renderers (`makers`) and rendered only when the preview asks for one.
    supplied: tuple | None = None
    card_links: LinkCount | None = None
    make_renderer: Callable[..., SiteRenderer] = SiteRenderer
    deferred = False

    def on_config(self, config):
        lang = self.config.lang
        root = Path(config.config_file_path).parent
        self.data_dir = (root / self.config.data_dir).resolve()
        kb, errors = self.supplied if self.supplied is not None else checked_data(self.data_dir)
        if errors and not self.deferred:
            raise PluginError("the data has errors (run `counterpedia validate`):\n" + render_all(errors))
        self.editor_pages = sorted(
            f"editors/{p.name}" for p in (Path(config.docs_dir) / "editors").glob("*.md") if not LOCALIZED.match(p.name)
        )
        self.root = root.resolve()
        self.docs_prefix = _relative(Path(config.docs_dir), self.root)
        # The repository for "Edit this page": never Material's own repository widget, which would query
        # GitHub from the reader's browser (the site must make no request of its own, also offline).
        self.repository = edit_links.repository_url(config.repo_url, os.environ)
        config.repo_url = None
        config.edit_uri = None
        self.set_knowledge(kb)
        self.localized_sources: dict[str, str] = {}
        self.tables_aside: dict[str, list[str]] = {}  # page -> its card tables, kept out of Markdown's way
        # page -> its HTML, zlib-compressed: MkDocs converts every page before it writes any, and would hold
        # thousands of them as they are (a Japanese page's text is two bytes a character in memory).
        self.packed: dict[str, bytes] = {}
        self.converter = OneMarkdown()  # this build's: its extensions are this config's
        wanted = self.config.full_rules and os.environ.get("COUNTERPEDIA_FULL_RULES", "1") != "0"
        self.archive = archive.available() if wanted else None
        if self.archive is None:
            log.info("no Comprehensive Rules files found: building from the data alone")
        self.ja_rules = self._japanese_rules() if self.archive is not None and lang == "ja" else None
        bilingual = self.ja_rules is not None and self.archive.knows(self.ja_rules.edition)
        config.nav = nav(lang, self.editor_pages, full_rules=self.archive is not None, bilingual=bilingual)
        config.site_name = i18n.t("site_name", lang)
        config.extra["cp_alternate"] = alternates(lang)
        config.extra["cp_lang"] = lang
        if str(self.data_dir) not in [str(w) for w in config.watch]:
            config.watch.append(str(self.data_dir))
        return config

    def set_knowledge(self, kb) -> None:
        """The knowledge base the pages are rendered from (the preview sets a new one after an edit)."""
        self.kb = kb
        data_prefix = _relative(self.data_dir, self.root)
        known = self.__dict__.setdefault("_relative_paths", {})  # each file's, once (the preview sets kb again)

        def relative(record) -> str | None:
            if record.document is None:
                return None
            if record.document.path not in known:
                known[record.document.path] = _relative(Path(record.document.path), self.root)
            return known[record.document.path]

        self.page_sources = edit_links.page_sources(kb, relative, data_prefix or "data")

    def _japanese_rules(self):
        """The official Japanese CR file ($COUNTERPEDIA_CR_JA or the cache), for the Japanese full-rules pages."""

        try:
            edition = ja_locate.available()
        except (CRNotFound, JaCRParseError) as error:
            raise PluginError(f"the Japanese Comprehensive Rules file: {error}") from None
        if edition is None:
            log.info("no Japanese Comprehensive Rules file found: the full rules are shown in English only")
        elif not self.archive.knows(edition.edition):
            log.warning(
                f"the Japanese Comprehensive Rules file is of edition {edition.edition}, which is not among the "
                f"English ones: the Japanese text is not shown beside them"
            )
        elif edition.edition != self.archive.newest.edition:
            log.info(
                f"the Japanese Comprehensive Rules file is of edition {edition.edition}, the newest English one "
                f"{self.archive.newest.edition}: rules whose English changed since are marked drifted"
            )
        return edition

    def stopped_names(self, kb) -> frozenset[str]:
        """The card names this language's pages do not link (catalogue/autolink-stop-list.yaml). A list with
        problems is not used: the build refuses the data before (its checks are validate's), the preview says
        why."""
        stopped, problem = stoplist.stopped(kb, stoplist.default_path(self.data_dir))
        if problem:
            log.warning(f"the auto-linking stop list is not used: {problem}")
        return stopped.get(self.config.lang, frozenset())

    def on_files(self, files: Files, config) -> Files:
        self._localize(files, config)
        self.renderer = self.make_renderer(
            self.kb, self.config.lang, self.archive, self.ja_rules, stopped=self.stopped_names(self.kb)
        )
        self.generated = set()
        self.makers = self.renderer.page_makers() if self.deferred else {}
        pages = self.makers or self.renderer.all_pages()
        if not self.deferred:  # every page rendered: what the card-name links came to (site build reports it)
            linker = self.renderer.linker
            self.card_links = LinkCount(
                sum(linker.links.values()), len(linker.links), sum(linker.withheld.values()), len(linker.withheld)
            )
        for path, markdown in pages.items():
            self.generated.add(path)
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=markdown if isinstance(markdown, str) else ""))
        return files

    def _localize(self, files: Files, config) -> None:
        """Each localized page at its English path, in this site's language; the other languages' copies removed."""
        lang = self.config.lang
        for file in list(files):
            match = LOCALIZED.match(file.src_uri)
            if not match or not file.src_uri.endswith(".md"):
                continue
            files.remove(file)
            if match["lang"] != lang:
                continue
            target = f"{match['stem']}.md"
            existing = files.get_file_from_path(target)
            if existing is not None:
                files.remove(existing)
            content = Path(cast(str, file.abs_src_path)).read_text(encoding="utf-8")  # a file of docs/
            files.append(File.generated(config, target, content=content))
            self.localized_sources[target] = f"{self.docs_prefix}/{file.src_uri}"

    def on_env(self, env, config, files):
        """Material's texts are looked up once (render/theme_texts.py). A build prints Material's nav once per
        folder for the pages outside it, and its search box, logo and back-to-top button once per folder
        (render/shared_nav.py)."""
        theme_texts.install(env, config.theme["language"])
        if not self.deferred:
            shared_nav.share_nav(env)
            shared_nav.share_per_folder(env)
        return env

    def on_pre_page(self, page, config, files):
        """A build converts its pages with one Markdown converter (commands/one_markdown.py)."""
        if not self.deferred and applies():
            page.render = partial(self.converter.render, page)
        return page

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        """Material prints `page.meta.title` as HTML (the header, <title>, search results): give it HTML,
        the title escaped, so that a card named `<script>…` shows as written and runs nothing."""
        title = page.meta.get("title") if isinstance(page.meta, dict) else None
        if title is not None and not isinstance(title, Markup):
            page.meta["title"] = Markup.escape(str(title))
        page.edit_url = edit_links.edit_url(self.repository, self.config.edit_branch, self._edit_target(page.file))
        # The search index is built from the data (counterpedia.search.site_index), not from the
        # generated pages: Material's search plugin only indexes the others (the guides).
        if page.file.src_uri in getattr(self, "generated", ()):
            page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
            markdown, tables = set_aside.set_aside(markdown)  # put back by on_page_content
            if tables:
                self.tables_aside[page.file.src_uri] = tables
        return markdown

    def on_page_content(self, html: str, page, config, files) -> str:
        """A generated page's Markdown is not read again once it is HTML: dropped, so that thousands of pages do
        not keep both (MkDocs converts every page before it writes any); its HTML is kept compressed."""
        if page.file.src_uri in getattr(self, "generated", ()):
            page.markdown = ""
            page.file.content_string = ""
            html = set_aside.put_back(html, self.tables_aside.pop(page.file.src_uri, []))
            if not self.deferred:  # until its turn to be written (on_page_context): compressed, a tenth the size
                self.packed[page.file.src_uri] = zlib.compress(html.encode("utf-8"), 1)
                return ""
        return html

    @event_priority(100)  # before Material's search plugin, which reads every page's HTML there
    def on_page_context(self, context, page, config, nav):
        packed = self.packed.pop(page.file.src_uri, None)
        if packed is not None:
            page.content = zlib.decompress(packed).decode("utf-8")
        return context

    def on_post_page(self, output: str, page, config) -> str:
        """A generated page's HTML is not read again once the page is written: dropped."""
        if page.file.src_uri in getattr(self, "generated", ()) and not self.deferred:
            page.content = None
        return output

    def _edit_target(self, file) -> str | None:
        uri = file.src_uri
        if uri in self.localized_sources:
            return self.localized_sources[uri]
        target = edit_links.target_for(uri, self.page_sources)
        if target is not None and file.generated_by is not None:
            return target
        if file.generated_by is None and file.abs_src_path:
            return f"{self.docs_prefix}/{uri}"
        return target

    @event_priority(-50)  # after Material's search plugin writes the index, before `offline` (-100) copies it
    def on_post_build(self, config) -> None:
        if self.deferred:  # the preview writes the search index itself, and checks no link
            return
        site_index.write(Path(config.site_dir), self.kb, self.config.lang, self.data_dir)
        if self.config.api and self.config.lang == "ja":  # the root site: /api/ for every language
            for name, text in iter_texts(self.kb, file_resolver(self.data_dir)):  # one file at a time: memory
                atomic_write(Path(config.site_dir) / "api" / name, text)
        if not self.config.check_links:
            return
        foreign = tuple(f"{lang}/" for lang in LANGS if lang != "ja") if self.config.lang == "ja" else ()
        # The search results' pages and anchors are links too.
        problems = check_site(Path(config.site_dir), foreign, site_index.links(Path(config.site_dir)))
        if problems:
            raise PluginError(f"{len(problems)} broken link(s) or anchor(s):\n" + "\n".join(problems[:50]))


def _relative(path: Path, root: Path) -> str | None:
    """`path` relative to the repository root, in the repository's notation (posix)."""
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return None
