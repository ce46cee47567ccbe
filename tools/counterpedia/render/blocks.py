"""One text in a page's language, with its status badge, provenance, and the canonical text beside it."""

from __future__ import annotations

import re

from ..langs import LANGS
from ..model import proof
from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import text_state
from ..model.shapes import as_dict
from ..model.texts import canonical_of
from . import i18n, urls
from .markup import Linker, escape, escape_line, paragraphs

# A web address Markdown can autolink as it is: no space, quote or angle bracket to end it early.
_WEB_URL_RE = re.compile(r"https?://[^\s<>\"'`\\]+", re.IGNORECASE)


def numbering_edition(entry: dict, texts: dict | None = None) -> str | None:
    """The CR edition whose rule numbers a text uses: `cr_edition`, else its version if that is an
    edition; a translation keeps the numbering of the text it translates: the edition it translates
    (the official Japanese of 20260116 beside the English of a later edition), else that text's."""
    if entry.get("cr_edition"):
        return str(entry["cr_edition"])
    version = str(entry.get("version") or "")
    if len(version) == 8 and version.isdigit():
        return version
    translates = entry.get("translates")
    if not isinstance(translates, dict):  # none, or malformed (the schema reports it)
        return None
    translated_version = str(translates.get("version") or "")
    if len(translated_version) == 8 and translated_version.isdigit():
        return translated_version
    translated = translates.get("lang")
    source = (texts or {}).get(translated)
    if isinstance(source, dict) and source is not entry:
        return numbering_edition(source)
    return None


class TextRenderer:
    def __init__(self, kb: KnowledgeBase, lang: str, linker: Linker):
        self.kb = kb
        self.lang = lang
        self.linker = linker

    def source_link(self, page: str, source_id: str) -> str:
        record = self.kb.get("source", source_id)
        label = escape(str(record.data.get("title") if record else source_id))
        return f"[{label}]({urls.record_link(page, 'source', source_id)})"

    def url_link(self, url: str) -> str:
        """A source's address: a link when it is a web address, else shown as plain text (never as HTML)."""
        url = str(url)
        if _WEB_URL_RE.fullmatch(url):
            return f"<{url}>"
        return escape_line(url)

    def badges(self, status: str, drifted: bool, canonical: str) -> str:
        if status == "machine":
            label = i18n.machine_badge(self.lang, canonical)
        else:
            label = i18n.status_label(status, self.lang)
        html = f'<span class="cp-badge cp-badge--{status}">{label}</span>'
        if drifted:
            note = i18n.DRIFT_NOTE[self.lang]
            html += f' <span class="cp-badge cp-badge--drifted" title="{note}">{i18n.status_label("drifted", self.lang)}</span>'
        return html

    def meta(self, page: str, entry: dict, lang: str) -> str:
        parts = [self.source_link(page, entry["source"])] if entry.get("source") else []
        if entry.get("via"):
            parts.append("via " + self.source_link(page, entry["via"]))
        if entry.get("version"):
            parts.append(escape(str(entry["version"])))
        translated = entry.get("translates")
        if not isinstance(translated, dict):
            translated = {}
        edition = str(translated.get("version") or "")
        if translated.get("lang") == "en" and len(edition) == 8 and edition.isdigit():
            # A translation of a rule says which English edition it translates (the official Japanese of
            # 20260116 beside the English of a later edition).
            parts.append(escape(i18n.t("ja_translation_of", self.lang).format(edition=edition)))
            if translated.get("number"):
                # The old number links to the rule it was (the text follows that edition's numbering).
                was = i18n.t("ja_rule_was", self.lang).format(edition=edition, number=translated["number"])
                parts.append(self.linker.to_markdown(was, page, edition=edition))
        for cited in entry.get("cites") or []:
            parts.append(self.source_link(page, cited))
        prefix = "" if lang == self.lang else f"{i18n.LANG_NAMES[self.lang][lang]} · "
        return prefix + " · ".join(parts)

    def body(self, page: str, entry: dict, skip_card: str | None, texts: dict | None = None) -> str:
        return self.linker.to_markdown(
            str(entry.get("text", "")), page, skip_card, edition=numbering_edition(entry, texts)
        )

    def block(
        self,
        page: str,
        texts: dict | None,
        canonical: str | None,
        skip_card: str | None = None,
        label: str | None = None,
    ) -> str:
        """A text in the page language; if it is not the canonical one, the canonical text beside it."""
        texts = texts or {}
        canonical = canonical or canonical_of(texts, "en") or self.lang
        state = text_state(texts, self.lang, canonical)
        entry = texts.get(self.lang) if isinstance(texts.get(self.lang), dict) else None
        lines = [f'<div class="cp-text cp-text--{state.status}" markdown="1">', ""]
        lines.append(f'<div class="cp-text__main" lang="{self.lang}" markdown="1">')
        lines.append("")
        if label:
            lines += [f"**{escape(label)}**", ""]
        if entry and state.status != "missing":
            lines += [self.body(page, entry, skip_card, texts), ""]
            lines += [
                f'{self.badges(state.status, state.drifted, canonical)} <span class="cp-meta">{self.meta(page, entry, self.lang)}</span>',
                "",
            ]
            lines += self.differences(page, entry)
        else:
            lines += [f"{self.badges('missing', False, canonical)} {i18n.t('missing_text', self.lang)}", ""]
        lines += ["</div>", ""]
        source = texts.get(canonical) if isinstance(texts.get(canonical), dict) else None
        if canonical != self.lang and source and source.get("text"):
            lines.append(f'<div class="cp-text__canonical" lang="{canonical}" markdown="1">')
            lines.append("")
            lines.append(
                f'<span class="cp-canonical-label">{i18n.t("canonical", self.lang)} · {i18n.LANG_NAMES[self.lang][canonical]}</span>'
            )
            lines.append("")
            lines += [self.body(page, source, skip_card, texts), ""]
            lines += [
                f'{self.badges(source.get("status", "official"), False, canonical)} <span class="cp-meta">{self.meta(page, source, canonical)}</span>',
                "",
            ]
            lines += ["</div>", ""]
        lines += ["</div>", ""]
        return "\n".join(lines)

    def differences(self, page: str, entry: dict) -> list[str]:
        """The noted differences of an official translation from the English (`differs`), as lines."""
        items = [i for i in entry.get("differs") or [] if isinstance(i, dict)]
        sentences = [i18n.difference(item, self.lang) for item in items]
        sentences = [s for s in sentences if s]
        if not sentences:
            return []
        lines = [
            '<div class="cp-differs" markdown="1">',
            "",
            f'<span class="cp-differs__label">{i18n.t("differs_intro", self.lang)}</span>',
            "",
        ]
        lines += [f"- {self.linker.to_markdown(sentence, page)}" for sentence in sentences]
        return lines + ["", "</div>", ""]

    def history(self, page: str, items: list | None) -> str:
        """A rule's quotes of earlier editions: shown as history, never as its current text."""
        items = [i for i in items or [] if isinstance(i, dict) and isinstance(i.get("text"), str)]
        if not items:
            return ""
        lines = [
            '<div class="cp-history-quotes" markdown="1">',
            "",
            f'<span class="cp-history-quotes__label">{i18n.t("history_quotes", self.lang)}</span>',
            "",
        ]
        for item in items:
            lang = item.get("lang", "ja")
            details = []
            if item.get("number"):
                details.append(escape(i18n.t("history_number", self.lang).format(number=item["number"])))
            if item.get("example"):
                details.append(escape(i18n.t("history_example", self.lang).format(n=item["example"])))
            meta = self.meta(page, item, lang)
            label = i18n.status_label(item.get("status", "official"), self.lang)
            lines += [
                f'<div class="cp-history-quote" lang="{lang}" markdown="1">',
                "",
                paragraphs(item["text"]),
                "",
                f'<span class="cp-badge cp-badge--history">{label}</span> <span class="cp-meta">{" · ".join(details + [meta])}</span>',
                "",
                "</div>",
                "",
            ]
        return "\n".join(lines + ["</div>", ""])

    def name(self, texts: dict | None, fallback: str) -> str:
        """A plain display name: the page language, else English, else any."""
        texts = texts or {}
        for lang in (self.lang, "en", *LANGS):
            entry = texts.get(lang)
            if isinstance(entry, dict) and entry.get("text"):
                return str(entry["text"])
        return fallback

    def names_table(self, texts: dict | None) -> str:
        """The names in the three languages, each with its status (missing shown as missing)."""
        texts = texts or {}
        rows = [f"| {i18n.t('translation', self.lang)} | {i18n.t('names', self.lang)} | |", "| --- | --- | --- |"]
        canonical = "en" if "en" in texts else next(iter(texts), "en")
        for lang in LANGS:
            state = text_state(texts, lang, canonical)
            entry = texts.get(lang) if isinstance(texts.get(lang), dict) else None
            shown = escape(str(entry.get("text", ""))).replace("\n", "<br>") if entry else ""  # a table row is one line
            value = f'<span lang="{lang}">{shown}</span>' if entry and state.status != "missing" else "—"
            printing = entry.get("printing") if entry else None
            if isinstance(printing, dict) and printing.get("set"):
                value += f' <span class="cp-meta">{escape(str(printing["set"]))} #{escape(str(printing.get("number", "")))}</span>'
            badge = (
                self.badges(state.status, state.drifted, canonical)
                if state.status != "missing"
                else self.badges("missing", False, canonical)
            )
            rows.append(f"| {i18n.ENDONYMS[lang]} | {value} | {badge} |")
        return "\n".join(rows) + "\n"

    # -- texts that are no translation: Oracle and printed texts, and rulings shown in their original ------------
    def plain_block(
        self,
        page: str,
        entry: dict | None,
        lang: str,
        label: str | None = None,
        skip_card: str | None = None,
        searchable: bool = True,
    ) -> str:
        """One text in its own language, with its status and provenance: no canonical text beside it.
        `searchable=False` keeps it out of the page's search index (e.g. another language's printed text)."""
        if not isinstance(entry, dict) or not entry.get("text"):
            return ""
        exclude = "" if searchable else ' data-search-exclude="true"'
        lines = [
            f'<div class="cp-text cp-text--{entry.get("status", "official")}"{exclude} markdown="1">',
            "",
            f'<div class="cp-text__main" lang="{lang}" markdown="1">',
            "",
        ]
        if label:
            lines += [f'<span class="cp-canonical-label" markdown="1">**{escape(label)}**</span>', ""]
        lines += [self.body(page, entry, skip_card), ""]
        lines += [
            f'{self.badges(entry.get("status", "official"), False, lang)} <span class="cp-meta">{self.meta(page, entry, lang)}</span>',
            "",
        ]
        lines += ["</div>", "", "</div>", ""]
        return "\n".join(lines)

    def printed_label(self, entry: dict, lang: str) -> str:
        printing = as_dict(entry.get("printing"))
        where = i18n.t("printed_on", self.lang).format(
            set=printing.get("set", "?"), number=printing.get("number", "?"), date=entry.get("version", "?")
        )
        return f"{i18n.LANG_NAMES[self.lang][lang]} — {where}"

    def ruling_block(self, page: str, ruling: dict, skip_card: str | None = None) -> str:
        """A ruling in the page's language when a translation exists; else its original, authoritative text. Either
        way, first its status (official: proven Wizards of the Coast's; else unproven) and its provenance."""
        texts = as_dict(ruling.get("text"))
        original = ruling.get("original") if ruling.get("original") in texts else canonical_of(texts, "en")
        provenance = self.ruling_provenance(ruling, texts.get(original) if original else None)
        if self.lang in texts or original is None:
            return provenance + self.block(page, texts, original, skip_card)
        label = (
            f"{i18n.LANG_NAMES[self.lang][original]} · {i18n.t('canonical', self.lang)}"
            if original != self.lang
            else None
        )
        return provenance + self.plain_block(page, texts.get(original), original, label, skip_card)

    @staticmethod
    def is_official(ruling: Record) -> bool:
        return proof.is_official(ruling)

    def source_label(self, source_id: str) -> str:
        """A source's short name in the page's language (i18n.SOURCE_LABELS, else its publisher, else its title)."""
        if source_id in i18n.SOURCE_LABELS:
            return i18n.SOURCE_LABELS[source_id][self.lang]
        record = self.kb.get("source", source_id)
        data = record.data if record is not None else {}
        return str(data.get("publisher") or data.get("title") or source_id)

    def ruling_provenance(self, ruling: dict, original: object) -> str:
        """'official · Wizards of the Coast (Gatherer), via MTGJSON 3' / 'unproven · MTGJSON 5.2.0 (Wizards or
        Scryfall, not stated)': what a reader needs to weigh a ruling, from its original text's provenance."""
        entry = original if isinstance(original, dict) else {}
        proof = "official" if entry.get("status") == "official" else "unproven"
        source = entry.get("source") or ruling.get("source")
        label = self.source_label(str(source)) if source else "—"
        if entry.get("via"):
            label = i18n.t("via_label", self.lang).format(source=label, via=self.source_label(str(entry["via"])))
        return (
            f'<p class="cp-ruling-provenance"><span class="cp-badge cp-badge--{proof}">'
            f"{i18n.t('proof_' + proof, self.lang)}</span> {i18n.t('provenance', self.lang)}: {escape(label)}</p>\n\n"
        )
