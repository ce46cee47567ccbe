"""`python -m counterpedia.bench`: which sections run, and bad usage said plainly."""

from __future__ import annotations

import pytest

from counterpedia.bench.__main__ import SECTIONS, main, parse_sections


def test_every_section_runs_by_default_in_the_bench_order():
    assert parse_sections(None) == list(SECTIONS)
    assert parse_sections("build, validate") == ["validate", "build"]


def test_an_unknown_section_is_named():
    with pytest.raises(ValueError, match="speed"):
        parse_sections("validate,speed")


def test_bad_usage_exits_2_with_a_message(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["--only", "speed"])
    assert exit_.value.code == 2
    assert "speed" in capsys.readouterr().err
    assert main(["--data", str(tmp_path), "--only", "status"]) == 2
    assert "no records" in capsys.readouterr().err


def test_a_failing_command_makes_the_bench_fail_with_its_message(valid_data, tmp_path, capsys):
    (valid_data / "counters" / "broken.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    (valid_data / "counters" / "bad-status.yaml").write_text(
        "id: bad-status\nnames:\n  en: {text: x, status: offical, source: cr, version: '1'}\n", encoding="utf-8"
    )
    status = main(["--data", str(valid_data), "--only", "status"])
    captured = capsys.readouterr()
    assert "summary" in captured.out
    assert status == 1 and "status --json exited 1" in captured.err


def test_figures_alone_never_fail(valid_data, capsys):
    assert main(["--data", str(valid_data), "--only", "status"]) == 0
    assert "card records" in capsys.readouterr().out


def test_the_search_figures_of_the_shipped_data_are_set_beside_issue_12s_targets():
    from counterpedia.bench.__main__ import _search_rows
    from counterpedia.bench.report import Summary
    from counterpedia.bench.synthetic import Size

    summary = Summary()
    _search_rows(
        Size(
            "shipped",
            {
                "search index ja (KB)": 1277.0,
                "search index en (KB)": 5000.0,
                "first result ja (ms)": 199.0,
                "cli search, median (ms)": 122.0,
            },
        ),
        summary,
    )
    assert [(r.figure, r.value, r.target, r.verdict) for r in summary.rows] == [
        ("search index, largest language", "4.88 MB", "< 4 MB", "OVER TARGET"),
        ("first in-site search result, slowest language", "199 ms", "< 500 ms", "ok"),
        ("counterpedia search, median process", "122 ms", "< 150 ms", "ok"),
    ]
