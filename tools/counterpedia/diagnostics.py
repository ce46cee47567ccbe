"""Located diagnostics with stable codes, in the `path:line:col: error[CODE] message` form."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Code:
    code: str
    severity: str
    summary: str
    hint: str = ""
    command: str = "validate"  # the command that reports it


# The fixed table of diagnostic codes. Never renumber: editors and tools match on them.
CODES: dict[str, Code] = {
    c.code: c
    for c in [
        Code("E001", ERROR, "YAML syntax error", "fix the YAML syntax at the position shown"),
        Code("E002", ERROR, "duplicate key", "keep one of the two keys; YAML keeps only the last"),
        Code("E003", ERROR, "a record must be a YAML mapping", "start the file with `id: …`"),
        Code("E004", ERROR, "file cannot be read", "save the file as UTF-8 text"),
        Code("E005", ERROR, "file outside the record folders", "move it into one of data/counters, data/rules, …"),
        Code(
            "E006",
            ERROR,
            "values nest too deeply",
            "a record nests a few levels at most: check the brackets and the indentation",
        ),
        Code(
            "E007",
            ERROR,
            "a YAML tag that builds an object",
            "remove the `!tag`: a record holds only text, numbers, lists and mappings",
        ),
        Code(
            "E008",
            ERROR,
            "a mapping or a list used as a key",
            "keys are plain words such as `en` or `text`; remove the `?` or the braces",
        ),
        Code(
            "E009",
            ERROR,
            "aliases that expand too far or into themselves",
            "write the values out: records need no anchors (&) and aliases (*)",
        ),
        Code("E010", ERROR, "not a YAML record file", "name a .yaml file (or a folder) inside the data folder"),
        Code(
            "E011",
            ERROR,
            "a journal of pending writes in the data folder",
            "delete it: it is never replayed from the data folder, where a commit can bring one in (journals live in the git-ignored .cache/counterpedia/)",
            "validate (journal)",
        ),
        Code(
            "E012",
            ERROR,
            "an interrupted command left its writes half done",
            "`counterpedia recover` finishes them; `counterpedia recover --abandon` drops the plan (then run the command again)",
            "validate (journal)",
        ),
        Code(
            "E013",
            ERROR,
            "a file far larger than any record",
            "a record is a few KB and a few hundred values: this file is something else; move it out of the data folder",
            "validate (size)",
        ),
        Code("E101", ERROR, "does not match the schema", "see docs/editors/data-format.md for the field"),
        Code("E102", ERROR, "id does not match the file name", "rename the file or fix the id: they must be equal"),
        Code("E103", ERROR, "duplicate id", "ids are unique per kind; choose another id"),
        Code("E110", ERROR, "reference to a record that does not exist", "create the record or correct the id"),
        Code("E111", ERROR, "unknown source", "add the source to data/sources/ or correct the id"),
        Code("E120", ERROR, "malformed CR number", "write 122, 122.1 or 122.1a; subrule letters skip l and o"),
        Code(
            "E121", ERROR, "CR rule not quoted in the data", "quote the rule in a data/rules/ record, or fix the number"
        ),
        Code("E122", ERROR, "CR rule quoted twice", "quote each rule number once across data/rules/"),
        Code("E130", ERROR, "invalid date or version", "dates are YYYY-MM-DD; CR editions are YYYYMMDD"),
        Code("E140", ERROR, "incomplete provenance", "a translation records `translates: {lang, version, hash}`"),
        Code(
            "E141",
            ERROR,
            "translation of a text that is not there",
            "`translates.lang` must name a language present in the same field",
        ),
        Code(
            "E301",
            ERROR,
            "quoted rule text differs from the edition",
            "run `counterpedia cr sync --cr FILE --apply` to update the quote",
            "cr check",
        ),
        Code(
            "E302",
            ERROR,
            "quoted rule has a new number in the edition",
            "run `counterpedia cr sync --cr FILE --apply` to renumber it everywhere",
            "cr check",
        ),
        Code(
            "E303",
            ERROR,
            "quoted rule is not in the edition",
            "check `counterpedia cr diff`; remove or replace the quote by hand",
            "cr check",
        ),
        Code(
            "E304",
            ERROR,
            "quoted Japanese text differs from the Japanese CR",
            "copy the official text from the Japanese CR file: `counterpedia cr sync --lang ja --apply`",
            "cr check --lang ja",
        ),
        Code(
            "E305",
            ERROR,
            "quoted rule is not in the Japanese CR",
            "check the rule number, or the Japanese CR file given (`--cr-ja FILE`)",
            "cr check --lang ja",
        ),
        Code(
            "E306",
            ERROR,
            "the Japanese CR has the official text, the data does not quote it",
            "replace the machine or missing Japanese text: `counterpedia cr sync --lang ja --apply`",
            "cr check --lang ja",
        ),
        Code(
            "E307",
            ERROR,
            "official Japanese text of another edition than the Japanese CR",
            "update it to the file's edition (`counterpedia cr sync --lang ja --apply` keeps the older quote as history)",
            "cr check --lang ja",
        ),
        Code(
            "E308",
            ERROR,
            "a noted difference from the English is not in the texts",
            "`differs` quotes words of the two texts: `en` words are in the English text, `ja` words in this one (see docs/editors/data-format.md)",
        ),
        Code(
            "W201",
            WARNING,
            "translation has drifted from its canonical text",
            "update the translation, then its `translates` hash (`counterpedia hash`)",
        ),
        Code(
            "W203",
            WARNING,
            "status and source disagree",
            "a `machine` text comes from a machine-translation source, and only it does",
        ),
        Code(
            "W202",
            WARNING,
            "translation records a hash in an unknown form",
            "record `sha256:` and 16 hex digits, as `counterpedia hash` prints",
        ),
        Code(
            "E150",
            ERROR,
            "the list of excluded counter kinds is malformed",
            "see catalogue/excluded-counters.yaml: `counters`, a list of {name, category, reason}",
            "validate (excluded list)",
        ),
        Code(
            "E151",
            ERROR,
            "counter kind both recorded and excluded",
            "remove it from catalogue/excluded-counters.yaml, or delete the counter record",
            "validate (excluded list)",
        ),
        Code(
            "E152",
            ERROR,
            "no source shows that this counter exists",
            "cite in `sources` the CR (cr) or a card-text, dataset or wiki source showing a card that prints it",
        ),
        Code(
            "E153",
            ERROR,
            "the list of search shorthands is malformed",
            "see catalogue/search-shorthands.yaml: `shorthands`, a list of {typed: [text, …], means: KIND/ID, note}; each shorthand listed once",
            "validate (search shorthands)",
        ),
        Code(
            "E154",
            ERROR,
            "a search shorthand names a record that does not exist",
            "`means` is KIND/ID of an existing record (counter/plus1-plus1, rule/state-based-actions)",
            "validate (search shorthands)",
        ),
        Code(
            "E155",
            ERROR,
            "the auto-linking stop list is malformed",
            "see catalogue/autolink-stop-list.yaml: `names`, a list of {name, langs: [ja, en, fr], reason}, the reason one short sentence",
        ),
        Code(
            "E156",
            ERROR,
            "a name of the auto-linking stop list is the name of no card",
            "write the name as a card's record writes it (data/cards/…: `names.en.text`, `names.ja.text` or `names.fr.text`), or remove the entry",
        ),
        Code(
            "E157",
            ERROR,
            "a name listed twice for one language in the auto-linking stop list",
            "keep one entry per name and language: merge the two entries' languages and reasons",
        ),
        Code(
            "E158",
            ERROR,
            "a language of the auto-linking stop list that is not a site language",
            "`langs` lists the languages of the site whose pages do not link the name: ja, en, fr",
        ),
        Code(
            "E159",
            ERROR,
            "the terminology exceptions list is malformed",
            "see catalogue/terminology-exceptions.yaml: `terms`, a list of {id: KIND:ID, reason} or {id or name, entry, reason}; `cards`, a list of {name, reason}",
        ),
        Code(
            "E160",
            ERROR,
            "counter kind covered by a rule's pattern does not cite it",
            "add the rule to `rules` (+X/+Y and -X/-Y counters: the +X/+Y rule; keyword counters: the keyword-counter rule)",
        ),
        Code(
            "E161",
            ERROR,
            "official text that does not cite a text the publisher published",
            "cite what Wizards of the Coast published as `source` (cr, cr-ja, wotc-printed-cards, wotc-oracle, release notes, a FAQ) and the copy you read it from as `via`; with no publisher's text behind it, lower `status`",
        ),
        Code(
            "E162",
            ERROR,
            "`via` does not name a copy",
            "`via` names the dataset, wiki or other copy the text was read from: not the text's own source, not our commentary or a machine translation",
        ),
        Code(
            "E163",
            ERROR,
            "two records of one kind share a name in one language",
            "give each record its own name: the printed term where a card prints one, else a machine translation that does not collide",
        ),
        Code(
            "E164",
            ERROR,
            "name given as official from the CR is written in no rule the counter cites",
            "cite a card that prints the name (wotc-oracle or wotc-printed-cards), or mark it as our own wording (community)",
        ),
        Code(
            "E165",
            ERROR,
            "official ruling read from a copy that it does not name",
            "a ruling of an undated collection of Wizards of the Coast's (Gatherer, the rulings Scryfall distributes) was read from a copy: name it as `via` (as `counterpedia import gatherer-rulings` writes `via: mtgjson3-gatherer-20181107`)",
        ),
        Code(
            "W204",
            WARNING,
            "two records of one kind share a machine-translated name in one language",
            "retranslate one of them (or both): the printed term where a card prints one",
        ),
        Code(
            "E166",
            ERROR,
            "official name from the CR not as the current quote of its rule writes it",
            "copy the name verbatim from the rule's current quote (spaces and width included), citing that quote's `source`, `version` and `via`",
        ),
        Code(
            "E170",
            ERROR,
            "ruling id used twice in one card",
            "give each of the card's rulings its own id (the importers write <date>-<8 hex digits of the text's hash>)",
        ),
        Code(
            "E171",
            ERROR,
            "card file outside its shard folder",
            "cards live in data/cards/<first character of the id>/<id>.yaml",
        ),
        Code(
            "E172",
            ERROR,
            "two cards with one Oracle ID",
            "an Oracle ID is a card's identity: merge the two records or correct the `oracle_id`",
        ),
        Code(
            "E173",
            ERROR,
            "a card's official Japanese or French text is its English text",
            "a source filed the English under that language (MTGJSON does on a few printings): remove the entry; a text no source gives stays missing",
        ),
        Code(
            "E174",
            ERROR,
            "a card stored twice: a record without an Oracle ID named as another card or one of its faces",
            "merge the two: keep what the record without an Oracle ID adds (counters, texts), then delete it (the importers find such a record by any face's name)",
        ),
        Code(
            "E175",
            ERROR,
            "a card lists a counter kind its English Oracle text does not name",
            "remove the kind from `counters`, or correct the Oracle text (the importers link the kinds the text names: importers/counter_text.py)",
        ),
        Code(
            "E180",
            ERROR,
            "a machine or community name differs from the name printed on cards",
            "use the printed name: `status: official`, `source: wotc-printed-cards`, its `version` and `printing` (as `counterpedia import mtgjson` writes it)",
        ),
        Code(
            "E181",
            ERROR,
            "an official name read from cards that a more recent printing contradicts",
            "the most recent printing wins: write its name, `version` and `printing` (docs/editors/catalogue.md, printed names)",
        ),
        Code(
            "E190",
            ERROR,
            "a blank text",
            "write the text, or remove the language: a text of spaces (U+3000 included) shows as nothing",
        ),
        Code(
            "E191",
            ERROR,
            "a control character or a bidirectional override in a text",
            "remove it: escapes such as \\e, \\a or \\u202e reach the pages as they are (a line break is allowed only in a text that spans lines, not in a name)",
        ),
        Code(
            "W205",
            WARNING,
            "a TODO placeholder left in a record",
            "write the text `counterpedia new` left as TODO (in our own words, with its source), or remove the language",
        ),
        Code(
            "W206",
            WARNING,
            "an exception of the terminology list names no counter, mechanic or term of the data: it silences nothing",
            "write KIND:ID of an existing record (term:counter, mechanic:double, counter:time), or remove the entry",
        ),
        Code(
            "W207",
            WARNING,
            "an exception of the terminology list names no translation-memory entry: it silences nothing",
            "`entry` is the key of an entry of data/translation-memory/ (its `id`, 16 hex digits); remove the exception when its entry is gone",
        ),
        Code(
            "W208",
            WARNING,
            "an exception of the terminology list names no card: it silences nothing",
            "write the card's English name as its record writes it (`names.en.text`), or remove the entry",
        ),
        Code(
            "E400",
            ERROR,
            "fmt could not format the file without changing its data or a comment",
            "the file is left as it is: please report it with the file attached",
            "fmt",
        ),
        Code(
            "E500",
            ERROR,
            "translation memory entry whose key is not the hash of its English template",
            "the key is `counterpedia memory key` of the English template: an edited English is a new entry (import or export it again)",
        ),
        Code(
            "E501",
            ERROR,
            "translation memory entry in another shard than its key's",
            "an entry lives in data/translation-memory/<first two hex digits of its key>.yaml",
        ),
        Code(
            "E502",
            ERROR,
            "two translation memory entries for one English text",
            "keep one entry per English template: merge the two (the same English always has the same translation)",
        ),
        Code(
            "W503",
            WARNING,
            "translation memory entry that no ruling uses",
            "the English of its rulings changed or they were removed: delete the entry, or translate the new English (`counterpedia memory export`)",
        ),
        Code(
            "E504",
            ERROR,
            "the card's name placeholder differs from the English",
            "keep each <CARD> (<CARD:1>, <CARD:2>) exactly as many times as the English has it; Japanese writes it 《<CARD>》",
        ),
        Code(
            "E505",
            ERROR,
            "a mana or tap symbol differs from the English",
            "keep {T}, {2}{G}, {E}… exactly as the English writes them",
        ),
        Code(
            "E506",
            ERROR,
            "a rule number differs from the English",
            "keep each rule number (704.5q) as the English writes it",
        ),
        Code(
            "E507",
            ERROR,
            "a number of the English is missing from the translation",
            "write every number the English writes in digits (Japanese: full-width digits are the same number)",
        ),
        Code(
            "E508",
            ERROR,
            "a ±N/±N form is not written as its language writes it",
            "Japanese writes ±N/±N full-width, as printed Japanese cards do (＋１/＋１, －１/－１, ０/１); French keeps the English form (+1/+1)",
        ),
        Code(
            "E509",
            ERROR,
            "a translation does not use the official term",
            "use the official name of the counter, keyword, mechanic or glossary term the English names (inflected as the language needs); an ordinary word that only looks like a term goes in catalogue/terminology-exceptions.yaml",
        ),
        Code(
            "E510",
            ERROR,
            "a translation does not use the card's printed name",
            "write the card's printed name in that language (《…》 in Japanese); with none printed, its English name",
        ),
        Code(
            "E511",
            ERROR,
            "a reviewed translation does not say who reviewed it",
            "a `community` text of the translation memory records `reviewed: {by: NAME, date: YYYY-MM-DD}`",
        ),
        Code(
            "W512",
            WARNING,
            "a ruling's own translation differs from the translation memory's",
            "delete the ruling's own text (it then comes from the memory), or correct the memory's entry: the same English has the same translation",
        ),
        Code(
            "E520",
            ERROR,
            "a translation batch file is malformed",
            "a batch is `@@ KEY` lines, each followed by one `ja: …` and one `fr: …` line (see docs/editors/contributing.md)",
            "memory import",
        ),
    ]
}


@dataclass(frozen=True, order=True)
class Diagnostic:
    path: str
    line: int  # 1-based
    column: int  # 1-based
    code: str
    message: str
    hint: str = field(default="", compare=False)

    @property
    def severity(self) -> str:
        return CODES[self.code].severity

    def render(self, strict: bool = False) -> str:
        severity = ERROR if strict else self.severity
        text = f"{self.path}:{self.line}:{self.column}: {severity}[{self.code}] {self.message}"
        hint = self.hint or CODES[self.code].hint
        if hint:
            text += f"\n    hint: {hint}"
        return text

    def to_json(self, strict: bool = False) -> dict[str, object]:
        data = asdict(self)
        data["severity"] = ERROR if strict else self.severity
        data["hint"] = self.hint or CODES[self.code].hint
        return data


MAX_MESSAGE = 600  # characters: a message quotes values briefly, whatever their size


def brief(text: str, limit: int = MAX_MESSAGE) -> str:
    """`text` cut in the middle when longer than `limit`, saying how long it was."""
    if len(text) <= limit:
        return text
    return f"{text[: limit * 2 // 3]} …[{len(text):,} characters]… {text[-limit // 4 :]}"


def make(path: str, position: tuple[int, int], code: str, message: str, hint: str = "") -> Diagnostic:
    """A diagnostic at a 0-based (line, column) position, as ruamel reports them."""
    if code not in CODES:
        raise KeyError(f"unknown diagnostic code {code}")
    line, column = position
    return Diagnostic(path, line + 1, column + 1, code, brief(message), hint)


def has_errors(diagnostics: list[Diagnostic], strict: bool = False) -> bool:
    return any(strict or d.severity == ERROR for d in diagnostics)


def render_all(diagnostics: list[Diagnostic], fmt: str = "text", strict: bool = False) -> str:
    if fmt == "json":
        return json.dumps([d.to_json(strict) for d in diagnostics], ensure_ascii=False, indent=2)
    lines = [d.render(strict) for d in diagnostics]
    errors = sum(1 for d in diagnostics if strict or d.severity == ERROR)
    warnings = len(diagnostics) - errors
    if diagnostics:
        lines.append(f"{errors} error(s), {warnings} warning(s)")
    return "\n".join(lines)
