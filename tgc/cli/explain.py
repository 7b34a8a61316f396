"""`tgc explain CODE`: print one catalogue entry (by code or name, any case) with rich;
`tgc explain --list`: a table of every code. An unknown code is a usage error (exit 2)
with a "did you mean" drawn from both codes and names."""

from __future__ import annotations

import click
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tgc.diagnostics.codes import CATALOGUE, Rule, lookup
from tgc.diagnostics.render.sarif import help_uri
from tgc.diagnostics.suggest import did_you_mean_rule

_SEVERITY_STYLE = {"error": "bold red", "warning": "bold yellow", "info": "bold cyan"}
_CODE_SPAN = r"`[^`\n]+`"


@click.command()
@click.argument("code", required=False)
@click.option("--list", "list_all", is_flag=True, help="List every diagnostic code.")
def explain(code: str | None, list_all: bool) -> None:
    """Explain a diagnostic CODE (such as TGC101 or unknown-verse)."""
    if list_all == (code is not None):
        raise click.UsageError("give one CODE, or --list to see them all")
    console = Console(highlight=False)
    if list_all:
        console.print(render_list())
        return
    assert code is not None
    rule = lookup(code)
    if rule is None:
        hint = did_you_mean_rule(code)
        click.echo(f"error: no diagnostic `{code}`" + (f"; {hint}" if hint else ""), err=True)
        click.echo("Run `tgc explain --list` to see every code.", err=True)
        raise SystemExit(2)
    console.print(render_rule(rule))


def render_list() -> Table:
    """Every code with its name, default severity and summary."""
    table = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("code", "name", "severity", "summary"):
        table.add_column(column, no_wrap=column != "summary")
    for rule in sorted(CATALOGUE.values(), key=lambda r: r.code):
        severity = rule.severity.value
        table.add_row(
            Text(rule.code, "bold"),
            rule.name,
            Text(severity, _SEVERITY_STYLE.get(severity, "")),
            _prose(rule.summary),
        )
    return table


def render_rule(rule: Rule) -> RenderableType:
    """One entry: heading, summary, explanation, message template, examples and docs link."""
    severity = rule.severity.value
    heading = Text.assemble(
        (f"{rule.code} {rule.name}", "bold"),
        " (",
        (severity, _SEVERITY_STYLE.get(severity, "")),
        ")",
    )
    parts: list[RenderableType] = [heading, _prose(rule.summary, "bold")]
    parts += [Text(), _prose(rule.explanation)]
    if rule.message != "{detail}":  # a bare placeholder says nothing
        parts += [Text(), Text.assemble(("Message: ", "bold"), (rule.message, "cyan"))]
    for number, example in enumerate(rule.examples, start=1):
        title = "Example" if len(rule.examples) == 1 else f"Example {number}"
        parts += _example(f"{title} (reports {rule.code}):", example)
    if rule.fixed is not None:
        parts += _example("Fixed:", rule.fixed)
    parts += [Text(), Text.assemble(("Docs: ", "bold"), help_uri(rule.code))]
    return Group(*parts)


def _prose(text: str, style: str = "") -> Text:
    """Text whose `code spans` stand out; the backticks stay, so plain output reads the same."""
    prose = Text(text, style)
    prose.highlight_regex(_CODE_SPAN, "cyan")
    return prose


def _example(title: str, source: str) -> list[RenderableType]:
    """An example, indented, highlighted by tgc's Pygments lexer (tgc/syntax/highlight.py)
    as an editor or the docs show it; without colours it reads as written."""
    from rich.syntax import Syntax

    from tgc.syntax.highlight import TgjLexer

    code = source.rstrip("\n")
    highlighted = Syntax(code, TgjLexer(), theme="ansi_dark", background_color="default").highlight(code)
    highlighted.rstrip()
    body = Text(no_wrap=True, overflow="ignore")
    for number, line in enumerate(highlighted.split("\n", allow_blank=True)):
        line.rstrip()
        if number:
            body.append("\n")
        if line.plain:
            body.append("    ")
            body.append_text(line)
    return [Text(), Text(title, "bold"), body]
