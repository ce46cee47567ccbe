"""The header comments of the shipped records say nothing their own data contradicts.

A record's leading `#` lines say where its names come from ("ja/fr: machine translations", "en: CR 122.1d
(20260116)", "other names not recorded"). Imports and syncs change the data and leave the comment: issue 18's
review found 89 counter files and 7 card files whose comment had gone stale. Each claim below is read off the
comment and compared with the record's data.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "data"
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def header(path: Path) -> str:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return " ".join(lines)


def name(data: dict, lang: str) -> dict:
    entry = (data.get("names") or {}).get(lang)
    return entry if isinstance(entry, dict) else {}


def printed(data: dict, lang: str) -> bool:
    return name(data, lang).get("source") == "wotc-printed-cards"


def counter_contradictions(text: str, data: dict) -> list[str]:
    found = []
    en = name(data, "en")
    evidence = re.search(r"en: card evidence: [^(]*\(([\w-]+)[):]", text)
    if evidence and evidence.group(1) not in (en.get("via"), en.get("source")):
        found.append(f"says the English name was read from {evidence.group(1)}; it cites {en.get('via')}")
    cr = re.search(r"en: CR [^()]*\((\d{8})\)", text)
    if cr and (en.get("source") != "cr" or en.get("version") != cr.group(1)):
        found.append(
            f"says the English name is the CR's of {cr.group(1)}; it cites {en.get('source')} {en.get('version')}"
        )
    oracle = re.search(r"en: the Oracle text of (.+?) \((\S+) ([^\s)]+)(?: in MTGJSON|\))", text)
    if oracle:
        printing = en.get("printing") or {}
        if (printing.get("card"), printing.get("set"), str(printing.get("number"))) != oracle.groups():
            found.append(f"says the English name is printed on {' '.join(oracle.groups())}; it cites {printing}")
    if "en: no English source" in text and en.get("source") in ("wotc-oracle", "cr"):
        found.append(f"says no English source is at hand; the name cites {en.get('source')}")
    if re.search(r"ja/fr: machine translations(?! unless| where)\b", text):
        found += [
            f"says the {lang} name is a machine translation; it is {name(data, lang).get('status')}"
            for lang in ("ja", "fr")
            if name(data, lang).get("status") != "machine"
        ]
    for lang in ("ja", "fr"):
        if re.search(rf"(?<![/\w]){lang}: machine translation\b", text) and name(data, lang).get("status") != "machine":
            found.append(f"says the {lang} name is a machine translation; it is {name(data, lang).get('status')}")
    if re.search(r"ja: Japanese CR", text) and not str(name(data, "ja").get("source", "")).startswith("cr-ja"):
        found.append(f"says the Japanese name is the Japanese CR's; it cites {name(data, 'ja').get('source')}")
    if (
        re.search(r"ja: MTG Wiki", text)
        and "mtgwiki" not in f"{name(data, 'ja').get('via')} {name(data, 'ja').get('source')}"
    ):
        found.append(f"says the Japanese name is MTG Wiki's; it cites {name(data, 'ja').get('source')}")
    listed = re.search(r"Printed names \(([a-z, ]+)\)", text)
    if listed:
        found += [
            f"says the {lang} name is printed on cards; it cites {name(data, lang).get('source')}"
            for lang in re.findall(r"[a-z]+", listed.group(1))
            if not printed(data, lang)
        ]
    return found


def card_contradictions(text: str, data: dict) -> list[str]:
    found = []
    others = [lang for lang in ("ja", "fr") if name(data, lang)]
    if (
        "other names not recorded" in text or "no Japanese or French name" in text or "Named in English only" in text
    ) and others:
        found.append(f"says it has no other names; it has {others}")
    english = re.search(r"English name (?:as seen in|from Forge) \(?([\w-]+)", text)
    if english and english.group(1) not in (name(data, "en").get("via"), name(data, "en").get("source")):
        found.append(f"says the English name was read from {english.group(1)}; it cites {name(data, 'en').get('via')}")
    return found


def card_names(folder: Path) -> dict[str, list[dict]]:
    """Every card record by its English name and by each face's."""
    by_name: dict[str, list[dict]] = {}
    for path in folder.glob("*/*.yaml"):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
        full = name(data, "en").get("text") or ""
        for each in {full, *full.split(" // ")}:
            by_name.setdefault(each.casefold(), []).append(data)
    return by_name


@pytest.mark.skipif(not DATA.is_dir(), reason="no data folder beside the tests")
def test_no_header_comment_says_what_its_data_contradicts():
    problems = []
    cards = card_names(DATA / "cards")
    for path in sorted((DATA / "counters").glob("*.yaml")):
        text = header(path)
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
        problems += [f"{path.relative_to(ROOT)}: {p}" for p in counter_contradictions(text, data)]
        # the card a comment gives as evidence uses the counter, when the data has that card
        for evidence in re.finditer(r"(?:card evidence: |the Oracle text of )(.+?) \(", text):
            records = cards.get(evidence.group(1).casefold(), [])
            if records and not any(data["id"] in (r.get("counters") or []) for r in records):
                problems.append(
                    f"{path.relative_to(ROOT)}: gives {evidence.group(1)} as evidence; its record does "
                    f"not list {data['id']}"
                )
    for path in sorted((DATA / "cards").glob("*/*.yaml")):
        text = header(path)
        if text and "(mtgjson-20220425)." not in text:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)
            problems += [f"{path.relative_to(ROOT)}: {p}" for p in card_contradictions(text, data)]
    assert not problems, "\n".join(problems)


def test_the_claims_are_read_off_a_comment():
    data = {
        "names": {
            "en": {"source": "cr", "version": "20260116"},
            "ja": {"status": "official", "source": "wotc-printed-cards"},
            "fr": {"status": "machine"},
        }
    }
    found = counter_contradictions("# en: CR 122.1d (20260925); ja/fr: machine translations (issue 4 catalogue).", data)
    assert len(found) == 2 and "20260925" in found[0] and "ja name" in found[1]
    assert (
        counter_contradictions(
            "# en: CR 122.1d (20260116); ja: printed on cards (below); fr: machine translation.", data
        )
        == []
    )
    assert (
        card_contradictions(
            "# English name from Forge (forge-cardnames-ja); other names not recorded.",
            {"names": {"en": {"via": "forge-cardnames-ja"}, "ja": {"text": "x"}}},
        )
        != []
    )
