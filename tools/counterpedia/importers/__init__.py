"""Importers: fill the knowledge base from public bulk data, never overwriting hand-edited fields.

Every import is a provider run by the one skeleton (skeleton.py: `Provider`, `run_import`, which owns the write
lock, the recovery, the dry run, the journaled write, the report and the exit status). Providers: mtgjson/
(MTGJSON v5), scryfall (Scryfall's bulk files), scryfall_cards (files of Scryfall card objects), jpnames (a list of
Japanese card names), gatherer/ (MTGJSON 3's Gatherer rulings) and memory (translated batches). What they share:
model (the imported cards and rulings, `ImportFailure`, `Printing`), merge (the Workspace and the merge rules),
printed (which printed entries are plainly wrong, and which printing's are kept), jsonstream (streamed JSON).
The command lines: cli (`counterpedia import …`), gatherer_cli, memory_cli.
"""
