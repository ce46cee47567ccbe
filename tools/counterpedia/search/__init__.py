"""Search: one normalization for the site's Lunr index, the browser query and `counterpedia search`.

- `normalize`: NFKC, case and accent folding, plural stemming, the token separator (shared with the
  browser code in docs/assets/javascripts/workers/counterpedia-search.js, kept in step by tests).
- `site_index`: post-processes each built site's search/search_index.json.
- `engine`: the command-line search over every text of the data, with its cache.
- `cli`: the `counterpedia search` command.  `bench`: speed and size figures.
"""
