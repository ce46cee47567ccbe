"""The product's own vocabulary, for the translation checks: which official names an English text uses, and
whether a Japanese or French text uses them.

The glossary is the data itself: counter, mechanic and term names (their ja/fr names, whatever their status: the
memory must agree with what the site calls them) and the cards' printed names. Pure functions over the knowledge
base; the reviewed list of ordinary words (catalogue/terminology-exceptions.yaml) is passed in."""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from .shapes import as_dict

GLOSSARY_KINDS = ("counter", "mechanic", "term")
# A Japanese verb is found by its stem: 追放する, 追放された, 追放し… all hold 追放; 唱える, 唱えた, 唱えられる all
# hold 唱え; 打ち消す, 打ち消された, 打ち消し all hold 打ち消.
JA_VERB_ENDINGS = re.compile(r"(を行う|を行なう|する|される|した|させる)$")
JA_VERB_LAST_KANA = re.compile(r"(?<=[\u3040-\u9fff])[うくぐすつぬぶむる]$")
MIN_CARD_NAME = 4
# English idioms that hold a term's word in its ordinary sense: never a term ("on the other hand", "the data at hand" are
# no player's hand).
ORDINARY = ("on the other hand", "at hand")  # "hand" as no glossary term means it
ORDINARY_PHRASES = re.compile(r"\b(?:" + "|".join(map(re.escape, ORDINARY)) + r")\b")


@lru_cache(maxsize=4096)
def nfkc(text: str) -> str:
    """NFKC (remembered: each translation is normalized once per term and card name it is checked for)."""
    return unicodedata.normalize("NFKC", text or "")


@dataclass(frozen=True)
class Term:
    kind: str
    id: str
    en: str
    names: dict[str, str]  # lang -> name

    @property
    def pattern(self) -> re.Pattern[str]:
        """Finds it in an English text (lowercased); compiled when first needed, once per name."""
        return english_pattern(self.kind, self.en)

    @property
    def literal(self) -> str:
        """What every match of `pattern` holds as it is: a text without it is not searched."""
        return english_literal(self.kind, self.en)


@dataclass(frozen=True)
class Name:
    en: str
    names: dict[str, str]  # lang -> printed name


def _name(record: Any, lang: str) -> str | None:
    entry = as_dict(record.data.get("names")).get(lang)
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) and text.strip() else None


@cache
def english_pattern(kind: str, en: str) -> re.Pattern[str]:
    """The English name as a whole phrase, plural too; a counter also as "<name> counters" with a quantity between
    ("time counter": "time counters"; "the time that counters are added" is no time counter)."""
    name = en.lower()
    if name.endswith(" (v)"):
        # A verb whose noun is another entry (the Japanese CR's "Counter(v)"): only its unambiguous verb forms,
        # "countered", "countering", "counter target spell", "counter that spell" ("counters it has" is the noun).
        verb = re.escape(name[: -len(" (v)")])
        return re.compile(
            r"(?<![\w+/-])(?:"
            + verb
            + r"(?:ed|ing)|"
            + verb
            + r"s? target|"
            + verb
            + r" (?:that|the|this|a|an|another) (?:spell|ability))(?!\w)"
        )
    alternatives = [re.escape(name) + r"(?:s|es)?"]
    stem = re.sub(r" counter$", "", name)
    if kind == "counter" and stem != name:
        # "+1/+1 counter" is also written "two +1/+1 counters"; a word between the two is a quantity ("time that
        # counters" is no time counter).
        alternatives.append(
            re.escape(stem)
            + r" (?:(?:\d+|x|one|two|three|four|five|six|seven|eight|nine|ten|additional|more|fewer|such) )?counters?"
        )
    return re.compile(r"(?<![\w+/-])(?:" + "|".join(alternatives) + r")(?!\w)")


@cache
def english_literal(kind: str, en: str) -> str:
    """The words every match of `english_pattern(kind, en)` holds: the verb, the counter's name before "counter",
    else the whole name."""
    name = en.lower()
    if name.endswith(" (v)"):
        return name[: -len(" (v)")]
    stem = re.sub(r" counter$", "", name)
    return stem + " " if kind == "counter" and stem != name else name


def glossary(kb: Any, skipped: frozenset[str] = frozenset()) -> list[Term]:
    """Every counter, mechanic and term with an English name, except the reviewed ordinary words (`kind:id`)."""
    found = []
    for kind in GLOSSARY_KINDS:
        for record in kb.all(kind):
            en = _name(record, "en")
            if en is None or f"{kind}:{record.id}" in skipped:
                continue
            names = {lang: name for lang in ("ja", "fr") if (name := _name(record, lang)) is not None}
            found.append(Term(kind, record.id, en, names))
    return found


def card_names(kb: Any, glossary_names: set[str]) -> dict[str, list[Name]]:
    """The cards' names by their first word, longest first (a card named like a glossary term is left out: the
    term check covers it)."""
    by_word: dict[str, list[Name]] = defaultdict(list)
    for card in kb.all("card"):
        en = _name(card, "en")
        if en is None or len(en) < MIN_CARD_NAME or en.lower() in glossary_names:
            continue
        printed_names = {lang: name for lang in ("ja", "fr") if (name := _name(card, lang)) is not None}
        by_word[en.split()[0]].append(Name(en, printed_names))
        faces = en.split(" // ") if " // " in en else []
        for index, face in enumerate(faces):
            # A face's printed name: the same face of the printed name, when it has as many faces.
            printed = {
                lang: name.split(" // ")[index]
                for lang, name in printed_names.items()
                if name.count(" // ") == len(faces) - 1
            }
            by_word[face.split()[0]].append(Name(face, printed))
    for listed in by_word.values():
        listed.sort(key=lambda n: -len(n.en))
    return by_word


def first_token(text: str) -> str:
    tokens = TOKEN.findall(text.lower())
    return tokens[0] if tokens else ""


def index(terms: list[Term]) -> dict[str, list[Term]]:
    """The glossary by the first word of each English name."""
    found: dict[str, list[Term]] = defaultdict(list)
    for term in terms:
        found[first_token(term.en)].append(term)
    return found


def terms_in(english: str, by_token: dict[str, list[Term]]) -> list[Term]:
    """The glossary entries an English text names. Only the entries whose first word is in the text are matched
    (a few regular expressions per text instead of every entry's)."""
    low = english.lower()
    if any(phrase in low for phrase in ORDINARY):  # else the expression cannot match
        low = ORDINARY_PHRASES.sub(" ", low)
    firsts: set[str] = set()  # the first words of names the text holds, as written or without their endings
    for token in set(TOKEN.findall(low)):
        for word in _stems(token):
            if word in by_token:
                firsts.add(word)
    candidates = [term for word in firsts for term in by_token[word]]
    return [
        term
        for term in candidates
        if term.literal in low and term.pattern.search(low) and not _proper_name_only(english, term)
    ]


@lru_cache(maxsize=8192)
def _stems(token: str) -> tuple[str, ...]:
    """The token, the token without an ending -s or -es, and each of those without an ending -ed or -ing (the
    English of thousands of texts has a few thousand words: each is taken apart once)."""
    plain = [token]
    if token.endswith("s"):
        plain.append(token[:-1])
        if token.endswith("es"):
            plain.append(token[:-2])
    found = list(plain)
    for word in plain:
        if word.endswith("ed"):
            found.append(word[:-2])
        if word.endswith("ing"):
            found.append(word[:-3])
    return tuple(found)


def names_in(english: str, by_word: dict[str, list[Name]], own: set[str]) -> list[Name]:
    """The other cards an English text names (whole words; not the card's own name, not inside a longer name)."""
    found: list[Name] = []
    for word in set(WORD.findall(english)):
        for name in by_word.get(word, ()):
            # A name not in the text at all (most of those sharing its first word) is passed over before any regex.
            if name.en not in english or name.en in own or any(name.en in other.en for other in found):
                continue
            if any(not _inside_longer_name(english, match) for match in _whole(name.en).finditer(english)):
                found.append(name)
    return found


@cache
def _whole(name: str) -> re.Pattern[str]:
    """A name as whole words (compiled once per name: thousands of texts are matched against it)."""
    return re.compile(r"(?<![\w’'])" + re.escape(name) + r"(?![\w’'])")


@cache
def _whole_or_plural(name: str) -> re.Pattern[str]:
    """A name as whole words, or its plural."""
    return re.compile(r"(?<![\w’'])" + re.escape(name) + r"(?:s|es)?(?![\w’'])")


@cache
def _starting(name: str) -> re.Pattern[str]:
    """A name that starts a word."""
    return re.compile(r"(?<![\w’'])" + re.escape(name))


WORD = re.compile(r"[\w’'-]+")
TOKEN = re.compile(r"[a-z0-9]+")
CONNECTORS = r"(?: (?:of|the|to|in|from|and|a|an|for|with|by|on|at|into))*"
# Compiled once: re's own cache holds 512 patterns, which the thousands of names' patterns evict.
_NAME_BEFORE = re.compile(r"[A-Z][\w’'-]*" + CONNECTORS + " $")
_NAME_AFTER = re.compile(CONNECTORS + r" [A-Z]")
_POSSESSIVE_AFTER = re.compile(r" [A-Z]\w*’s\b")


def _inside_longer_name(english: str, match: re.Match[str]) -> bool:
    """Whether a match is part of a longer proper name: "Primal Vigor" is not the card Vigor, "Leave in the Dust"
    not Dust, "Mentor of the Meek" not mentor."""
    before, after = english[: match.start()], english[match.end() :]
    return bool(_NAME_BEFORE.search(before) or _NAME_AFTER.match(after) and not _POSSESSIVE_AFTER.match(after))


def _proper_name_only(english: str, term: Term) -> bool:
    """Whether every occurrence of a one-word term is capitalized inside a longer proper name (a card's name)."""
    if " " in term.en.strip():
        return False
    # The plural too: "Mending Hands" is a card's name, not the hand.
    matches = list(_whole_or_plural(term.en.capitalize()).finditer(english))
    lower = _starting(term.en.lower()).search(english)
    return bool(matches) and lower is None and all(_inside_longer_name(english, m) for m in matches)


def uses_term(text: str, lang: str, name: str) -> bool:
    """Whether a translation uses an official name, inflected as its language does."""
    text = nfkc(text)
    if lang == "ja":
        return _ja_stem(name) in text
    return _inflected(name).search(_lower(text)) is not None


@cache
def _ja_stem(name: str) -> str:
    return ja_stem(nfkc(name))


@cache
def _inflected(name: str) -> re.Pattern[str]:
    """A French name as a translation may inflect it (compiled once per name)."""
    words = [w for w in re.split(r"\s+", nfkc(name).lower()) if w]
    return re.compile(r"\w*\W+(?:\w+\W+)?".join(fr_stem(w) for w in words))


@lru_cache(maxsize=1024)
def _lower(text: str) -> str:
    return text.lower()


def ja_stem(name: str) -> str:
    """A Japanese name as found in any inflection: a verb without its ending (追放する: 追放; 唱える: 唱え;
    生け贄に捧げる: 生け贄に捧げ; 打ち消す: 打ち消), a noun as it is."""
    stem = JA_VERB_ENDINGS.sub("", name)
    if stem != name:
        return stem
    return JA_VERB_LAST_KANA.sub("", name) if len(name) > 2 else name


def fr_stem(word: str) -> str:
    """A French word as a pattern that finds its inflections: a verb in -er by its stem, but not as the noun in
    -ance made from it (surveiller: surveillez, surveillé; « Surveillance 1 » is no surveil); another word of 5
    letters or more by its start (cible: ciblé, cibles; suspension: suspendu); c as ç too before a, o, u (lancer:
    lancé, lançant); a shorter word as it is (main, pile)."""
    if not word.isalpha() or len(word) < 5:
        return re.escape(word)
    if word.endswith("er") and len(word) >= 6:
        stem = re.escape(word[:-2])
        stem = stem[:-1] + "[cç]" if stem.endswith("c") else stem
        return stem + "(?!ances?\\b)"
    stem = re.escape(word[: max(4, len(word) - 4)])
    return stem[:-1] + "[cç]" if stem.endswith("c") else stem


def card_name_used(text: str, lang: str, printed: str) -> bool:
    return nfkc(printed) in nfkc(text)
