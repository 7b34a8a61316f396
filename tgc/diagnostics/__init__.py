"""Diagnostics: the data model, the catalogue of codes, suppression and renderers."""

from tgc.diagnostics.codes import CATALOGUE, Rule, diag, lookup
from tgc.diagnostics.model import Diagnostic, Label, Severity

__all__ = ["CATALOGUE", "Diagnostic", "Label", "Rule", "Severity", "diag", "lookup"]
