"""Building the three localized sites: Japanese at the root, English at en/, French at fr/."""

from __future__ import annotations

import os
from pathlib import Path

from .linkcheck import check_site
from .provenance import LANGS

CONFIG_FILES = {"ja": "mkdocs.yml", "en": "mkdocs.en.yml", "fr": "mkdocs.fr.yml"}


class SiteBuildError(Exception):
    pass


def build_all(project: Path, out: Path | None = None, langs=LANGS, data_dir: Path | None = None) -> Path:
    """Build every language in order (the Japanese build cleans the root first), then check all links."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    out = (out or project / "site").resolve()
    for lang in sorted(langs, key=lambda l: l != "ja"):
        site_dir = out if lang == "ja" else out / lang
        overrides = {"site_dir": str(site_dir)}
        try:
            config = load_config(str(project / CONFIG_FILES[lang]), **overrides)
            if data_dir is not None:
                for name, plugin in config.plugins.items():
                    if name == "counterpedia":
                        plugin.config.data_dir = str(data_dir.resolve())
            config.plugins.on_startup(command="build", dirty=False)
            build(config)
            config.plugins.on_shutdown()
        except MkDocsException as error:
            raise SiteBuildError(f"{lang}: {error}") from error
    if set(langs) == set(LANGS):
        problems = check_site(out)
        if problems:
            raise SiteBuildError(f"{len(problems)} broken link(s) across languages:\n" + "\n".join(problems[:50]))
    return out
