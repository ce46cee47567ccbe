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
