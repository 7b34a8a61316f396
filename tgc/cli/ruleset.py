"""`tgc ruleset NAME COMMAND ...`: the commands a ruleset brings of its own (a duel
simulator, a walk through its campaign layer), found through the registry."""

from __future__ import annotations

import click

from tgc.cli.options import fail_usage


class RulesetCommands(click.Group):
    """Each registered ruleset with commands is a subcommand group, imported when run."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from tgc import rulesets

        return [name for name in rulesets.names() if rulesets.get(name).commands]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        from tgc import rulesets

        try:
            spec = rulesets.get(cmd_name)
        except rulesets.UnknownRuleset as err:
            fail_usage(f"{err}; {err.hint}")
        module = spec.load("commands")
        if module is None:
            fail_usage(f"the ruleset `{cmd_name}` brings no commands of its own")
        group: click.Command = module.COMMANDS
        return group


@click.group(cls=RulesetCommands)
def ruleset() -> None:
    """A ruleset's own commands: `tgc ruleset NAME --help` lists them."""
