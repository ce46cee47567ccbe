"""Rendering the knowledge base into localized Markdown pages (pure: no file access)."""
