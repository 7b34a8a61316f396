"""`tgc rename OLD NEW`: rename a named verse (or block), a status, an item, an encounter, a
character, a secret or a location in every file of the campaign; a verse keeps its
printed number (its tgc.lock entry moves with it), as does every verse of a renumbered
location. Every file is written only once the whole rename is known to be sound, and
checked."""

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
    `tgc rename 'status "Cold Pyre"' "Cold Hearth"`, `tgc rename "secret 12" 14`,
    `tgc rename 'character "Arev"' Aro`, `tgc rename "location 201" 211`."""
    from tgc.bundle.io import write_atomic
    from tgc.editor.rename import RenameError, plan_rename, renamed_files, target_of, verify
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
        verify(snapshot, plan)
    except RenameError as err:
        fail_usage(str(err))
    files = renamed_files(snapshot, plan)
    for path, text in sorted(files.items()):
        if not dry_run:
            write_atomic(path, text)
    edits = plan.count()
    kept = "numbers are" if kind == "location" else "number is"
    lock = f" and tgc.lock (the printed {kept} kept)" if plan.lock is not None else ""
    verb = "would rename" if dry_run else "renamed"
    others = len(plan.edits)
    click.echo(f"{verb} {kind} `{key}` to `{new}`: {edits} place{'s' if edits != 1 else ''} in "
               f"{others} file{'s' if others != 1 else ''}{lock}")
    for transcript in _transcripts_naming(snapshot.root, key):
        click.echo(f"note: {transcript} names `{key}`; transcripts are not renamed: replay it "
                   "and record it again (`tgc test --update`)")


def _transcripts_naming(root: Path, name: str) -> list[str]:
    """The playtest transcripts that mention the old name as a word (they replay what a
    reader typed, which a rename does not change)."""
    import re

    if not root.is_dir():
        return []
    word = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w])")
    found = []
    for path in sorted(root.rglob("*.transcript")):
        try:
            if word.search(path.read_text(encoding="utf-8")):
                found.append(path.relative_to(root).as_posix())
        except (OSError, UnicodeDecodeError):
            continue
    return found
