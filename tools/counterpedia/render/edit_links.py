""" "Edit this page": the file (or folder) in the repository that each page is generated from.

A record's page points at its YAML file; a page built from many records points at their folder; the
full-rules pages point at their generator (they come from the official CR files, not from the data).
The repository's URL comes from configuration only: `repo_url` in mkdocs.yml, or `GITHUB_REPOSITORY`
(with `GITHUB_SERVER_URL`) when GitHub Actions builds the site. Without one, pages get no edit link.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from .. import kinds
from ..model.knowledge import KnowledgeBase, Record
from . import urls

# Pages built from many records of several folders, besides each kind's index page (built from its folder):
# the data folder.
DATA_PAGES = ("rulings/by-counter.md", "status.md")  # rulings are kept in card files and in data/rulings/
# Pages under a prefix, built from many records of several folders: the rulings of a year, the rulings about a
# counter or a mechanic (each kept in its card's file or in data/rulings/): the data folder.
FOLDER_PREFIXES = {
    "rulings/": "",
}
CR_GENERATOR = "tools/counterpedia/render/cr_pages.py"


def repository_url(configured: str | None, env: Mapping[str, str]) -> str | None:
    """The repository's web URL: GitHub Actions' own repository first, else mkdocs.yml's `repo_url`."""
    repository = (env.get("GITHUB_REPOSITORY") or "").strip()
    if repository:
        server = (env.get("GITHUB_SERVER_URL") or "https://github.com").rstrip("/")
        return f"{server}/{repository}"
    return configured.rstrip("/") if configured else None


def edit_url(repository: str | None, branch: str, target: str | None) -> str | None:
    """GitHub's editor for a file, its tree view for a folder (a target ending in /)."""
    if not repository or target is None:
        return None
    if target.endswith("/") or target == "":
        return f"{repository}/tree/{branch}/{target.rstrip('/')}".rstrip("/")
    return f"{repository}/edit/{branch}/{target}"


def page_sources(kb: KnowledgeBase, record_file: Callable[[Record], str | None], data_folder: str) -> dict[str, str]:
    """Page (its path in the site's sources, e.g. counters/rad.md) -> what it is generated from, relative to the
    repository root (a folder ends in /). `record_file` gives a record's file relative to the repository root."""
    data = data_folder.rstrip("/") + "/"
    sources = {kind.index_page: data + kind.folder + "/" for kind in kinds.all_kinds()}
    sources.update({page: data for page in DATA_PAGES})
    sources.update({prefix: data + folder for prefix, folder in FOLDER_PREFIXES.items()})
    for kind in kinds.all_kinds():
        if not kind.own_page or not kind.published:
            continue  # shown on a shared page (or not shown): its index page, which points at the folder
        for record in kb.all(kind.name):
            target = record_file(record)
            if target is not None:
                sources[urls.page_path(kind.name, record.id)[0]] = target
    return sources


def target_for(page: str, sources: Mapping[str, str]) -> str | None:
    if page in sources:
        return sources[page]
    if page.startswith("cr/"):
        return CR_GENERATOR
    for prefix in FOLDER_PREFIXES:
        if page.startswith(prefix) and prefix in sources:
            return sources[prefix]
    return None
