"""Word-level diff of two texts, as segments that render to a terminal or to HTML.

A segment is (op, text) with op "equal", "delete" or "insert"; joining the "equal" and
"delete" texts gives the old text back, "equal" and "insert" the new one, so renderers
never need the originals.
"""

from __future__ import annotations

import difflib
import html
import re

EQUAL, DELETE, INSERT = "equal", "delete", "insert"
Segment = tuple[str, str]

# Words keep their inner apostrophes and hyphens ("can’t", "first-strike"); punctuation and
# runs of whitespace are tokens of their own, so "counter." -> "counters." diffs one word.
TOKEN_RE = re.compile(r"\s+|\w+(?:[’'\-]\w+)*|[^\w\s]")


def tokenize(text: str) -> list[str]:
    return TOKEN_RE.findall(text)


def word_diff(old: str, new: str) -> list[Segment]:
    """Segments turning `old` into `new`, word by word."""
    if old == new:
        return [(EQUAL, old)] if old else []
    a, b = tokenize(old), tokenize(new)
    # Most edits touch a few words of a long rule (205.3m lists every creature type):
    # set the common head and tail aside so difflib only sees the middle.
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    middle_a, middle_b = a[head : len(a) - tail], b[head : len(b) - tail]
    segments: list[Segment] = [(EQUAL, "".join(a[:head]))]
    # Whitespace tokens are junk: they never anchor a match (which also keeps difflib fast),
    # yet still join the words around them.
    matcher = difflib.SequenceMatcher(str.isspace, middle_a, middle_b)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            segments.append((EQUAL, "".join(middle_a[i1:i2])))
            continue
        if i2 > i1:
            segments.append((DELETE, "".join(middle_a[i1:i2])))
        if j2 > j1:
            segments.append((INSERT, "".join(middle_b[j1:j2])))
    segments.append((EQUAL, "".join(a[len(a) - tail :])))
    return _coalesce(segments)


def _coalesce(segments: list[Segment]) -> list[Segment]:
    """Fold a lone space between two edits into both, so "[-a-]{+x+} [-b-]{+y+}" reads
    "[-a b-]{+x y+}", then merge neighbours with the same op."""
    folded: list[Segment] = []
    for index, (op, text) in enumerate(segments):
        between_edits = (
            op == EQUAL
            and not text.strip()
            and 0 < index < len(segments) - 1
            and segments[index - 1][0] != EQUAL
            and segments[index + 1][0] != EQUAL
        )
        if between_edits:
            folded += [(DELETE, text), (INSERT, text)]
        else:
            folded.append((op, text))
    # Order each run of edits as all deletions then all insertions before merging.
    ordered: list[Segment] = []
    run: list[Segment] = []
    for segment in folded + [(EQUAL, "")]:
        if segment[0] == EQUAL:
            ordered += [s for s in run if s[0] == DELETE] + [s for s in run if s[0] == INSERT]
            run = []
            ordered.append(segment)
        else:
            run.append(segment)
    merged: list[Segment] = []
    for op, text in ordered:
        if not text:
            continue
        if merged and merged[-1][0] == op:
            merged[-1] = (op, merged[-1][1] + text)
        else:
            merged.append((op, text))
    return merged


def old_text(segments: list[Segment]) -> str:
    return "".join(text for op, text in segments if op != INSERT)


def new_text(segments: list[Segment]) -> str:
    return "".join(text for op, text in segments if op != DELETE)


def to_terminal(segments: list[Segment], context: int | None = None) -> str:
    """git's --word-diff=plain markers: [-removed-]{+added+}.

    With `context`, unchanged stretches keep only that many words next to each edit and
    show "…" for the rest, so a one-word change in a 400-word rule stays readable.
    """
    marks = {EQUAL: "{}", DELETE: "[-{}-]", INSERT: "{{+{}+}}"}
    out = []
    for index, (op, text) in enumerate(segments):
        if op == EQUAL and context is not None:
            text = _elide(text, context, keep_head=index > 0, keep_tail=index < len(segments) - 1)
        out.append(marks[op].format(text))
    return "".join(out)


def _elide(text: str, context: int, keep_head: bool, keep_tail: bool) -> str:
    """Keep `context` words at the ends of `text` that touch an edit, "…" for the middle."""
    context = max(context, 1)
    parts = re.split(r"(\s+)", text.strip())  # words at even indexes, the spaces between at odd ones
    if len(parts) <= 2 * (2 * context + 1):
        return text
    lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
    head = lead + "".join(parts[: 2 * context - 1]) + " " if keep_head else ""
    tail = " " + "".join(parts[-(2 * context - 1) :]) + trail if keep_tail else ""
    return f"{head}…{tail}"


def to_html(segments: list[Segment]) -> str:
    tags = {DELETE: "del", INSERT: "ins"}
    out = []
    for op, text in segments:
        escaped = html.escape(text, quote=False)
        out.append(escaped if op == EQUAL else f"<{tags[op]}>{escaped}</{tags[op]}>")
    return "".join(out)
