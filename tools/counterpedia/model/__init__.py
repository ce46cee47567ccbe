"""The model: the one in-memory knowledge base, the texts of each record and their provenance, the
references between records, rule numbers, translation status. Imports storage and the foundation."""
