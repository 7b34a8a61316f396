"""The command line: a click group whose commands live one per module and are imported
only when run, so a warm `tgc check` pays for nothing it does not use."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from tgc.cli.options import fail_internal, out_of_memory

# command name -> (module, attribute); keep the modules thin (parse options, call the library).
COMMANDS: dict[str, tuple[str, str]] = {
    "balance": ("tgc.cli.balance", "balance"),
    "build": ("tgc.cli.build", "build"),
    "check": ("tgc.cli.check", "check"),
    "explain": ("tgc.cli.explain", "explain"),
    "explore": ("tgc.cli.explore", "explore"),
    "fmt": ("tgc.cli.fmt", "fmt"),
    "graph": ("tgc.cli.graph", "graph"),
    "l10n": ("tgc.cli.l10n", "l10n"),
    "lsp": ("tgc.cli.lsp", "lsp"),
    "play": ("tgc.cli.play", "play"),
    "rename": ("tgc.cli.rename", "rename"),
    "render": ("tgc.cli.render", "render"),
    "ruleset": ("tgc.cli.ruleset", "ruleset"),
    "test": ("tgc.cli.test", "test"),
    "sim": ("tgc.cli.sim", "sim"),
    "watch": ("tgc.cli.watch", "watch"),
}


def ruleset_commands() -> dict[str, tuple[str, str]]:
    """The top-level commands registered rulesets bring (``RulesetSpec.top_commands``),
    found through the registry, so the core names none of them; a core command's name
    stays the core's."""
    from tgc import rulesets

    found: dict[str, tuple[str, str]] = {}
    for name in rulesets.names():
        spec = rulesets.get(name)
        if spec.commands is None:
            continue
        for command in spec.top_commands:
            if command not in COMMANDS:
                found.setdefault(command, (spec.commands, command))
    return found


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command runs (the registry
    only when the name is not a core command's)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *ruleset_commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMANDS.get(cmd_name) or ruleset_commands().get(cmd_name)
        if where is None:
            return None
        module, attr = where
        command: click.Command = getattr(importlib.import_module(module), attr)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Each command's first sentence in full (click cuts it at 45 characters), wrapped."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=1000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tgc")
def cli() -> None:
    """tgc: check, build, play and explore story-driven board game campaigns."""


def main(argv: list[str] | None = None) -> Any:
    """Entry point of the `tgc` console script. Every command runs inside the last-resort
    handler: an exception no command caught is TGC999 (exit 3), and running out of memory
    is reported without allocating (:func:`tgc.cli.options.out_of_memory`). Run as the
    script (no ``argv``), the process ends the quick way once output is flushed
    (:mod:`tgc.cli.process`)."""
    if argv is not None:
        return _run(argv)
    from tgc.cli import process

    args = sys.argv[1:]
    process.start(args)
    try:
        _run(args)
        status = 0
    except SystemExit as done:
        status = process.status_of(done)
    process.leave(status)


def _run(args: list[str]) -> Any:
    try:
        return cli.main(args=args, prog_name="tgc")
    except MemoryError:
        out_of_memory()
    except Exception as err:  # every exception reaching here is a bug in tgc
        try:
            fail_internal(err, "--debug" in args)
        except MemoryError:
            out_of_memory()
