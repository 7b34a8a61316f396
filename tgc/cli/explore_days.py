"""`tgc explore --campaign --days N`: walk a campaign played by its days (every line of play
the session's campaign layer allows, tgc/playtest/campaignwalk.py) and print which cards
and verses are reached by which day, or with `--witness` a script that reaches one.
Thin: the walk is the library's."""

from __future__ import annotations

import json
from pathlib import Path

import click

from tgc.cli.options import EXIT_ERRORS, EXIT_OK, campaign_dir, fail_usage, load_campaign_or_exit

DAYS_STATES = 2_000  # the default bound: a state costs milliseconds, not microseconds


def explore_days(target: Path | None, days: int, party: str, seed: int, max_states: int | None,
                 exact: bool, witness: str | None, fmt: str, no_cache: bool, strict: bool,
                 unused: dict[str, object]) -> int:
    from tgc.playtest.campaignwalk import WalkError, walk
    from tgc.runtime import Book

    given = [name for name, value in unused.items() if value is not None]
    if given:
        fail_usage(f"{', '.join(given)}: not for a walk over the days (--campaign)")
    where = target if target is not None else campaign_dir(None)
    book = Book(load_campaign_or_exit(where, no_cache, strict=strict))
    members = tuple(p.strip() for p in party.split(",") if p.strip())
    try:
        report = walk(book, members, days, seed=seed, exact=exact,
                      max_states=max_states if max_states is not None else DAYS_STATES)
    except WalkError as err:
        fail_usage(str(err))
    if witness is not None:
        script = report.witness(str(where), witness)
        if script is None:
            more = "" if report.complete else " (the walk was incomplete: raise --max-states)"
            click.echo(f"tgc: no line of play within {days} day(s) reaches {witness}{more}", err=True)
            return EXIT_ERRORS
        click.echo(script, nl=False)
        return EXIT_OK
    if fmt == "json":
        click.echo(json.dumps(report.to_json(), indent=2, ensure_ascii=False))
    else:
        click.echo(report.to_text(str(where)), nl=False)
    return EXIT_ERRORS if report.errors else EXIT_OK
