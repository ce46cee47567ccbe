"""Importers: fill the knowledge base from public bulk data, never overwriting hand-edited fields.

Modules: jsonstream (incremental reading of a top-level JSON array), scryfall (Scryfall's bulk-data
files -> cards, counter `cards` lists, rulings, printed Japanese and French names), printed_names (a stage of
the MTGJSON import: the names printed cards give to counter kinds, mechanics and terms), cli (`counterpedia
import scryfall`). Writes go through counterpedia.storage.yamlio (round trip, atomic), as `cr sync`'s do.
"""
