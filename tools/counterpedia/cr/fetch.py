"""Download an official Comprehensive Rules file into the user cache.

Wizards of the Coast publishes each edition at a predictable address; there is no listing
to consult offline, so the edition id (YYYYMMDD) is required unless a URL is given. The
download is checked by parsing it before it replaces anything, and written atomically so
an interrupted fetch never leaves half a file that later commands would trust.
"""

from __future__ import annotations

import os
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from datetime import date, datetime
from pathlib import Path

from .parse import CRParseError, edition_from_name, parse_text

DEFAULT_URL = "https://media.wizards.com/{year}/downloads/MagicCompRules%20{edition}.txt"
URL_ENV = "COUNTERPEDIA_CR_URL"
URL_SCHEMES = ("https", "http", "file")
# An edition's id is the date in its file name; the "effective as of" date inside may differ by a few
# days (20240206 is effective 2024-02-02, 20240802 2024-07-30). Further apart, it is another edition.
EFFECTIVE_TOLERANCE_DAYS = 14
MAX_BYTES = 20 * 1024 * 1024  # a CR file is about 1 MB; anything far larger is not one
USER_AGENT = "counterpedia-cr-fetch (Python urllib)"


class FetchError(Exception):
    """A download that failed or was not a CR file; `str(error)` is the message for users."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def check_edition_id(edition: str) -> str:
    try:
        datetime.strptime(edition, "%Y%m%d")
    except ValueError:
        raise FetchError(f"'{edition}' is not an edition id: expected YYYYMMDD, such as 20260116") from None
    if len(edition) != 8:
        raise FetchError(f"'{edition}' is not an edition id: expected YYYYMMDD, such as 20260116")
    return edition


def check_url(url: str) -> str:
    """A URL urllib can fetch (http, https or file), or a FetchError saying what a URL looks like."""
    parts = urllib.parse.urlsplit(url)
    if (
        parts.scheme.lower() not in URL_SCHEMES
        or not (parts.netloc or parts.scheme.lower() == "file")
        or not parts.path
    ):
        raise FetchError(f"'{url}' is not a URL to download from: give https://…, http://… or file:///path")
    return url


def check_effective(edition: str, effective: date, url: str) -> None:
    """The file must be the edition asked for: its own effective date within a few days of the id's date."""
    asked = datetime.strptime(edition, "%Y%m%d").date()
    if abs((effective - asked).days) > EFFECTIVE_TOLERANCE_DAYS:
        raise FetchError(
            f"{url} is the edition effective {effective.isoformat()}, not {edition}; nothing was saved. "
            f"Ask for the edition it is (`counterpedia cr fetch {effective.strftime('%Y%m%d')} --url …`) "
            "or check the address"
        )


def url_for(edition: str, base_url: str | None = None, env: Mapping[str, str] | None = None) -> str:
    """The download address: `base_url`, else $COUNTERPEDIA_CR_URL, else Wizards' own,
    each a format string with {year} and {edition}."""
    env = os.environ if env is None else env
    template = base_url or env.get(URL_ENV) or DEFAULT_URL
    try:
        return template.format(year=edition[:4], edition=edition)
    except (KeyError, IndexError, ValueError):
        raise FetchError(f"bad URL template '{template}': only {{year}} and {{edition}} may be used") from None


def fetch(
    edition: str | None,
    cache_dir: str | Path,
    base_url: str | None = None,
    url: str | None = None,
    timeout: float = 60.0,
    env: Mapping[str, str] | None = None,
) -> Path:
    """Download `edition` (or the file at `url`) into `cache_dir`; the saved file's path.

    The file is kept byte for byte as published, named MagicCompRules-YYYYMMDD.txt.
    """
    if edition is not None:
        check_edition_id(edition)
    if url is not None:
        check_url(url)
    if url is None:
        if edition is None:
            raise FetchError(
                "which edition? Give its date, e.g. `counterpedia cr fetch 20260116` "
                "(see https://magic.wizards.com/en/rules for the current one), or --url URL"
            )
        url = url_for(edition, base_url, env)
    data = _download(url, timeout)
    try:
        text = data.decode("utf-8")
        parsed = parse_text(text, edition)
    except (UnicodeDecodeError, CRParseError) as error:
        reason = "not UTF-8 text, so not a Comprehensive Rules file" if isinstance(error, UnicodeDecodeError) else error
        raise FetchError(f"{url}: {reason}; nothing was saved") from None
    if edition is None:
        name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1])
        edition = edition_from_name(name) or parsed.edition
    try:
        check_edition_id(edition)
    except FetchError:
        edition = parsed.edition  # a name like MagicCompRules 20261399.txt: the file's own date decides
    check_effective(edition, parsed.effective, url)
    return _write_atomically(Path(cache_dir), f"MagicCompRules-{edition}.txt", data)


def _download(url: str, timeout: float) -> bytes:
    try:
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        with urllib.request.urlopen(request, timeout=timeout) as response:
            data = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as error:
        hint = " (is there an edition with that date?)" if error.code == 404 else ""
        raise FetchError(f"{url}: HTTP {error.code} {error.reason}{hint}") from None
    except urllib.error.URLError as error:
        raise FetchError(f"{url}: cannot connect: {error.reason}") from None
    except (TimeoutError, OSError) as error:
        raise FetchError(f"{url}: download failed: {error}") from None
    except ValueError as error:  # not a URL urllib understands
        raise FetchError(f"{url}: {error}") from None
    if len(data) > MAX_BYTES:
        raise FetchError(f"{url}: more than {MAX_BYTES // 1024 // 1024} MB, not a Comprehensive Rules file")
    return data


def _write_atomically(directory: Path, name: str, data: bytes) -> Path:
    try:
        directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".part")
    except OSError as error:
        raise FetchError(f"cannot write to {directory}: {error.strerror or error}") from None
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a cache file need not be
        target = directory / name
        os.replace(temporary, target)
    except OSError as error:
        Path(temporary).unlink(missing_ok=True)
        raise FetchError(f"cannot write {directory / name}: {error.strerror or error}") from None
    return target
