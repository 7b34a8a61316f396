"""The compiled bundle: schema (what the runtime reads), compile (Campaign -> Bundle),
numbering (printed numbers and tgc.lock) and io (canonical JSON, atomic writes)."""
