"""The JSON export for other tools: one file per record kind, an index, and their JSON Schemas.

Each record is exported with its stable id, its data as in the YAML (every text with its provenance:
status, source, version, via, translates…), its texts listed one by one with their provenance, the
site URL of its page in each language (relative to the site's root), the repository file it comes
from, and a content hash of its data (`sha256:` + 64 hex digits of its canonical JSON), so that a tool
can tell what changed between two exports. Pure: the CLI and the MkDocs glue write the files.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path

from .. import kinds
from ..model.knowledge import KnowledgeBase, Record
from ..model.texts import text_entries
from . import urls

FORMAT = "counterpedia-export"
VERSION = 1
SITE_PREFIX = {"ja": "", "en": "en/", "fr": "fr/"}  # where each language's site is, from the site's root
SCHEMA_FILES = ("index.schema.json", "records.schema.json")


def canonical_json(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"), default=str)


def content_hash(data) -> str:
    return "sha256:" + hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def file_name(kind: str) -> str:
    return f"{kinds.get(kind).folder}.json"


def site_urls(kind: str, record_id: str) -> dict[str, str]:
    """The record's page (and anchor) in each language, relative to the site's root."""
    page, anchor = urls.page_path(kind, record_id)
    html = page[: -len(".md")] + ".html"
    return {lang: prefix + html + (f"#{anchor}" if anchor else "") for lang, prefix in SITE_PREFIX.items()}


def _texts(record: Record) -> list[dict]:
    return [
        {"field": ".".join(str(k) for k in field.keys), "lang": lang, "canonical": lang == field.canonical, **entry}
        for field, lang, entry in text_entries(record)
    ]


def _canonical_entry(record: Record, file: str | None) -> str:
    entry = {
        "id": record.id,
        "kind": record.kind,
        "hash": content_hash(record.data),
        "urls": site_urls(record.kind, record.id),
        "file": file,
        "texts": _texts(record),
        "data": record.data,
    }
    return canonical_json(entry)


def record_entry(record: Record, file: str | None) -> dict:
    return json.loads(_canonical_entry(record, file))  # plain JSON values only (a date object becomes its ISO text)


def build(kb: KnowledgeBase, record_file: Callable[[Record], str | None] = lambda r: None) -> dict[str, dict]:
    """File name -> its JSON content: `index.json` and one file per kind (`counters.json`, …)."""
    files: dict[str, dict] = {}
    summary = {}
    for kind in kinds.names():
        records = sorted(kb.all(kind), key=lambda r: r.id)
        content = {
            "format": FORMAT,
            "version": VERSION,
            "kind": kind,
            "records": [record_entry(r, record_file(r)) for r in records],
        }
        name = file_name(kind)
        files[name] = content
        summary[kind] = {"file": name, "count": len(records), "hash": content_hash(content["records"])}
    files["index.json"] = {
        "format": FORMAT,
        "version": VERSION,
        "languages": list(SITE_PREFIX),
        "site": dict(SITE_PREFIX),
        "kinds": summary,
        "schemas": {"index": "schemas/index.schema.json", "records": "schemas/records.schema.json"},
        "ids": {kind: [r.id for r in sorted(kb.all(kind), key=lambda r: r.id)] for kind in kinds.names()},
    }
    return files


def schema(name: str) -> dict:
    """An export schema, as shipped; the records schema's `kind` lists the kinds of the registry."""
    document = json.loads(
        resources.files("counterpedia.schemas").joinpath("export").joinpath(name).read_text(encoding="utf-8")
    )
    if name == "records.schema.json":
        document["properties"]["kind"]["enum"] = list(kinds.names())
    return document


def texts_to_write(kb: KnowledgeBase, record_file: Callable[[Record], str | None] = lambda r: None) -> dict[str, str]:
    """Relative path -> text: the export files and its schemas (under schemas/)."""
    return dict(iter_texts(kb, record_file))


def iter_texts(kb: KnowledgeBase, record_file: Callable[[Record], str | None] = lambda r: None):
    """(relative path, text) of each export file, one file at a time: the text of `json.dumps(build(…)[name],
    indent=1)`, made record by record (an export of thousands of cards never holds every file's data at once)."""
    summary = {}
    for kind in kinds.names():
        records = sorted(kb.all(kind), key=lambda r: r.id)
        hasher = hashlib.sha256(b"[")  # content_hash of the list of entries, entry by entry
        items = []
        for number, record in enumerate(records):
            canonical = _canonical_entry(record, record_file(record))
            hasher.update((("," if number else "") + canonical).encode("utf-8"))
            items.append("  " + json.dumps(json.loads(canonical), ensure_ascii=False, indent=1).replace("\n", "\n  "))
        hasher.update(b"]")
        name = file_name(kind)
        summary[kind] = {"file": name, "count": len(records), "hash": "sha256:" + hasher.hexdigest()}
        head = json.dumps(
            {"format": FORMAT, "version": VERSION, "kind": kind, "records": []}, ensure_ascii=False, indent=1
        )
        if items:
            yield name, "".join([head[: -len("[]\n}")], "[\n", ",\n".join(items), "\n ]\n}\n"])
        else:
            yield name, head + "\n"
    index = {
        "format": FORMAT,
        "version": VERSION,
        "languages": list(SITE_PREFIX),
        "site": dict(SITE_PREFIX),
        "kinds": summary,
        "schemas": {"index": "schemas/index.schema.json", "records": "schemas/records.schema.json"},
        "ids": {kind: [r.id for r in sorted(kb.all(kind), key=lambda r: r.id)] for kind in kinds.names()},
    }
    yield "index.json", json.dumps(index, ensure_ascii=False, indent=1) + "\n"
    for name in SCHEMA_FILES:
        yield f"schemas/{name}", json.dumps(schema(name), ensure_ascii=False, indent=2) + "\n"


def file_resolver(data_dir) -> Callable[[Record], str | None]:
    """A record's file relative to the repository root (the data folder's parent), as `file` says it."""
    root = Path(data_dir).resolve().parent

    def resolve(record: Record) -> str | None:
        if record.document is None:
            return None
        try:
            return Path(record.document.path).resolve().relative_to(root).as_posix()
        except ValueError:
            return None

    return resolve
