"""Grimslingers' runtime face: the Tall Tale's story engine (eligible parts, adventure
turns, areas), creature and versus duels (standoff, resolution), decisions, policies and
duel simulation. It reads the typed Tall Tale only: never the loader or the checks."""
