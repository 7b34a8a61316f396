"""`tgc play`, the screen: a session's Lines printed with rich (styles for headings, prose
markup, effects, choices and prompts); the layout is the transcript's, the words the same."""

from __future__ import annotations

from rich.console import Console
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tgc.bundle.markup import parse
from tgc.playtest.output import Line, gap

STYLES = {
    "heading": "bold cyan", "block": "dim cyan", "effect": "green", "event": "yellow",
    "prompt": "bold magenta", "ending": "bold", "info": "blue", "error": "bold red",
    "comment": "dim", "locked": "dim",
}
ICON_STYLE = "bold yellow"


class RichView:
    """Prints Lines on a rich Console, keeping the transcript's blank-line layout."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self._last: str | None = None
        self._rows: list[Line] = []  # the state panel being gathered

    def show(self, line: Line) -> None:
        if line.kind in ("state", "fight"):
            if self._rows and self._rows[-1].kind != line.kind:
                self.flush()
            self._rows.append(line)
            return
        self.flush()
        if line.kind == "input":  # the reader typed it at the prompt
            self._last = "input"
            return
        if gap(self._last, line.kind):
            self.console.print()
        self._last = line.kind
        self.console.print(render(line))

    def flush(self) -> None:
        """Print the state rows gathered so far as one panel."""
        if not self._rows:
            return
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for row in self._rows:
            table.add_row(row.text, row.detail)
        kind = self._rows[0].kind
        self._rows = []
        self.console.print(Panel(table, title=kind, title_align="left", expand=False))
        self._last = kind

    def reset(self) -> None:
        """After the reader's input: the next line follows it as in a transcript."""
        self.flush()
        self._last = "input"


def render(line: Line) -> Text:
    kind, style = line.kind, STYLES.get(line.kind, "")
    if kind == "heading":
        text = Text()
        text.append(f"== {line.text}", style=style)
        if line.detail:
            text.append(f" ({line.detail})", style="dim")
        return text
    if kind == "block":
        return Text(f"= {line.text}", style=style)
    if kind == "prose":
        return markup(line.text)
    if kind == "choice":
        text = Text()
        text.append(f"  {line.number}. ", style="bold")
        text.append_text(markup(line.text))
        if line.detail:
            text.append(f" ({line.detail})", style="dim")
        return text
    if kind == "locked":
        text = Text()
        text.append("  -  ", style=style)
        text.append_text(markup(line.text, base=style))
        text.append(f" (locked: {line.detail})", style=style)
        return text
    if kind in ("state", "fight"):
        text = Text()
        text.append(f"  {line.text}", style="bold")
        if line.detail:
            text.append(f": {line.detail}", style="")
        return text
    if kind == "prompt":
        return Text(f"? {line.text}", style=style)
    if kind == "error":
        return Text(f"error: {line.text}", style=style)
    if kind in ("effect", "event"):
        return Text(f"  {line.text}", style=style)
    if kind == "map":
        return map_row(line.text)
    return Text(line.text, style=style)


def map_row(row: str) -> Text:
    """A row of a campaign's map (the ruleset's campaign layer draws it as text): cards
    bold, the marks in a card's cell coloured, empty cells in range dimmed."""
    text = Text(row, no_wrap=True)
    text.highlight_regex(r"\[[0-9]+", "bold cyan")
    text.highlight_regex(r" M[0-9-]", "bold green")
    text.highlight_regex(r" G(?=[ \]])", "bold red")
    text.highlight_regex(r"(?<= )\.(?= |$)", "dim")
    text.highlight_regex(r"^day .*", "dim")
    return text


def markup(source: str, base: str = "") -> Text:
    """Inline markup as rich styles: bold, italic, icons as a highlighted ``[word]``."""
    text = Text()
    for span in parse(source):
        style = " ".join(filter(None, (base, "bold" if span.bold else "", "italic" if span.italic else "")))
        if span.icon is not None:
            text.append(f"[{span.icon}]", style=f"{style} {ICON_STYLE}".strip())
        else:
            text.append(span.text, style=style)
    return text
