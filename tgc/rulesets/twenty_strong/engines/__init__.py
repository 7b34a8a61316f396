"""20 Strong's runtime face: the game engine (the round, the engagement, the Resolve
phase), its decisions and policies, one engagement for the exact odds' checks, play by
hand and whole-game simulation. It reads the typed deck (``Box``) only: never the loader,
the effect parser or the checks (import-linter)."""
