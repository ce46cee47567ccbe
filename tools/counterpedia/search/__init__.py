"""Search: one algorithm for the site's search box and `counterpedia search` (docs/editors/search.md).

- `normalize`, `japanese`, `query`: how a query is read (folding, stemming, stop words, particles).
- `corpus`: the records as search units; `rank`: matching, ranking, snippets.
- `site_index`: each site's index, written after Material's search plugin (the browser's side is
  docs/assets/javascripts/workers/counterpedia-search.js, a port of normalize/japanese/query/rank).
- `engine`, `cli`, `yaml_lines`: the `counterpedia search` command and its cache.
- `relevance`, `bench`, `bench_data`, `browser`: the relevance set, the figures, synthetic data, Chromium.
"""
