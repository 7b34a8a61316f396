"""tgc.semantics."""
