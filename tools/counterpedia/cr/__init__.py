"""Comprehensive Rules tooling: parse the official text files, locate and fetch them,
diff two editions and follow a rule through renumbering.

Modules: parse (text file -> Edition), locate (where CR files are), fetch (download),
diff (Edition x Edition -> changes), history (one rule across editions), cli, bench.
The official Japanese translation: ja_parse (its text, as lines -> JaEdition), ja_locate, ja_fetch
(its page -> lines), ja_texts (what each record's official Japanese text is), ja_quotes (`cr check
--lang ja`), ja_sync (`cr sync --lang ja`).
"""
