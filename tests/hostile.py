"""A small valid data set whose names and texts are hostile: HTML, entities, Markdown and YAML front-matter syntax.

Every text must show on the pages exactly as written, and no script may run."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from ruamel.yaml import YAML

VALID_DATA = Path(__file__).resolve().parent / "fixtures" / "valid" / "data"

SCRIPT = "<script>alert('name')</script>"
IMG = "<img src=x onerror=\"alert('img')\">"
ENTITIES = "&amp; &lt;b&gt; &#60;i&#62;"
# Block syntax of Markdown and of the enabled extensions, one construct per line.
MARKDOWN = "\n".join(
    [
        "~~~",
        "---",
        "1986. ordered",
        "- bullet",
        "+ plus",
        "= setext",
        '???+ note "details"',
        "!!! warning",
        "{: onclick=\"alert('attr')\" }",
        "    four spaces",
        "> quote",
        "| a | b |",
        "*stars* _under_ `tick` [x](y)",
    ]
)  # (Python-Markdown's own placeholder, STX wzxhzdk:0 ETX, cannot come from the data: control characters are E191)
# A name holds no line break (E191): the front matter a name could inject is on one line.
FRONT_MATTER = "title --- template: 404.html --- # injected"

# (kind folder, id) -> the fields written into the record (names, texts).
HOSTILE_TEXTS = {
    "card_en": SCRIPT,
    "card_ja": "闘争 " + IMG + " " + ENTITIES,  # a Japanese name has a Japanese character (E173)
    "card_fr": FRONT_MATTER,
    "counter_en": "rad " + SCRIPT,
    "summary_en": ENTITIES + "\n\n" + MARKDOWN + "\n\nsee " + SCRIPT,
    "ruling_en": "The card " + SCRIPT + " gets " + ENTITIES + ". " + IMG,
    "card_text_en": "When " + SCRIPT + " enters, " + ENTITIES + "\n" + MARKDOWN,
    "card_text_ja": IMG + " が戦場に出たとき、" + ENTITIES,
    "card_ruling_en": "Its own ruling: " + IMG + " " + SCRIPT + " " + ENTITIES,
    "source_title": "Release notes " + SCRIPT,
}


def _text(text: str, source: str = "wotc-pip-release-notes", version: str = "2024-03-08") -> dict:
    return {"text": text, "status": "official", "source": source, "version": version}


def _dump(path: Path, data: dict) -> None:
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    stream = io.StringIO()
    yaml.dump(data, stream)
    path.write_text(stream.getvalue(), encoding="utf-8")


def write_hostile_data(target: Path) -> Path:
    """A copy of the valid fixture data set at `target`, with hostile names and texts (still schema-valid)."""
    shutil.copytree(VALID_DATA, target)
    _dump(
        target / "cards" / "s" / "struggle-for-project-purity.yaml",
        {
            "id": "struggle-for-project-purity",
            "names": {
                "en": _text(HOSTILE_TEXTS["card_en"]),
                "ja": _text(HOSTILE_TEXTS["card_ja"]),
                "fr": _text(HOSTILE_TEXTS["card_fr"]),
            },
            "oracle_id": "00000000-0000-4000-8000-00000000c0de",
            "counters": ["rad"],
            "set": {"name": "Fallout " + IMG, "code": "PIP" + SCRIPT, "source": "wotc-pip-release-notes"},
            "text": {
                "en": _text(HOSTILE_TEXTS["card_text_en"]),
                "ja": {
                    **_text(HOSTILE_TEXTS["card_text_ja"], "wotc-printed-cards"),
                    "printing": {"set": "PIP", "number": "12"},
                },
            },
            "rulings": [
                {
                    "id": "2024-03-08-0000000a",
                    "date": "2024-03-08",
                    "source": "wotc-pip-release-notes",
                    "original": "en",
                    "text": {"en": _text(HOSTILE_TEXTS["card_ruling_en"])},
                    "about": {"counters": ["rad"]},
                }
            ],
        },
    )
    _dump(
        target / "counters" / "rad.yaml",
        {
            "id": "rad",
            "names": {"en": _text(HOSTILE_TEXTS["counter_en"])},
            "holders": ["player"],
            "rules": ["727.1", "727.1a"],
            "summary": {"en": _text(HOSTILE_TEXTS["summary_en"])},
            "related": {"mechanics": ["mill"]},
            "first_set": {"name": ENTITIES, "source": "wotc-pip-release-notes"},
            "sources": ["cr"],
        },
    )
    _dump(
        target / "rulings" / "2024-03-08-rad-01.yaml",
        {
            "id": "2024-03-08-rad-01",
            "date": "2024-03-08",
            "source": "wotc-pip-release-notes",
            "original": "en",
            "text": {"en": _text(HOSTILE_TEXTS["ruling_en"])},
            "about": {"counters": ["rad"], "cards": ["struggle-for-project-purity"], "rules": ["727.1"]},
        },
    )
    _dump(
        target / "sources" / "wotc-pip-release-notes.yaml",
        {
            "id": "wotc-pip-release-notes",
            "type": "release-notes",
            "title": HOSTILE_TEXTS["source_title"],
            # The publisher stays Wizards of the Coast: the official texts above must cite a publisher's text.
            "publisher": "Wizards of the Coast",
            "language": "en",
            "date": "2024-03-08",
            "url": "javascript:alert('url')",
            "note": ENTITIES + " " + SCRIPT + " " + IMG,
        },
    )
    return target
