"""Multi-file writes that an interruption cannot leave half done: plan, journal, apply, recover.

A command that changes several records (an import, `cr sync --apply`, `fmt`) computes every new file
first, then hands the whole plan to `apply_plan`. The plan is written to a journal before the first record
is replaced; each record is then replaced atomically (temporary file +
`os.replace`); the journal is removed last. If the process is killed or a write fails half way, the
journal stays, and the next writing command finishes the plan before doing anything else (`recover`),
so the data never stays in a mixed state (half renumbered, half not).

A file that someone edited after the plan was made is never overwritten by a recovery: the journal
records the hash each file had when the plan was made, and a file that matches neither that hash nor
its planned text stops the recovery with a message.

The journal is a plan to write files, so it is guarded like code: it lives beside the data folder in the
git-ignored `.cache/counterpedia/` (never in the data folder, where a commit or a pull request could carry
one in), and a recovery replays it only when every path it names resolves, symlinks included, to a YAML
file inside the data folder, outside any hidden folder; when the current user wrote it; and when no other
record changed after it was written. Anything else is reported and nothing is written: `counterpedia
recover` shows it, `counterpedia recover --abandon` drops it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

JOURNAL_NAME = ".pending-writes.json"  # where journals used to live, in the data folder: reported, never read
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


class UnsafeJournal(Exception):
    """A journal that must not be replayed without the user's say: the message says why and what to do."""


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
        with open(path, encoding="utf-8", newline="") as stream:  # as it is: a CRLF file is not the LF text
            return stream.read()
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
    # Ctrl-C waits until the file is whole or gone: between creating the temporary file and the rename (or its
    # removal), a KeyboardInterrupt would leave a .NAME.yaml.XXXX.tmp behind. SIGINT is held for the few
    # milliseconds of one file and delivered right after (the command then stops with exit 130).
    with _sigint_held():
        _write_replace(path, text)


@contextlib.contextmanager
def _sigint_held() -> Iterator[None]:
    try:
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (ValueError, OSError, AttributeError):  # not where signals can be held: write as is
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _write_replace(path: Path, text: str) -> None:
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
    """Where the journal of `root`'s writes lives: beside it, in the git-ignored `.cache/counterpedia/`."""
    root = Path(root).resolve()
    tag = hashlib.sha1(str(root).encode()).hexdigest()[:12]
    return root.parent / ".cache" / "counterpedia" / f"pending-writes-{root.name}-{tag}.json"


def legacy_journal(root: Path) -> Path | None:
    """A journal in the data folder itself (where older versions wrote it, or where a commit brought one)."""
    path = Path(root) / JOURNAL_NAME
    return path if path.exists() or path.is_symlink() else None


def remove_stray_temporaries(root: Path) -> list[Path]:
    """Delete the temporary files that a killed write left behind (ours only: `.NAME.yaml.XXXX.tmp`)."""
    removed = []
    for path in Path(root).rglob(TEMPORARY_GLOB):
        name = path.name
        if path.is_file() and (".yaml." in name or ".yml." in name):
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                pass
    return removed


# Besides the data folder, the one folder a plan may write: the reviewed lists beside it (catalogue/).
SIBLING_FOLDERS = ("catalogue",)


def _inside(root: Path, path: Path) -> Path:
    """`path` as the journal records it, or WriteError when it is not a record file a plan may write."""
    relative = _relative_record_path(Path(root).resolve(), Path(path).resolve())
    if relative is None:
        raise WriteError(f"{path}: not a YAML file inside {root}: refused (nothing was written)")
    return relative


def _relative_record_path(root: Path, resolved: Path) -> Path | None:
    """A resolved file's path relative to the data folder's parent, when it is a YAML file the plan may
    write: inside the data folder (or the catalogue folder beside it), in no hidden folder."""
    try:
        relative = resolved.relative_to(root.parent)
    except ValueError:
        return None
    if len(relative.parts) < 2 or relative.parts[0] not in (root.name, *SIBLING_FOLDERS):
        return None
    if resolved.suffix.lower() not in (".yaml", ".yml") or any(part.startswith(".") for part in relative.parts):
        return None
    return relative


def _write_journal(root: Path, command: str, plan: list[FileWrite]) -> None:
    entries = []
    for item in plan:
        entries.append(
            {"path": _inside(root, item.path).as_posix(), "text": item.text, "before": _digest(_read(Path(item.path)))}
        )
    journal = {"command": command, "pid": os.getpid(), "files": entries}
    atomic_write(journal_path(root), json.dumps(journal, ensure_ascii=False))


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
                report.written,
                pending,
            ) from None
        report.written.append(path)


def read_journal(root: Path) -> tuple[str, list[tuple[Path, str, str | None]]] | None:
    """The pending plan of `root` as (command, [(path, text, hash before)]), or None when there is none.

    Raises UnsafeJournal when it must not be replayed: unreadable, written by another user, naming a path
    outside the data folder (symlinks resolved) or anything but a YAML record file."""
    root = Path(root)
    path = journal_path(root)
    if not path.is_file():
        return None
    if path.stat().st_uid != os.getuid():
        raise UnsafeJournal(
            f"{path}: a journal of pending writes that another user (uid {path.stat().st_uid}) wrote: "
            "it is not replayed. Inspect it, then drop it with `counterpedia recover --abandon`"
        )
    try:
        journal = json.loads(path.read_text(encoding="utf-8"))
        command = str(journal["command"])
        entries = [(str(e["path"]), e["text"], e.get("before")) for e in journal["files"]]
        if not all(
            isinstance(text, str) and (before is None or isinstance(before, str)) for _, text, before in entries
        ):
            raise TypeError("a file's text or hash is not a string")
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UnsafeJournal(
            f"{path}: the journal of an interrupted command cannot be read ({error}): it is not "
            "replayed. Check the data with `counterpedia validate`, then drop it with "
            "`counterpedia recover --abandon`"
        ) from None
    resolved_root = root.resolve()
    plan, refused = [], []
    for name, text, before in entries:
        target = Path(name)
        resolved = (resolved_root.parent / target).resolve()
        if target.is_absolute() or ".." in target.parts or _relative_record_path(resolved_root, resolved) is None:
            refused.append(name)
        plan.append((resolved, text, before))
    if refused:
        shown = ", ".join(repr(n) for n in refused[:3])
        raise UnsafeJournal(
            f"{path}: the journal names {len(refused)} path(s) outside the YAML records of {root} "
            f"({shown}): the whole journal is refused and nothing was written. Drop it with "
            "`counterpedia recover --abandon`"
        )
    return command, plan


def changed_since(root: Path, planned: set[Path]) -> list[Path]:
    """Records of `root` not in the plan that changed after the journal was written (the data moved on)."""
    written_at = journal_path(root).stat().st_mtime
    newer = []
    for suffix in ("*.yaml", "*.yml"):
        for path in Path(root).resolve().rglob(suffix):
            try:
                if path.stat().st_mtime > written_at and path not in planned:
                    newer.append(path)
            except OSError:
                continue
    return sorted(newer)


def recover(root: Path, explicit: bool = False) -> WriteReport | None:
    """Finish the plan of an interrupted command, if `root` has one; None when there is none.

    A writing command calls this first (`explicit` False): a journal that is unsafe, or older than other
    changes to the data, is then reported and not replayed. `counterpedia recover` (`explicit`) replays an
    older journal the user has seen listed; an unsafe one never."""
    root = Path(root)
    remove_stray_temporaries(root)
    try:
        pending = read_journal(root)
    except UnsafeJournal as error:
        raise WriteError(str(error)) from None
    if pending is None:
        return None
    command, entries = pending
    path = journal_path(root)
    if not explicit:
        newer = changed_since(root, {p for p, _, _ in entries})
        if newer:
            raise WriteError(
                f"an interrupted `{command}` left a plan of {len(entries)} file(s) in {path}, but {len(newer)} other "
                f"record(s) changed after it was written (e.g. {newer[0]}): it is not replayed by another command. "
                "`counterpedia recover` finishes it, `counterpedia recover --abandon` drops it"
            )
    edited = [p for p, text, before in entries if _digest(_read(p)) not in (before, _digest(text))]
    if edited:
        shown = ", ".join(str(p) for p in edited[:5])
        raise WriteError(
            f"an interrupted `{command}` left a plan in {path}, but {len(edited)} of its file(s) changed since "
            f"({shown}): it was not finished, so that nothing is overwritten. Review them, then drop the plan "
            "with `counterpedia recover --abandon` and run the command again."
        )
    report = WriteReport(recovered_from=command)
    _apply([(p, text) for p, text, _ in entries], report)
    path.unlink()
    return report


def abandon(root: Path) -> tuple[str, list[str]] | None:
    """Drop `root`'s pending plan without writing anything: (command, the paths it would have written), or None."""
    path = journal_path(root)
    if not path.is_file():
        return None
    try:
        journal = json.loads(path.read_text(encoding="utf-8"))
        command = str(journal.get("command", "?"))
        names = [str(e.get("path")) for e in journal.get("files", [])]
    except (OSError, ValueError, TypeError, AttributeError):
        command, names = "?", []
    path.unlink()
    return command, names


def apply_plan(root: Path, plan: list[FileWrite], command: str) -> WriteReport:
    """Journal the plan in `root`, write each file atomically, then drop the journal.

    Files whose content is already the planned one are not touched. Raises WriteError naming what
    was written when a write fails; the journal then stays, and `recover` finishes the job."""
    root = Path(root)
    if journal_path(root).is_file():
        raise WriteError(
            f"{journal_path(root)}: an interrupted command's plan is pending: run `counterpedia recover` "
            "to finish it (or `counterpedia recover --abandon` to drop it)"
        )
    for item in plan:
        _inside(root, item.path)
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
        journal_path(root).parent.mkdir(parents=True, exist_ok=True)
        _write_journal(root, command, [FileWrite(p, t) for p, t in todo])
    except OSError as error:
        raise WriteError(
            f"{journal_path(root)}: cannot write: {error.strerror or error}. Nothing was written.",
            [],
            [p for p, _ in todo],
        ) from None
    _apply(todo, report)
    journal_path(root).unlink()
    return report


# -- one writer at a time ---------------------------------------------------------------------------------------
# Every command that writes records (fmt, the imports, cr sync --apply, new, recover, refresh) holds an exclusive
# lock on the data folder while it runs, as git holds index.lock: a second writer would take the first one's live
# journal for an interrupted plan, delete its temporary file and finish its plan itself. The lock is an flock on a
# file beside the journal, which the kernel releases when its process ends, however it ends; the file names the
# holder (pid, command), so that a second writer says who is writing, and a lock left by a killed process is told
# apart (its pid no longer runs) and recovered with a message.
LOCK_WAIT = 3.0  # seconds a second writer waits for the first before refusing (COUNTERPEDIA_LOCK_WAIT)
_HELD: dict[str, int] = {}  # lock file -> how many times this process holds it (a command inside a command)


class Busy(WriteError):
    """Another counterpedia command is writing the same data folder."""


def lock_path(root: Path) -> Path:
    journal = journal_path(root)
    return journal.with_name(journal.name.replace("pending-writes-", "write-lock-").removesuffix(".json") + ".lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _holder(stream_fd: int) -> dict[str, object]:
    try:
        os.lseek(stream_fd, 0, os.SEEK_SET)
        found = json.loads(os.read(stream_fd, 4096).decode("utf-8") or "{}")
        return found if isinstance(found, dict) else {}
    except (OSError, ValueError):
        return {}


def _say(message: str) -> None:
    print(message, file=sys.stderr)


@contextlib.contextmanager
def writing(root: Path, command: str, wait: float | None = None, say: Callable[[str], None] = _say) -> Iterator[None]:
    """Hold the data folder's write lock while the block runs. A second writer waits up to `wait` seconds, then
    raises Busy ("another counterpedia command (pid N, `import mtgjson`) is writing; try again when it ends").
    A lock whose holder was killed is recovered, and `say` tells it. Reentrant within one process."""
    path = lock_path(root)
    key = str(path)
    if key in _HELD:
        _HELD[key] += 1
        try:
            yield
        finally:
            _HELD[key] -= 1
        return
    if wait is None:
        try:
            wait = float(os.environ.get("COUNTERPEDIA_LOCK_WAIT", LOCK_WAIT))
        except ValueError:
            wait = LOCK_WAIT
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as error:
        raise WriteError(f"{path}: cannot take the data folder's write lock: {error.strerror or error}") from None
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = _holder(fd)
                    who = f"pid {holder.get('pid', '?')}, `{holder.get('command', '?')}`"
                    raise Busy(
                        f"another counterpedia command ({who}) is writing {root}; try again when it ends"
                    ) from None
                time.sleep(0.05)
        previous = _holder(fd)
        pid = previous.get("pid")
        if isinstance(pid, int) and pid != os.getpid():
            state = "no longer runs" if not _alive(pid) else "ended without releasing it"
            say(
                f"recovered the write lock of an earlier `{previous.get('command', '?')}` (pid {pid}), which {state}: "
                "it was killed while writing; whatever it left half done is finished or reported below "
                "(`counterpedia recover`)"
            )
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, json.dumps({"pid": os.getpid(), "command": command}).encode("utf-8"))
        _HELD[key] = 1
        try:
            yield
        finally:
            del _HELD[key]
            os.ftruncate(fd, 0)  # released cleanly: an empty lock file is no one's
    finally:
        os.close(fd)  # closing releases the flock
