"""`tgc rename OLD NEW`: rename a named verse (or block), a status, an item or a secret in
every file of the campaign; a verse keeps its printed number (its tgc.lock entry moves
with it). Every file is written only once the whole rename is known to be sound."""

from __future__ import annotations

from pathlib import Path

import click

from tgc.cli.options import campaign_dir, fail_usage


@click.command()
@click.argument("old")
@click.argument("new")
@click.argument("directory", required=False, type=click.Path(path_type=Path))
@click.option("--dry-run", is_flag=True, help="Say what would change; write nothing.")
def rename(old: str, new: str, directory: Path | None, dry_run: bool) -> None:
    """Rename OLD to NEW across the campaign: `tgc rename 201.arrival welcome`,
    `tgc rename 'status "Cold Pyre"' "Cold Hearth"`, `tgc rename "secret 12" 14`."""
    from tgc.bundle.io import write_atomic
    from tgc.editor.rename import RenameError, plan_rename, renamed_files, target_of
    from tgc.editor.session import Session
    from tgc.project.workspace import WorkspaceError

    root = campaign_dir(directory)
    try:
        snapshot = Session().snapshot(root.absolute())
    except WorkspaceError as err:
        fail_usage(str(err))
    if snapshot is None:
        fail_usage(f"{root}: no campaign here")
    try:
        kind, key = target_of(snapshot, old)
        plan = plan_rename(snapshot, kind, key, new)
    except RenameError as err:
        fail_usage(str(err))
    files = renamed_files(snapshot, plan)
    for path, text in sorted(files.items()):
        if not dry_run:
            write_atomic(path, text)
    edits = plan.count()
    lock = " and tgc.lock (the printed number is kept)" if plan.lock is not None else ""
    verb = "would rename" if dry_run else "renamed"
    others = len(plan.edits)
    click.echo(f"{verb} {kind} `{key}` to `{new}`: {edits} place{'s' if edits != 1 else ''} in "
               f"{others} file{'s' if others != 1 else ''}{lock}")
