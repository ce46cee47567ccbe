"""`make offline`: the built site as one zip that works unzipped and opened from disk (search included).

Usage: python -m counterpedia.commands.offline SITE_DIR ZIP_FILE"""

from __future__ import annotations

import os
import sys
import zipfile
from pathlib import Path

TOP = "counterpedia"  # the folder the zip unpacks to: counterpedia/index.html


def make_zip(site_dir: Path, zip_path: Path, top: str = TOP) -> int:
    """Write every file of `site_dir` under `top/` in `zip_path` (atomically); return the number of files."""
    site_dir, zip_path = Path(site_dir), Path(zip_path)
    if not (site_dir / "index.html").is_file():
        raise FileNotFoundError(f"{site_dir}: no index.html: build the site first (make site)")
    files = sorted(p for p in site_dir.rglob("*") if p.is_file())
    temporary = zip_path.with_name(f".{zip_path.name}.tmp")
    with zipfile.ZipFile(temporary, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for path in files:
            archive.write(path, f"{top}/{path.relative_to(site_dir).as_posix()}")
    os.replace(temporary, zip_path)
    return len(files)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2:
        print("usage: python -m counterpedia.commands.offline SITE_DIR ZIP_FILE", file=sys.stderr)
        return 2
    try:
        count = make_zip(Path(argv[0]), Path(argv[1]))
    except (FileNotFoundError, OSError) as error:
        print(f"counterpedia offline: {error}", file=sys.stderr)
        return 1
    print(f"{argv[1]}: {count} files; unzip it and open {TOP}/index.html (works with no network)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
