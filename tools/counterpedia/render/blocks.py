"""One text in a page's language, with its status badge, provenance, and the canonical text beside it."""

from __future__ import annotations

from ..knowledge import KnowledgeBase
from ..provenance import LANGS, text_state
from . import i18n, urls
from ..texts import canonical_of
from .markup import Linker, escape, paragraphs


def numbering_edition(entry: dict, texts: dict | None = None) -> str | None:
    """The CR edition whose rule numbers a text uses: `cr_edition`, else its version if that is an
    edition; a translation keeps the numbering of the text it translates."""
    if entry.get("cr_edition"):
        return str(entry["cr_edition"])
    version = str(entry.get("version") or "")
    if len(version) == 8 and version.isdigit():
        return version
    translated = (entry.get("translates") or {}).get("lang")
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
        for cited in entry.get("cites") or []:
            parts.append(self.source_link(page, cited))
        prefix = "" if lang == self.lang else f"{i18n.LANG_NAMES[self.lang][lang]} · "
        return prefix + " · ".join(parts)

    def body(self, page: str, entry: dict, skip_card: str | None, texts: dict | None = None) -> str:
        return self.linker.to_markdown(str(entry.get("text", "")), page, skip_card, edition=numbering_edition(entry, texts))

    def block(self, page: str, texts: dict | None, canonical: str | None, skip_card: str | None = None,
              label: str | None = None) -> str:
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
            lines += [f'{self.badges(state.status, state.drifted, canonical)} <span class="cp-meta">{self.meta(page, entry, self.lang)}</span>', ""]
            lines += self.differences(page, entry)
        else:
            lines += [f'{self.badges("missing", False, canonical)} {i18n.t("missing_text", self.lang)}', ""]
        lines += ["</div>", ""]
        source = texts.get(canonical) if isinstance(texts.get(canonical), dict) else None
        if canonical != self.lang and source and source.get("text"):
            lines.append(f'<div class="cp-text__canonical" lang="{canonical}" markdown="1">')
            lines.append("")
            lines.append(f'<span class="cp-canonical-label">{i18n.t("canonical", self.lang)} · {i18n.LANG_NAMES[self.lang][canonical]}</span>')
            lines.append("")
            lines += [self.body(page, source, skip_card, texts), ""]
            lines += [f'{self.badges(source.get("status", "official"), False, canonical)} <span class="cp-meta">{self.meta(page, source, canonical)}</span>', ""]
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
        lines = [f'<div class="cp-differs" markdown="1">', "", f'<span class="cp-differs__label">{i18n.t("differs_intro", self.lang)}</span>', ""]
        lines += [f"- {self.linker.to_markdown(sentence, page)}" for sentence in sentences]
        return lines + ["", "</div>", ""]

    def history(self, page: str, items: list | None) -> str:
        """A rule's quotes of earlier editions: shown as history, never as its current text."""
        items = [i for i in items or [] if isinstance(i, dict) and isinstance(i.get("text"), str)]
        if not items:
            return ""
        lines = ['<div class="cp-history-quotes" markdown="1">', "", f'<span class="cp-history-quotes__label">{i18n.t("history_quotes", self.lang)}</span>', ""]
        for item in items:
            lang = item.get("lang", "ja")
            details = []
            if item.get("number"):
                details.append(escape(i18n.t("history_number", self.lang).format(number=item["number"])))
            if item.get("example"):
                details.append(escape(i18n.t("history_example", self.lang).format(n=item["example"])))
            meta = self.meta(page, item, lang)
            label = i18n.status_label(item.get("status", "official"), self.lang)
            lines += [f'<div class="cp-history-quote" lang="{lang}" markdown="1">', "", paragraphs(item["text"]), "",
                      f'<span class="cp-badge cp-badge--history">{label}</span> <span class="cp-meta">{" · ".join(details + [meta])}</span>',
                      "", "</div>", ""]
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
            value = f'<span lang="{lang}">{escape(str(entry["text"]))}</span>' if entry and state.status != "missing" else "—"
            badge = self.badges(state.status, state.drifted, canonical) if state.status != "missing" else self.badges("missing", False, canonical)
            rows.append(f"| {i18n.ENDONYMS[lang]} | {value} | {badge} |")
        return "\n".join(rows) + "\n"
