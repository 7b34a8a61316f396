"""Editor support: the name index, the session an editor keeps between edits, hovers and
outlines, safe renames, and the language server (`tgc lsp`, server.py: needs pygls,
the `lsp` extra). docs/editor.md."""
