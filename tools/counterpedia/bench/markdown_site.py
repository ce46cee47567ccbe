"""One language's site as a plain MkDocs project: our generated pages written out as Markdown files, the
same docs, theme, Markdown extensions and plugins, minus ours. `mkdocs build` of it is what MkDocs alone
costs for the same pages; what our build takes beyond it is our own generation (issue 14).

The plugin's other work on the configuration is reproduced (the nav, the site name, the language
switcher's entries), and a generated page keeps out of Material's search index as in our build (front
matter `search: exclude: true`); what our plugin computes on top (loading and checking the data,
rendering the pages, our search index, the JSON export, the link checks) is what is measured against it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml
from mkdocs.utils.yaml import yaml_load

from ..commands.mkdocs_plugin import LOCALIZED, alternates
from ..commands.site_build import CONFIG_FILES
from ..cr import archive, ja_locate
from ..model.knowledge import load
from ..render import i18n
from ..render.pages import SiteRenderer, nav


def generated_pages(project: Path, data_dir: Path, lang: str) -> dict[str, str]:
    """The pages our plugin generates for `lang`, as it generates them (the full rules when CR files are found)."""

    kb, _problems = load(data_dir)
    rules = archive.available() if os.environ.get("COUNTERPEDIA_FULL_RULES", "1") != "0" else None
    ja_rules = None
    if rules is not None and lang == "ja":
        ja_rules = ja_locate.available()
    return SiteRenderer(kb, lang, rules, ja_rules).all_pages()


def excluded_from_search(markdown: str) -> str:
    """The page with `search: {exclude: true}` in its front matter (as our plugin sets it on generated pages)."""
    if markdown.startswith("---\n"):
        end = markdown.find("\n---", 4)
        if end != -1:
            return markdown[: end + 1] + "search:\n  exclude: true" + markdown[end:]
    return "---\nsearch:\n  exclude: true\n---\n\n" + markdown


def write(project: Path, data_dir: Path, lang: str, out: Path) -> Path:
    """Write OUT/docs and OUT/mkdocs.yml for `lang`; returns the configuration file."""

    project = project.resolve()
    config_file = project / CONFIG_FILES[lang]
    with config_file.open(encoding="utf-8") as stream:
        original = yaml_load(stream)
    docs = out / "docs"
    if docs.exists():
        shutil.rmtree(docs)
    shutil.copytree(project / original.get("docs_dir", "docs"), docs)
    for path in sorted(docs.rglob("*.md")):  # the plugin's localization: each guide at its English path
        match = LOCALIZED.match(path.relative_to(docs).as_posix())
        if match:
            text = path.read_text(encoding="utf-8")
            path.unlink()
            if match["lang"] == lang:
                (docs / f"{match['stem']}.md").write_text(text, encoding="utf-8")
    pages = generated_pages(project, data_dir, lang)
    for page, markdown in pages.items():
        target = docs / page
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(excluded_from_search(markdown), encoding="utf-8")
    editor_pages = sorted(f"editors/{p.name}" for p in (docs / "editors").glob("*.md"))
    plugins = [
        p
        for p in original.get("plugins", [])
        if not (p == "counterpedia" or (isinstance(p, dict) and "counterpedia" in p))
    ]
    bilingual = lang == "ja" and "cr/index.md" in pages and _bilingual()
    config = {
        "INHERIT": str(config_file),
        "docs_dir": str(docs),
        "site_dir": str(out / "site"),
        "strict": False,
        "site_name": i18n.t("site_name", lang),
        "nav": nav(lang, editor_pages, full_rules="cr/index.md" in pages, bilingual=bilingual),
        "theme": {"custom_dir": str(project / "overrides")},
        "plugins": plugins,
        "extra": {"cp_alternate": alternates(lang), "cp_lang": lang},
    }
    target = out / "mkdocs.yml"
    target.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return target


def _bilingual() -> bool:
    rules, ja_rules = archive.available(), ja_locate.available()
    return rules is not None and ja_rules is not None and ja_rules.edition == rules.newest.edition
