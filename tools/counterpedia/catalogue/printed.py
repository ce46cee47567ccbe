"""The Japanese and French names that printed cards give to counter kinds, keyword abilities and actions.

Pure functions over printed texts: one card face as printed in one language (`PrintedText`), beside
the card's English Oracle text. Nothing here reads a file; the MTGJSON import
(`counterpedia.importers.printed_names`) and the validator (`counterpedia.checks.printed_names`) feed
it, from set files and from card records.

How a name is read off a card (each reading is a `Sighting`, citing its printing):

- **Counter kinds.** The English text names kinds as "<name> counter(s)". When it names exactly one
  kind, every kind word of the printed text belongs to it: 「…カウンター」 in Japanese (the name
  characters just before カウンター), « marqueur(s) … » in French (the word in guillemets, a P/T
  such as +1/+1, or a « marqueur de charge » form). The record's name is the full singular name:
  「時間カウンター」; « marqueurs « temps » » gives « marqueur « temps » », « marqueurs +1/+1 » gives
  « marqueur +1/+1 », « marqueurs d'âge » gives « marqueur d'âge » (the noun is made singular; the
  kind word, in guillemets or after « de », is kept as printed, elision included). A face whose printed text shows two different kind words for one kind is ambiguous
  and gives nothing. A card naming two kinds gives a name only by elimination: when the names of all
  its kinds but one are known from one-kind cards and exactly one other word is left.
- **Keyword abilities.** The English line (or comma-separated item) that is the keyword alone, with
  its number, cost or reminder ("Undying (When…)", "Graft 3 (…)", "Escape—{3}{R}"), is matched with
  the printed line of the same position, when the printed text has as many lines and items; the
  keyword is that item up to its number, cost, dash or reminder text. A keyword granted inside a
  sentence with a number ("have poisonous 1") is the printed word before the same number
  (« ont empoisonnement 1 », 「有毒１を持つ」).
- **Keyword actions.** The noun printed before the number that English writes after the action
  ("bolster 2" → « renforcement 2 », 「鼓舞２を行う」), the Japanese word before を行う for an action
  without a number (「増殖を行う」), or the French infinitive of a reminder text that English opens
  with "(To <action> a…" ("(To mill a card" → « (Pour meuler une carte »). Conjugated verbs
  (« Adaptez 1 », « Proliférez ») are not names and give nothing.

French names of mechanics keep the lowercase initial of the keyword inside a sentence
(« … ont la survivance »), the style of every French name in the data. Where printings disagree, the
most recent printing wins (`choose`); the others are variants, for review.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import cast

from ..langs import PRINTED_LANGS
from ..model.printing import Printing, number_key

LANGS = PRINTED_LANGS  # the printed texts read beside the English Oracle text


# ---------------------------------------------------------------- inputs and outputs


@dataclass(frozen=True)
class PrintedText:
    """One card face as printed in one language, beside the English Oracle text of that face."""

    printing: Printing
    en: str
    lang: str  # ja | fr
    text: str


@dataclass(frozen=True)
class Target:
    """A record whose ja/fr name printed cards can show."""

    kind: str  # counter | mechanic | term
    id: str
    english: str  # "time" for the time counter; "Level Up" for a mechanic
    type: str = ""  # keyword-ability | keyword-action (mechanics and terms)

    @cached_property
    def first(self) -> str:
        """The first word of the English name, lowercase, letters only (a quick filter)."""
        words = re.findall(r"[a-z]+", self.english.lower())
        return words[0] if words else ""


@dataclass(frozen=True)
class Sighting:
    """A name read on one printing: the record form (`name`) and the words as printed."""

    kind: str
    id: str
    lang: str
    name: str
    printed: str
    printing: Printing
    method: str  # one-kind | elimination | keyword-line | action-noun | reminder


@dataclass
class Choice:
    """The name chosen for one record and language, and the other names printings show."""

    kind: str
    id: str
    lang: str
    name: str
    sighting: Sighting  # the printing cited
    sightings: int  # how many printings show the chosen name
    variants: dict[str, list[Sighting]] = field(default_factory=dict)  # other name -> its printings, newest first


def fold(text: str) -> str:
    """For comparing names: NFKC (＋１ = +1), case, apostrophes and spaces folded."""
    text = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    return re.sub(r"\s+", " ", text).strip()


# ---------------------------------------------------------------- targets from the knowledge base


def _english(data: dict) -> str | None:
    names = data.get("names") if isinstance(data, dict) else None
    entry = names.get("en") if isinstance(names, dict) else None
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) and text.strip() else None


def targets(records: Iterable) -> list[Target]:
    """The counters, mechanics and terms of `records` (knowledge-base records) that cards can name."""
    found = []
    for record in records:
        english = _english(record.data)
        if english is None:
            continue
        if record.kind == "counter":
            if not english.lower().endswith(" counter"):
                continue
            word = english[: -len(" counter")].strip()
            if word and "X" not in word and word.lower() != "keyword":  # +X/+Y and "keyword counter" are families
                found.append(Target("counter", record.id, word))
        elif record.kind == "mechanic":
            kind = record.data.get("type")
            if kind in ("keyword-ability", "keyword-action"):
                found.append(Target("mechanic", record.id, english, kind))
        elif record.kind == "term":
            found.append(Target("term", record.id, english))
    return found


# ---------------------------------------------------------------- counter kinds in English


class CounterMatcher:
    """Which counter kinds an English text names ("<name> counter(s)"), found fast: for each "counter(s)" of the
    text, the one, two or three words before it are looked up among the kinds' names (the longest wins), so
    that "storage counter" is not an "age counter" and validation stays fast on thousands of cards."""

    _COUNTER = re.compile(r"\bcounters?\b", re.IGNORECASE)

    def __init__(self, counters: Iterable[Target]):
        self.by_word: dict[str, str] = {}
        for target in counters:
            if target.kind == "counter":
                self.by_word.setdefault(" ".join(target.english.lower().split()), target.id)
        self.longest = max((len(w.split()) for w in self.by_word), default=1)
        # The last English text read and its kinds: a card's Japanese and French texts are read in turn.
        self._last: tuple[str, tuple[str, ...]] | None = None

    def named(self, text: str) -> list[str]:
        """The ids of the kinds `text` names, sorted."""
        if self._last is None or self._last[0] != text:
            self._last = (text, tuple(self._find(text)))
        return list(self._last[1])

    def _find(self, text: str) -> list[str]:
        lowered = text.lower() if text else ""
        if "counter" not in lowered:
            return []
        found = set()
        for match in self._COUNTER.finditer(lowered):
            words = lowered[max(0, match.start() - 60) : match.start()].split()
            if not words or not lowered[match.start() - 1 : match.start()].isspace():
                continue
            words[0:0] = [""]
            for size in range(min(self.longest, len(words) - 1), 0, -1):
                phrase = " ".join(words[-size:])
                phrase = phrase.lstrip("(\"“'")
                if phrase in self.by_word:
                    found.add(self.by_word[phrase])
                    break
        return sorted(found)


# ---------------------------------------------------------------- counter words as printed

_KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
# Characters of a Japanese kind name before カウンター: kanji, katakana (with ー and ・), Latin letters,
# digits and the signs of a P/T (+1/+1, ＋１/＋１, －１/－１).
_HIRAGANA = re.compile(r"[\u3041-\u309f]")
# Hiragana that end the word before a kind name (particles, verb endings): の に を が は で と も へ や か ら
# て た る れ つ な, e.g. 「上に時間」, 「から願い」, 「置かれているカウンター」.
_JA_KIND = re.compile(r"[\u30a0-\u30ff\u4e00-\u9fff\u3005A-Za-zＡ-Ｚａ-ｚ0-9０-９+＋\-－−/／]*$")
_JA_PT_SPACE = re.compile(r"([/／])[ 　]+(?=[+＋\-－−])")
_JA_STOP = set("のにをがはでともへやからてたるれつなく")
_JA_GENERIC = {"同じ", "その他"}


def japanese_counter_words(text: str) -> list[tuple[str, str]]:
    """Every kind word of a printed Japanese text, as (printed, name): the name is the word with カウンター.

    The word is the run of name characters just before カウンター (「＋１/＋１」, 「ドングリ・」).
    A name that ends in hiragana (「願い」, 「悟り」, 「まどろみ」) is read back to the particle before
    it, and kept when it has a kanji before its kana or three kana or more (「これによりカウンター」 is
    a generic counter). A bare カウンター (any counter) gives nothing."""
    if "カウンター" not in text:
        return []
    text = _JA_PT_SPACE.sub(r"\1", text)  # 「＋１/ ＋１」 (a stray space in two printings)
    found = []
    start = text.find("カウンター")
    while start >= 0:
        word = cast(re.Match[str], _JA_KIND.search(text, max(0, start - 24), start)).group(0)  # the name just before
        if not word and start > 0 and _HIRAGANA.match(text[start - 1]):
            j = start
            while j > 0 and _HIRAGANA.match(text[j - 1]) and text[j - 1] not in _JA_STOP:
                j -= 1
            kana = text[j:start]
            k = j
            while k > 0 and re.match(r"[\u4e00-\u9fff\u3005\u30a0-\u30ff]", text[k - 1]):
                k -= 1
            if kana and (k < j or len(kana) >= 3):
                word = text[k:start]
        word = word.lstrip("・")
        if word and word not in _JA_GENERIC and re.search(r"[^\d０-９]", word):
            found.append((word + "カウンター", word + "カウンター"))
        start = text.find("カウンター", start + 5)
    return found


# French: « marqueur(s) » then the kind: a word in guillemets, a P/T, or « de X » / « d'X ».
_FR_COUNTER = re.compile(
    r"\b(?P<noun>[Mm]arqueurs?)\s+(?:"
    r"«\s*(?P<quoted>[^»\n]+?)\s*»"
    r"|(?P<pt>[+\-−–][0-9X]+/[+\-−–][0-9X]+)(?![\w/])"
    r"|(?P<de>de\s+|d['’])(?P<word>[^\W\d_][\w-]*)"
    r")"
)
# Words after « marqueur de » that start a complement, not a kind (« retirez un marqueur de la créature »).
_FR_NOT_A_KIND = {
    "le",
    "la",
    "les",
    "l",
    "ce",
    "cet",
    "cette",
    "ces",
    "son",
    "sa",
    "ses",
    "leur",
    "leurs",
    "un",
    "une",
    "des",
    "du",
    "tout",
    "tous",
    "toute",
    "toutes",
    "chaque",
    "chacun",
    "chacune",
    "votre",
    "vos",
    "notre",
    "nos",
    "mon",
    "ma",
    "mes",
    "elle",
    "elles",
    "eux",
    "lui",
    "autres",
    "autre",
    "plus",
    "moins",
    "n",
    "n'importe",
    "celui",
    "celle",
    "ceux",
    "celles",
    "quelque",
    "quelconque",
    "types",
    "type",
    "sorte",
    "manière",
    "façon",
}


def french_counter_words(text: str) -> list[tuple[str, str]]:
    """Every kind word of a printed French text, as (printed, name), the name singular and complete:
    « marqueurs « temps » » → « marqueur « temps » », « marqueurs +1/+1 » → « marqueur +1/+1 »,
    « marqueurs d'âge » → « marqueur d'âge ». Spaces inside the guillemets are made single ordinary
    spaces. « marqueur » alone, or followed by a complement (« de la créature »), gives nothing."""
    found = []
    for match in _FR_COUNTER.finditer(text):
        printed = match.group(0)
        if match.group("quoted"):
            kind = "« " + re.sub(r"\s+", " ", match.group("quoted")).strip() + " »"
        elif match.group("pt"):
            kind = match.group("pt")
        else:
            word = match.group("word")
            if word.lower() in _FR_NOT_A_KIND or word[0].isupper():
                continue
            de = match.group("de")
            kind = ("d'" if de.startswith("d") and not de.startswith("de") else "de ") + word
        found.append((printed, "marqueur " + kind))
    return found


def counter_words(lang: str, text: str) -> list[tuple[str, str]]:
    return japanese_counter_words(text) if lang == "ja" else french_counter_words(text)


_ENGLISH_WORDS = re.compile(r"\b(?:the|your|you|counters?|creature|whenever|target)\b")


@lru_cache(maxsize=16)  # the counters' and the keywords' readers ask in turn about the same text
def looks_like(lang: str, text: str) -> bool:
    """Whether a printed text is in `lang` at all (a few French entries of the data are English)."""
    if lang == "ja":
        return bool(_KANA_OR_KANJI.search(text))
    return not _ENGLISH_WORDS.search(text)


# ---------------------------------------------------------------- counter names: alignment


# The kinds a face names and the kind words printed on it, when it names several: read by elimination at the end.
Several = tuple[list[str], list[tuple[str, str]]]


class CounterReader:
    """Counter names read on printed texts, one text at a time: one-kind faces as they come; faces naming
    several kinds are kept (only those) and read by elimination at the end (`finish`)."""

    def __init__(self, matcher: CounterMatcher):
        self.matcher = matcher
        self.found: list[Sighting] = []
        self.several: list[tuple[PrintedText, list[str], list[tuple[str, str]]]] = []

    def feed(self, item: PrintedText) -> None:
        found, several = self.read(item)
        self.add(item, found, several)

    def read(self, item: PrintedText) -> tuple[list[Sighting], Several | None]:
        """What one text gives: its one-kind sightings, or the kinds and words of a face naming several."""
        if item.lang not in LANGS or not looks_like(item.lang, item.text):
            return [], None
        kinds = self.matcher.named(item.en)
        if not kinds:
            return [], None
        words = counter_words(item.lang, item.text)
        if not words:
            return [], None
        if len(kinds) > 1:
            return [], (kinds, words)
        names = {name for _printed, name in words}
        if len(names) == 1:  # two different words for one kind: which is its name is not known
            printed, name = words[0]
            return [Sighting("counter", kinds[0], item.lang, name, printed, item.printing, "one-kind")], None
        return [], None

    def add(self, item: PrintedText, found: list[Sighting], several: Several | None) -> None:
        self.found.extend(found)
        if several is not None:
            self.several.append((item, *several))

    def finish(self) -> list[Sighting]:
        known: dict[tuple[str, str], set[str]] = {}
        for sighting in self.found:
            known.setdefault((sighting.id, sighting.lang), set()).add(fold(sighting.name))
        found = list(self.found)
        for item, kinds, words in self.several:
            unknown = [k for k in kinds if (k, item.lang) not in known]
            if len(unknown) != 1:
                continue
            names_of_known = set().union(*(known[(k, item.lang)] for k in kinds if k != unknown[0]))
            left: dict[str, tuple[str, str]] = {}
            for printed, name in words:
                if fold(name) not in names_of_known:
                    left.setdefault(fold(name), (printed, name))
            if len(left) == 1:
                printed, name = next(iter(left.values()))
                found.append(Sighting("counter", unknown[0], item.lang, name, printed, item.printing, "elimination"))
        return found


def counter_sightings(texts: Iterable[PrintedText], matcher: CounterMatcher) -> list[Sighting]:
    """Counter names read on printed texts: one-kind faces, then two-kind faces by elimination."""
    reader = CounterReader(matcher)
    for item in texts:
        reader.feed(item)
    return reader.finish()


# ---------------------------------------------------------------- keyword abilities and actions

_EN_AFTER_KEYWORD = r"(?=$|\s*[({—–-]|\s+(?:\d+|X)\b|\s*,)"
_FR_KEYWORD_END = re.compile(r"\s*(?:\(|—|–|―|\{|\d|X\b|:|$)")
_JA_KEYWORD_END = re.compile(r"\s*(?:（|\(|―|—|－|\{|[0-9０-９ＸX]|：|:|$)")


_REMINDER = re.compile(r"\s*(?:\([^()]*\)|（[^（）]*）)")


def _items(line: str, lang: str) -> list[str]:
    """The comma-separated items of a line ("Flying, vigilance"), reminder texts left out (their commas too)."""
    separator = "[、,]" if lang == "ja" else ","  # Japanese lists keywords with 、 and costs with ,
    return [part.strip() for part in re.split(separator, _REMINDER.sub("", line))]


@cache
def _keyword_alone(keyword: str) -> re.Pattern[str]:
    """A line item that is `keyword` alone (compiled once per keyword, not once per card text)."""
    return re.compile(r"^" + re.escape(keyword) + _EN_AFTER_KEYWORD, re.IGNORECASE)


def keyword_position(english: str, keyword: str) -> tuple[int, int] | None:
    """(line, item) of the English line item that is `keyword` alone, with its number, cost or reminder."""
    pattern = _keyword_alone(keyword)
    for i, line in enumerate(english.split("\n")):
        for j, item in enumerate(_items(line, "en")):
            if pattern.match(item):
                return i, j
    return None


def printed_keyword(english: str, printed: str, lang: str, keyword: str) -> str | None:
    """The keyword as printed at the place of `keyword` in the English text, or None when lines don't align."""
    position = keyword_position(english, keyword)
    if position is None:
        return None
    en_lines, lines = english.split("\n"), printed.split("\n")
    if len(en_lines) != len(lines):
        return None
    i, j = position
    en_items, items = _items(en_lines[i], "en"), _items(lines[i], lang)
    if len(en_items) != len(items):
        return None
    item = items[j]
    end = (_JA_KEYWORD_END if lang == "ja" else _FR_KEYWORD_END).search(item)
    word = item[: end.start()].strip(" .;、。") if end else item
    if not word or "{" in word:
        return None
    if lang == "fr" and (
        len(word) > 40 or not word[0].isalpha() or re.match(r"(?i)(?:les?|la|l'|l’|une?|des)\b", word)
    ):
        return None  # a sentence, not a keyword: the printed lines do not match the English ones
    if lang == "ja" and (len(word) > 12 or re.search(r"[はをがにのでと]", word)):
        return None
    return word


def _french_name(word: str) -> str:
    """The data's style: lowercase initial (« Survivance » at the start of a line is « la survivance » in a sentence)."""
    return word[:1].lower() + word[1:] if word[:1].isupper() and not word[1:2].isupper() else word


_FR_REMINDER_INFINITIVE = re.compile(r"\(Pour ([a-zàâçéèêëîïôûùüÿœ]+(?:er|ir|re))\b")


_WORDS = re.compile(r"[a-z]+")


class KeywordReader:
    """Names of keyword abilities and actions read on printed texts, one text at a time."""

    def __init__(self, keywords: Iterable[Target]):
        keywords = list(keywords)
        self.abilities = [k for k in keywords if k.type == "keyword-ability"]
        self.actions = [k for k in keywords if k.type == "keyword-action"]
        # "double strike" and "double-faced" are not the keyword action double.
        self.action_patterns = {
            k.id: re.compile(
                r"\b" + re.escape(k.english) + r"(?:s|es|ed|d)?\b(?![\s-]+(?:strike|faced))", re.IGNORECASE
            )
            for k in self.actions
        }
        self.found: list[Sighting] = []
        self._abilities = [(t, t.english.lower(), t.first) for t in self.abilities]
        self._actions = [(t, t.english.lower()) for t in self.actions]
        # The last English text read and what it names: a card's Japanese and French texts are read in turn.
        self._last: tuple[str, tuple[tuple[Target, ...], tuple[Target, ...]]] | None = None

    def feed(self, item: PrintedText) -> None:
        self.found.extend(self.read(item))

    def read(self, item: PrintedText) -> list[Sighting]:
        """The sightings of one text."""
        found: list[Sighting] = []
        if item.lang not in LANGS or not item.en or not looks_like(item.lang, item.text):
            return found
        abilities, mentioned = self._named(item.en)
        for target in abilities:
            word = printed_keyword(item.en, item.text, item.lang, target.english)
            if word:
                name = _french_name(word) if item.lang == "fr" else word
                found.append(Sighting(target.kind, target.id, item.lang, name, word, item.printing, "keyword-line"))
            else:  # granted in a sentence: "have poisonous 1" → « ont empoisonnement 1 », 「有毒１を持つ」
                found.extend(_numbered_sightings(item, target, "keyword-number"))
        if len({k.english.lower() for k in mentioned}) != 1:
            return found  # two actions on one face: which printed word is which is not known
        for target in mentioned:
            found.extend(_action_sightings(item, target))
        return found

    def _named(self, english: str) -> tuple[tuple[Target, ...], tuple[Target, ...]]:
        """The abilities whose name an English text holds, and the actions it names."""
        if self._last is None or self._last[0] != english:
            lowered = english.lower()
            words = set(_WORDS.findall(lowered))
            abilities = tuple(t for t, name, first in self._abilities if first in words and name in lowered)
            mentioned = tuple(
                k for k, name in self._actions if name in lowered and self.action_patterns[k.id].search(english)
            )
            self._last = (english, (abilities, mentioned))
        return self._last[1]

    def finish(self) -> list[Sighting]:
        return shortest_suffixes(self.found)


def keyword_sightings(texts: Iterable[PrintedText], keywords: Iterable[Target]) -> list[Sighting]:
    """Names of keyword abilities and actions read on printed texts."""
    reader = KeywordReader(keywords)
    for item in texts:
        reader.feed(item)
    return reader.finish()


def _widths(number: str) -> str:
    """A pattern for `number` in ASCII or full-width digits (2 or ２, X or Ｘ)."""
    return "".join(f"[{c}{chr(ord(c) + 0xFEE0)}]" for c in number)


# Words after which the name of a keyword starts in a French clause (« … ont empoisonnement 1 »,
# « … acquiert soif de sang 3 », « …, renforcement 2 »).
_FR_BEFORE_KEYWORD = {
    "a",
    "ont",
    "acquiert",
    "acquièrent",
    "gagne",
    "gagnent",
    "avec",
    "et",
    "ou",
    "le",
    "la",
    "les",
    "l",
    "un",
    "une",
    "des",
    "du",
    "possède",
    "possèdent",
    "sans",
    "pour",
}


def french_phrases_before(text: str, number: str) -> set[str]:
    """The words printed just before `number` in their clause, after the last verb or article:
    « La créature enchantée a empoisonnement 3. » → empoisonnement; « …, renforcement 2. » → renforcement."""
    found = set()
    for match in re.finditer(r"(?<![\w/+{-])" + re.escape(number) + r"(?![\w/}])", text):
        clause = re.split(r"[.,:;(){}«»—–\n]", text[: match.start()])[-1]
        words = clause.split()
        cut = -1
        for i, word in enumerate(words):
            bare = word.lower().replace("’", "'")
            if bare in _FR_BEFORE_KEYWORD or bare == "l'":
                cut = i
        phrase = words[cut + 1 :]
        if phrase and re.match(r"(?i)l['’]", phrase[0]):
            phrase[0] = phrase[0][2:]
        if not 1 <= len(phrase) <= 3 or not phrase[0] or not phrase[0][0].isalpha():
            continue
        text_of = " ".join(phrase)
        if (
            text_of.lower().endswith("ez")
            or phrase[0].lower() in _FR_NOT_A_KIND
            or re.search(r"\d", text_of)
            or re.search(r"[a-zà-ÿ][A-ZÀ-Ý]", text_of)
        ):  # « céléritéRéputation »: two lines run together
            continue  # « Adaptez 1 » is a verb, not a name
        found.add(text_of)
    return found


def japanese_words_before(text: str, number: str, ending: str = r"(?=[をが」（(、。\s]|$)") -> set[str]:
    """The kanji or katakana word printed just before `number` (「有毒１を持つ」, 「鼓舞２を行う」)."""
    return {m.group(1) for m in re.finditer(_JA_WORD + r"\s?" + _widths(number) + r"(?![0-9０-９])" + ending, text)}


def _numbers(english: str, keyword: str) -> set[str]:
    return set(re.findall(r"\b" + re.escape(keyword) + r" (\d+|X)\b", english, re.IGNORECASE))


def _numbered_sightings(item: PrintedText, target: Target, method: str) -> list[Sighting]:
    """The name printed before the number that English writes after the keyword ("poisonous 1", "bolster 2")."""
    numbers = _numbers(item.en, target.english)
    if not numbers:
        return []
    if item.lang == "fr":
        phrases = set().union(*(french_phrases_before(item.text, n) for n in numbers))
    else:
        phrases = set().union(*(japanese_words_before(item.text, n) for n in numbers))
    if len({p.lower() for p in phrases}) != 1:
        return []
    word = sorted(phrases)[0]
    name = _french_name(word) if item.lang == "fr" else word
    return [Sighting(target.kind, target.id, item.lang, name, word, item.printing, method)]


def _action_sightings(item: PrintedText, target: Target) -> list[Sighting]:
    """A keyword action's name: the noun printed before the same number ("bolster 2" → « renforcement 2 »,
    「鼓舞２を行う」), the Japanese word before を行う for an action without a number ("Proliferate." →
    「増殖を行う」), or the French infinitive of a reminder text that English opens with "(To <action> a…"
    ("(To mill a card, …" → « (Pour meuler une carte, … »)."""
    found = _numbered_sightings(item, target, "action-noun")
    keyword = re.escape(target.english)
    if item.lang == "fr":
        if re.search(r"\(To " + keyword + r" (?!\d|X\b)", item.en, re.IGNORECASE):
            infinitives = set(_FR_REMINDER_INFINITIVE.findall(item.text))
            if len(infinitives) == 1:
                word = infinitives.pop()
                found.append(Sighting(target.kind, target.id, "fr", word, f"(Pour {word}", item.printing, "reminder"))
        return found
    if not _numbers(item.en, target.english) and re.search(
        r"\b" + keyword + r"(?:s|es)?(?=[.,;]|\s*\()", item.en, re.IGNORECASE
    ):
        words = {m.group(1) for m in re.finditer(_JA_WORD + "を行う", item.text)}
        if len(words) == 1:
            word = words.pop()
            found.append(Sighting(target.kind, target.id, "ja", word, word + "を行う", item.printing, "action-noun"))
    return found


_JA_WORD = r"([\u30a0-\u30ff\u4e00-\u9fffA-Za-z]+)"


def shortest_suffixes(sightings: list[Sighting]) -> list[Sighting]:
    """Japanese words read before を行う may carry the end of the word before them (「その後増殖を行う」 reads
    後増殖): a name is cut to the shortest other name of the same record that ends it (後増殖 → 増殖)."""
    names: dict[tuple[str, str], set[str]] = {}
    for s in sightings:
        if s.lang == "ja" and s.method in ("action-noun", "keyword-number"):
            names.setdefault((s.kind, s.id), set()).add(s.name)
    result = []
    for s in sightings:
        if s.lang == "ja" and s.method in ("action-noun", "keyword-number"):
            shorter = [n for n in names[(s.kind, s.id)] if n != s.name and s.name.endswith(n)]
            if shorter:
                name = min(shorter, key=len)
                s = Sighting(s.kind, s.id, s.lang, name, s.printed[len(s.name) - len(name) :], s.printing, s.method)
        result.append(s)
    return result


# ---------------------------------------------------------------- choosing


def choose(sightings: Iterable[Sighting]) -> dict[tuple[str, str, str], Choice]:
    """Per (kind, id, lang): the name of the most recent printing (on a tie of dates, the name most printings
    of that date show, then the lowest set code and collector number), with every other name as a variant."""
    grouped: dict[tuple[str, str, str], list[Sighting]] = {}
    for sighting in sightings:
        grouped.setdefault((sighting.kind, sighting.id, sighting.lang), []).append(sighting)
    choices = {}
    for key, group in grouped.items():
        latest = max(s.printing.date for s in group)
        on_latest = [s for s in group if s.printing.date == latest]
        counts: dict[str, int] = {}
        for s in on_latest:
            counts[s.name] = counts.get(s.name, 0) + 1
        name = sorted(counts, key=lambda n: (-counts[n], n))[0]
        cited = min(
            (s for s in on_latest if s.name == name), key=lambda s: (s.printing.set, number_key(s.printing.number))
        )
        variants: dict[str, list[Sighting]] = {}
        for s in sorted(
            group, key=lambda s: (s.printing.date, s.printing.set, number_key(s.printing.number)), reverse=True
        ):
            if s.name != name:
                variants.setdefault(s.name, []).append(s)
        same = sum(1 for s in group if s.name == name)
        choices[key] = Choice(key[0], key[1], key[2], name, cited, same, variants)
    return choices


@dataclass(frozen=True)
class Reading:
    """What one printed text gives the collector (`SightingCollector.read`): a function of the targets and of the
    text's English, language and printed text; every sighting in it cites the text's printing."""

    counters: list[Sighting]
    several: Several | None
    keywords: list[Sighting]

    def to_json(self) -> list:
        """As JSON, without the printing (the same text on another printing reads the same)."""

        def rows(sightings: list[Sighting]) -> list[list[str]]:
            return [[s.kind, s.id, s.lang, s.name, s.printed, s.method] for s in sightings]

        several = [list(self.several[0]), [list(pair) for pair in self.several[1]]] if self.several else None
        return [rows(self.counters), several, rows(self.keywords)]

    def of_targets(self, ids: set[tuple[str, str]]) -> bool:
        """Whether every record it names is one of the targets `ids` ((kind, id)), as a reading of them does."""
        named = [(s.kind, s.id) for s in self.counters + self.keywords]
        named += [("counter", kind) for kind in self.several[0]] if self.several else []
        return all(each in ids for each in named)

    @staticmethod
    def from_json(value: object, item: PrintedText) -> Reading | None:
        """The reading `to_json` gave, its sightings citing `item`'s printing; None for any other value."""

        def strings(row: object, size: int) -> bool:
            return isinstance(row, list) and len(row) == size and all(isinstance(each, str) for each in row)

        def sightings(rows: object) -> list[Sighting] | None:
            if not isinstance(rows, list) or not all(strings(row, 6) for row in rows):
                return None
            return [
                Sighting(k, i, lang, name, printed, item.printing, method) for k, i, lang, name, printed, method in rows
            ]

        if not isinstance(value, list) or len(value) != 3:
            return None
        counters, several, keywords = sightings(value[0]), value[1], sightings(value[2])
        if counters is None or keywords is None:
            return None
        if several is None:
            return Reading(counters, None, keywords)
        if (
            not isinstance(several, list)
            or len(several) != 2
            or not isinstance(several[0], list)
            or not all(isinstance(kind, str) for kind in several[0])
            or not isinstance(several[1], list)
            or not all(strings(pair, 2) for pair in several[1])
        ):
            return None
        return Reading(counters, (list(several[0]), [(p, n) for p, n in several[1]]), keywords)


class SightingCollector:
    """Reads printed texts as they come (a stream: an import feeds it one set at a time) and gives every
    sighting for `found_targets` (the counters, mechanics and terms of `targets(records)`) at the end: a function
    of the texts and the targets alone. Only the faces that name several counter kinds are kept until the end.

    A term is named on cards when it is a keyword action (the term mill is the keyword action mill): it
    gets the sightings of the mechanic of the same English name."""

    def __init__(self, found_targets: Iterable[Target]):
        self.targets = list(found_targets)
        self.counters = CounterReader(CounterMatcher(t for t in self.targets if t.kind == "counter"))
        self.mechanics = [t for t in self.targets if t.kind == "mechanic"]
        self.keywords = KeywordReader(self.mechanics)

    def feed(self, texts: Iterable[PrintedText]) -> None:
        for item in texts:
            self.add(item, self.read(item))

    def read(self, item: PrintedText) -> Reading:
        """What one text gives, before the elimination and the choice that read every text together."""
        found, several = self.counters.read(item)
        return Reading(found, several, self.keywords.read(item))

    def add(self, item: PrintedText, reading: Reading) -> None:
        """Take in what `item` gave (read now, or kept from an earlier run: `Reading.from_json`)."""
        self.counters.add(item, reading.counters, reading.several)
        self.keywords.found.extend(reading.keywords)

    def finish(self) -> list[Sighting]:
        found = self.counters.finish() + self.keywords.finish()
        by_english: dict[str, list[Target]] = {}
        for term in (t for t in self.targets if t.kind == "term"):
            by_english.setdefault(term.english.casefold(), []).append(term)
        english_of = {t.id: t.english.casefold() for t in self.mechanics}
        for sighting in [s for s in found if s.kind == "mechanic"]:
            for term in by_english.get(english_of[sighting.id], []):
                found.append(
                    Sighting(
                        "term",
                        term.id,
                        sighting.lang,
                        sighting.name,
                        sighting.printed,
                        sighting.printing,
                        sighting.method,
                    )
                )
        return found


def sightings_for(texts: Iterable[PrintedText], records: Iterable) -> list[Sighting]:
    """Every sighting for the counters, mechanics and terms among `records`, reading `texts` once."""
    collector = SightingCollector(targets(records))
    collector.feed(texts)
    return collector.finish()
