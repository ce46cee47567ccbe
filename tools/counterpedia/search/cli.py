"""`counterpedia search QUERY`: find a record from any of its texts, in any language.

Exit status: 0 results found, 1 no result or a data file that could not be read (its records are
left out, and said so), 2 bad usage (empty query, unknown kind, no data folder)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .. import kinds
from ..commands.short_lived import CycleCollectionPaused
from ..langs import LANGS
from .engine import SearchError, load_index, search
from .normalize import printable

DESCRIPTION = """Search every text of the data (names, rules, card texts, rulings, summaries, notes) in
Japanese, English and French, as a question is asked: function words and particles are ignored
(marqueur de charge), inflections are folded (untapped finds untap, 取り除かれる finds 取り除く),
full-width and half-width are the same (＋１/＋１ = +1/+1), accents do not matter. A word of five letters
or more that matches nothing is corrected (one typing mistake, two from nine letters: prolifirate finds
proliferate, marked corrected, and "Did you mean" offers the corrected query); a Japanese name is found
from its hiragana reading (ちゅうせい); shorthands players type are read as what they mean (p1p1, pw, sba:
catalogue/search-shorthands.yaml). Names come first; when no record holds every word, the records
holding most of them are shown, marked partial."""


def add_arguments(parser) -> None:
    parser.add_argument("query", nargs="+", metavar="QUERY", help="words to look for (any language)")
    parser.add_argument(
        "--lang", choices=LANGS, help="the language of titles and site paths (default: the query's language, else en)"
    )
    parser.add_argument(
        "--kind", choices=kinds.names(), metavar="KIND", help=f"only records of this kind: {', '.join(kinds.names())}"
    )
    parser.add_argument("--limit", type=int, default=10, metavar="N", help="at most N results (default 10)")
    parser.add_argument("--json", action="store_true", help="print a JSON list of results")
    parser.add_argument("--data", default="data", help="the data folder (default: data/)")
    parser.add_argument("--no-cache", action="store_true", help="rebuild the index, do not read or write the cache")


def register(sub) -> None:
    """Add the `search` subcommand to the `counterpedia` command's subparsers."""
    parser = sub.add_parser("search", help="search every text of the data, in all languages", description=DESCRIPTION)
    add_arguments(parser)
    parser.set_defaults(func=run)


def _label(kind: str) -> str:
    """How a result's kind is shown: its registry's search label."""
    spec = kinds.find(kind)
    return spec.search_label if spec is not None else kind


def _highlight(text: str, spans, color: bool) -> str:
    start_mark, end_mark = ("\033[1;33m", "\033[0m") if color else ("**", "**")
    out, last = [], 0
    for start, end in sorted(spans):
        if start < last:
            continue
        out += [printable(text[last:start]), start_mark, printable(text[start:end]), end_mark]
        last = end
    out.append(printable(text[last:]))
    return "".join(out)


def run(args) -> int:
    with CycleCollectionPaused():  # a short-lived process: collecting the index's objects only costs time
        return _run(args)


def _run(args) -> int:
    query = " ".join(args.query).strip()
    if not query:
        print(
            "counterpedia search: give a query: some words to look for, e.g. `counterpedia search poison`",
            file=sys.stderr,
        )
        return 2
    if args.limit is not None and args.limit < 1:
        print(f"counterpedia search: --limit must be 1 or more (got {args.limit})", file=sys.stderr)
        return 2
    data_dir = Path(args.data)
    if not data_dir.is_dir():
        print(
            f"counterpedia search: no data folder at {data_dir}: run from the repository root or pass --data DIR",
            file=sys.stderr,
        )
        return 2
    try:
        index, _rebuilt = load_index(data_dir, use_cache=not args.no_cache)
        answer = search(index, query, args.lang, args.kind, args.limit)
        hits = answer.hits
    except SearchError as error:
        print(f"counterpedia search: {printable(str(error))}", file=sys.stderr)
        return 2
    shown = printable(query)
    if answer.suggestion:
        # On stderr with --json, whose output stays a list of results.
        print(f"Did you mean: {printable(answer.suggestion)}", file=sys.stderr if args.json else sys.stdout)
        if not args.json and hits:
            print()
    if args.json:
        print(json.dumps([hit.as_json() for hit in hits], ensure_ascii=False, indent=2))
    elif hits:
        color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        for number, hit in enumerate(hits, 1):
            if number > 1:
                print()
            head = f"{printable(hit.title)}  [{_label(hit.kind)}]"
            if hit.corrected:
                head += (
                    "  (corrected: "
                    + ", ".join(f"{printable(typed)} → {printable(fixed)}" for typed, fixed in hit.corrected.items())
                    + ")"
                )
            if hit.missing:
                head += f"  (partial: no {', '.join(printable(word) for word in hit.missing)})"
            print(f"\033[1m{head}\033[0m" if color else head)
            print(f"  {_highlight(hit.snippet, hit.spans, color)}")
            print(f"  site: {printable(hit.url)}")
            print(f"  yaml: {printable(hit.path)}:{hit.line}")
    if not hits:
        scope = f" among {args.kind} records" if args.kind else ""
        print(f"counterpedia search: nothing found for '{shown}'{scope}", file=sys.stderr)
    if index.problems:
        print(
            f"counterpedia search: {len(index.problems)} file(s) could not be read; their records (or "
            "shorthands) were not searched (run `counterpedia validate`):",
            file=sys.stderr,
        )
        for problem in index.problems:
            print(printable(problem), file=sys.stderr)
    return 0 if hits and not index.problems else 1


def main(argv: list[str] | None = None) -> int:
    """`python -m counterpedia.search.cli QUERY …`: the same command without the other subcommands."""
    parser = argparse.ArgumentParser(prog="counterpedia search", description=DESCRIPTION)
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
