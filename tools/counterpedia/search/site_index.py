"""Post-processing of a built site's search/search_index.json (Material for MkDocs' Lunr index).

Run from the MkDocs plugin's on_post_build, after Material's search plugin wrote the index and before
the offline plugin (priority -100) copies it into search/search_index.js, so both copies agree:

- pages that would drown results (worklists, registries) are dropped;
- a record's own page is boosted over the lists and dated rulings that mention it;
- titles, texts and tags are NFKC-normalized (＋１/＋１ is stored as +1/+1);
- the tokenizer's separator is ours (normalize.SEPARATOR), so the browser splits the index text and
  the query the same way; the query is normalized by docs/assets/javascripts/workers/counterpedia-search.js.
"""

from __future__ import annotations

import json
from pathlib import Path

from .normalize import JA_CHARS, SEPARATOR, normalize_text
from .segment import segment_japanese

INDEX_PATH = Path("search") / "search_index.json"

# Pages whose every line names some other record: they would come first for any query.
EXCLUDED_PAGES = frozenset({
    "status.html",            # the translation worklists
    "sources.html",           # the provenance registry, cited by everything
    "rulings/by-counter.html",  # the rulings again, headed by every counter's name
})

# Ranking: a record's own page before the lists and the dated rulings that mention it
# (Lunr multiplies a document's score by its boost; the longest matching prefix wins).
BOOSTS = (
    ("counters/", 3.0),
    ("mechanics/index.html", 0.5),
    ("mechanics/", 2.0),
    ("glossary.html", 1.5),
    ("rules/index.html", 0.5),
    ("rules/", 1.5),
    ("cards/index.html", 0.5),
    ("cards/", 1.2),
    ("rulings/", 0.5),
    ("index.html", 0.5),
)


def boost(location: str) -> float | None:
    page = location.split("#", 1)[0]
    for prefix, value in BOOSTS:
        if page == prefix or (prefix.endswith("/") and page.startswith(prefix)):
            return value
    return None


# Material's defaults, kept explicit: a name or heading outweighs running text.
FIELDS = {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}


def excluded(location: str) -> bool:
    return location.split("#", 1)[0] in EXCLUDED_PAGES


def transform(index: dict, segment: bool = False) -> dict:
    """The normalized index (a new dict; `index` is left as it was). With `segment`, Japanese runs are
    split into words here, once, with zero-width spaces, so the browser needs no segmenter of its own."""
    config = dict(index.get("config") or {})
    config["separator"] = SEPARATOR
    config.setdefault("pipeline", ["stopWordFilter"])
    config.setdefault("fields", FIELDS)
    docs = []
    for doc in index.get("docs") or []:
        if excluded(str(doc.get("location", ""))):
            continue
        doc = dict(doc)
        for key in ("title", "text"):
            if isinstance(doc.get(key), str):
                doc[key] = normalize_text(doc[key])
                if segment:
                    doc[key] = segment_japanese(doc[key])
        value = boost(str(doc.get("location", "")))
        if value is not None and "boost" not in doc:
            doc["boost"] = value
        if isinstance(doc.get("tags"), list):
            doc["tags"] = [normalize_text(str(tag)) for tag in doc["tags"]]
        docs.append(doc)
    result = dict(index)
    result["config"] = config
    result["docs"] = docs
    return result


def postprocess(site_dir: Path, segment: bool = False) -> int | None:
    """Rewrite SITE/search/search_index.json in place; its new size in bytes (None when there is none)."""
    path = Path(site_dir) / INDEX_PATH
    if not path.is_file():
        return None
    index = json.loads(path.read_text(encoding="utf-8"))
    data = json.dumps(transform(index, segment), ensure_ascii=False, separators=(",", ":"))
    path.write_text(data, encoding="utf-8")
    return len(data.encode("utf-8"))
