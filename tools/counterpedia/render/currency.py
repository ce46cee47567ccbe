"""How current each source of the site is: cards, rulings, English rules, Japanese rules.

A page says it so that a reader knows what it cannot show. Everything is computed from the data (and the
CR files the site was built with), never written by hand, so that an import or a `cr sync` changes it by
itself:

- cards: the copies (datasets) each card's Oracle text was read from, each with its date (the dataset's
  `date`, else the newest `version` of the texts read from it: an import stamps them with the date of its
  data). MTGJSON's build of 2022-04-25 knows nothing printed after it; a later import adds its own date.
- rulings: the same for the rulings' texts, and the rulings entered by hand (from no dataset), with the
  newest of their dates (the 2024 rad rulings of the seeds).
- English rules: the editions the quotes are of (their `version`), and the newest edition among the CR files
  the site was built with, when it is newer (the quotes are then behind it).
- Japanese rules: the editions of the official Japanese texts, which English edition they translate, and how
  many are drifted (their English changed since: they are not the current rule).

A page about some records narrows what it shows: a rule page counts its own quotes, a counter page the rules
it cites, a card page names the copy of its own Oracle text when that is older than the newest.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..model.dates import is_date
from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import is_drifted
from ..model.shapes import as_dict, as_list


@dataclass(frozen=True)
class Copy:
    """A dated copy (dataset) that texts were read from."""

    source_id: str
    title: str
    date: str | None
    count: int  # texts read from it


@dataclass(frozen=True)
class RulesState:
    en: tuple[tuple[str, int], ...]  # (edition, quotes) of the English quotes, newest first
    newest_file: str | None  # the newest edition among the CR files the site was built with
    ja: tuple[tuple[str, int], ...]  # (edition, texts) of the official Japanese texts, newest first
    ja_translates: tuple[str, ...]  # the English editions they translate, newest first
    ja_drifted: int  # official Japanese texts whose English changed since they were translated

    @property
    def en_newest(self) -> str | None:
        return self.en[0][0] if self.en else None

    @property
    def behind(self) -> bool:
        """A newer edition than every quote is among the CR files."""
        return bool(self.newest_file and self.en_newest and self.newest_file > self.en_newest)


@dataclass(frozen=True)
class Currency:
    cards: tuple[Copy, ...]  # newest first
    rulings: tuple[Copy, ...]  # newest first
    by_hand: int  # rulings entered by hand (from no dataset)
    newest_by_hand: str | None
    rules: RulesState


def _dataset(kb: KnowledgeBase, source_id) -> Record | None:
    source = kb.source(source_id)
    return source if source is not None and source.data.get("type") == "dataset" else None


def copy_of(kb: KnowledgeBase, entry) -> Record | None:
    """The dataset a text was read from: its `via`, else its `source` when that is a dataset."""
    if not isinstance(entry, dict):
        return None
    return _dataset(kb, entry.get("via")) or _dataset(kb, entry.get("source"))


def _copies(kb: KnowledgeBase, entries) -> tuple[Copy, ...]:
    counts: Counter = Counter()
    versions: dict[str, str] = {}
    for entry in entries:
        source = copy_of(kb, entry)
        if source is None:
            continue
        counts[source.id] += 1
        version = entry.get("version")
        if is_date(version) and str(version) > versions.get(source.id, ""):
            versions[source.id] = str(version)
    found = []
    for source_id, count in counts.items():
        source = kb.get("source", source_id)
        assert source is not None  # counted above from the knowledge base
        data = source.data
        date = str(data["date"]) if is_date(data.get("date")) else versions.get(source_id)
        found.append(Copy(source_id, str(data.get("title") or source_id), date, count))
    return tuple(sorted(found, key=lambda c: (c.date or "", c.source_id), reverse=True))


def oracle_entry(card: Record):
    """A card's English Oracle text (else its English name): what an import read it from."""
    texts = as_dict(card.data.get("text"))
    entry = texts.get("en") if isinstance(texts.get("en"), dict) else as_dict(card.data.get("names")).get("en")
    return entry if isinstance(entry, dict) else None


def ruling_entry(ruling: Record):
    """A ruling's text in its original language, with the ruling's own source when the text names none."""
    texts = as_dict(ruling.data.get("text"))
    entry = texts.get(ruling.data.get("original"))
    if not isinstance(entry, dict):
        entry = next((e for e in texts.values() if isinstance(e, dict)), {})
    if "source" not in entry and isinstance(ruling.data.get("source"), str):
        entry = {**entry, "source": ruling.data["source"]}
    return entry


def rules_state(rule_records, newest_file: str | None = None, numbers: set[str] | None = None) -> RulesState:
    """The English and official Japanese quotes of `rule_records` (only the rules `numbers`, if given)."""
    en: Counter = Counter()
    ja: Counter = Counter()
    translates: set[str] = set()
    drifted = 0
    for record in rule_records:
        for entry in as_list(record.data.get("rules")):
            if not isinstance(entry, dict) or (numbers is not None and entry.get("number") not in numbers):
                continue
            texts = as_dict(entry.get("text"))
            english = texts.get("en")
            if isinstance(english, dict) and english.get("status") == "official" and english.get("version"):
                en[str(english["version"])] += 1
            japanese = texts.get("ja")
            if isinstance(japanese, dict) and japanese.get("status") == "official" and japanese.get("version"):
                ja[str(japanese["version"])] += 1
                version = as_dict(japanese.get("translates")).get("version")
                if version:
                    translates.add(str(version))
                drifted += is_drifted(texts, "ja", "en")
    newest_first = lambda counter: tuple(sorted(counter.items(), reverse=True))  # noqa: E731
    return RulesState(newest_first(en), newest_file, newest_first(ja), tuple(sorted(translates, reverse=True)), drifted)


def of_site(kb: KnowledgeBase, archive=None) -> Currency:
    """How current the whole data is (computed once per build)."""
    rulings = kb.all("ruling")
    entries = [ruling_entry(r) for r in rulings]
    by_hand = [r for r, e in zip(rulings, entries) if copy_of(kb, e) is None]
    hand_dates = [str(r.data.get("date")) for r in by_hand if r.data.get("date")]
    newest_file = archive.newest.edition if archive is not None else None
    return Currency(
        cards=_copies(kb, (oracle_entry(c) for c in kb.all("card"))),
        rulings=_copies(kb, entries),
        by_hand=len(by_hand),
        newest_by_hand=max(hand_dates) if hand_dates else None,
        rules=rules_state(kb.all("rule"), newest_file),
    )


def card_copy(kb: KnowledgeBase, card: Record) -> Copy | None:
    """The copy one card's Oracle text was read from."""
    found = _copies(kb, [oracle_entry(card)])
    return found[0] if found else None
