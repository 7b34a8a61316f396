"""Rulesets: one package per game system (tainted_grail/)."""
