"""`tgc test`: replay every transcript of a campaign and report each difference as a
unified diff. Exit 0 all pass (or were updated), 1 a transcript differs or stops on an
input, 2 usage error (no campaign, no transcript), 3 internal error."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from tgc.cli.options import (
    EXIT_ERRORS,
    EXIT_OK,
    campaign_dir,
    fail_internal,
    fail_usage,
    load_campaign_or_exit,
    no_cache_option,
    strict_option,
)

if TYPE_CHECKING:
    from tgc.playtest.transcript import Outcome


@click.command()
@click.argument("campaign", required=False, type=click.Path(path_type=Path))
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--update", is_flag=True,
              help="Rewrite each transcript with what the replay prints (review the diff like code).")
@click.option("--structure", is_flag=True,
              help="Compare only what happened (verses, choices, effects, state), not the prose: "
                   "as a transcript with `# compare: structure` is.")
@click.option("--color/--no-color", default=None, help="Colour the diffs (default: on a terminal).")
@strict_option
@no_cache_option
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def test(campaign: Path | None, paths: tuple[Path, ...], update: bool, structure: bool,
         color: bool | None, strict: bool, no_cache: bool, debug: bool) -> None:
    """Replay the transcripts of CAMPAIGN (a folder, default ./journal_src, or a bundle).

    Every *.transcript under the campaign folder (its playtests/ folder by convention), or
    the transcript files and folders given after it, is replayed twice: on the compiled
    campaign and after a JSON round trip of its bundle. Each must print its own text
    (with --structure, or `# compare: structure` in its header: its own structure).
    """
    from tgc.bundle.io import dump_bundle, parse_bundle
    from tgc.playtest.transcript import check_transcript, find_transcripts
    from tgc.runtime.book import Book

    try:
        bundle = load_campaign_or_exit(campaign, no_cache, strict=strict)
        where = list(paths) or [campaign_dir(campaign)]
        if not paths and not where[0].is_dir():
            fail_usage(f"{where[0]} is a bundle: name the transcripts to replay after it")
        found = find_transcripts(where)
        if not found:
            fail_usage("no *.transcript files under " + ", ".join(map(str, where)))
        book, twin = Book(bundle), Book(parse_bundle(dump_bundle(bundle)))
        use_color = sys.stdout.isatty() if color is None else color
        outcomes = []
        for path in found:
            outcomes.append(check_transcript(path, book, twin, update=update,
                                             compare="structure" if structure else None))
            _report(outcomes[-1], use_color)
        failed = sum(1 for o in outcomes if not o.ok and not o.updated)
    except Exception as err:  # every exception reaching the CLI is a bug: say so, exit 3
        fail_internal(err, debug)
    updated = sum(1 for o in outcomes if o.updated)
    counts = [f"{len(found) - failed - updated} passed"] + [f"{n} {what}" for n, what in
                                                           ((updated, "updated"), (failed, "failed")) if n]
    click.echo(f"{len(found)} transcript(s): {', '.join(counts)}")
    sys.exit(EXIT_ERRORS if failed else EXIT_OK)


def _report(outcome: Outcome, color: bool) -> None:
    if outcome.updated:
        click.echo(f"updated {outcome.path}")
        return
    if outcome.ok:
        note = "  (the prose differs; the structure is the same)" if outcome.prose_only else ""
        click.echo(f"ok      {outcome.path}{note}")
        return
    click.echo(click.style("FAIL", fg="red", bold=True) if color else "FAIL", nl=False)
    click.echo(f"    {outcome.path}")
    if outcome.error is not None:
        click.echo(f"  {outcome.error}")
    for diff in (outcome.diff, outcome.round_trip):
        if diff:
            click.echo(_colour(diff) if color else diff, nl=False)
    if outcome.prose_only:
        click.echo("  (only the prose differs: the verses, choices, effects and state are the same; "
                   "`tgc test --update` accepts the new text, `--structure` ignores prose)")
    if outcome.round_trip:
        click.echo("  (the replay differs after a JSON round trip of the bundle: a bug in tgc)")


def _colour(diff: str) -> str:
    out = []
    for line in diff.splitlines(keepends=True):
        if line.startswith(("+++", "---")):
            out.append(click.style(line, bold=True))
        elif line.startswith("+"):
            out.append(click.style(line, fg="green"))
        elif line.startswith("-"):
            out.append(click.style(line, fg="red"))
        elif line.startswith("@@"):
            out.append(click.style(line, fg="cyan"))
        else:
            out.append(line)
    return "".join(out)
