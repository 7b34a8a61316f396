"""Exploration on the bundle: the explorer, its state abstraction, the time classes,
liveness, witnesses and the report. Reads the bundle and the runtime, never the syntax or
the semantics."""
