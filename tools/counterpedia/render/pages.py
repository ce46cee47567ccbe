"""Every page of one language's site, as Markdown, computed from the knowledge base alone."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import jinja2

from .. import status as translation_status
from ..knowledge import KnowledgeBase, Record
from ..provenance import LANGS, text_state
from ..references import backlinks
from ..rule_numbers import sort_key
from ..texts import title as record_title
from . import i18n, urls
from .blocks import TextRenderer
from .markup import Linker, escape


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    loader = jinja2.FunctionLoader(
        lambda name: resources.files("counterpedia.templates").joinpath(name).read_text(encoding="utf-8")
    )
    env = jinja2.Environment(loader=loader, trim_blocks=True, lstrip_blocks=True, autoescape=False,
                             keep_trailing_newline=True,
                             # `{#id}` is attr_list's anchor syntax in the Markdown we write, not a comment.
                             comment_start_string="<#--", comment_end_string="--#>")
    env.filters["md"] = lambda value: escape(str(value))
    return env


class SiteRenderer:
    """Renders the pages of one language; `rule_target` resolves rules the data does not quote."""

    def __init__(self, kb: KnowledgeBase, lang: str, archive=None):
        self.kb = kb
        self.lang = lang
        self.archive = archive
        self.linker = Linker(kb, lang, archive)
        self.r = TextRenderer(kb, lang, self.linker)
        self.backlinks = backlinks(kb)
        self.quoted = kb.quoted_rules()
        self.cards_by_counter: dict[str, list[str]] = {}  # the card -> counter links, indexed once
        for card in kb.all("card"):
            for counter_id in card.data.get("counters") or []:
                if isinstance(counter_id, str):
                    self.cards_by_counter.setdefault(counter_id, []).append(card.id)

    # -- helpers -------------------------------------------------------------------------------
    def t(self, key: str) -> str:
        return i18n.t(key, self.lang)

    def title(self, record: Record) -> str:
        return record_title(record, self.lang)

    def render(self, template: str, page: str, **context) -> str:
        text = environment().get_template(template).render(
            t=self.t, r=self.r, page=page, lang=self.lang, anchor=urls.rule_anchor,
            holder_label=lambda h: i18n.HOLDERS.get(h, {}).get(self.lang, h),
            lang_name=lambda code: i18n.LANG_NAMES[self.lang].get(code, code),
            status_label=lambda s: i18n.status_label(s, self.lang),
            kind_label=lambda k: i18n.t(f"kind_{k}", self.lang),
            **context,
        )
        return text

    def cited_by(self, page: str, kind: str, record_id: str) -> list[tuple[str, str, str]]:
        result = []
        for source in self.backlinks.get((kind, record_id), []):
            result.append((self.title(source), i18n.t(f"kind_{source.kind}", self.lang),
                           urls.record_link(page, source.kind, source.id)))
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
        found = [r for r in self.kb.all("ruling") if record_id in ((r.data.get("about") or {}).get(f"{kind}s") or [])]
        found.sort(key=lambda r: (str(r.data.get("date")), r.id))
        return [(r, urls.record_link(page, "ruling", r.id)) for r in found]

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
        return self.render(
            "counter.md.j2", page, rec=record, title=self.title(record),
            rules=self.rule_entries(page, record.data.get("rules") or []),
            cards=self.links(page, "card", self.cards_by_counter.get(record.id)),
            rulings=self.rulings_about(page, "counter", record.id),
            related=self.links(page, "counter", related.get("counters")) + self.links(page, "mechanic", related.get("mechanics"))
            + self.links(page, "term", related.get("terms")),
            cited_by=self.cited_by(page, "counter", record.id),
        )

    def rule_page(self, record: Record) -> str:
        page, _ = urls.page_path("rule", record.id)
        return self.render("rule.md.j2", page, rec=record, title=self.title(record),
                           cited_by=self.cited_by(page, "rule", record.id))

    def card_page(self, record: Record) -> str:
        page, _ = urls.page_path("card", record.id)
        return self.render("card.md.j2", page, rec=record, title=self.title(record),
                           rulings=self.rulings_about(page, "card", record.id),
                           cited_by=self.cited_by(page, "card", record.id))

    def mechanic_page(self, record: Record) -> str:
        page, _ = urls.page_path("mechanic", record.id)
        return self.render(
            "mechanic.md.j2", page, rec=record, title=self.title(record),
            type_label=i18n.MECHANIC_TYPES.get(record.data.get("type"), {}).get(self.lang, ""),
            rules=self.rule_entries(page, record.data.get("rules") or []),
            counters=self.links(page, "counter", record.data.get("counters")),
            rulings=self.rulings_about(page, "mechanic", record.id),
            cited_by=self.cited_by(page, "mechanic", record.id),
        )

    def glossary_page(self) -> str:
        page = "glossary.md"
        terms = []
        for term in sorted(self.kb.all("term"), key=lambda r: self.title(r).casefold()):
            related = term.data.get("related") or {}
            terms.append((
                term, self.title(term),
                [(n, self.linker.rule_link(page, n)) for n in sorted(term.data.get("rules") or [], key=sort_key)],
                self.links(page, "term", related.get("terms")) + self.links(page, "counter", related.get("counters"))
                + self.links(page, "mechanic", related.get("mechanics")),
                self.cited_by(page, "term", term.id),
            ))
        return self.render("glossary.md.j2", page, terms=terms)

    def sources_page(self) -> str:
        page = "sources.md"
        sources = [(s, self.cited_by(page, "source", s.id)) for s in sorted(self.kb.all("source"), key=lambda r: r.id)]
        return self.render("sources.md.j2", page, sources=sources)

    def rulings_page(self) -> str:
        page = "rulings/index.md"
        by_date: dict[str, list] = {}
        for ruling in sorted(self.kb.all("ruling"), key=lambda r: (str(r.data.get("date")), r.id), reverse=True):
            about = ruling.data.get("about") or {}
            links = []
            for kind in ("counter", "card", "mechanic", "term"):
                links += self.links(page, kind, about.get(f"{kind}s"))
            links += [("CR " + n, self.linker.rule_link(page, n)) for n in about.get("rules") or []]
            by_date.setdefault(str(ruling.data.get("date")), []).append((ruling, ruling.data.get("source"), links))
        for group in by_date.values():
            group.sort(key=lambda item: item[0].id)
        return self.render("rulings.md.j2", page, by_date=list(by_date.items()))

    def rulings_by_counter_page(self) -> str:
        page = "rulings/by-counter.md"
        groups = []
        for counter in sorted(self.kb.all("counter"), key=lambda r: self.title(r).casefold()):
            rulings = self.rulings_about(page, "counter", counter.id)
            if not rulings:
                continue
            rows = []
            for ruling, href in rulings:
                text = self.r.name(ruling.data.get("text"), ruling.id)
                rows.append((str(ruling.data.get("date")), href, text if len(text) <= 90 else text[:88] + "…"))
            groups.append((self.title(counter), urls.record_link(page, "counter", counter.id), rows))
        return self.render("rulings_by_counter.md.j2", page, by_counter=groups)

    def index_page(self, kind: str, heading_key: str) -> str:
        page = urls.INDEX_PAGES[kind]
        items = []
        for record in sorted(self.kb.all(kind), key=lambda r: self.title(r).casefold()):
            extra = ""
            if kind == "rule":
                extra = f"{record.data.get('section')}"
            elif kind == "mechanic":
                extra = i18n.MECHANIC_TYPES.get(record.data.get("type"), {}).get(self.lang, "")
            elif kind == "card":
                names = record.data.get("names") or {}
                extra = " / ".join(str(names[l]["text"]) for l in LANGS if l != self.lang and isinstance(names.get(l), dict))
            items.append((self.title(record), urls.record_link(page, kind, record.id), extra))
        if kind == "rule":
            items.sort(key=lambda item: item[2])
            items = [(f"{extra}. {label}", href, "") for label, href, extra in items]
        return self.render("index_list.md.j2", page, heading=self.t(heading_key), items=items)

    def home_page(self) -> str:
        page = "index.md"
        rows = []
        for counter in sorted(self.kb.all("counter"), key=lambda r: self.title(r).casefold()):
            data = counter.data
            names = data.get("names") or {}
            own = has_own_rules(counter)
            states = [text_state(names, lang, "en") for lang in LANGS]
            status = " ".join(
                f'<span class="cp-dot cp-dot--{"drifted" if s.drifted else s.status}" title="{i18n.ENDONYMS[s.lang]}: {i18n.status_label("drifted" if s.drifted else s.status, self.lang)}">{s.lang}</span>'
                for s in states
            )
            first = data.get("first_set") or {}
            rows.append({
                "name": self.title(counter),
                "href": urls.record_link(page, "counter", counter.id),
                "en": (names.get("en") or {}).get("text", "—") if isinstance(names.get("en"), dict) else "—",
                "holders": ", ".join(i18n.HOLDERS.get(h, {}).get(self.lang, h) for h in data.get("holders") or []),
                "first_set": first.get("name", "—") if isinstance(first, dict) else "—",
                "own_rules": self.t("yes") if own else self.t("no"),
                "status": status,
            })
        return self.render("home.md.j2", page, catalogue=rows, archive=self.archive)

    def status_page(self) -> str:
        page = "status.md"
        summary = translation_status.summary(self.kb)
        statuses = translation_status.CATEGORIES
        header = f"| {self.t('type')} | {self.t('translation')} | {self.t('total')} | " + " | ".join(
            i18n.status_label(s, self.lang) for s in statuses) + " |"
        lines = [header, "| " + " | ".join(["---"] * (3 + len(statuses))) + " |"]
        for kind, entry in summary.items():
            for lang in LANGS:
                counts = entry[lang]
                lines.append(f"| {i18n.t('kind_' + kind, self.lang)} | {i18n.ENDONYMS[lang]} | {entry['total']} | "
                             + " | ".join(str(counts[s]) for s in statuses) + " |")
        worklist = []
        all_items = translation_status.items(self.kb, langs=(self.lang,))
        for category in ("drifted", "machine", "missing", "community"):
            found = [(self.title(i.record), urls.record_link(page, i.record.kind, i.record.id), i.where)
                     for i in all_items if i.category == category]
            worklist.append((category, found))
        return self.render("status.md.j2", page, table="\n".join(lines), worklist=worklist, intro="")

    def all_pages(self) -> dict[str, str]:
        pages: dict[str, str] = {"index.md": self.home_page()}
        for record in self.kb.all("counter"):
            pages[urls.page_path("counter", record.id)[0]] = self.counter_page(record)
        for record in self.kb.all("rule"):
            pages[urls.page_path("rule", record.id)[0]] = self.rule_page(record)
        for record in self.kb.all("card"):
            pages[urls.page_path("card", record.id)[0]] = self.card_page(record)
        for record in self.kb.all("mechanic"):
            pages[urls.page_path("mechanic", record.id)[0]] = self.mechanic_page(record)
        pages["rules/index.md"] = self.index_page("rule", "rules")
        pages["cards/index.md"] = self.index_page("card", "cards")
        pages["mechanics/index.md"] = self.index_page("mechanic", "mechanics")
        pages["rulings/index.md"] = self.rulings_page()
        pages["rulings/by-counter.md"] = self.rulings_by_counter_page()
        pages["glossary.md"] = self.glossary_page()
        pages["sources.md"] = self.sources_page()
        pages["status.md"] = self.status_page()
        if self.archive is not None:
            from .cr_pages import FullRulesRenderer

            pages.update(FullRulesRenderer(self, self.archive).all_pages())
        return pages


def has_own_rules(counter: Record) -> bool:
    """A kind with rules of its own: one that a subrule of CR 122.1 (122.1a–i…) defines."""
    return any(str(n).startswith("122.1") and str(n)[-1].isalpha() for n in counter.data.get("rules") or [])


def nav(lang: str, editor_pages: list[str], full_rules: bool = False) -> list:
    """The sidebar: index pages only (leaf pages stay out of the nav: it is rendered into every page)."""
    t = lambda key: i18n.t(key, lang)  # noqa: E731
    entries = [
        {t("home"): "index.md"},
        {t("rules"): "rules/index.md"},
        *([{t("full_rules"): [{t("full_rules_contents"): "cr/index.md"}, {t("what_changed"): "cr/changes/index.md"}]}]
          if full_rules else []),
        {t("rulings"): [{t("rulings_by_date"): "rulings/index.md"}, {t("rulings_by_counter"): "rulings/by-counter.md"}]},
        {t("cards"): "cards/index.md"},
        {t("mechanics"): "mechanics/index.md"},
        {t("glossary"): "glossary.md"},
        {t("status"): "status.md"},
        {t("sources"): "sources.md"},
    ]
    if editor_pages:
        entries.append({t("editors"): editor_pages})
    return entries
