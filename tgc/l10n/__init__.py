"""Localization: a compiled campaign's words in gettext catalogues (Babel), stable ids kept
in tgc.l10n.lock, the checks of what translators wrote, and translated bundles. Only
words are ever translated; docs/localization.md walks a translator through it."""
