"""Playtesting on the bundle: the play session, its narration and commands, scripts and
transcripts, random play and fights by hand. Reads the bundle and the rulesets' engines,
never the syntax or the semantics."""
