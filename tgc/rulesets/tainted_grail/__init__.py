"""Tainted Grail: its vocabulary and rule data (characters, cards, encounters: records,
loader, effects, checks) and, in engines/, its mechanical rules (combat, diplomacy)."""
