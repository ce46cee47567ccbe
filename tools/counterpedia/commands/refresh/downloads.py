"""The downloads of `counterpedia refresh`, each checked in a staging folder before anything replaces the cache.

A download is refused (`Refused`, whose message says why and that nothing changed) when the server answers
with another status than 200, another content type than the one the file must have, a body shorter than it
announced (`Content-Length`, or the manifest's `size`), gzip that does not decompress to its end, JSON that
does not parse to its end or holds other objects than cards (rulings), a CR file that does not parse or is of
another edition than the one Wizards' rules page announces, a Japanese page whose rules do not parse, or a
rulings file that lacks a ruling the previous one had (it would remove rulings).
"""

from __future__ import annotations

import html
import http.client
import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...cr import locate
from ...cr.fetch import FetchError, check_edition_id, check_effective
from ...cr.ja_fetch import extract_lines
from ...cr.ja_locate import file_name
from ...cr.ja_parse import JaCRParseError, parse_lines
from ...cr.parse import CRParseError, parse_text
from ...importers.jsonstream import JSONStreamError, iter_objects

SCRYFALL_BULK_URL = "https://api.scryfall.com/bulk-data"
RULES_PAGE_URL = "https://magic.wizards.com/en/rules"
URL_ENV = {"scryfall": "COUNTERPEDIA_SCRYFALL_BULK_URL", "rules": "COUNTERPEDIA_CR_RULES_PAGE_URL"}
USER_AGENT = "counterpedia-refresh/1 (Python urllib)"
JSON_TYPES = ("application/json",)
GZIP_TYPES = ("application/gzip", "application/x-gzip")
TEXT_TYPES = ("text/plain",)
HTML_TYPES = ("text/html", "application/xhtml+xml")
CHUNK = 1 << 20
MAX_BYTES = {"manifest": 16 << 20, "cards": 2 << 30, "rulings": 512 << 20, "page": 32 << 20, "cr": 20 << 20}
BULK_FILES = {"oracle_cards": ("card", "oracle-cards.json"), "rulings": ("ruling", "rulings.json")}
# A link to the rules as text on Wizards' rules page: ".../MagicCompRules%2020260925.txt" (or with a space).
CR_LINK_RE = re.compile(r"""href\s*=\s*["']([^"']*?MagicCompRules(?:%20|\s|-|_)?(\d{8})\.txt)["']""", re.IGNORECASE)


class Refused(Exception):
    """A download that is not what it must be; `str(error)` is the message for users."""


def cache_root(env: Mapping[str, str] | None = None) -> Path:
    """Where the refresh keeps what it downloads: the folder of `cr fetch`'s cr/ and cr-ja/ caches."""
    env = os.environ if env is None else env
    return Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "counterpedia"


def url_of(which: str, given: str | None = None, env: Mapping[str, str] | None = None) -> str:
    env = os.environ if env is None else env
    default = {"scryfall": SCRYFALL_BULK_URL, "rules": RULES_PAGE_URL}[which]
    return given or env.get(URL_ENV[which]) or default


@dataclass
class Staged:
    """A checked download waiting in the staging folder, and where it goes in the cache."""

    what: str
    path: Path
    target: Path
    note: str  # what it is, for the summary
    info: dict = field(default_factory=dict)


def _open(url: str, accept: tuple[str, ...], timeout: float):
    parts = urllib.parse.urlsplit(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        raise Refused(f"{url}: not an http(s) address to download from")
    request = urllib.request.Request(
        url,
        headers={
            "User-Agent": USER_AGENT,
            "Accept": ", ".join(accept) + ";q=0.9, */*;q=0.1",
            "Accept-Encoding": "gzip",
        },
    )
    try:
        return urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as error:
        raise Refused(f"{url}: HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        raise Refused(f"{url}: cannot connect: {error.reason}") from None
    except (TimeoutError, OSError, ValueError, http.client.HTTPException) as error:
        raise Refused(f"{url}: download failed: {error}") from None


def fetch_to(
    url: str, path: Path, types: tuple[str, ...], what: str, max_bytes: int, timeout: float = 120.0
) -> tuple[int, int]:
    """Stream `url` into `path`, decompressing gzip; (bytes written, bytes received). Refused unless the server
    says it is one of `types` and sends the whole of it."""
    gzipped_types = GZIP_TYPES if types == JSON_TYPES else ()
    with _open(url, types, timeout) as response:
        status = getattr(response, "status", 200)
        if status != 200:
            raise Refused(f"{url}: HTTP {status}, not the file itself")
        kind = (response.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if kind not in types + gzipped_types:
            raise Refused(f"{url}: the server sends {kind or 'no content type'}, not {what} ({' or '.join(types)})")
        encoding = (response.headers.get("Content-Encoding") or "identity").strip().lower()
        if encoding not in ("identity", "gzip", "x-gzip"):
            raise Refused(f"{url}: sent with the encoding {encoding!r}, which cannot be read")
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS) if encoding != "identity" or kind in gzipped_types else None
        announced = response.headers.get("Content-Length")
        received = written = 0
        with open(path, "wb") as out:
            while True:
                try:
                    chunk = response.read(CHUNK)
                except http.client.IncompleteRead as error:
                    received += len(error.partial)
                    raise Refused(
                        f"{url}: truncated: the connection closed after {received:,} bytes"
                        + (f" of {int(announced):,}" if (announced or "").isdigit() else "")
                    ) from None
                except (OSError, http.client.HTTPException) as error:
                    raise Refused(f"{url}: the download broke off: {error}") from None
                if not chunk:
                    break
                received += len(chunk)
                if inflate is not None:
                    try:
                        chunk = inflate.decompress(chunk)
                    except zlib.error:
                        raise Refused(f"{url}: corrupt: its gzip data does not decompress") from None
                written += len(chunk)
                if written > max_bytes:
                    raise Refused(f"{url}: more than {max_bytes // (1 << 20):,} MB: not {what}")
                out.write(chunk)
            if inflate is not None:
                if not inflate.eof:
                    raise Refused(f"{url}: truncated: its gzip data stops before its end")
                tail = inflate.flush()
                out.write(tail)
                written += len(tail)
    if (announced or "").isdigit() and int(announced) != received:
        raise Refused(f"{url}: truncated: {received:,} bytes received, {int(announced):,} announced")
    return written, received


# --- Scryfall ---------------------------------------------------------------------------------


def scryfall_manifest(url: str, staging: Path, cache: Path, timeout: float) -> tuple[Staged, dict[str, dict]]:
    """The bulk-data manifest and its `oracle_cards` and `rulings` entries."""
    path = staging / "bulk-data.json"
    fetch_to(url, path, JSON_TYPES, "JSON", MAX_BYTES["manifest"], timeout)
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Refused(f"{url}: not the bulk-data manifest: its JSON does not parse ({error})") from None
    items = manifest.get("data") if isinstance(manifest, dict) else None
    if not isinstance(items, list):
        raise Refused(f'{url}: not the bulk-data manifest: no "data" list')
    entries = {item["type"]: item for item in items if isinstance(item, dict) and isinstance(item.get("type"), str)}
    for kind in BULK_FILES:
        entry = entries.get(kind)
        if (
            entry is None
            or not isinstance(entry.get("download_uri"), str)
            or not isinstance(entry.get("updated_at"), str)
        ):
            raise Refused(f"{url}: the manifest announces no {kind} file (with download_uri and updated_at)")
    staged = Staged("manifest", path, cache / "scryfall" / "bulk-data.json", "Scryfall's bulk-data manifest")
    return staged, {kind: entries[kind] for kind in BULK_FILES}


def ruling_key(item: dict) -> tuple:
    """A ruling as the import keeps it: its card, its date and its text (who wrote it may be corrected)."""
    comment = item.get("comment")
    return (item.get("oracle_id"), item.get("published_at"), comment.strip() if isinstance(comment, str) else comment)


def scryfall_file(
    kind: str, entry: dict, staging: Path, cache: Path, timeout: float, keep: set[tuple] | None = None
) -> Staged:
    """One bulk file, complete and made of the objects it must hold; rulings that keep every known ruling."""

    obj, name = BULK_FILES[kind]
    url = entry["download_uri"]
    path = staging / name
    written, received = fetch_to(
        url, path, JSON_TYPES, "JSON", MAX_BYTES["cards" if kind == "oracle_cards" else "rulings"], timeout
    )
    size = entry.get("size")
    if isinstance(size, int) and size > 0 and size not in (written, received):
        raise Refused(f"{url}: truncated or not the announced file: {written:,} bytes, the manifest announces {size:,}")
    count = 0
    keys: set[tuple] = set()
    try:
        for item in iter_objects(path, obj):
            if item.get("object") != obj:
                raise Refused(f"{url}: item {count} is a {item.get('object')!r}, not a {obj}: not the {kind} file")
            if kind == "rulings":
                keys.add(ruling_key(item))
            count += 1
    except JSONStreamError as error:
        raise Refused(f"{url}: corrupt or truncated JSON: {error}") from None
    if count == 0:
        raise Refused(f"{url}: an empty list: not the {kind} file")
    if kind == "rulings" and keep:
        missing = keep - keys
        if missing:
            example = sorted(missing, key=str)[0]
            raise Refused(
                f"{url}: it lacks {len(missing):,} ruling(s) that the data or the previous rulings file has "
                f"(e.g. the ruling of {example[1]} on {example[0]}: “{str(example[2])[:60]}…”): "
                "importing it would remove rulings"
            )
    date = entry["updated_at"][:10]
    noun = "card(s)" if kind == "oracle_cards" else "ruling(s)"
    return Staged(
        kind,
        path,
        cache / "scryfall" / name,
        f"Scryfall {kind} of {date}: {count:,} {noun}",
        {"count": count, "updated_at": entry["updated_at"], "date": date},
    )


def known_rulings(cache: Path, kb=None) -> set[tuple]:
    """The rulings a new rulings file must keep: those of the file the last refresh accepted, and those the data
    holds from a Scryfall rulings file (read via scryfall-bulk-data)."""
    known = previous_rulings(cache)
    for ruling in kb.all("ruling") if kb is not None else []:
        card = ruling.owner
        text = (ruling.data.get("text") or {}).get(ruling.data.get("original"))
        if card is None or not isinstance(text, dict) or text.get("via") != "scryfall-bulk-data":
            continue
        known.add((card.data.get("oracle_id"), str(ruling.data.get("date")), str(text.get("text", "")).strip()))
    return known


def previous_rulings(cache: Path) -> set[tuple]:
    """The rulings of the rulings file the last refresh accepted (empty when there is none or it is unreadable)."""

    path = cache / "scryfall" / BULK_FILES["rulings"][1]
    if not path.is_file():
        return set()
    try:
        return {ruling_key(item) for item in iter_objects(path, "ruling")}
    except (JSONStreamError, OSError):
        return set()


# --- the Comprehensive Rules --------------------------------------------------------------------


def announced_edition(page_url: str, staging: Path, timeout: float) -> tuple[str, str]:
    """(edition, address) of the rules as text that Wizards' rules page links to (the newest, if several)."""
    path = staging / "rules.html"
    fetch_to(page_url, path, HTML_TYPES, "a web page", MAX_BYTES["page"], timeout)
    text = path.read_bytes().decode("utf-8", errors="replace")
    links = [(edition, href) for href, edition in CR_LINK_RE.findall(text)]
    if not links:
        raise Refused(
            f"{page_url}: no link to the Comprehensive Rules as text (MagicCompRules YYYYMMDD.txt) on the page"
        )
    edition, href = max(links)
    address = urllib.parse.urljoin(page_url, html.unescape(href).strip()).replace(" ", "%20")
    path.unlink()
    return edition, address


def english_cr(edition: str, url: str, staging: Path, cache: Path, timeout: float) -> Staged | None:
    """The CR file of `edition`; None when the cache has it already."""

    try:
        check_edition_id(edition)
    except FetchError as error:
        raise Refused(str(error)) from None
    target = cache / "cr" / f"MagicCompRules-{edition}.txt"
    if target.parent.is_dir() and edition in locate.available_editions(target.parent, {}):
        return None
    path = staging / target.name
    fetch_to(url, path, TEXT_TYPES, "a text file", MAX_BYTES["cr"], timeout)
    try:
        parsed = parse_text(path.read_bytes().decode("utf-8"), edition)
    except UnicodeDecodeError:
        raise Refused(f"{url}: not UTF-8 text, so not a Comprehensive Rules file") from None
    except CRParseError as error:
        raise Refused(f"{url}: {error}") from None
    try:
        check_effective(edition, parsed.effective, url)
    except FetchError as error:
        raise Refused(f"{error} (the edition announced is {edition})") from None
    return Staged(
        "cr",
        path,
        target,
        f"the Comprehensive Rules {edition} (effective {parsed.effective.isoformat()}, {len(parsed.rules):,} rules)",
        {"edition": edition},
    )


def japanese_cr(url: str, staging: Path, cache: Path, timeout: float) -> Staged:
    """The official Japanese rules page, saved as lines (as `cr fetch --lang ja` saves it)."""

    page = staging / "cr-ja.html"
    fetch_to(url, page, HTML_TYPES, "a web page", MAX_BYTES["page"], timeout)
    try:
        lines = extract_lines(page.read_bytes().decode("utf-8"))
        parsed = parse_lines(lines)
    except UnicodeDecodeError:
        raise Refused(f"{url}: not UTF-8 text, so not the official Japanese rules page") from None
    except FetchError as error:
        raise Refused(f"{url}: {error}") from None
    except JaCRParseError as error:
        raise Refused(f"{url}: not the official Japanese rules: {error}") from None
    page.unlink()
    path = staging / file_name(parsed.edition)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return Staged(
        "cr-ja",
        path,
        cache / "cr-ja" / path.name,
        f"the official Japanese rules {parsed.edition} ({len(parsed.rules):,} rules)",
        {"edition": parsed.edition},
    )


def commit(staged: list[Staged]) -> None:
    """Move every checked download into the cache (each file replaced atomically)."""
    for item in staged:
        item.target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(item.path, item.target)
        item.path = item.target
