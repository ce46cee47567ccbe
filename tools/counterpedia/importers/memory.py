"""Translations in and out of the translation memory (counterpedia.model.memory).

The batch format, for translators (one file, UTF-8):

    @@ 4e02add3dade42c9
    en: Paying cumulative upkeep is always optional. …     (export writes it; import ignores it)
    card: Aboroth | ja: アボロス | fr: Aboroth              (export writes it; import ignores it)
    ja: 累加アップキープの支払いは常に任意である。…
    fr: Le paiement de l'entretien cumulatif est toujours facultatif. …

`export` lists the English templates that still lack a Japanese or French text; `plan` turns a batch into the
shard files of data/translation-memory/ to write, as `machine` texts of source `counterpedia-mt`. An entry already in the
memory is never changed: the same text is skipped (importing twice changes nothing), another text is reported as
a conflict and kept (a reviewer's correction is never overwritten by a batch).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import diagnostics as diag
from ..model import memory
from ..model.knowledge import KnowledgeBase, Record, load
from ..model.provenance import text_hash
from ..model.shapes import as_dict
from ..storage.format import format_data
from ..storage.load import display_path
from ..storage.writes import FileWrite, WriteReport
from ..storage.yamlio import round_trip_yaml
from .model import ImportFailure
from .skeleton import Provider, Result

SOURCE = "counterpedia-mt"
CONTEXT_PREFIXES = ("en: ", "card: ", "term: ", "name: ")


@dataclass
class Batch:
    texts: dict[str, dict[str, str]] = field(default_factory=dict)  # key -> lang -> text
    lines: dict[str, int] = field(default_factory=dict)  # key -> line of its @@


def read_batch(path: Path) -> Batch:
    """The keys and texts of a batch file; ImportFailure listing every malformed line."""
    shown = display_path(path)
    try:
        source = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise ImportFailure(
            problems=[diag.make(shown, (0, 0), "E520", f"not UTF-8 text ({error.reason} at byte {error.start})")]
        ) from None
    batch, problems, current = Batch(), [], None
    for number, raw in enumerate(source.lstrip("\ufeff").splitlines(), 1):
        line = raw.rstrip()
        if not line.strip():
            continue
        if line.startswith("@@"):
            entry_key = line[2:].strip()
            if len(entry_key) != 16 or any(c not in "0123456789abcdef" for c in entry_key):
                problems.append(
                    diag.make(shown, (number - 1, 3), "E520", f"`{entry_key}` is not an entry key (16 hex digits)")
                )
                current = None
                continue
            current = entry_key
            batch.texts.setdefault(entry_key, {})
            batch.lines.setdefault(entry_key, number)
        elif line[:4] in ("ja: ", "fr: "):
            if current is None:
                problems.append(diag.make(shown, (number - 1, 0), "E520", "a text before any `@@ key` line"))
                continue
            lang, text = line[:2], line[4:].strip()
            if lang in batch.texts[current]:
                problems.append(diag.make(shown, (number - 1, 0), "E520", f"a second `{lang}:` text for {current}"))
            elif not text:
                problems.append(diag.make(shown, (number - 1, 4), "E520", f"an empty `{lang}:` text for {current}"))
            else:
                batch.texts[current][lang] = text
        elif line.startswith(CONTEXT_PREFIXES):
            continue
        else:
            problems.append(
                diag.make(shown, (number - 1, 0), "E520", f"not `@@ key`, `ja: …` or `fr: …`: {line[:40]!r}")
            )
    if problems:
        raise ImportFailure(problems=problems)
    return batch


def templates(kb: KnowledgeBase) -> dict[str, tuple[str, Record]]:
    """key -> (English template, the first ruling giving it), over every ruling."""
    found: dict[str, tuple[str, Record]] = {}
    for ruling in sorted(kb.all("ruling"), key=lambda r: r.id):
        tpl = memory.ruling_template(ruling)
        if tpl is not None:
            found.setdefault(memory.key(tpl), (tpl, ruling))
    return found


@dataclass
class _Tally:
    """What a plan of batches found, for its report."""

    added: dict[str, int] = field(default_factory=lambda: {lang: 0 for lang in memory.MEMORY_LANGS})
    unchanged: int = 0
    conflicts: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


class MemoryImport(Provider):
    """`counterpedia memory import BATCH…`: the batches are read (and every malformed line reported) before the
    data folder is touched."""

    prog = "counterpedia memory import"
    command = "memory import"

    def __init__(self, paths: list[Path], version: str):
        self.paths, self.version = paths, version
        self.batches: list[Batch] = []

    def read(self) -> None:
        problems: list[diag.Diagnostic] = []
        for path in sorted(self.paths):
            try:
                self.batches.append(read_batch(path))
            except ImportFailure as error:
                problems += error.problems
        if problems:
            raise ImportFailure(problems=problems)

    def plan(self, data_dir: Path, dry_run: bool) -> Result:
        kb, _ = load(data_dir)
        return plan(kb, data_dir, self.batches, self.version)

    def would_write(self, result: Result, count: int) -> str:
        return f"would write up to {count} file(s) (dry run: nothing written)"

    def wrote(self, result: Result, report: WriteReport) -> str:
        return f"wrote {len(report.written)} file(s), {len(report.unchanged)} unchanged"


def english_entry(ruling: Record, tpl: str) -> dict[str, Any]:
    """The entry's English: the template, with the provenance of the ruling text it was made from."""
    source = as_dict(as_dict(ruling.data.get("text")).get("en"))
    entry: dict[str, Any] = {"text": tpl}
    for name in ("status", "source", "version", "via"):
        if source.get(name) is not None:
            entry[name] = source[name]
    return entry


def machine_text(text: str, english: dict[str, Any], version: str) -> dict[str, Any]:
    return {
        "text": text,
        "status": "machine",
        "source": SOURCE,
        "version": version,
        "translates": {
            "lang": "en",
            "version": str(english.get("version", version)),
            "hash": text_hash(english["text"]),
        },
    }


def plan(kb: KnowledgeBase, data_dir: Path, batches: list[Batch], version: str) -> Result:
    """The shard files to write for `batches` (in order: the first text given for a key wins), and the report."""
    result = _Tally()
    planned: list[FileWrite] = []
    known = templates(kb)
    shards: dict[str, Any] = {}  # shard -> its data (round-trip when the file exists), read only when it changes
    positions: dict[str, dict[str, Any]] = {}  # key -> its entry in `shards`
    for batch in batches:
        for entry_key, texts in batch.texts.items():
            if entry_key not in known:
                result.unknown.append(entry_key)
                continue
            loaded = kb.memory.entries.get(entry_key)
            in_memory = as_dict(loaded.data.get("text")) if loaded is not None else {}
            todo = {}
            for lang in memory.MEMORY_LANGS:
                text = texts.get(lang)
                existing = in_memory.get(lang)
                if text is None:
                    continue
                if isinstance(existing, dict):
                    if existing.get("text") == text:
                        result.unchanged += 1
                    else:
                        result.conflicts.append(
                            f"{entry_key} {lang}: the memory has another text ({existing.get('status')}): kept"
                        )
                    continue
                todo[lang] = text
            if not todo:
                continue
            name = memory.shard(entry_key)
            if name not in shards:
                shards[name] = _read_shard(data_dir, name)
                for item in shards[name].get("translations") or []:
                    if isinstance(item, dict) and isinstance(item.get("id"), str):
                        positions[item["id"]] = item
            item = positions.get(entry_key)
            if not item:
                tpl, ruling = known[entry_key]
                item = {"id": entry_key, "text": {"en": english_entry(ruling, tpl)}}
                shards[name].setdefault("translations", []).append(item)
                positions[entry_key] = item
            item_texts = item.setdefault("text", {})
            for lang, text in todo.items():
                if isinstance(item_texts.get(lang), dict):
                    continue  # given twice in the batches: the first wins
                item_texts[lang] = machine_text(
                    text, as_dict(item_texts.get("en")) or {"text": known[entry_key][0]}, version
                )
                result.added[lang] += 1
    for name, data in sorted(shards.items()):
        path = data_dir / "translation-memory" / f"{name}.yaml"
        planned.append(FileWrite(path, format_data("memory", data)))
    keys = sum(len(b.texts) for b in batches)
    lines = [
        f"{keys} key(s) read from {len(batches)} file(s): added {result.added['ja']} ja and {result.added['fr']} fr "
        f"text(s), {result.unchanged} already in the memory, {len(result.conflicts)} conflict(s), "
        f"{len(result.unknown)} unknown key(s)"
    ]
    lines += [f"conflict: {line}" for line in result.conflicts[:20]]
    lines += [f"unknown key: {entry_key} (no ruling's English gives it: skipped)" for entry_key in result.unknown[:20]]
    return Result(lines, planned=planned, data={"added": result.added, "unchanged": result.unchanged})


def _read_shard(data_dir: Path, name: str) -> Any:
    path = data_dir / "translation-memory" / f"{name}.yaml"
    if path.is_file():
        data = round_trip_yaml().load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            return data
    return {"id": name, "translations": []}


def export(kb: KnowledgeBase, langs: tuple[str, ...], counters_only: bool = False) -> tuple[str, int]:
    """The batch of every English template some ruling still lacks a text for in `langs` (most used first):
    its text and the count of entries."""
    wanted: dict[str, dict[str, Any]] = {}
    for entry_key, (tpl, ruling) in templates(kb).items():
        entry = kb.memory.entries.get(entry_key)
        texts = as_dict(entry.data.get("text")) if entry is not None else {}
        missing = [lang for lang in langs if not isinstance(texts.get(lang), dict)]
        if not missing:
            continue
        about = as_dict(ruling.data.get("about"))
        wanted[entry_key] = {"en": tpl, "ruling": ruling, "counter": bool(about.get("counters"))}
    rulings_by_key: dict[str, list[Record]] = {}
    for ruling in kb.all("ruling"):
        entry_key = kb.memory.templates.get(ruling.id)
        if entry_key in wanted:
            rulings_by_key.setdefault(entry_key, []).append(ruling)
            if as_dict(ruling.data.get("about")).get("counters"):
                wanted[entry_key]["counter"] = True
    order = sorted(wanted, key=lambda k: (not wanted[k]["counter"], -len(rulings_by_key.get(k, [])), k))
    if counters_only:
        order = [k for k in order if wanted[k]["counter"]]
    lines = []
    for entry_key in order:
        item = wanted[entry_key]
        lines += [f"@@ {entry_key}", f"en: {item['en']}"]
        owner = item["ruling"].owner
        if owner is not None and "<CARD" in item["en"]:
            names = [memory.card_name(owner, lang) or "-" for lang in ("en", "ja", "fr")]
            lines.append(f"card: {names[0]} | ja: {names[1]} | fr: {names[2]}")
        lines.append("")
    return "\n".join(lines), len(order)
