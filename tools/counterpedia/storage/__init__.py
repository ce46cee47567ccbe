"""Storage: the YAML records in and out (reading with positions, the parse cache, formatting, journaled
writes, where each record's file lives). Imports only the foundation (kinds, diagnostics, langs)."""
