"""tgc.cli."""
