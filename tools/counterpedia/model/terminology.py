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
from functools import cache
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
ORDINARY_PHRASES = re.compile(r"\b(?:on the other|at) hand\b")


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text or "")


@dataclass(frozen=True)
class Term:
    kind: str
    id: str
    en: str
    names: dict[str, str]  # lang -> name
    pattern: re.Pattern[str]  # finds it in an English text (lowercased)


@dataclass(frozen=True)
class Name:
    en: str
    names: dict[str, str]  # lang -> printed name


def _name(record: Any, lang: str) -> str | None:
    entry = as_dict(record.data.get("names")).get(lang)
    text = entry.get("text") if isinstance(entry, dict) else None
    return text if isinstance(text, str) and text.strip() else None


def english_pattern(kind: str, en: str) -> re.Pattern[str]:
    """The English name as a whole phrase, plural too; a counter also as "<name> counters" with a quantity between
    ("time counter": "time counters"; "the time that counters are added" is no time counter)."""
    name = en.lower()
    if name.endswith(" (v)"):
        # A verb whose noun is another entry (the Japanese CR's "Counter(v)"): only its unambiguous verb forms,
        # "countered", "countering", "counter target spell", "counter that spell" ("counters it has" is the noun).
        verb = re.escape(name[: -len(" (v)")])
        return re.compile(r"(?<![\w+/-])(?:" + verb + r"(?:ed|ing)|" + verb + r"s? target|" + verb
                          + r" (?:that|the|this|a|an|another) (?:spell|ability))(?!\w)")
    alternatives = [re.escape(name) + r"(?:s|es)?"]
    stem = re.sub(r" counter$", "", name)
    if kind == "counter" and stem != name:
        # "+1/+1 counter" is also written "two +1/+1 counters"; a word between the two is a quantity ("time that
        # counters" is no time counter).
        alternatives.append(re.escape(stem) + r" (?:(?:\d+|x|one|two|three|four|five|six|seven|eight|nine|ten|additional|more|fewer|such) )?counters?")
    return re.compile(r"(?<![\w+/-])(?:" + "|".join(alternatives) + r")(?!\w)")


def glossary(kb: Any, skipped: frozenset[str] = frozenset()) -> list[Term]:
    """Every counter, mechanic and term with an English name, except the reviewed ordinary words (`kind:id`)."""
    found = []
    for kind in GLOSSARY_KINDS:
        for record in kb.all(kind):
            en = _name(record, "en")
            if en is None or f"{kind}:{record.id}" in skipped:
                continue
            names = {lang: name for lang in ("ja", "fr") if (name := _name(record, lang)) is not None}
            found.append(Term(kind, record.id, en, names, english_pattern(kind, en)))
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
            printed = {lang: name.split(" // ")[index] for lang, name in printed_names.items()
                       if name.count(" // ") == len(faces) - 1}
            by_word[face.split()[0]].append(Name(face, printed))
    for listed in by_word.values():
        listed.sort(key=lambda n: -len(n.en))
    return by_word


def first_token(text: str) -> str:
    tokens = re.findall(r"[a-z0-9]+", text.lower())
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
    low = ORDINARY_PHRASES.sub(" ", english.lower())
    tokens = set(re.findall(r"[a-z0-9]+", low))
    tokens |= {t[:-1] for t in tokens if t.endswith("s")} | {t[:-2] for t in tokens if t.endswith("es")}
    tokens |= {t[:-2] for t in tokens if t.endswith("ed")} | {t[:-3] for t in tokens if t.endswith("ing")}
    candidates = [term for token in tokens for term in by_token.get(token, ())]
    return [term for term in candidates if term.pattern.search(low) and not _proper_name_only(english, term)]


def names_in(english: str, by_word: dict[str, list[Name]], own: set[str]) -> list[Name]:
    """The other cards an English text names (whole words; not the card's own name, not inside a longer name)."""
    found: list[Name] = []
    for word in set(re.findall(r"[\w’'-]+", english)):
        for name in by_word.get(word, ()):
            if name.en in own or any(name.en in other.en for other in found):
                continue
            if any(not _inside_longer_name(english, match) for match in _whole(name.en).finditer(english)):
                found.append(name)
    return found


@cache
def _whole(name: str) -> re.Pattern[str]:
    """A name as whole words (compiled once per name: thousands of texts are matched against it)."""
    return re.compile(r"(?<![\w’'])" + re.escape(name) + r"(?![\w’'])")


CONNECTORS = r"(?: (?:of|the|to|in|from|and|a|an|for|with|by|on|at|into))*"


def _inside_longer_name(english: str, match: re.Match[str]) -> bool:
    """Whether a match is part of a longer proper name: "Primal Vigor" is not the card Vigor, "Leave in the Dust"
    not Dust, "Mentor of the Meek" not mentor."""
    before, after = english[: match.start()], english[match.end():]
    return bool(re.search(r"[A-Z][\w’'-]*" + CONNECTORS + " $", before)
                or re.match(CONNECTORS + r" [A-Z]", after) and not re.match(r" [A-Z]\w*’s\b", after))


def _proper_name_only(english: str, term: Term) -> bool:
    """Whether every occurrence of a one-word term is capitalized inside a longer proper name (a card's name)."""
    if " " in term.en.strip():
        return False
    # The plural too: "Mending Hands" is a card's name, not the hand.
    matches = list(re.finditer(r"(?<![\w’'])" + re.escape(term.en.capitalize()) + r"(?:s|es)?(?![\w’'])", english))
    lower = re.search(r"(?<![\w’'])" + re.escape(term.en.lower()), english)
    return bool(matches) and lower is None and all(_inside_longer_name(english, m) for m in matches)


def uses_term(text: str, lang: str, name: str) -> bool:
    """Whether a translation uses an official name, inflected as its language does."""
    text, name = nfkc(text), nfkc(name)
    if lang == "ja":
        return ja_stem(name) in text
    words = [w for w in re.split(r"\s+", name.lower()) if w]
    pattern = r"\w*\W+(?:\w+\W+)?".join(fr_stem(w) for w in words)
    return re.search(pattern, text.lower()) is not None


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
