"""Tainted Grail's rule data: characters, cards and encounters (docs/language.md, "Rule data")."""
