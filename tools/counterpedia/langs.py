"""The languages of the data and of the sites, in their one order: Japanese (the site at the root), English
(the language of the Comprehensive Rules and of the Oracle text), French."""

from __future__ import annotations

LANGS = ("ja", "en", "fr")
DEFAULT_LANG = "ja"  # the site built at the root; English and French are built under en/ and fr/
# The languages cards are printed in besides English, whose printed names and texts the imports read.
PRINTED_LANGS = tuple(lang for lang in LANGS if lang != "en")
