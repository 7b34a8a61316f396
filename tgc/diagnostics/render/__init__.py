"""tgc.diagnostics.render."""
