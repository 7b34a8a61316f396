"""Tainted Grail's mechanical rules: characters, combat and diplomacy (docs/rules.md)."""
