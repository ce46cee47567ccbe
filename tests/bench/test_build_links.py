"""`make bench`'s build section reports each language's card-name links (issue 23: before/after the stop list)."""

from __future__ import annotations

from counterpedia.bench import build, machine


def test_the_build_section_prints_the_card_name_links_per_language():
    run = machine.Run(["counterpedia"], 10.0, 9.0, 300.0, 0, "", "")
    steps = {"ja": 3.0, "en": 3.0, "fr": 3.0, "links": 1.0}
    peaks = {"ja": 200.0, "en": 250.0, "fr": 300.0}
    links = {"ja": "card-name links 3,844 (1,344 names); not linked by the stop list 32 (6 names)"}
    said: list[str] = []
    build.report(build.Side(run, steps=steps, peaks=peaks, links=links), None, say=said.append)
    assert "  ja pages: card-name links 3,844 (1,344 names); not linked by the stop list 32 (6 names)" in said


def test_languages_built_at_once_are_compared_with_plain_mkdocs_by_cpu_time_and_their_memory_added_up():
    """Our languages are built at the same time, plain MkDocs' in turn: wall times would flatter ours."""
    steps = {"ja": 100.0, "en": 10.0, "fr": 5.0, "links": 5.0}
    ours = build.Side(
        machine.Run(["counterpedia"], 125.0, 240.0, 500.0, 0, "", ""),
        steps=steps,
        peaks={"ja": 500.0, "en": 400.0, "fr": 450.0},
        links={"ja": "card-name links 1 (1 names); not linked by the stop list 0 (0 names)"},
        cpu={"ja": 90.0, "en": 70.0, "fr": 60.0},
        parent_mb=300.0,
    )
    plain = build.Side(
        machine.Run(["python"], 400.0, 400.0, 600.0, 0, "", ""),
        steps={"ja": 70.0, "en": 60.0, "fr": 70.0},
        peaks={"ja": 300.0, "en": 300.0, "fr": 300.0},
        cpu={"ja": 75.0, "en": 50.0, "fr": 75.0},
    )
    said: list[str] = []
    build.report(ours, plain, say=said.append)
    assert build.overhead(ours, plain) == 0.2  # 240 s of CPU for the whole build against 200 s
    assert any(line.startswith("  build en: ours 70.0 s of CPU") and "ours adds +40%" in line for line in said)
    assert ours.together_mb == 1650.0 and any("peak memory 1650 MB" in line and "OVER TARGET" in line for line in said)
