"""`tgc graph`: draw a campaign's verse graph as Graphviz DOT or Mermaid, to standard
output or a file. Exit 0 drawn, 2 usage error (no such folder or section), 3 internal."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from tgc.cli.options import (
    EXIT_OK,
    cache_policy,
    campaign_dir,
    fail_internal,
    fail_path,
    fail_usage,
    no_cache_option,
)


@click.command()
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--format", "fmt", type=click.Choice(("dot", "mermaid")), default="dot",
              show_default=True, help="Graphviz DOT (render with `dot -Tsvg`) or Mermaid.")
@click.option("--section", metavar="SECTION", default=None,
              help="Draw one section only (a location number, `bos` or a named section); "
                   "edges that leave it end at stub nodes.")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="Write to this file instead of standard output.")
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def graph(directory: Path | None, fmt: str, section: str | None, output: Path | None,
          no_cache: bool, debug: bool) -> None:
    """Draw the verse graph of a campaign folder.

    Verses are boxes (inline blocks are grouped inside their verse), edges are diverts,
    choices (dashed when guarded) and roll, toss and encounter arms; entry points point
    at the verses they start. Unreachable verses (TGC201) and dead ends (TGC203) are
    highlighted; a legend explains the styles. Lines that do not parse are left out:
    run `tgc check` for the diagnostics.
    """
    from tgc.pipeline import load_model
    from tgc.project.workspace import WorkspaceError
    from tgc.semantics.graph_export import ExportError, export_graph

    root = campaign_dir(directory)
    try:
        campaign = load_model(root, cache=cache_policy(no_cache))
        text = export_graph(campaign, fmt, section)
        if output is None:
            click.echo(text, nl=False)
        else:
            from tgc.bundle.io import write_atomic

            if output.is_dir():
                fail_usage(f"{output}: is a folder; give a file name")
            write_atomic(output, text)
            click.echo(f"wrote {output}", err=True)
    except (WorkspaceError, ExportError) as err:
        fail_usage(str(err))
    except OSError as err:
        if err.filename is None:
            fail_usage(f"{output}: {err.strerror or err}")
        fail_path(err, debug)
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    sys.exit(EXIT_OK)
