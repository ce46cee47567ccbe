"""Multi-file writes that an interruption cannot leave half done: plan, journal, apply, recover.

A command that changes several records (an import, `cr sync --apply`, `fmt`) computes every new file
first, then hands the whole plan to `apply_plan`. The plan is written to a journal in the data folder
before the first record is replaced; each record is then replaced atomically (temporary file +
`os.replace`); the journal is removed last. If the process is killed or a write fails half way, the
journal stays, and the next writing command finishes the plan before doing anything else (`recover`),
so the data never stays in a mixed state (half renumbered, half not).

A file that someone edited after the plan was made is never overwritten by a recovery: the journal
records the hash each file had when the plan was made, and a file that matches neither that hash nor
its planned text stops the recovery with a message.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

JOURNAL_NAME = ".pending-writes.json"
TEMPORARY_GLOB = ".*.tmp"  # what `atomic_write` names its temporary files: .NAME.yaml.XXXX.tmp


@dataclass(frozen=True)
class FileWrite:
    """One file's new content, as planned."""

    path: Path
    text: str


@dataclass
class WriteReport:
    written: list[Path] = field(default_factory=list)  # files whose content changed
    unchanged: list[Path] = field(default_factory=list)  # already had the planned content
    recovered_from: str | None = None  # the command whose interrupted plan was finished


class WriteError(Exception):
    """A write failed or a recovery is unsafe; the message says which files were written and what to do."""

    def __init__(self, message: str, written: list[Path] | None = None, pending: list[Path] | None = None):
        super().__init__(message)
        self.written = written or []
        self.pending = pending or []


def _digest(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: Path, text: str) -> None:
    """Write through a temporary file in the same folder, then rename: never a half-written file.

    The file keeps the mode of the file it replaces, or gets the umask default for a new file
    (a temporary file is created 0600, which a record must not inherit)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def journal_path(root: Path) -> Path:
    return Path(root) / JOURNAL_NAME


def remove_stray_temporaries(root: Path) -> list[Path]:
    """Delete the temporary files that a killed write left behind (ours only: `.NAME.yaml.XXXX.tmp`)."""
    removed = []
    for path in Path(root).rglob(TEMPORARY_GLOB):
        name = path.name
        if path.is_file() and (".yaml." in name or ".yml." in name or name.startswith(f".{JOURNAL_NAME}.")):
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass
    return removed


def _write_journal(root: Path, command: str, plan: list[FileWrite]) -> None:
    entries = []
    for item in plan:
        entries.append({"path": str(Path(item.path).resolve()), "text": item.text, "before": _digest(_read(Path(item.path)))})
    atomic_write(journal_path(root), json.dumps({"command": command, "files": entries}, ensure_ascii=False))


def _apply(plan: list[tuple[Path, str]], report: WriteReport) -> None:
    for index, (path, text) in enumerate(plan):
        try:
            if _read(path) == text:
                report.unchanged.append(path)
                continue
            atomic_write(path, text)
        except OSError as error:
            pending = [p for p, _ in plan[index:]]
            raise WriteError(
                f"{path}: cannot write: {error.strerror or error}. Written before it: {len(report.written)} file(s); "
                f"not written: {len(pending)}. The plan is kept in the journal: fix the cause and run the command again "
                "to finish it.",
                report.written, pending,
            ) from None
        report.written.append(path)


def recover(root: Path) -> WriteReport | None:
    """Finish the plan of an interrupted command, if its journal is in `root`; None when there is none."""
    root = Path(root)
    remove_stray_temporaries(root)
    path = journal_path(root)
    if not path.is_file():
        return None
    try:
        journal = json.loads(path.read_text(encoding="utf-8"))
        command = str(journal["command"])
        entries = [(Path(e["path"]), str(e["text"]), e.get("before")) for e in journal["files"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise WriteError(f"{path}: the journal of an interrupted command cannot be read ({error}); "
                         "check the data with `counterpedia validate`, then delete the journal") from None
    edited = [p for p, text, before in entries if _digest(_read(p)) not in (before, _digest(text))]
    if edited:
        shown = ", ".join(str(p) for p in edited[:5])
        raise WriteError(
            f"an interrupted `{command}` left a plan in {path}, but {len(edited)} of its file(s) changed since "
            f"({shown}): it was not finished, so that nothing is overwritten. Review them, then delete {path} "
            "and run the command again."
        )
    report = WriteReport(recovered_from=command)
    _apply([(p, text) for p, text, _ in entries], report)
    path.unlink()
    return report


def apply_plan(root: Path, plan: list[FileWrite], command: str) -> WriteReport:
    """Journal the plan in `root`, write each file atomically, then drop the journal.

    Files whose content is already the planned one are not touched. Raises WriteError naming what
    was written when a write fails; the journal then stays, and `recover` finishes the job."""
    root = Path(root)
    if journal_path(root).is_file():
        raise WriteError(f"{journal_path(root)}: an interrupted command's plan is pending: run `recover` first")
    report = WriteReport()
    todo = []
    for item in plan:
        if _read(Path(item.path)) == item.text:
            report.unchanged.append(Path(item.path))
        else:
            todo.append((Path(item.path), item.text))
    if not todo:
        return report
    if len(todo) == 1:  # a single atomic replace cannot be left half done: no journal needed
        _apply(todo, report)
        return report
    try:
        _write_journal(root, command, [FileWrite(p, t) for p, t in todo])
    except OSError as error:
        raise WriteError(f"{journal_path(root)}: cannot write: {error.strerror or error}. Nothing was written.",
                         [], [p for p, _ in todo]) from None
    _apply(todo, report)
    journal_path(root).unlink()
    return report
