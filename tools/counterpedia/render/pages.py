"""Every page of one language's site, as Markdown, computed from the knowledge base alone.

The built-in kinds have pages of their own design (a method each below); a kind added to the registry
(`counterpedia.kinds`) without one gets the generic pages: a page per record (`record.md.j2`) or, for a kind
whose records are anchors on a shared page, that page (`records.md.j2`), and an index page, in the nav."""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import lru_cache, partial
from importlib import resources
from typing import Any

import jinja2

from .. import kinds
from ..langs import LANGS
from ..model import proof, rule_numbers
from ..model import status as translation_status
from ..model.knowledge import KnowledgeBase, Record
from ..model.provenance import text_state
from ..model.references import backlinks
from ..model.rule_numbers import sort_key
from ..model.shapes import as_dict
from ..model.texts import TextField, text_fields
from ..model.texts import title as record_title
from . import currency, i18n, set_aside, urls
from .blocks import TextRenderer
from .cr_pages import FullRulesRenderer
from .markup import Linker, escape_line, yaml_string


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    loader = jinja2.FunctionLoader(
        lambda name: resources.files("counterpedia.templates").joinpath(name).read_text(encoding="utf-8")
    )
    env = jinja2.Environment(
        loader=loader,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        keep_trailing_newline=True,
        # `{#id}` is attr_list's anchor syntax in the Markdown we write, not a comment.
        comment_start_string="<#--",
        comment_end_string="--#>",
    )
    env.filters["md"] = lambda value: escape_line(str(value))  # a text in a one-line place, shown as written
    env.filters["yaml"] = yaml_string  # a text in the page's front matter
    return env


class SiteRenderer:
    """Renders the pages of one language; `rule_target` resolves rules the data does not quote."""

    def __init__(
        self, kb: KnowledgeBase, lang: str, archive=None, ja_rules=None, stopped: frozenset[str] = frozenset()
    ):
        self.kb = kb
        self.lang = lang
        self.archive = archive
        self.ja_rules = ja_rules  # the official Japanese CR (a cr.ja_parse.JaEdition), for the full-rules pages
        self.stopped = stopped  # see catalogue.stoplist
        self.linker = self.make_linker(kb, lang, archive)
        self.r = TextRenderer(kb, lang, self.linker)
        self._backlinks: dict[tuple[str, str], list[Record]] | None = None  # made when a page first needs it
        self.quoted = kb.quoted_rules()
        self._currency: currency.Currency | None = None
        # Indexed once, so that each page costs what it shows (not a scan of every card or ruling).
        self.cards_by_counter = self.make_cards_by_counter(kb)  # the card -> counter links
        self.rulings_index = self.make_rulings_index(kb)  # (kind, id) -> the rulings about it

    # The indexes, each made whole here (the preview's render/tracking updates them after an edit instead).
    def make_linker(self, kb: KnowledgeBase, lang: str, archive) -> Linker:
        return Linker(kb, lang, archive, self.stopped)

    def make_cards_by_counter(self, kb: KnowledgeBase) -> dict[str, list[str]]:
        index: dict[str, list[str]] = {}
        for card in kb.all("card"):
            for counter_id in card.data.get("counters") or []:
                if isinstance(counter_id, str):
                    index.setdefault(counter_id, []).append(card.id)
        return index

    def make_rulings_index(self, kb: KnowledgeBase) -> dict[tuple[str, str], list[Record]]:
        index: dict[tuple[str, str], list[Record]] = {}
        for ruling in sorted(kb.all("ruling"), key=ruling_order):
            about = as_dict(ruling.data.get("about"))
            for kind in about_kinds():
                for target in about.get(f"{kind}s") or []:
                    if isinstance(target, str):
                        index.setdefault((kind, target), []).append(ruling)
            if ruling.owner is not None and ruling not in index.get(("card", ruling.owner.id), ()):
                index.setdefault(("card", ruling.owner.id), []).append(ruling)
        return index

    def make_backlinks(self, kb: KnowledgeBase) -> dict[tuple[str, str], list[Record]]:
        return backlinks(kb)

    @property
    def backlinks(self) -> dict[tuple[str, str], list[Record]]:
        """(kind, id) -> the records that cite it: made when a page first needs it (the preview's first page, the
        home page, does not: it is served without it)."""
        if self._backlinks is None:
            self._backlinks = self.make_backlinks(self.kb)
        return self._backlinks

    # -- helpers -------------------------------------------------------------------------------
    def t(self, key: str) -> str:
        return i18n.t(key, self.lang)

    def title(self, record: Record) -> str:
        return record_title(record, self.lang)

    def render(self, template: str, page: str, **context) -> str:
        text = (
            environment()
            .get_template(template)
            .render(
                t=self.t,
                r=self.r,
                page=page,
                lang=self.lang,
                anchor=urls.rule_anchor,
                rule_level=rule_numbers.level,
                holder_label=lambda h: i18n.HOLDERS.get(h, {}).get(self.lang, h),
                lang_name=lambda code: i18n.LANG_NAMES[self.lang].get(code, code),
                status_label=lambda s: i18n.status_label(s, self.lang),
                kind_label=self.kind_label,
                **context,
            )
        )
        return text

    def kind_label(self, kind: str) -> str:
        """The name of a kind in the page's language (its i18n key in the registry)."""
        return self.t(kinds.get(kind).i18n_key)

    def cited_by(self, page: str, kind: str, record_id: str) -> list[tuple[str, str, str]]:
        result = []
        for source in self.backlinks.get((kind, record_id), []):
            if not kinds.get(source.kind).published:
                continue  # no page to link to (a translation memory entry: its texts are shown on the rulings)
            result.append(
                (self.title(source), self.kind_label(source.kind), urls.record_link(page, source.kind, source.id))
            )
        return result

    def rule_entries(self, page: str, numbers: list[str]) -> list[tuple[str, dict, str]]:
        """(number, texts, link) for the cited rules, in CR order."""
        entries = []
        for number in sorted(numbers, key=sort_key):
            quote = self.quoted.get(number)
            texts = quote.entry.get("text") if quote else {}
            entries.append((number, texts or {}, self.linker.rule_link(page, number)))
        return entries

    def rulings_about(self, page: str, kind: str, record_id: str) -> list[tuple[Record, str]]:
        return [(r, urls.record_link(page, "ruling", r.id)) for r in self.rulings_index.get((kind, record_id), [])]

    def ruling_about_links(
        self, page: str, ruling: Record, shown: tuple[str, str] | None = None
    ) -> list[tuple[str, str]]:
        """What a ruling's text shows it is about: counters, cards, mechanics, terms, rules; not its own card,
        nor the record of the page it is shown on (`shown`: kind, id)."""
        about = as_dict(ruling.data.get("about"))
        links = []
        for kind in about_kinds():
            ids = [
                i
                for i in about.get(f"{kind}s") or []
                if not (ruling.owner is not None and kind == "card" and i == ruling.owner.id) and (kind, i) != shown
            ]
            links += self.links(page, kind, ids)
        links += [("CR " + n, self.linker.rule_link(page, n)) for n in about.get("rules") or [] if isinstance(n, str)]
        return links

    @property
    def site_currency(self) -> currency.Currency:
        """How current the whole data is, computed once (see counterpedia.render.currency)."""
        if self._currency is None:
            self._currency = currency.of_site(self.kb, self.archive)
        return self._currency

    def _copy_link(self, page: str, copy: currency.Copy) -> str:
        link = f"[{escape_line(copy.title)}]({urls.record_link(page, 'source', copy.source_id)})"
        return f"{link} ({copy.date})" if copy.date and copy.date not in copy.title else link  # "(build 2022-04-25)"

    def currency_line(self, page: str, card: Record | None = None, rules: currency.RulesState | None = None) -> str:
        """How current each source is, as one paragraph: cards, rulings, English rules, Japanese rules (site-wide;
        `card`: its own Oracle text's copy too; `rules`: the quotes this page shows instead of all)."""
        site = self.site_currency
        and_ = {"ja": "、", "en": ", ", "fr": ", "}[self.lang]
        parts = []
        if site.cards:
            newest = next((c.date for c in site.cards if c.date), "?")
            parts.append(
                self.t("currency_cards").format(
                    copies=and_.join(self._copy_link(page, c) for c in site.cards), date=newest
                )
            )
            own = currency.card_copy(self.kb, card) if card is not None else None
            if own is not None and own.date != newest:
                parts[-1] += {"ja": "。", "en": "; ", "fr": " ; "}[self.lang] + self.t("currency_this_card").format(
                    copy=self._copy_link(page, own)
                )
        else:
            parts.append(self.t("currency_no_cards"))
        rulings = [self._copy_link(page, c) for c in site.rulings]
        if site.by_hand:
            by_hand = self.t("currency_by_hand").format(count=site.by_hand, date=site.newest_by_hand or "?")
            rulings.append(("plus " + by_hand) if rulings and self.lang != "ja" else by_hand)
        parts.append(
            self.t("currency_rulings").format(copies=and_.join(rulings)) if rulings else self.t("currency_no_rulings")
        )
        parts += self.rules_currency(rules if rules is not None and (rules.en or rules.ja) else site.rules)
        separator = "。" if self.lang == "ja" else ". "
        text = separator.join(parts) + ("。" if self.lang == "ja" else ".")
        label = f"**{self.t('currency')}**: "
        return f'<p class="cp-currency" data-search-exclude="true" markdown="span">{label}{text}</p>'

    def rules_currency(self, state: currency.RulesState) -> list[str]:
        """The English and Japanese rules sentences of the currency line."""
        if state.en_newest:
            english = self.t("currency_en_rules").format(edition=state.en_newest)
            older = state.en[1:]
            extra = []
            if older:
                extra.append(
                    self.t("currency_en_older").format(
                        count=sum(n for _e, n in older), editions=", ".join(e for e, _n in older)
                    )
                )
            if state.behind:
                extra.append(self.t("currency_en_behind").format(edition=state.newest_file))
            if extra:
                english += ("（" + "、".join(extra) + "）") if self.lang == "ja" else " (" + "; ".join(extra) + ")"
        else:
            english = self.t("currency_no_en_rules")
        if state.ja:
            japanese = self.t("currency_ja_rules").format(
                edition=", ".join(e for e, _n in state.ja), translates=", ".join(state.ja_translates) or "?"
            )
            if state.ja_drifted:
                japanese += {"ja": "。", "en": "; ", "fr": " ; "}[self.lang] + self.t("currency_ja_drifted").format(
                    count=state.ja_drifted
                )
        else:
            japanese = self.t("currency_no_ja_rules")
        return [english, japanese]

    def rules_state_of(self, numbers) -> currency.RulesState:
        """The currency of the quotes of the given rules (a counter's or a mechanic's)."""
        wanted = {str(n) for n in numbers or []}
        records = {q.record_id for n, q in self.quoted.items() if n in wanted}
        newest = self.archive.newest.edition if self.archive is not None else None
        return currency.rules_state([r for r in self.kb.all("rule") if r.id in records], newest, wanted)

    def rulings_proof(self, rulings: list[Record], long: bool = False) -> str:
        """'12 official, 3 unproven' (or the sentence that explains both words, `long`)."""
        found = proof.counts(rulings)
        return self.t("rulings_proof" if long else "rulings_proof_short").format(**found)

    def rulings_notes(self, page: str, rulings: list[Record]) -> list[str]:
        """For rulings read from MTGJSON: where they come from and why they are not marked official."""
        notes = []
        for source_id in sorted({source for r in rulings if isinstance(source := r.data.get("source"), str)}):
            if source_id.startswith(MIXED_RULINGS_SOURCES):
                notes.append(self.t("mixed_rulings").format(source=self.r.source_link(page, source_id)))
        return notes

    def cards_table(self, page: str, cards: list[Record], with_counters: bool = False) -> str:
        """A filterable, sortable table of cards with their three names (plain HTML: thousands of rows)."""
        order = [self.lang] + [lang for lang in LANGS if lang != self.lang]
        head = "".join(f"<th>{html.escape(i18n.ENDONYMS[lang])}</th>" for lang in order)
        if with_counters:
            head += f"<th>{html.escape(self.t('counters'))}</th>"
        rows = []
        for card in sorted(cards, key=lambda r: (self.title(r).casefold(), r.id)):
            href = html.escape(urls.to_html(urls.record_link(page, "card", card.id)))
            names = as_dict(card.data.get("names"))
            cells = []
            for position, lang in enumerate(order):
                entry = names.get(lang)
                text = entry.get("text") if isinstance(entry, dict) and isinstance(entry.get("text"), str) else None
                if position == 0:
                    shown = html.escape(text or self.title(card))
                    cells.append(f'<td><a href="{href}">{shown}</a></td>')
                else:
                    cells.append(f'<td lang="{lang}">{html.escape(text) if text else "—"}</td>')
            if with_counters:
                counters = [self.kb.get("counter", c) for c in card.data.get("counters") or [] if isinstance(c, str)]
                shown = ", ".join(html.escape(self.title(k)) for k in counters if k is not None)
                if card.data.get("any_counter") is True:
                    shown = (shown + " · " if shown else "") + "*"
                cells.append(f"<td>{shown}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        placeholder = html.escape(self.t("filter"))
        return "\n".join(
            [
                set_aside.TABLE_START,  # data-search-exclude: each card is found on its own page
                f'<input type="search" class="cp-filter" placeholder="{placeholder}" aria-label="{placeholder}">',
                # Hundreds of rows (+1/+1: 1,754 cards) scroll in a box of their own, header kept in view.
                f'<div class="cp-scroll">\n<table>\n<thead><tr>{head}</tr></thead>\n<tbody>',
                *rows,
                set_aside.TABLE_END,  # `set_aside` keeps the table out of Markdown's way, by these two marks
                "",
            ]
        )

    def links(self, page: str, kind: str, ids) -> list[tuple[str, str]]:
        result = []
        for record_id in ids or []:
            record = self.kb.get(kind, record_id)
            if record is not None:
                result.append((self.title(record), urls.record_link(page, kind, record_id)))
        return result

    # -- pages -------------------------------------------------------------------------------
    def counter_page(self, record: Record) -> str:
        page, _ = urls.page_path("counter", record.id)
        related = record.data.get("related") or {}
        cards = [c for c in (self.kb.get("card", i) for i in self.cards_by_counter.get(record.id, [])) if c is not None]
        rulings = self.rulings_about(page, "counter", record.id)
        return self.render(
            "counter.md.j2",
            page,
            rec=record,
            title=self.title(record),
            rules=self.rule_entries(page, record.data.get("rules") or []),
            cards=cards,
            cards_table=self.cards_table(page, cards) if cards else "",
            rulings=rulings if len(rulings) <= INLINE_RULINGS else [],
            rulings_count=len(rulings),
            rulings_proof=self.rulings_proof([r for r, _h in rulings]) if rulings else "",
            rulings_page=urls.relative(page, urls.rulings_about_page("counter", record.id)) if rulings else None,
            related=self.links(page, "counter", related.get("counters"))
            + self.links(page, "mechanic", related.get("mechanics"))
            + self.links(page, "term", related.get("terms")),
            cited_by=[c for c in self.cited_by(page, "counter", record.id) if c[1] not in self._listed_kinds],
            currency=self.currency_line(page, rules=self.rules_state_of(record.data.get("rules"))),
        )

    @property
    def _listed_kinds(self) -> tuple[str, str]:
        """Kinds a counter or mechanic page lists in sections of their own, not again under "cited by"."""
        return (self.kind_label("card"), self.kind_label("ruling"))

    def rulings_about_page(self, kind: str, record: Record) -> str:
        """Every ruling about one counter or mechanic, on a page of its own (+1/+1 counters: over a thousand)."""
        page = urls.rulings_about_page(kind, record.id)
        entries = []
        for ruling, href in self.rulings_about(page, kind, record.id):
            heading = self.title(ruling.owner) if ruling.owner is not None else ruling.id
            entries.append((ruling, href, heading))
        return self.render(
            "rulings_about.md.j2",
            page,
            rec=record,
            kind=kind,
            title=self.title(record),
            heading=self.t("rulings_about").format(name=self.title(record)),
            rulings_proof=self.rulings_proof([r for r, _h, _t in entries]),
            back=urls.record_link(page, kind, record.id),
            entries=entries,
            rulings_notes=self.rulings_notes(page, [r for r, _h, _t in entries]),
        )

    def rule_page(self, record: Record) -> str:
        page, _ = urls.page_path("rule", record.id)
        newest = self.archive.newest.edition if self.archive is not None else None
        return self.render(
            "rule.md.j2",
            page,
            rec=record,
            title=self.title(record),
            cited_by=self.cited_by(page, "rule", record.id),
            currency=self.currency_line(page, rules=currency.rules_state([record], newest)),
        )

    def card_page(self, record: Record) -> str:
        page, _ = urls.page_path("card", record.id)
        texts = as_dict(record.data.get("text"))
        order = [self.lang] + [lang for lang in LANGS if lang != self.lang]
        printed = [
            (lang, texts[lang])
            for lang in order
            if lang != "en" and isinstance(texts.get(lang), dict) and texts[lang].get("text")
        ]
        # Each language's search index holds that language's texts: the Oracle text when none is printed in it.
        oracle_searchable = self.lang == "en" or all(lang != self.lang for lang, _entry in printed)
        rulings = self.rulings_about(page, "card", record.id)
        counters = self.links(page, "counter", record.data.get("counters"))
        return self.render(
            "card.md.j2",
            page,
            rec=record,
            title=self.title(record),
            counters=counters,
            oracle=texts.get("en") if isinstance(texts.get("en"), dict) else None,
            printed=printed,
            oracle_searchable=oracle_searchable,
            rulings=[(r, href, self.ruling_about_links(page, r, ("card", record.id))) for r, href in rulings],
            rulings_notes=self.rulings_notes(page, [r for r, _ in rulings]),
            anchor_of=lambda r: urls.page_path("ruling", r.id)[1] if r.owner is record else None,
            cited_by=[c for c in self.cited_by(page, "card", record.id) if c[1] != self.kind_label("ruling")],
            currency=self.currency_line(page, card=record),
        )

    def mechanic_page(self, record: Record) -> str:
        page, _ = urls.page_path("mechanic", record.id)
        rulings = self.rulings_about(page, "mechanic", record.id)
        return self.render(
            "mechanic.md.j2",
            page,
            rec=record,
            title=self.title(record),
            type_label=i18n.MECHANIC_TYPES.get(str(record.data.get("type")), {}).get(self.lang, ""),
            rules=self.rule_entries(page, record.data.get("rules") or []),
            counters=self.links(page, "counter", record.data.get("counters")),
            rulings=rulings if len(rulings) <= INLINE_RULINGS else [],
            rulings_count=len(rulings),
            rulings_proof=self.rulings_proof([r for r, _h in rulings]) if rulings else "",
            rulings_page=urls.relative(page, urls.rulings_about_page("mechanic", record.id)) if rulings else None,
            cited_by=[c for c in self.cited_by(page, "mechanic", record.id) if c[1] not in self._listed_kinds],
        )

    def glossary_page(self) -> str:
        page = "glossary.md"
        terms = []
        for term in sorted(self.kb.all("term"), key=lambda r: self.title(r).casefold()):
            related = term.data.get("related") or {}
            terms.append(
                (
                    term,
                    self.title(term),
                    [(n, self.linker.rule_link(page, n)) for n in sorted(term.data.get("rules") or [], key=sort_key)],
                    self.links(page, "term", related.get("terms"))
                    + self.links(page, "counter", related.get("counters"))
                    + self.links(page, "mechanic", related.get("mechanics")),
                    self.cited_by(page, "term", term.id),
                )
            )
        return self.render("glossary.md.j2", page, terms=terms)

    def sources_page(self) -> str:
        page = "sources.md"
        sources = [(s, self.cited_by(page, "source", s.id)) for s in sorted(self.kb.all("source"), key=lambda r: r.id)]
        return self.render("sources.md.j2", page, sources=sources)

    def rulings_page(self) -> str:
        """Rulings by date: the years (each a page of its own), then the rulings not kept on one card, in full."""
        page = "rulings/index.md"
        years: dict[str, int] = {}
        for ruling in self.kb.all("ruling"):
            year = str(ruling.data.get("date"))[:4]
            years[year] = years.get(year, 0) + 1
        by_date: dict[str, list] = {}
        for ruling in sorted((r for r in self.kb.all("ruling") if r.owner is None), key=ruling_order, reverse=True):
            by_date.setdefault(str(ruling.data.get("date")), []).append(
                (ruling, ruling.data.get("source"), self.ruling_about_links(page, ruling))
            )
        for group in by_date.values():
            group.sort(key=lambda item: item[0].id)
        year_links = [
            (year, count, urls.relative(page, urls.rulings_year_page(year)))
            for year, count in sorted(years.items(), reverse=True)
        ]
        return self.render("rulings.md.j2", page, years=year_links, by_date=list(by_date.items()))

    def ruling_years(self) -> list[str]:
        """The years of the rulings, newest first (the order of their pages)."""
        years: dict[str, None] = {}
        for ruling in sorted(self.kb.all("ruling"), key=ruling_order, reverse=True):
            years.setdefault(str(ruling.data.get("date"))[:4], None)
        return list(years)

    def rulings_year_page(self, year: str) -> str:
        """One year's page: every ruling of that year, by date, each linked to where it is shown in full."""
        rulings = [
            r
            for r in sorted(self.kb.all("ruling"), key=ruling_order, reverse=True)
            if str(r.data.get("date"))[:4] == year
        ]
        page = urls.rulings_year_page(year)
        groups: dict[str, list] = {}
        for ruling in rulings:
            owner = self.title(ruling.owner) if ruling.owner is not None else ruling.id
            groups.setdefault(str(ruling.data.get("date")), []).append(
                (owner, urls.to_html(urls.record_link(page, "ruling", ruling.id)), original_text(ruling))
            )
        return self.render(
            "rulings_year.md.j2",
            page,
            year=year,
            count=len(rulings),
            rulings_notes=self.rulings_notes(page, rulings),
            heading=self.t("rulings_of_year").format(year=year),
            groups=list(groups.items()),
            index=urls.relative(page, "rulings/index.md"),
        )

    def rulings_year_pages(self) -> dict[str, str]:
        """One page per year (see rulings_year_page)."""
        return {urls.rulings_year_page(year): self.rulings_year_page(year) for year in self.ruling_years()}

    def rulings_by_counter_page(self) -> str:
        page = "rulings/by-counter.md"
        groups = []
        for counter in sorted(self.kb.all("counter"), key=lambda r: self.title(r).casefold()):
            count = len(self.rulings_index.get(("counter", counter.id), []))
            if count:
                groups.append(
                    (
                        self.title(counter),
                        urls.record_link(page, "counter", counter.id),
                        count,
                        urls.relative(page, urls.rulings_about_page("counter", counter.id)),
                    )
                )
        return self.render("rulings_by_counter.md.j2", page, by_counter=groups)

    def cards_index_page(self) -> str:
        page = urls.index_page("card")
        cards = self.kb.all("card")
        return self.render(
            "cards_index.md.j2",
            page,
            heading=self.t("cards"),
            count=len(cards),
            table=self.cards_table(page, cards, with_counters=True),
        )

    def index_page(self, kind: str, heading_key: str) -> str:
        page = urls.index_page(kind)
        items = []
        for record in sorted(self.kb.all(kind), key=lambda r: self.title(r).casefold()):
            extra = ""
            if kind == "rule":
                extra = f"{record.data.get('section')}"
            elif kind == "mechanic":
                extra = i18n.MECHANIC_TYPES.get(str(record.data.get("type")), {}).get(self.lang, "")
            items.append((self.title(record), urls.record_link(page, kind, record.id), extra))
        if kind == "rule":
            items.sort(key=lambda item: item[2])
            items = [(f"{extra}. {label}", href, "") for label, href, extra in items]
        notice = self.t("fr_no_official_cr") if kind == "rule" and self.lang == "fr" else ""
        return self.render("index_list.md.j2", page, heading=self.t(heading_key), items=items, notice=notice)

    def home_page(self) -> str:
        page = "index.md"
        rows = []
        for counter in sorted(self.kb.all("counter"), key=lambda r: self.title(r).casefold()):
            data = counter.data
            names = data.get("names") or {}
            own = defining_rules(counter)
            states = [text_state(names, lang, "en") for lang in LANGS]
            status = " ".join(
                f'<span class="cp-dot cp-dot--{"drifted" if s.drifted else s.status}" title="{i18n.ENDONYMS[s.lang]}: {i18n.status_label("drifted" if s.drifted else s.status, self.lang)}">{s.lang}</span>'
                for s in states
            )
            first = data.get("first_set") or {}
            rows.append(
                {
                    "name": self.title(counter),
                    "href": urls.record_link(page, "counter", counter.id),
                    "en": (names.get("en") or {}).get("text", "—") if isinstance(names.get("en"), dict) else "—",
                    "holders": ", ".join(i18n.HOLDERS.get(h, {}).get(self.lang, h) for h in data.get("holders") or []),
                    "first_set": first.get("name", "—") if isinstance(first, dict) else "—",
                    # The rule numbers themselves, linked: "yes" alone hid which rule, and whether it was right.
                    "own_rules": ", ".join(f"[{n}]({self.linker.rule_link(page, n)})" for n in own) or self.t("no"),
                    "status": status,
                }
            )
        return self.render(
            "home.md.j2",
            page,
            catalogue=rows,
            archive=self.archive,
            currency=self.currency_line(page),
            counts=self.home_counts(),
            rulings_proof=self.rulings_proof(self.kb.all("ruling"), long=True),
        )

    def home_counts(self) -> list[dict[str, Any]]:
        """Per language, the texts shown on the site by status: official, reviewed (community), machine, missing
        (the translation memory is counted through the rulings that show its texts)."""
        summary = translation_status.summary(self.kb)
        shown = [entry for kind, entry in summary.items() if kinds.get(kind).published]
        return [
            {
                "lang": lang,
                "name": i18n.ENDONYMS[lang],
                **{c: sum(entry[lang][c] for entry in shown) for c in ("official", "community", "machine", "missing")},
            }
            for lang in LANGS
        ]

    def status_page(self) -> str:
        page = "status.md"
        summary = translation_status.summary(self.kb)
        statuses = translation_status.CATEGORIES
        header = (
            f"| {self.t('type')} | {self.t('translation')} | {self.t('total')} | "
            + " | ".join(i18n.status_label(s, self.lang) for s in statuses)
            + " |"
        )
        lines = [header, "| " + " | ".join(["---"] * (3 + len(statuses))) + " |"]
        for kind, entry in summary.items():
            for lang in LANGS:
                counts = entry[lang]
                lines.append(
                    f"| {self.kind_label(kind)} | {i18n.ENDONYMS[lang]} | {entry['total']} | "
                    + " | ".join(str(counts[s]) for s in statuses)
                    + " |"
                )
        worklist = []
        all_items = translation_status.items(self.kb, langs=(self.lang,))
        for category in ("drifted", "machine", "missing", "community"):
            found = [
                (self.title(i.record), urls.record_link(page, i.record.kind, i.record.id), i.where)
                for i in all_items
                if i.category == category and kinds.get(i.record.kind).published
            ]
            worklist.append((category, found))
        rulings = self.kb.all("ruling")
        by_source: dict[tuple[str, str], int] = {}
        for ruling in rulings:
            texts = as_dict(ruling.data.get("text"))
            entry = as_dict(texts.get(ruling.data.get("original", "en")))
            label = self.r.source_label(str(entry.get("source") or ruling.data.get("source")))
            if entry.get("via"):
                label = self.t("via_label").format(source=label, via=self.r.source_label(str(entry["via"])))
            key = ("official" if proof.is_official(ruling) else "unproven", label)
            by_source[key] = by_source.get(key, 0) + 1
        proof_rows = [
            (self.t("proof_" + state), label, count)
            for (state, label), count in sorted(
                by_source.items(), key=lambda item: (item[0][0] != "official", -item[1])
            )
        ]
        review = proof.review_counts(self.kb)
        return self.render(
            "status.md.j2",
            page,
            table="\n".join(lines),
            worklist=worklist,
            intro="",
            rulings_proof=self.rulings_proof(rulings, long=True),
            proof_rows=proof_rows,
            rulings_review=self.t("rulings_review").format(count=sum(review.values())) if any(review.values()) else "",
            review_counts=review,
        )

    # -- pages of the kinds without a page of their own design -----------------------------------
    def field_label(self, field: TextField) -> str:
        """A text field's heading: its interface string when there is one (summary, note…), else its name."""
        name = str(field.keys[0])
        return self.t(name) if name in i18n.STRINGS else name

    def record_page(self, record: Record) -> str:
        page, _ = urls.page_path(record.kind, record.id)
        return self.render(
            "record.md.j2",
            page,
            rec=record,
            title=self.title(record),
            fields=list(text_fields(record)),
            field_label=self.field_label,
            cited_by=self.cited_by(page, record.kind, record.id),
        )

    def generic_index_page(self, kind: kinds.Kind) -> str:
        """A kind's index page: the list of its pages, or the shared page holding its records as anchors."""
        page = kind.index_page
        records = sorted(self.kb.all(kind.name), key=lambda r: (self.title(r).casefold(), r.id))
        if kind.own_page:
            items = [(self.title(r), urls.record_link(page, kind.name, r.id), "") for r in records]
            return self.render("index_list.md.j2", page, heading=self.t(kind.index_title), items=items, notice="")
        entries = [(r, self.title(r), list(text_fields(r)), self.cited_by(page, kind.name, r.id)) for r in records]
        return self.render(
            "records.md.j2", page, heading=self.t(kind.index_title), records=entries, field_label=self.field_label
        )

    def all_pages(self) -> dict[str, str]:
        """Every page, in the order MkDocs lists them (the order of the sitemap)."""
        return {path: make() for path, make in self.page_makers().items()}

    def page_makers(self) -> dict[str, Callable[[], str]]:
        """Every page's path, in the order of `all_pages`, with the function that renders it: the preview
        (commands/preview) knows every page without rendering any, and renders each when it is asked for."""
        designed = {
            "counter": self.counter_page,
            "rule": self.rule_page,
            "card": self.card_page,
            "mechanic": self.mechanic_page,
        }
        makers: dict[str, Callable[[], str]] = {urls.index_page("counter"): self.home_page}
        for kind in kinds.all_kinds():
            if kind.own_page and kind.published:
                render = designed.get(kind.name, self.record_page)
                for record in self.kb.all(kind.name):
                    makers[urls.page_path(kind.name, record.id)[0]] = partial(render, record)
        for kind_name in ("counter", "mechanic"):
            for record in self.kb.all(kind_name):
                if self.rulings_index.get((kind_name, record.id)):
                    makers[urls.rulings_about_page(kind_name, record.id)] = partial(
                        self.rulings_about_page, kind_name, record
                    )
        for year in self.ruling_years():
            makers[urls.rulings_year_page(year)] = partial(self.rulings_year_page, year)
        indexes = {
            "rule": lambda: self.index_page("rule", "rules"),
            "card": self.cards_index_page,
            "mechanic": lambda: self.index_page("mechanic", "mechanics"),
            "ruling": self.rulings_page,
            "term": self.glossary_page,
            "source": self.sources_page,
        }
        for kind_name, render_index in indexes.items():
            makers[urls.index_page(kind_name)] = render_index
            if kind_name == "ruling":
                makers["rulings/by-counter.md"] = self.rulings_by_counter_page
        for kind in kinds.all_kinds():
            if kind.name not in indexes and kind.name != "counter" and kind.published:
                makers[kind.index_page] = partial(self.generic_index_page, kind)
        makers["status.md"] = self.status_page
        if self.archive is not None:
            full_rules = FullRulesRenderer(self, self.archive, self.ja_rules)
            for path in full_rules.page_paths():
                makers[path] = partial(full_rules.page, path)
        return makers


def defining_rules(counter: Record) -> list[str]:
    """The subrules of CR 122.1 (122.1a–i…) that the kind cites: the rules that give it an effect of its own,
    by name (shield, stun, rad…) or by pattern (+X/+Y and -X/-Y counters, keyword counters; the validator's
    E160 makes sure a kind so covered cites its rule)."""
    return sorted(
        (str(n) for n in counter.data.get("rules") or [] if str(n).startswith("122.1") and str(n)[-1].isalpha()),
        key=sort_key,
    )


# Rulings sources that mix Wizards of the Coast's rulings with Scryfall's notes (MTGJSON drops which is which).
MIXED_RULINGS_SOURCES = ("mtgjson-rulings-",)
INLINE_RULINGS = 10  # a counter or mechanic page shows this many rulings in full; more go on a page of their own


def ruling_order(ruling: Record) -> tuple:
    return (str(ruling.data.get("date")), ruling.owner.id if ruling.owner is not None else "", ruling.id)


def original_text(ruling: Record) -> str:
    """A ruling's text in its original language (the authoritative one)."""
    texts = as_dict(ruling.data.get("text"))
    entry = texts.get(ruling.data.get("original")) or next((e for e in texts.values() if isinstance(e, dict)), {})
    return str(entry.get("text", "")) if isinstance(entry, dict) else ""


def about_kinds() -> list[str]:
    """The kinds a ruling can be about (`about.counters`, `about.cards`…), as its kind declares them."""
    return [target for path, target in kinds.get("ruling").references if path[0] == "about"]


def has_own_rules(counter: Record) -> bool:
    """A kind with rules of its own: one that a subrule of CR 122.1 defines."""
    return bool(defining_rules(counter))


def nav(lang: str, editor_pages: list[str], full_rules: bool = False, bilingual: bool = False) -> list:
    """The sidebar: index pages only (leaf pages stay out of the nav: it is rendered into every page).
    `bilingual`: the full rules show the official Japanese beside the English. A kind that has no place
    below gets its index page before the translation status."""
    t = lambda key: i18n.t(key, lang)  # noqa: E731
    entries: list[dict[str, Any]] = [
        {t("home"): "index.md"},
        {t("rules"): "rules/index.md"},
        *(
            [
                {
                    t("full_rules_bilingual" if bilingual else "full_rules"): [
                        {t("full_rules_contents"): "cr/index.md"},
                        {t("what_changed"): "cr/changes/index.md"},
                    ]
                }
            ]
            if full_rules
            else []
        ),
        {
            t("rulings"): [
                {t("rulings_by_date"): "rulings/index.md"},
                {t("rulings_by_counter"): "rulings/by-counter.md"},
            ]
        },
        {t("cards"): "cards/index.md"},
        {t("mechanics"): "mechanics/index.md"},
        {t("glossary"): "glossary.md"},
        {t("status"): "status.md"},
        {t("sources"): "sources.md"},
    ]
    placed = {
        page
        for entry in entries
        for value in entry.values()
        for page in ([value] if isinstance(value, str) else [p for item in value for p in item.values()])
    }
    entries[-2:-2] = [
        {t(kind.index_title): kind.index_page}
        for kind in kinds.all_kinds()
        if kind.index_page not in placed and kind.published
    ]
    if editor_pages:
        entries.append({t("editors"): editor_pages})
    return entries
