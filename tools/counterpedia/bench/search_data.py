"""A synthetic data folder at the size of the MTGJSON import, for `make bench` (never for the site).

`generate(out, base)` copies the real records of `base` and adds `cards` card records sharded as the
import writes them (`cards/<first character>/<id>.yaml`), each with English Oracle text, printed
Japanese and French names and texts (on as many cards as in `base`), and `rulings` English rulings
spread over them as in `base` (docs/editors/data-format.md, "card"). `make bench` makes the data three times the
imported size with it (counterpedia.bench.synthetic). The texts are assembled from phrases of Magic's templating around the real counter
names, with the lengths of the real thing (Oracle text about 180 characters, a ruling about 190), so
that index sizes and search times are those of the imported data. Deterministic for a given seed.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

from ..checks.validate import REVIEWED_LISTS
from ..model.knowledge import load

EN_ADJ = (
    "Ancient",
    "Blazing",
    "Silent",
    "Hollow",
    "Gilded",
    "Restless",
    "Sunlit",
    "Shattered",
    "Verdant",
    "Grim",
    "Vigilant",
    "Wandering",
    "Arcane",
    "Feral",
    "Iron",
    "Crimson",
    "Frozen",
    "Savage",
    "Tidal",
)
EN_NOUN = (
    "Sentinel",
    "Oracle",
    "Behemoth",
    "Lantern",
    "Pilgrim",
    "Engine",
    "Hydra",
    "Archivist",
    "Warden",
    "Colossus",
    "Familiar",
    "Reliquary",
    "Harbinger",
    "Marauder",
    "Sphinx",
    "Golem",
    "Druid",
    "Beacon",
)
JA_KANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
JA_KANJI = (
    "古代",
    "燃え盛る",
    "静寂の",
    "空ろな",
    "金色の",
    "不屈の",
    "陽光の",
    "砕けた",
    "新緑の",
    "厳格な",
    "巡礼の",
    "鉄の",
    "深紅の",
    "凍てつく",
    "野生の",
    "潮の",
)
JA_NOUN = (
    "番人",
    "神託者",
    "巨獣",
    "角灯",
    "巡礼者",
    "機関",
    "ハイドラ",
    "記録者",
    "監視者",
    "巨像",
    "使い魔",
    "聖遺物",
    "先触れ",
    "略奪者",
    "スフィンクス",
    "ゴーレム",
    "ドルイド",
    "灯台",
)
FR_NOUN = (
    "Sentinelle",
    "Oracle",
    "Béhémoth",
    "Lanterne",
    "Pèlerin",
    "Machine",
    "Hydre",
    "Archiviste",
    "Gardien",
    "Colosse",
    "Familier",
    "Reliquaire",
    "Héraut",
    "Maraudeur",
    "Sphinx",
    "Golem",
    "Druide",
)
FR_ADJ = (
    "antique",
    "flamboyant",
    "silencieux",
    "creux",
    "doré",
    "infatigable",
    "ensoleillé",
    "brisé",
    "verdoyant",
    "sinistre",
    "vigilant",
    "errant",
    "arcanique",
    "sauvage",
    "de fer",
    "pourpre",
    "gelé",
)

EN_TEXT = (
    "Put a {c} on target creature.",
    "At the beginning of your upkeep, remove a {c} from {n}. Then if it has no {c}s on it, sacrifice it.",
    "{n} enters the battlefield with three {c}s on it.",
    "Whenever a creature you control dies, you may put a {c} on {n}.",
    "{T}, Remove a {c} from {n}: Draw a card.",
    "Proliferate. (Choose any number of permanents and/or players, then give each another counter of each kind already there.)",
    "As long as {n} has a {c} on it, it has flying and can't be blocked by creatures with power 2 or less.",
    "When {n} dies, put its {c}s on target creature you control.",
    "Each creature you control with a {c} on it gets +1/+1 and has trample.",
    "If a {c} would be put on a permanent you control, put twice that many instead.",
)
JA_TEXT = (
    "クリーチャー1体を対象とする。それの上に{c}1個を置く。",
    "あなたのアップキープの開始時に、{n}から{c}1個を取り除く。その後、それの上に{c}が無い場合、それを生け贄に捧げる。",
    "{n}は{c}3個が置かれた状態で戦場に出る。",
    "あなたがコントロールしているクリーチャー1体が死亡するたび、あなたは{n}の上に{c}1個を置いてもよい。",
    "{T}, {n}から{c}1個を取り除く：カード1枚を引く。",
    "増殖を行う。",
    "{n}の上に{c}が置かれているかぎり、それは飛行を持つ。",
    "{n}が死亡したとき、あなたがコントロールしているクリーチャー1体を対象とする。{n}の上の{c}をそれの上に置く。",
)
FR_TEXT = (
    "Mettez un {c} sur la créature ciblée.",
    "Au début de votre entretien, retirez un {c} de {n}. Ensuite, s'il n'y a pas de {c} dessus, sacrifiez-le.",
    "{n} arrive sur le champ de bataille avec trois {c}.",
    "À chaque fois qu'une créature que vous contrôlez meurt, vous pouvez mettre un {c} sur {n}.",
    "{T}, retirez un {c} de {n} : Piochez une carte.",
    "Proliférez. (Choisissez n'importe quel nombre de permanents et/ou de joueurs, puis donnez à chacun un marqueur supplémentaire de chaque type déjà présent.)",
    "Tant que {n} a un {c} sur lui, il a le vol et ne peut pas être bloqué par les créatures de force inférieure ou égale à 2.",
    "Chaque créature que vous contrôlez avec un {c} sur elle gagne +1/+1 et a le piétinement.",
)
RULINGS = (
    "If {n} has no {c}s on it when its triggered ability resolves, the ability does nothing. It doesn't matter how many {c}s it had when the ability triggered.",
    "If {n} leaves the battlefield while its ability is on the stack, the {c}s are put on it only if it returns, and it will be a new object with no memory of its previous existence.",
    "You choose the target creature as the ability is put on the stack, but the number of {c}s is counted as it resolves. If the target is an illegal target by then, the ability doesn't resolve.",
    "Removing a {c} from {n} is part of the cost of its activated ability. You can't activate the ability if there is no {c} on it, and players can't respond to the payment of that cost.",
    "If a permanent has both a +1/+1 counter and a -1/-1 counter on it, they are removed in pairs as a state-based action, so the permanent will end up with only one kind.",
    "Proliferate lets you add a {c} to {n} and another counter of each kind to any other permanent or player that already has one, including loyalty counters on planeswalkers.",
    "If {n} would enter the battlefield with {c}s and another effect also puts counters on it as it enters, all of those counters are put on it at the same time.",
    "The {c}s on {n} are not lost if it phases out or if control of it changes; they stay on it until something removes them or it leaves the battlefield.",
)
SETS = (
    ("NEO", "Kamigawa: Neon Dynasty", "2022-02-18"),
    ("SNC", "Streets of New Capenna", "2022-04-29"),
    ("ONE", "Phyrexia: All Will Be One", "2023-02-10"),
    ("MOM", "March of the Machine", "2023-04-21"),
    ("WOE", "Wilds of Eldraine", "2023-09-08"),
    ("MKM", "Murders at Karlov Manor", "2024-02-09"),
)


def _q(value: str) -> str:
    """A YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(value, ensure_ascii=False)


def _counters(base: Path) -> list[tuple[str, dict]]:
    kb, _ = load(base)
    found = []
    for record in kb.all("counter"):
        names = record.data.get("names") or {}
        texts = {lang: (names.get(lang) or {}).get("text") for lang in ("en", "ja", "fr")}
        official = all((names.get(lang) or {}).get("status") == "official" for lang in ("ja", "fr"))
        if official and all(isinstance(t, str) for t in texts.values()):  # printed texts use official names
            found.append((record.id, texts))
    return found


def _fill(template: str, name: str, counter: str, symbol: str = "{T}") -> str:
    return template.replace("{n}", name).replace("{c}", counter).replace("{T}", symbol)


def _text(rng: random.Random, templates, name: str, counter: str, joiner: str) -> str:
    chosen = rng.sample(templates, rng.choice((1, 2, 2, 3)))
    if not any("{c}" in template for template in chosen):  # the card lists its counter: its text must name it (E175)
        chosen.append(templates[0])
    return joiner.join(_fill(t, name, counter) for t in chosen)


def _official(text: str, source: str, version: str, printing: tuple | None = None) -> list[str]:
    lines = [
        f"text: {_q(text)}",
        "status: official",
        f"source: {source}",
        "via: mtgjson-20220425",
        f'version: "{version}"',
    ]
    if printing:
        lines.append(f'printing: {{set: {printing[0]}, number: "{printing[1]}"}}')
    return lines


def _block(key: str, lines: list[str], indent: int) -> list[str]:
    pad = " " * indent
    return [f"{pad}{key}:"] + [f"{pad}  {line}" for line in lines]


def _shape(base: Path) -> tuple[list[int], list[str], float, float]:
    """What the imported cards of `base` look like: rulings per card, mechanic ids, and the share of
    cards with a printed Japanese and a printed French text."""

    kb, _ = load(base)
    imported = [c for c in kb.all("card") if c.data.get("oracle_id")]
    per_card = [len(c.data.get("rulings") or []) for c in imported]
    texts = [c.data.get("text") or {} for c in imported]
    share = lambda lang: sum(1 for t in texts if lang in t) / len(texts) if texts else 1.0  # noqa: E731
    return per_card, [m.id for m in kb.all("mechanic")], share("ja"), share("fr")


def _rulings_per_card(rng: random.Random, cards: int, rulings: int, real: list[int]) -> list[int]:
    """`rulings` spread over `cards` as the imported cards have them (most have a few, some none, none has
    dozens), or skewed when `base` has no imported cards."""
    if not any(real):
        per_card = [0] * cards
        for _ in range(rulings):  # skewed: a few cards have many rulings, many have none
            per_card[int(cards * rng.random() ** 2)] += 1
        return per_card
    per_card = [rng.choice(real) for _ in range(cards)]
    while sum(per_card) < rulings:
        per_card[rng.randrange(cards)] += 1
    while sum(per_card) > rulings:
        index = rng.randrange(cards)
        if per_card[index]:
            per_card[index] -= 1
    return per_card


def generate(out: Path, base: Path, cards: int = 3000, rulings: int = 8500, seed: int = 20221130) -> Path:
    """Write OUT/data (the records of `base` plus the synthetic cards); returns OUT/data.

    The cards have the imported cards' shape: an English Oracle name and text, printed Japanese and
    French ones on as many cards as in `base` (about 80 %), rulings spread as in `base`, each ruling
    about the card's counter kind or a mechanic as often as there. They validate without a problem (the reviewed lists beside `base` are copied beside them)."""
    rng = random.Random(seed)
    data = Path(out) / "data"
    if data.exists():
        shutil.rmtree(data)
    shutil.copytree(base, data)
    for list_path in REVIEWED_LISTS:  # beside the data, as in the repository: the checks read them (E509…)
        if list_path(base).is_file():
            list_path(data).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(list_path(base), list_path(data))
    counters = _counters(base)
    real, mechanics, ja_share, fr_share = _shape(base)
    per_card = _rulings_per_card(rng, cards, rulings, real)
    for number in range(cards):
        en_name = f"{rng.choice(EN_ADJ)} {rng.choice(EN_NOUN)} {number}"
        ja_name = f"{rng.choice(JA_KANJI)}{rng.choice(JA_NOUN)}・{''.join(rng.choice(JA_KANA) for _ in range(3))}"
        fr_name = f"{rng.choice(FR_NOUN)} {rng.choice(FR_ADJ)} {number}"
        card_id = f"{en_name.lower().replace(' ', '-')}"
        counter_id, counter = rng.choice(counters)
        code, _set_name, released = rng.choice(SETS)
        printing = (code, str(rng.randrange(1, 300)))
        printed = {"ja": rng.random() < ja_share, "fr": rng.random() < fr_share}
        lines = ["# Synthetic card (counterpedia.bench.search_data): not a Magic card.", f"id: {card_id}", "names:"]
        lines += _block("en", _official(en_name, "wotc-oracle", "2022-04-25"), 2)
        if printed["ja"]:
            lines += _block("ja", _official(ja_name, "wotc-printed-cards", released, printing), 2)
        if printed["fr"]:
            lines += _block("fr", _official(fr_name, "wotc-printed-cards", released, printing), 2)
        oracle_id = f"5e000000-0000-4000-8000-{number:012d}"  # a prefix of its own: never a fixture's Oracle ID
        lines += [f"oracle_id: {_q(oracle_id)}", f"counters: [{counter_id}]", "text:"]
        lines += _block(
            "en", _official(_text(rng, EN_TEXT, en_name, counter["en"], "\n"), "wotc-oracle", "2022-04-25"), 2
        )
        if printed["ja"]:
            lines += _block(
                "ja",
                _official(_text(rng, JA_TEXT, ja_name, counter["ja"], "\n"), "wotc-printed-cards", released, printing),
                2,
            )
        if printed["fr"]:
            lines += _block(
                "fr",
                _official(_text(rng, FR_TEXT, fr_name, counter["fr"], "\n"), "wotc-printed-cards", released, printing),
                2,
            )
        if per_card[number]:
            lines.append("rulings:")
        for index in range(per_card[number]):
            date = f"20{rng.randrange(12, 23):02d}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"
            text = " ".join(_fill(t, en_name, counter["en"]) for t in rng.sample(RULINGS, rng.choice((1, 1, 2))))
            lines += [
                f"  - id: {_q(f'{date}-{index + 1}')}",
                f'    date: "{date}"',
                "    source: mtgjson-rulings-20220425",
                "    original: en",
                "    text:",
                "      en:",
                f"        text: {_q(text)}",
                "        status: community",
                "        source: mtgjson-rulings-20220425",
                f'        version: "{date}"',
            ]
            about = []
            if rng.random() < 0.33:
                about.append(f"counters: [{counter_id}]")
            if mechanics and rng.random() < 0.21:
                about.append(f"mechanics: [{rng.choice(mechanics)}]")
            if about:
                lines.append(f"    about: {{{', '.join(about)}}}")
        path = data / "cards" / card_id[0] / f"{card_id}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return data
