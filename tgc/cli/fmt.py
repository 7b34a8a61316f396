"""`tgc fmt`: rewrite .tgj files in their canonical layout (tgc/syntax/format.py), or with
`--check` only say which are not, for CI; `--diff` prints what would change. Lines may
move (blank lines, property order); a file is changed only when its syntax tree, spans
aside and properties in the canonical order, stays the same, so meaning never does."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import click

from tgc.cli.options import campaign_dir, fail_usage


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 when a file is not formatted (for CI).")
@click.option("--diff", "show_diff", is_flag=True, help="Print a unified diff of what would change; "
              "write nothing.")
def fmt(paths: tuple[Path, ...], check_only: bool, show_diff: bool) -> None:
    """Format the .tgj files of PATHS (campaign folders or files; default: the campaign)."""
    from tgc.bundle.io import write_atomic
    from tgc.project.workspace import WorkspaceError, discover
    from tgc.syntax.format import format_source

    files: list[Path] = []
    try:
        for path in paths or (campaign_dir(None),):
            files.extend(discover(path))
    except WorkspaceError as err:
        fail_usage(str(err))
    unformatted = refused = 0
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            click.echo(f"{path}: not formatted: cannot read it ({err})", err=True)
            refused += 1
            continue
        result = format_source(path.as_posix(), text)
        if result.problem is not None:
            click.echo(f"{path}: not formatted: {result.problem}", err=True)
            refused += 1
            continue
        if not result.changed:
            continue
        unformatted += 1
        if show_diff:
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), result.text.splitlines(True),
                                                       f"{path} (now)", f"{path} (formatted)"))
        elif check_only:
            click.echo(f"{path}: not formatted")
        else:
            write_atomic(path, result.text)
            click.echo(f"formatted {path}")
    verb = "would be formatted" if check_only or show_diff else "formatted"
    click.echo(f"{unformatted} of {len(files)} file{'s' if len(files) != 1 else ''} {verb}"
               + (f", {refused} left as they are" if refused else ""), err=True)
    if refused or ((check_only or show_diff) and unformatted):
        raise SystemExit(1)
