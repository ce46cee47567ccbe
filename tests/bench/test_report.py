"""Each figure beside its target, in one aligned table; a verdict never fails anything."""

from __future__ import annotations

from counterpedia.bench.report import OK, OVER, Row, Summary, megabytes, percent, seconds, table, verdict


def test_the_verdict_says_whether_the_figure_is_within_its_target():
    assert verdict(1.9, 2.0) == OK
    assert verdict(2.0, 2.0) == OVER  # "under 2 s"
    assert verdict(0.2, 0.2, at_most=True) == OK  # "at most 0.2 times"
    assert verdict(0.21, 0.2, at_most=True) == OVER


def test_the_summary_is_one_aligned_table_with_the_target_beside_each_figure():
    summary = Summary()
    summary.add("validate, cold", seconds(1.234), "< 2 s", OK)
    summary.add("build, peak memory", megabytes(1234.4), "< 1024 MB", OVER)
    summary.add("card records", "3,015")
    lines = summary.lines()
    assert lines[0].split() == ["figure", "value", "target"]
    assert lines[1].split() == ["validate,", "cold", "1.23", "s", "<", "2", "s", "ok"]
    assert lines[2].endswith("< 1024 MB  OVER TARGET")
    assert lines[3].split() == ["card", "records", "3,015"]
    assert len({line.index("figure" if n == 0 else line.split()[0]) for n, line in enumerate(lines)}) == 1
    value_ends = {len(line) - len(line.lstrip()) + len(line.strip()) for line in lines[3:]}
    assert value_ends  # the last row has no target: no trailing spaces
    assert not any(line.endswith(" ") for line in lines)
    assert len({lines[i].index(v) + len(v) for i, v in ((1, "1.23 s"), (2, "1234 MB"), (3, "3,015"))}) == 1


def test_no_rows_no_table():
    assert table([]) == []


def test_units():
    assert seconds(1.234) == "1.23 s" and seconds(123.45) == "123.5 s"
    assert percent(0.25) == "+25%" and percent(-0.1) == "-10%"
    assert Row("a", "b").verdict == ""
