"""The version of tgc, in a module of its own so the low layers (the parse cache, the
SARIF renderer) can read it without importing the package's API."""

__version__ = "0.1.0"
