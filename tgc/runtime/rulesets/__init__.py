"""Game systems the interpreter can run: one package per ruleset (tainted_grail/)."""
