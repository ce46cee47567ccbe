"""MkDocs glue, kept thin: load the data, add the generated pages of one language, check the links.

All page content comes from `counterpedia.render`; this module only moves it into MkDocs."""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files

from . import checks
from .diagnostics import ERROR, render_all
from .knowledge import load
from .provenance import LANGS
from .render import i18n
from .render.pages import SiteRenderer, nav
from .cr import archive
from .linkcheck import check_site

log = get_plugin_logger(__name__)


class CounterpediaConfig(base.Config):
    lang = c.Choice(LANGS, default="ja")
    data_dir = c.Type(str, default="data")
    check_links = c.Type(bool, default=True)
    # The full rules and "what changed" pages, when CR files are found (COUNTERPEDIA_CR_DIR, the cache…).
    full_rules = c.Type(bool, default=True)


def alternates(lang: str) -> list[dict]:
    """Switcher entries: a prefix from this build's root to the same page in each language."""
    to_root = "" if lang == "ja" else "../"
    result = []
    for other in LANGS:
        prefix = to_root if other == "ja" else to_root + f"{other}/"
        if other == lang:
            prefix = ""
        result.append({"name": i18n.ENDONYMS[other], "lang": other, "prefix": prefix,
                       "link": prefix or "./"})
    return result


class CounterpediaPlugin(BasePlugin[CounterpediaConfig]):
    def on_config(self, config):
        lang = self.config.lang
        root = Path(config.config_file_path).parent
        self.data_dir = (root / self.config.data_dir).resolve()
        kb, problems = load(self.data_dir)
        problems += checks.run_all(kb)
        errors = [d for d in problems if d.severity == ERROR]
        if errors:
            raise PluginError("the data has errors (run `counterpedia validate`):\n" + render_all(errors))
        self.kb = kb
        self.editor_pages = sorted(
            f"editors/{p.name}" for p in (Path(config.docs_dir) / "editors").glob("*.md")
        )
        wanted = self.config.full_rules and os.environ.get("COUNTERPEDIA_FULL_RULES", "1") != "0"
        self.archive = archive.available() if wanted else None
        if self.archive is None:
            log.info("no Comprehensive Rules files found: building from the data alone")
        config.nav = nav(lang, self.editor_pages, full_rules=self.archive is not None)
        config.site_name = i18n.t("site_name", lang)
        config.extra["cp_alternate"] = alternates(lang)
        config.extra["cp_lang"] = lang
        if str(self.data_dir) not in [str(w) for w in config.watch]:
            config.watch.append(str(self.data_dir))
        return config

    def on_files(self, files: Files, config) -> Files:
        renderer = SiteRenderer(self.kb, self.config.lang, self.archive)
        self.generated = set()
        for path, markdown in renderer.all_pages().items():
            self.generated.add(path)
            existing = files.get_file_from_path(path)
            if existing is not None:
                files.remove(existing)
            files.append(File.generated(config, path, content=markdown))
        return files

    def on_page_markdown(self, markdown: str, page, config, files) -> str:
        # The search index is built from the data (counterpedia.search.site_index), not from the
        # generated pages: Material's search plugin only indexes the others (the editors' guides).
        if page.file.src_uri in getattr(self, "generated", ()):
            page.meta["search"] = {**(page.meta.get("search") or {}), "exclude": True}
        return markdown

    @event_priority(-50)  # after Material's search plugin writes the index, before `offline` (-100) copies it
    def on_post_build(self, config) -> None:
        from .search import site_index

        site_index.write(Path(config.site_dir), self.kb, self.config.lang)
        if not self.config.check_links:
            return
        foreign = tuple(f"{lang}/" for lang in LANGS if lang != "ja") if self.config.lang == "ja" else ()
        # The search results' pages and anchors are links too.
        problems = check_site(Path(config.site_dir), foreign, site_index.links(Path(config.site_dir)))
        if problems:
            raise PluginError(f"{len(problems)} broken link(s) or anchor(s):\n" + "\n".join(problems[:50]))
