"""tgc.syntax."""
