"""`tgc lsp`: the language server over stdin and stdout, for any LSP client (VS Code,
Neovim, Helix, Emacs: docs/editor.md). Needs the `lsp` extra (pygls)."""

from __future__ import annotations

import click

from tgc.cli.options import fail_usage


@click.command()
@click.option("--stdio", is_flag=True, help="Serve over stdin/stdout (the default; accepted "
              "because some clients pass it).")
def lsp(stdio: bool) -> None:
    """Serve the language server protocol over stdio (diagnostics, definition, references,
    hover, completion, quick fixes, symbols, rename, code lenses, formatting)."""
    try:
        from tgc.editor.server import main
    except ImportError as err:
        fail_usage(f"tgc lsp needs the lsp extra ({err.name} is missing): "
                   "pip install 'tgc[lsp]'")
    main()
