"""`counterpedia refresh`: the weekly update, in one command.

1. Download, into the cache (`~/.cache/counterpedia`, or $XDG_CACHE_HOME/counterpedia), what the update needs
   (`downloads`): Scryfall's bulk-data manifest, then the `oracle_cards` and `rulings` files it announces; the
   newest English Comprehensive Rules that Wizards of the Coast's rules page links to; the official Japanese
   rules page (saved as lines, as `cr fetch --lang ja` does). Every download goes to a staging folder first and
   is checked there: HTTP status, content type, complete (the size announced, JSON that parses to its end, a CR
   file that parses), the CR edition the page announced, and no ruling of the previous rulings file missing
   from the new one. One refused download refuses them all: the cache and the data are left as they were.
2. Run the imports on the new files, then `cr sync --apply` to the newest English edition, then validate
   (`steps`).
3. Print a summary of what changed: new cards, new rulings (Wizards of the Coast's, which are official, and
   Scryfall's notes), the rules edition and the quotes it changed, translations newly drifted. The weekly
   workflow (.github/workflows/refresh.yml) opens a pull request with it.

`--rules-only` downloads the CR files alone (the English editions the site compares, the newest one, the
Japanese page), for the Pages workflow, which fills the same cache before it tests and builds.
"""
