"""`make bench`: speed, size and memory figures, each beside its target, measured side by side with peers.

Run as `python -m counterpedia.bench` (see `__main__`). Figures only: nothing here fails a build, and no test
asserts a timing. One module per job:

- `machine`: the load average, and a child process's wall time, CPU time and peak memory (every figure of a
  command is measured on its own process, as a user runs it);
- `validate`: `counterpedia validate` against `check-jsonschema` on the same files and schemas, cold and warm;
- `markdown_site`: one language's generated pages written out as Markdown with the same theme and
  configuration minus our plugin, for a plain `mkdocs build` to compare with;
- `build`: our site build per language against that plain build;
- `synthetic`: the data three times the imported size (counterpedia.bench.search_data);
- `memory`: a synthetic AllPrintings.json made from the shared MTGJSON set files, and the import's peak memory;
- `report`: the figures beside their targets (issue 8 and issue 14).
"""
