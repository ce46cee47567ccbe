"""Comprehensive Rules tooling: parse the official text files, locate and fetch them,
diff two editions and follow a rule through renumbering.

Modules: parse (text file -> Edition), locate (where CR files are), fetch (download),
diff (Edition x Edition -> changes), history (one rule across editions), cli, bench.
"""
