"""The full Comprehensive Rules (newest edition, a page per section, each rule's history) and a
"what changed" page per pair of consecutive editions: built only when CR files are available."""

from __future__ import annotations

from typing import Any

from ..cr.archive import Mark, RulesArchive
from ..cr.diff import summary
from ..cr.words import DELETE, INSERT
from . import i18n, urls
from .markup import escape


def change_anchor(old: str | None, new: str | None) -> str:
    return f"c-{urls.rule_anchor(new)}" if new else f"r-{urls.rule_anchor(old or '')}"


def changes_page(old: str, new: str) -> str:
    return f"cr/changes/{old}-{new}.md"


def diff_markdown(segments) -> str:
    """A word diff as Markdown with <del>/<ins>, the text escaped."""
    out = []
    for op, text in segments:
        piece = escape(text).replace("\n", "<br>")
        if op == DELETE:
            out.append(f"<del>{piece}</del>")
        elif op == INSERT:
            out.append(f"<ins>{piece}</ins>")
        else:
            out.append(piece)
    return "".join(out)


class FullRulesRenderer:
    """`ja`: the official Japanese translation (a cr.ja_parse.JaEdition); on the Japanese site, when it is of
    the newest English edition, each rule shows its Japanese text with the English (authoritative) beside it."""

    def __init__(self, site, archive: RulesArchive, ja: Any = None):
        self.site = site  # the SiteRenderer of this language
        self.archive = archive
        self.linker = site.linker
        use = ja is not None and site.lang == "ja"
        # The official translation lags the English (20260116 beside 20260925): each rule of the newest English
        # edition shows the Japanese of the rule it was in the translated edition, marked drifted where its
        # English has changed since; a rule added since shows the English alone.
        self.ja: Any = ja if use and archive.knows(ja.edition) else None
        self.ja_other_edition = ja.edition if use and self.ja is None else None
        self.lagging = self.ja is not None and self.ja.edition != archive.newest.edition
        self.in_ja_edition: dict[str, str] = {}  # newest number -> its number in the Japanese edition
        self._rendered: dict[str, str] | None = None
        if self.ja is not None and self.lagging:
            for old_number in archive.by_id[self.ja.edition].rules:
                current = archive.to_newest(self.ja.edition, old_number)
                if current is not None:
                    self.in_ja_edition[current] = old_number

    def ja_note(self, page: str) -> str:
        """The Japanese site's line on where its Japanese text comes from (Markdown), or ""."""
        if self.ja is not None:
            key = "ja_full_rules_lagging" if self.lagging else "ja_full_rules_intro"
            note = escape(self.t(key).format(edition=self.ja.edition, en=self.archive.newest.edition))
            source_id = f"cr-ja-{self.ja.edition}"
            if self.site.kb.get("source", source_id) is not None:
                note += " " + self.site.r.source_link(page, source_id)
            return note
        if self.ja_other_edition:
            return escape(
                self.t("ja_full_rules_other_edition").format(ja=self.ja_other_edition, en=self.archive.newest.edition)
            )
        return ""

    def _ja_number(self, number: str) -> str | None:
        if self.ja is None:
            return None
        return self.in_ja_edition.get(number) if self.lagging else number

    def ja_rule(self, page: str, number: str):
        old_number = self._ja_number(number)
        rule = self.ja.get(old_number) if old_number is not None else None
        if rule is None:
            return None
        drifted = False
        if self.lagging and old_number is not None:
            then = self.archive.by_id[self.ja.edition].rules[old_number]
            now = self.archive.newest.rules[number]
            drifted = (then.text, then.examples) != (now.text, now.examples)
        return {
            "body": self.linker.to_markdown(rule.text, page, prefer_full=True),
            "examples": [self.linker.to_markdown(e, page, prefer_full=True) for e in rule.examples],
            "drifted": drifted,
            "was": self.linker.to_markdown(
                self.t("ja_rule_was").format(edition=self.ja.edition, number=old_number),
                page,
                edition=self.ja.edition,
                prefer_full=True,
            )
            if old_number != number
            else None,
            "edition": self.ja.edition,
        }

    def section_title(self, number: str) -> str | None:
        old_number = self._ja_number(number)
        return self.ja.heading(old_number) if old_number is not None else None

    def t(self, key: str) -> str:
        return i18n.t(key, self.site.lang)

    def mark_label(self, mark: Mark) -> str:
        if mark.previous is None:
            return self.t("added_in")
        parts = []
        if mark.text_changed:
            parts.append(self.t("changed_in"))
        if mark.previous != mark.number:
            parts.append(self.t("renumbered_from").format(old=mark.previous))
        return ", ".join(parts)

    def index_page(self) -> str:
        newest = self.archive.newest
        chapters = []
        for chapter, title in newest.chapters.items():
            sections = []
            for r in newest.rules.values():
                if r.level == 1 and r.number.startswith(chapter):
                    ja_title = self.section_title(r.number)
                    sections.append((r.number, f"{ja_title} ({r.text})" if ja_title else r.text))
            if self.ja is not None and (self.ja.chapters.get(chapter) or self.ja.contents.get(chapter)):
                title = f"{self.ja.chapters.get(chapter) or self.ja.contents.get(chapter)} ({title})"
            chapters.append((chapter, title, sections))
        return self.site.render(
            "cr_index.md.j2", "cr/index.md", newest=newest, chapters=chapters, ja_note=self.ja_note("cr/index.md")
        )

    def section_pages(self) -> dict[str, str]:
        newest = self.archive.newest
        by_section: dict[str, list] = {}
        for rule in newest.rules.values():
            by_section.setdefault(rule.section, []).append(rule)
        pages = {}
        for section_number, rules in by_section.items():
            page = f"cr/{section_number}.md"
            entries = []
            for rule in rules:
                if rule.level == 1:
                    continue
                body = self.linker.to_markdown(rule.text, page, prefer_full=True)
                examples = [self.linker.to_markdown(e, page, prefer_full=True) for e in rule.examples]
                marks = [
                    (
                        m,
                        urls.relative(
                            page, changes_page(str(m.previous_edition), m.edition), change_anchor(m.previous, m.number)
                        ),
                    )
                    for m in self.archive.marks(rule.number)
                ]
                entries.append((rule, body, examples, marks, self.ja_rule(page, rule.number)))
            pages[page] = self.site.render(
                "cr_section.md.j2",
                page,
                section=newest.rules[section_number],
                newest=newest,
                rules=entries,
                mark_label=self.mark_label,
                ja_title=self.section_title(section_number),
                ja_note=self.ja_note(page),
                drift_note=i18n.DRIFT_NOTE[self.site.lang],
            )
        return pages

    def changes_pages(self) -> dict[str, str]:
        pages = {}
        pairs = []
        for old, new in zip(self.archive.editions, self.archive.editions[1:]):
            page = changes_page(old.edition, new.edition)
            changes = self.archive.changes(old.edition, new.edition)
            rows = []
            for change in changes:
                current = self.archive.to_newest(new.edition, change.new) if change.new else None
                link = self.linker.full_rule_link(page, current) if current else None
                examples = []
                if change.examples_changed:
                    examples = [diff_markdown(change.example_words)]
                rows.append(
                    (change, change_anchor(change.old, change.new), link, diff_markdown(change.words), examples)
                )
            counts = summary(changes)
            pages[page] = self.site.render("cr_changes.md.j2", page, old=old, new=new, changes=rows, counts=counts)
            pairs.append((old.edition, new.edition, urls.relative("cr/changes/index.md", page), counts))
        pages["cr/changes/index.md"] = self.site.render(
            "cr_changes_index.md.j2", "cr/changes/index.md", pairs=pairs[::-1]
        )
        return pages

    def all_pages(self) -> dict[str, str]:
        return {"cr/index.md": self.index_page(), **self.section_pages(), **self.changes_pages()}

    def page_paths(self) -> list[str]:
        """Every page's path, in the order of `all_pages`, without rendering any."""
        sections = dict.fromkeys(rule.section for rule in self.archive.newest.rules.values())
        editions = self.archive.editions
        changes = [changes_page(old.edition, new.edition) for old, new in zip(editions, editions[1:])]
        return ["cr/index.md", *(f"cr/{section}.md" for section in sections), *changes, "cr/changes/index.md"]

    def page(self, path: str) -> str:
        """One page of `all_pages` (all of them are rendered at the first one asked for)."""
        if self._rendered is None:
            self._rendered = self.all_pages()
        return self._rendered[path]
