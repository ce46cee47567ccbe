"""Building the three localized sites: Japanese at the root, English at en/, French at fr/.

A build empties its output folder first (MkDocs cleans `site_dir`). So the output folder must be one
that a build made: every build writes a marker file into it (`.counterpedia-site`), and a folder
that is not empty and has no marker is refused, never emptied: `--out data` must not delete records.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import resource
import shutil
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.exceptions import MkDocsException

from ..langs import LANGS
from ..search import site_index
from .linkcheck import check_site, reading_once
from .mkdocs_plugin import checked_data

CONFIG_FILES = {"ja": "mkdocs.yml", "en": "mkdocs.en.yml", "fr": "mkdocs.fr.yml"}
MARKER = ".counterpedia-site"
MARKER_TEXT = (
    "This folder is a site built by `counterpedia site build`, which empties it before each build.\n"
    "Delete this file and the build will refuse to write here.\n"
)
USAGE, PROBLEMS = 2, 1


class SiteBuildError(Exception):
    """A build that failed; `status` is the exit status (1: the data or a link; 2: the output folder)."""

    def __init__(self, message: str, status: int = PROBLEMS):
        super().__init__(message)
        self.status = status


def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_output(out: Path, project: Path, data_dir: Path | None = None) -> None:
    """Refuse an output folder that a build would damage: raises SiteBuildError (status 2) saying why."""
    protected = [project / "docs", project / "overrides", data_dir or project / "data"]
    real = out.resolve()
    if _inside(project, real):
        raise SiteBuildError(
            f"{out}: holds the project itself; the build empties its output folder: "
            "choose a new folder, e.g. --out site",
            USAGE,
        )
    for folder in protected:
        if _inside(real, folder.resolve()):
            raise SiteBuildError(f"{out}: the build reads {folder}; write the site outside it, e.g. --out site", USAGE)
    if out.is_symlink() and not out.exists():
        raise SiteBuildError(f"{out}: a broken symbolic link: choose another folder", USAGE)
    if out.exists() and not out.is_dir():
        raise SiteBuildError(f"{out}: exists and is not a folder: choose a folder for the site", USAGE)
    if out.is_dir():
        try:
            entries = [entry.name for entry in out.iterdir()]
        except OSError as error:
            raise SiteBuildError(f"{out}: cannot be read: {error.strerror or error}", USAGE) from None
        if entries and MARKER not in entries:
            raise SiteBuildError(
                f"{out}: not empty and not a site that `counterpedia site build` made (no {MARKER} file in it); "
                f"a build empties its output folder, so it would delete the {len(entries)} file(s) and folder(s) "
                "there. Choose a new or empty folder, or delete this one yourself if it is an old site.",
                USAGE,
            )


def prepare_output(out: Path, project: Path, data_dir: Path | None = None) -> None:
    """Check the output folder, create it if needed, and mark it as ours (before anything is deleted)."""
    check_output(out, project, data_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
        marker = out / MARKER
        if not marker.is_file():
            marker.write_text(MARKER_TEXT, encoding="utf-8")
    except OSError as error:
        raise SiteBuildError(f"{out}: cannot write the site there: {error.strerror or error}", USAGE) from None


class _Collect(logging.Handler):
    """MkDocs reports the cause of an abort through its log: keep the warnings and errors to show them."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.messages.append(record.getMessage().strip())
        except Exception:  # noqa: BLE001 - a malformed log record must not hide the error itself
            self.messages.append(str(record.msg))


@contextmanager
def _mkdocs_messages():
    handler = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield handler.messages
    finally:
        logger.removeHandler(handler)


def build_all(
    project: Path,
    out: Path | None = None,
    langs=LANGS,
    data_dir: Path | None = None,
    on_step=None,
    on_links=None,
    on_usage=None,
) -> Path:
    """Build every language, then check all links. The languages are built at once, each in a process of its
    own forked from this one once the data is loaded and checked (`jobs()`: one per language, or
    COUNTERPEDIA_BUILD_JOBS), or one after the other in this process (one core, one language, or no fork).
    `on_step(name)`, when given, is called after each language (its code, in the order they finish) and after
    the link check ("links"). `on_links(lang, count)`: the card-name links of each language's pages (a
    mkdocs_plugin.LinkCount: those made, those the auto-linking stop list kept from being made), in language
    order. `on_usage(lang, cpu_seconds, peak_mb)`: what each language's build cost (user + system time, and the
    peak memory of its process, or of this process so far when built in turn): `make bench`."""
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    project = project.resolve()
    out = Path(os.path.abspath(out or project / "site"))
    prepare_output(out, project, data_dir.resolve() if data_dir is not None else None)
    with reading_once():  # the link check across languages reuses what each language's check read
        checked_data((data_dir if data_dir is not None else project / "data").resolve())  # once, for every language
        with _kept_out_of_collection():
            _build_languages(project, out, langs, data_dir, on_step, on_links, on_usage)
    return out


@contextmanager
def _kept_out_of_collection():
    """The knowledge base loaded so far set aside from Python's cycle collector while the sites are built
    (gc.freeze): its millions of objects live to the end of the build, and each full collection would walk them
    all again, in every language's process. Objects are still freed as usual; after the build, the collector
    sees them again (a caller in-process, a test, keeps its knowledge base collectable)."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def jobs(count: int) -> int:
    """How many languages are built at once: COUNTERPEDIA_BUILD_JOBS, else all of them (on two cores, three
    processes finish sooner than two: the last language does not wait for a free core alone), else one on a
    one-core machine or where processes cannot be forked."""
    wanted = os.environ.get("COUNTERPEDIA_BUILD_JOBS", "").strip()
    if wanted.isdigit() and int(wanted) > 0:
        return min(count, int(wanted))
    if (os.cpu_count() or 1) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    return count


def _build_languages(
    project: Path, out: Path, langs, data_dir: Path | None, on_step, on_links=None, on_usage=None
) -> None:
    ordered = sorted(langs, key=lambda code: code != "ja")  # the Japanese build empties the root first
    apart = len(ordered) > 1 and jobs(len(ordered)) > 1
    if apart:
        check_each = set(langs) != set(LANGS)  # else the check of the whole site below covers every link
        built = _build_apart(project, out, ordered, data_dir, on_step, on_usage, check_each)
    else:
        built = {}
        for lang in ordered:
            before = _cpu()
            built[lang] = _build_one(project, lang, out if lang == "ja" else out / lang, data_dir)
            if on_usage is not None:
                on_usage(lang, _cpu() - before, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
            if on_step is not None:
                on_step(lang)
    if on_links is not None:
        for lang in ordered:
            if built[lang] is not None:
                on_links(lang, built[lang])
    if set(langs) == set(LANGS):
        # Built apart, the languages' processes leave their links to this one check (the search indexes' too):
        # their pages are read once, here, instead of once there and once again here.
        problems = check_site(out, (), _search_links(out, ordered) if apart else None)
        if on_step is not None:
            on_step("links")
        if problems:
            raise SiteBuildError(f"{len(problems)} broken link(s) across languages:\n" + "\n".join(problems[:50]))


def _build_one(project: Path, lang: str, site_dir: Path, data_dir: Path | None, check_links: bool = True):
    """Build one language into `site_dir`: its card-name links (mkdocs_plugin.LinkCount), or SiteBuildError.
    `check_links=False`: the language's own link check is left to the check of the whole site."""
    with _mkdocs_messages() as messages:
        try:
            config = load_config(str(project / CONFIG_FILES[lang]), site_dir=str(site_dir))
            for name, plugin in config.plugins.items():
                if name == "counterpedia":
                    if data_dir is not None:
                        plugin.config.data_dir = str(data_dir.resolve())
                    if not check_links:
                        plugin.config.check_links = False
            config.plugins.on_startup(command="build", dirty=False)
            build(config)
            config.plugins.on_shutdown()
            return getattr(config.plugins.get("counterpedia"), "card_links", None)
        except MkDocsException as error:
            raise SiteBuildError(_explain(lang, error, messages)) from error
        except OSError as error:
            where = error.filename or site_dir
            raise SiteBuildError(f"{lang}: cannot write {where}: {error.strerror or error}", USAGE) from None


def _staging(out: Path, lang: str) -> Path:
    """Where a language other than Japanese is built before it is moved to `out/lang`: beside `out`, not in it,
    since the Japanese build empties `out` and checks every page in it."""
    return out.with_name(f".{out.name}.{lang}.building")


def _build_apart(
    project: Path, out: Path, ordered: list[str], data_dir: Path | None, on_step, on_usage, check_each: bool
) -> dict:
    """Every language in a process of its own, at once; the languages other than Japanese built beside `out`
    and moved into it once every language is built. The data is loaded and checked before (build_all), so the
    processes forked share it (mkdocs_plugin.checked_data) instead of loading it once each."""
    sites = {lang: out if lang == "ja" else _staging(out, lang) for lang in ordered}
    try:
        for lang, site_dir in sites.items():
            if lang != "ja":
                shutil.rmtree(site_dir, ignore_errors=True)  # what a killed build left
                site_dir.mkdir(parents=True)
    except OSError as error:
        raise SiteBuildError(
            f"{error.filename or out.parent}: cannot build there: {error.strerror or error}", USAGE
        ) from None
    try:
        built: dict = {}
        failures: dict[str, tuple[str, int]] = {}
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=jobs(len(ordered)), mp_context=context) as pool:
            running = {pool.submit(_child, project, lang, sites[lang], data_dir, check_each): lang for lang in ordered}
            for done in as_completed(running):
                lang = running[done]
                outcome = done.result()
                if outcome[0] == "failed":
                    failures[lang] = (outcome[1], outcome[2])
                    continue
                built[lang] = outcome[1]
                if on_usage is not None:
                    on_usage(lang, outcome[2], outcome[3])
                if on_step is not None:
                    on_step(lang)
        for lang in ordered:  # the first language's failure, as when they are built in turn
            if lang in failures:
                raise SiteBuildError(*failures[lang])
        for lang in ordered:
            if lang != "ja":
                target = out / lang
                if target.is_dir() and not target.is_symlink():
                    shutil.rmtree(target)
                os.replace(sites[lang], target)
        return built
    finally:
        for lang, site_dir in sites.items():
            if lang != "ja":
                shutil.rmtree(site_dir, ignore_errors=True)


def _child(project: Path, lang: str, site_dir: Path, data_dir: Path | None, check_links: bool) -> tuple:
    """One language's build in a forked process: ("built", links, CPU seconds, peak MB) or ("failed", message,
    status); a SiteBuildError is not sent back as it is (its status would be lost on the way)."""
    try:
        links = _build_one(project, lang, site_dir, data_dir, check_links)
    except SiteBuildError as error:
        return ("failed", str(error), error.status)
    return ("built", links, _cpu(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def _cpu() -> float:
    """This process's CPU time so far (user + system seconds; a forked process starts at 0)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _search_links(out: Path, langs: list[str]) -> dict[str, list[str]]:
    """The links of every language's search index, by where they come from relative to `out`."""
    found = {}
    for lang in langs:
        prefix = "" if lang == "ja" else f"{lang}/"
        for name, links in site_index.links(out / prefix).items():
            found[f"{prefix}{name}"] = links
    return found


def _explain(lang: str, error: Exception, messages: list[str]) -> str:
    """The reason MkDocs logged (file, line and what is wrong), not only its "Aborted with …" summary."""
    summary = str(error).strip()
    details = [m for m in messages if m and m != summary]
    if not details:
        return f"{lang}: {summary}"
    return f"{lang}: " + "\n".join(details) + (f"\n{lang}: {summary}" if summary else "")
