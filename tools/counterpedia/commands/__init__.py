"""Commands: the `counterpedia` command line and the MkDocs glue, the only code that touches files.
May import every other layer; nothing imports it (but the domain packages' own `cli` modules)."""
