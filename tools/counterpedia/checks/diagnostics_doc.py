"""The editors' page of diagnostic codes, each with a real example (taken from the test fixtures)."""

from __future__ import annotations

from ..diagnostics import CODES


def render(examples: dict[str, tuple[str, str]]) -> str:
    """`examples`: code -> (the YAML that triggers it, the validator's output for it)."""
    lines = [
        "# Diagnostic codes",
        "",
        "`counterpedia validate` reports every problem in one run, one per line:",
        "",
        "```text",
        "path:line:column: severity[CODE] message",
        "    hint: what to do",
        "```",
        "",
        "Exit status: 0 when clean (warnings allowed), 1 when problems are found (`--strict` counts",
        "warnings), 2 for bad usage. `--format json` prints a list of objects with `path`, `line`,",
        "`column`, `code`, `severity`, `message` and `hint`. The validator never modifies a file.",
        "",
        "Codes are stable: tools may match on them. Errors start with `E`, warnings with `W`.",
        "",
        "`counterpedia cr check` reports quotes that no longer match an edition of the Comprehensive",
        "Rules in the same form (codes `E301`–`E303`); `counterpedia cr check --lang ja` does the same for",
        "the official Japanese texts against the Japanese Comprehensive Rules file (`E304`–`E307`).",
        "",
        "| code | severity | reported by | meaning | what to do |",
        "| --- | --- | --- | --- | --- |",
    ]
    for code in CODES.values():
        lines.append(
            f"| [{code.code}](#{code.code.lower()}) | {code.severity} | `{code.command}` | {code.summary} | {code.hint} |"
        )
    lines.append("")
    for code in CODES.values():
        lines += [f"## {code.code}", "", f"**{code.severity}** — {code.summary}.", ""]
        if code.code in examples:
            source, output = examples[code.code]
            lines += ["```yaml", source.rstrip("\n"), "```", "", "```text", output.rstrip("\n"), "```", ""]
    lines.append(
        "<!-- Generated from tests/fixtures/invalid by tests/checks/test_diagnostics_doc.py "
        "(UPDATE_GOLDEN=1 to refresh). -->"
    )
    return "\n".join(lines) + "\n"
