"""Each site's search index: the records' texts in the site's language, prebuilt, compact, compressed.

Written by the MkDocs plugin's on_post_build at priority -50: after Material's search plugin wrote
search/search_index.json (it now holds only the pages the data does not generate: the editors'
guides), before the offline plugin (-100) copies it into search/search_index.js for file://.

The file keeps Material's shape, `{"config": …, "docs": […]}`, because Material's page code hands
exactly these two keys to the search worker (and uses config.separator to highlight a result's words
on the page it opens). Our worker (docs/assets/javascripts/workers/counterpedia-search.js) reads
`docs[0]`:

    {"counterpedia": 1, "lang": "ja", "gzip": "<base64 of the gzipped JSON payload>"}

and the payload, once inflated (DecompressionStream, in every browser since 2023), is

    {"pages": [[path, title], …],
     "units": [[page, anchor, kind, heading, [[role, text, anchor?], …]], …],
     "shorthands": [[[word, …], name], …], "labels": {"did_you_mean": …, "corrected": …},
     "vocabulary": {table name: its text, …}}

with one-letter kind and role codes (each kind's `search_code` in the registry, ROLE_CODES); the shorthands of
catalogue/search-shorthands.yaml as the names they mean in the site's language, the longest first
(`shorthands.table`); the site's words for "did you mean" and for a result found through a correction;
the words of its texts that a misspelt word is corrected to (typos.Vocabulary: the Latin-script words'
stems for the site's language, the katakana words, and on the Japanese site the names' readings),
made here once rather than in every reader's browser. Compression brings an index of about
3.5 MB of text at the imported data's size to about 1 MB: under the 4 MB target with room, and the
browser parses it faster than Lunr's prebuilt index (no inverted index is shipped: the worker splits
the folded texts into their distinct pieces after READY and looks each word up in those, a few
milliseconds per query).
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
from collections.abc import Sequence
from pathlib import Path

from .. import kinds
from ..catalogue.shorthands import default_path
from ..catalogue.shorthands import meanings as read_meanings
from ..render import i18n
from . import shorthands
from .corpus import Entry, Unit
from .corpus import units as corpus_units
from .normalize import SEPARATOR
from .rank import searchable as flatten
from .typos import Vocabulary, table_name

INDEX_PATH = Path("search") / "search_index.json"
FORMAT = 1
ROLE_CODES = {
    "name": "n",
    "reading": "y",
    "rule": "r",
    "example": "e",
    "text": "t",
    "ruling": "u",
    "summary": "s",
    "note": "o",
    "page": "p",
}
ROLE_NAMES = {code: role for role, code in ROLE_CODES.items()}

_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def plain(fragment: str) -> str:
    """Text of an HTML fragment of Material's index: tags dropped, entities decoded, spaces collapsed."""
    return _SPACE.sub(" ", html.unescape(_TAG.sub(" ", fragment))).strip()


def page_units(docs: list) -> list[Unit]:
    """Units for the sections of the pages Material indexed (the editors' guides): their title and text."""
    found = []
    titles: dict[str, str] = {}
    for doc in docs:
        if not isinstance(doc, dict) or not isinstance(doc.get("location"), str):
            continue
        location = doc["location"]
        page, _, anchor = location.partition("#")
        title = plain(str(doc.get("title") or ""))
        titles.setdefault(page, title)
        unit = Unit("page", location, page, anchor or None, {}, {"": title}, {"": titles[page]})
        if title:
            unit.entries.append(_entry("name", title))
        text = plain(str(doc.get("text") or ""))
        if text:
            unit.entries.append(_entry("page", text))
        if unit.entries:
            found.append(unit)
    return found


def kind_codes() -> dict[str, str]:
    """Each kind's one-letter code in the index: the registry's `search_code`; `p` for the editors' guides.
    The worker reads them with its own table (KINDS in docs/assets/javascripts/workers/counterpedia-search.js)."""
    return {**{kind.name: kind.search_code for kind in kinds.all_kinds() if kind.published}, "page": "p"}


def _entry(role: str, text: str) -> Entry:
    return Entry(role, "", text)


def labels(lang: str) -> dict:
    return {"did_you_mean": i18n.t("search_did_you_mean", lang), "corrected": i18n.t("search_corrected", lang)}


def payload(record_units: list[Unit], lang: str, extra: Sequence[Unit] = (), meanings: Sequence = ()) -> dict:
    """The compact structure the worker reads (see the module's docstring)."""
    pages: dict[str, int] = {}
    page_list: list[list] = []
    units = []
    codes = kind_codes()
    for unit in [*record_units, *extra]:
        if not unit.entries:
            continue
        page_title = unit.page_titles.get(lang) or unit.page_titles.get("") or unit.page
        if unit.page not in pages:
            pages[unit.page] = len(page_list)
            page_list.append([unit.page, page_title])
        heading = unit.headings.get(lang) or unit.headings.get("") or ""
        entries = []
        for entry in unit.entries:
            item = [ROLE_CODES[entry.role], entry.text]
            if entry.anchor:
                item.append(entry.anchor)
            entries.append(item)
        units.append([pages[unit.page], unit.anchor or "", codes[unit.kind], heading if unit.anchor else "", entries])
    data = {
        "pages": page_list,
        "units": units,
        "shorthands": shorthands.table(list(meanings), lang),
        "labels": labels(lang),
    }
    data["vocabulary"] = vocabulary(data, lang)
    return data


def vocabulary(data: dict, lang: str) -> dict:
    """The typos.Vocabulary tables of a payload's texts that its site's searches use."""
    texts = [entry[1] for unit in data["units"] for entry in unit[4]]
    roles = [ROLE_NAMES[entry[0]] for unit in data["units"] for entry in unit[4]]
    names = [table_name("latin", lang), "katakana"] + (["hiragana"] if lang == "ja" else [])
    return Vocabulary.of(texts, roles).dump(names)


def searchable(data: dict):
    """The payload as the worker reads it (siteIndex in the worker): for tests and the benchmark."""
    names = {code: kind for kind, code in kind_codes().items()}
    found = flatten(
        [(names[unit[2]], [(ROLE_NAMES[entry[0]], "", entry[1]) for entry in unit[4]]) for unit in data["units"]]
    )
    if data.get("vocabulary"):
        found.vocabulary = Vocabulary.load(data["vocabulary"])
    return found


def encode(data: dict) -> str:
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=9, mtime=0)).decode("ascii")


def decode(doc: dict) -> dict:
    """The payload of an index's docs[0] (for tests and the benchmark)."""
    return json.loads(gzip.decompress(base64.b64decode(doc["gzip"])).decode("utf-8"))


def build(kb, lang: str, material_index: dict | None = None, meanings: Sequence = ()) -> dict:
    """The search index of the site in `lang`: the knowledge base's units plus Material's other pages, and
    the shorthands (`catalogue.shorthands.meanings`)."""
    material_index = material_index or {}
    config = dict(material_index.get("config") or {})
    config.update(
        {
            "lang": ["en"],
            "separator": SEPARATOR,
            "pipeline": [],
            "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}},
        }
    )
    data = payload(corpus_units(kb, lang), lang, page_units(material_index.get("docs") or []), meanings)
    return {"config": config, "docs": [{"counterpedia": FORMAT, "lang": lang, "gzip": encode(data)}]}


def locations(index: dict) -> list[str]:
    """Every page and anchor a result of `index` can open, relative to the site's root."""
    data = decode(index["docs"][0])
    found = []
    for unit in data["units"]:
        page = data["pages"][unit[0]][0]
        found.append(page + (f"#{unit[1]}" if unit[1] else ""))
        found.extend(f"{page}#{entry[2]}" for entry in unit[4] if len(entry) > 2)
    return found


def links(site_dir: Path) -> dict[str, list[str]]:
    """{"search index": [locations]}: for the site's link check (linkcheck.check_site; the locations are
    relative to the site's root, as the name of a file at the root would be)."""
    path = Path(site_dir) / INDEX_PATH
    if not path.is_file():
        return {}
    index = json.loads(path.read_text(encoding="utf-8"))
    docs = index.get("docs") or [{}]
    return {"search index": locations(index)} if isinstance(docs[0], dict) and "gzip" in docs[0] else {}


def text(kb, lang: str, material_index: dict, data_dir: Path | None = None) -> str:
    """The index file's text (see `write`): the live preview writes it again after each edit."""
    meanings: list = []
    if data_dir is not None:
        meanings, _problem = read_meanings(kb, default_path(data_dir))
    return json.dumps(build(kb, lang, material_index, meanings), ensure_ascii=False, separators=(",", ":"))


def write(site_dir: Path, kb, lang: str, data_dir: Path | None = None) -> int:
    """Replace SITE/search/search_index.json with ours; its size in bytes. `data_dir`: where the data is,
    beside which catalogue/search-shorthands.yaml is read (a list with problems is left out: `validate`
    reports them)."""
    path = Path(site_dir) / INDEX_PATH
    material = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    data = text(kb, lang, material, data_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data, encoding="utf-8")
    return len(data.encode("utf-8"))
