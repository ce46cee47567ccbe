"""One language's site for the live preview: each page built when it is first asked for, and after an edit only
the pages whose input changed.

MkDocs' own `serve` builds every page before it serves one, and again after each save (see mkdocs/commands/
serve.py and build.py, 1.6). Here the same steps of `mkdocs.commands.build.build` run once (config, files, nav,
static files and templates), with the counterpedia plugin in its deferred mode: the generated pages are listed
with their renderers. A page is then rendered (Markdown from the knowledge base, then MkDocs' `_populate_page` and
`_build_page`, the very functions of a full build) when it is requested. After an edit (`update`), the
knowledge base is read again file by file, and the pages that read (render/tracking) something whose value
changed are marked stale: rendered and built again when they are next asked for. What a page shows is
therefore what a full build shows (tests/preview/test_incremental.py compares them)."""

from __future__ import annotations

import html
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import cast

from mkdocs.commands.build import _build_page, _build_theme_template, _populate_page
from mkdocs.config import load_config
from mkdocs.structure.files import File, Files, InclusionLevel, get_files, set_exclusions
from mkdocs.structure.nav import get_navigation
from mkdocs.structure.pages import Page

from ...diagnostics import Diagnostic
from ...render import tracking, urls
from ...search import site_index
from ..mkdocs_plugin import CounterpediaPlugin
from .data import Change, DataState

log = logging.getLogger("counterpedia.preview")


@dataclass
class Update:
    """What one update did: the files read again, the pages whose content changed, the errors shown."""

    paths: list[str] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)  # source paths (cards/x.md): the edited records' first, then
    # the pages built before that read something the edit changed (built again when they are next asked for)
    stale: int = 0
    errors: dict[str, list[Diagnostic]] = field(default_factory=dict)
    seconds: float = 0.0


class PreviewSite:
    def __init__(self, config_file: Path, site_dir: Path, site_url: str | None = None, data_dir: Path | None = None):
        self.lock = threading.RLock()
        self.config_file = Path(config_file).resolve()
        self.site_dir = Path(site_dir)
        self.site_url = site_url
        self.data_dir = data_dir  # default: the plugin's `data_dir` (data/)
        self.built: set[str] = set()  # source paths whose HTML is written and current
        self.markdown: dict[str, str] = {}  # source path -> its Markdown as last rendered
        self.reads: dict[str, frozenset] = {}  # source path -> the keys its rendering read
        self.error_pages: dict[str, list[Diagnostic]] = {}  # source path -> the diagnostics shown on it

    # -- start --------------------------------------------------------------------------------------
    def start(self) -> Change:
        """Load the data and the site's structure; write the static files, the search index. No page yet."""
        config = load_config(config_file=str(self.config_file), site_dir=str(self.site_dir))
        if self.site_url is not None:
            config.site_url = self.site_url
        self.plugin = cast(CounterpediaPlugin, config.plugins["counterpedia"])
        if self.data_dir is not None:
            self.plugin.config.data_dir = str(Path(self.data_dir).resolve())
        self.data = DataState((self.config_file.parent / self.plugin.config.data_dir).resolve())
        change = self.data.load()
        self.plugin.supplied = (self.data.kb, [])
        self.plugin.deferred = True
        self.plugin.make_renderer = partial(tracking.TrackedRenderer, remembered={})
        config.plugins.on_startup(command="serve", dirty=False)
        config = config.plugins.on_config(config)
        config.plugins.on_pre_build(config=config)
        self.config = config
        env = config.theme.get_env()
        try:
            files = self._files(env)
        except Exception as error:  # a record out of its schema's shape breaks the renderer: check, then again
            log.error(
                f"the pages cannot be made from the data as it is ({type(error).__name__}: {error}): checking it first"
            )
            self.data.check()
            self.plugin.set_knowledge(self.data.kb)
            files = self._files(env)
            change.errors = self.data.errors
        self.files = files
        self.nav = config.plugins.on_nav(get_navigation(files, config), config=config, files=files)
        for file in files.documentation_pages():
            if file.page is None:
                Page(None, file, config)
        # The pages that are not generated (the editors' guides): read now, for their titles in the nav.
        for file in files.documentation_pages():
            if file.src_uri not in self.plugin.generated and file.page is not None:
                _populate_page(file.page, config, files)
        self.env = config.plugins.on_env(env, config=config, files=files)
        files.copy_static_files(inclusion=InclusionLevel.is_in_serve)
        self._show_errors(change.errors)
        self.finished = False
        return change  # the rest (`_finish`), the checks and the search index: by `check`, once pages are served

    def _files(self, env) -> Files:
        files = get_files(self.config)
        files.add_files_from_theme(env, self.config)
        files = self.config.plugins.on_files(files, config=self.config)
        set_exclusions(files, self.config)
        return files

    def _finish(self) -> None:
        """What the first page does not need: the sitemap and the 404 page, the guides built (Material's search
        plugin indexes each as it is built: its index then holds them, ours the data)."""
        self._static_templates()
        for file in self.files.documentation_pages():
            if file.src_uri not in self.plugin.generated and file.src_uri not in self.built:
                self._build(file)
        self.config.plugins.on_post_build(config=self.config)
        index_path = self.site_dir / site_index.INDEX_PATH
        self.material_index = json.loads(index_path.read_text(encoding="utf-8")) if index_path.is_file() else {}
        self.finished = True

    def _static_templates(self) -> None:
        for template in self.config.theme.static_templates:
            _build_theme_template(template, self.env, self.files, self.config, self.nav)

    def _write_search_index(self) -> None:
        """Ours, from the data, as the plugin's on_post_build writes it; and the offline plugin's copy for file://."""
        data = site_index.text(self.data.kb, self.plugin.config.lang, self.material_index, self.data.data_dir)
        path = self.site_dir / site_index.INDEX_PATH
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(data, encoding="utf-8")
        if path.with_suffix(".js").is_file():  # the offline plugin's copy (mkdocs.yml: plugins: offline)
            path.with_suffix(".js").write_text(f"var __index = {data}", encoding="utf-8")

    # -- pages ----------------------------------------------------------------------------------------
    @property
    def renderer(self) -> tracking.TrackedRenderer:
        return cast(tracking.TrackedRenderer, self.plugin.renderer)

    def page_for_url(self, url_path: str) -> str | None:
        """The source path of the page at `url_path` (relative to the site's root: "cards/a/x.html")."""
        url_path = url_path.lstrip("/") or "index.html"
        if url_path.endswith("/"):
            url_path += "index.html"
        file = self.files.get_file_from_path(url_path[: -len(".html")] + ".md") if url_path.endswith(".html") else None
        return file.src_uri if file is not None and file.is_documentation_page() else None

    def ensure(self, src_uri: str) -> None:
        """Build the page now unless its HTML is current."""
        with self.lock:
            if src_uri not in self.built:
                file = self.files.get_file_from_path(src_uri)
                if file is not None:
                    self._build(file)

    def _render_markdown(self, src_uri: str) -> str:
        make = self.plugin.makers[src_uri]
        try:
            markdown, keys = self.renderer.render_page(make)
        except Exception as error:  # a record that does not validate can break its page: say so on the page
            log.error(f"{src_uri}: {type(error).__name__}: {error}")
            markdown, keys = (
                f"# {src_uri}\n\n{type(error).__name__}: {html.escape(str(error))}\n",
                frozenset([tracking.ALL]),
            )
        if src_uri.startswith("cr/"):
            keys = keys | {tracking.ALL}  # the full rules are rendered all at once, and cached
        self.reads[src_uri] = keys
        self.markdown[src_uri] = markdown
        return markdown

    def _build(self, file: File) -> None:
        src_uri = file.src_uri
        if src_uri in self.plugin.generated:
            markdown = self.markdown.get(src_uri)
            if markdown is None:
                markdown = self._render_markdown(src_uri)
            file.content_string = markdown
        assert file.page is not None  # every documentation page has one (start, _update_files)
        _populate_page(file.page, self.config, self.files)
        doc_files = self.files.documentation_pages(inclusion=InclusionLevel.is_in_serve)
        _build_page(file.page, self.config, doc_files, self.nav, self.env)
        if src_uri in self.error_pages:
            self._add_banner(file, self.error_pages[src_uri])
        self.built.add(src_uri)

    def _add_banner(self, file: File, diagnostics: list[Diagnostic]) -> None:
        """The diagnostics of the records the page shows, above its content (the preview only)."""
        path = Path(file.abs_dest_path)
        text = path.read_text(encoding="utf-8")
        items = "".join(f"<li><code>{html.escape(d.render())}</code></li>" for d in diagnostics)
        banner = (
            f'<div class="admonition failure cp-preview-errors"><p class="admonition-title">'
            f"{html.escape(BANNER_TITLE)}</p><ul>{items}</ul></div>"
        )
        marker = 'md-typeset">'
        at = text.find(marker)
        at = at + len(marker) if at >= 0 else text.find("<body")
        path.write_text(text[:at] + banner + text[at:], encoding="utf-8")

    def _show_errors(self, errors: dict[str, list[Diagnostic]]) -> set[str]:
        """Which pages show which diagnostics now; the pages whose diagnostics changed."""
        shown: dict[str, list[Diagnostic]] = {}
        for path, found in errors.items():
            for kind, record_id in self.data.records_of(path):
                try:
                    page, _anchor = urls.page_path(kind, record_id)
                except KeyError:
                    continue
                shown.setdefault(page, [])
                shown[page] += [d for d in found if d not in shown[page]]
        touched = {p for p in set(shown) | set(self.error_pages) if shown.get(p) != self.error_pages.get(p)}
        self.error_pages = shown
        return touched

    # -- after an edit ------------------------------------------------------------------------------
    def update(self) -> Update:
        """Read the files that changed and bring the pages up to date (before the data is checked: `check`)."""
        with self.lock:
            start = time.perf_counter()
            change = self.data.reload()
            if not change:
                return Update()
            update = self._refresh(change.paths)
            update.seconds = time.perf_counter() - start
            return update

    def check(self) -> Update:
        """Check the whole data (seconds); show each error on its record's pages, each file with errors at its last
        valid version; write the search index. The pages this changed."""
        start = time.perf_counter()
        moved = self.data.check()  # the pages go on being served meanwhile: the lock is not held
        with self.lock:
            if not self.finished:
                self._finish()
            update = self._refresh([]) if moved else Update(errors=self.data.errors)
            touched = self._show_errors(self.data.errors)
            for src_uri in touched:
                self.built.discard(src_uri)
            update.pages = list(dict.fromkeys([*update.pages, *sorted(touched)]))
            self._write_search_index()
            update.seconds = time.perf_counter() - start
            return update

    def _refresh(self, paths: list[str]) -> Update:
        """After the knowledge base shown changed: the pages that read something whose value changed are stale
        (rendered and built again when asked for). `paths`: the files edited, whose pages come first."""
        old = self.renderer
        try:
            new = cast(
                tracking.TrackedRenderer,
                self.plugin.make_renderer(
                    self.data.kb,
                    self.plugin.config.lang,
                    self.plugin.archive,
                    self.plugin.ja_rules,
                    stopped=self.plugin.stopped_names(self.data.kb),
                ),
            )
        except Exception as error:  # the data checked yet does not render: say so, keep the pages as they were
            log.error(
                f"the pages cannot be made from the data as it is now ({type(error).__name__}: {error});"
                f" they stay as they were"
            )
            return Update(paths, [], 0, self.data.errors)
        self.plugin.set_knowledge(self.data.kb)
        makers = new.page_makers()
        changed_keys = tracking.changed(set().union(*self.reads.values()) if self.reads else set(), old, new)
        stale = {p for p, keys in self.reads.items() if keys & changed_keys or p not in makers}
        self.plugin.renderer = new
        self._update_files(makers)
        touched = self._show_errors(self.data.errors)
        for src_uri in stale | touched:  # rendered again when asked for
            self.markdown.pop(src_uri, None)
            self.reads.pop(src_uri, None)
            self.built.discard(src_uri)
        edited = [
            urls.page_path(kind, record_id)[0]
            for path in paths
            for kind, record_id in self.data.records_of(path)
            if _has_page(kind, record_id)
        ]
        first = [p for p in dict.fromkeys(edited) if p in makers]
        pages = first + sorted((stale | touched) & set(makers) - set(first))
        return Update(paths, pages, len(stale), self.data.errors)

    def _update_files(self, makers: dict) -> None:
        """Pages added or removed by the edit (a new record, a counter's first ruling)."""
        added = [p for p in makers if p not in self.plugin.makers]
        removed = [p for p in self.plugin.makers if p not in makers]
        self.plugin.makers = makers
        if not added and not removed:
            return
        for src_uri in removed:
            file = self.files.get_file_from_path(src_uri)
            if file is not None:
                self.files.remove(file)
                Path(file.abs_dest_path).unlink(missing_ok=True)
            self.plugin.generated.discard(src_uri)
        for src_uri in added:
            file = File.generated(self.config, src_uri, content="")
            self.files.append(file)
            self.plugin.generated.add(src_uri)
            Page(None, file, self.config)
        # In the order a full build lists them (the sitemap's): the other files, then the generated pages in the
        # renderer's order. MkDocs' Files keeps its files in an ordered dict, `_src_uris`.
        order = [f for f in self.files if f.src_uri not in self.plugin.generated]
        order += [f for f in (self.files.get_file_from_path(p) for p in makers) if f is not None]
        self.files._src_uris = {f.src_uri: f for f in order}
        set_exclusions(self.files, self.config)
        self._static_templates()  # the sitemap lists every page


BANNER_TITLE = "This record does not validate: the preview shows its last valid version (counterpedia validate)"


def _has_page(kind: str, record_id: str) -> bool:
    try:
        urls.page_path(kind, record_id)
    except KeyError:
        return False
    return True
