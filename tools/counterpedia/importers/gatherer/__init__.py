"""`counterpedia import gatherer-rulings`: prove which imported rulings are Wizards of the Coast's own texts.

Gatherer, Wizards' card database, published each card's rulings; MTGJSON 3 copied them (2018). A ruling of
ours that a card's Gatherer rulings hold exactly (same card, same date, same text under
`importers.ruling_text.ruling_key`) becomes `official`, citing Gatherer with the copy as `via`; a looser
match is only listed for review. One module per stage: `read` (the set files, streamed), `evidence` (pure:
which of our rulings each Gatherer ruling proves), `plan` (the edits, in a Workspace), and the CLI in
`importers/gatherer_cli.py`, the provider the importer skeleton runs in `provider`.
"""
