"""Localization, its usage errors: the two exceptions a command that may translate catches
(an unknown language, no catalogue to work on), in a module of their own so that catching
them costs no import of Babel or of the catalogues."""

from __future__ import annotations


class LanguageError(Exception):
    """A language code Babel does not know; meant for the user."""


class L10nError(Exception):
    """A usage problem (an unknown language, no catalogue to work on); meant for the user."""
