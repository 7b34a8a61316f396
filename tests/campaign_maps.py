"""Small Tainted Grail campaigns made from a seed, for the walk over the days' tests: a
few location cards around the starting menhir (all in its range), each with an
exploration whose verse does one of the things that couple characters on a map (Food
gained, a card replaced under whoever stands on it, a choice, a verse only a named
character reads, a move to another card, a once-a-day action), two characters whose
Energy the test picks. The same seed gives the same text."""

from __future__ import annotations

import random

# The cells around the start (0, 0), in the order cards are laid; all in the start's
# menhir range (diagonals included), so every card is placed from the first day.
CELLS = ((1, 0), (0, 1), (-1, 0), (1, 1), (0, -1))
DIRECTIONS = {(1, 0): ("right", "left"), (-1, 0): ("left", "right"),
              (0, 1): ("up", "down"), (0, -1): ("down", "up")}
KINDS = ("plain", "food", "replace", "choice", "named", "move", "action")
REPLACEMENT = 190  # replaces the first card after the start, when a verse replaces it


def campaign_text(seed: int, energy: tuple[int, int], cards: int = 4) -> str:
    """The campaign of ``seed``: the start (101) and ``cards - 1`` cards around it, each
    exploration's kind drawn from KINDS; Ailei and Beor with ``energy``."""
    rng = random.Random(seed)
    cells = {(0, 0): 101, **{cell: 102 + i for i, cell in enumerate(CELLS[:cards - 1])}}
    numbers = sorted(cells.values())
    kinds = {n: rng.choice(KINDS) for n in numbers}
    head = [f'@campaign "Generated {seed}"', "  ruleset: tainted-grail", "  start: 101",
            "  players: 1-4", "",
            _character("Ailei", 1, energy[0]), _character("Beor", 4, energy[1])]
    body = [_location(n, cell, cells, kinds[n], numbers, rng) for cell, n in sorted(cells.items())]
    if "replace" in kinds.values():
        body.append(_replacement(cells))
    return "\n".join(head + body)


def _character(name: str, number: int, energy: int) -> str:
    return "\n".join([f'@character "{name}"', f"  number: {number}", "  colour: green",
                      "  health: 5", f"  energy: {energy}", "  terror: 0", "  max_energy: 8",
                      "  max_terror: 10", "  food: 1", "  wealth: 1", ""])


def _keys(cell: tuple[int, int], cells: dict[tuple[int, int], int]) -> str:
    keys = []
    for (dx, dy), (word, _) in DIRECTIONS.items():
        other = cells.get((cell[0] + dx, cell[1] + dy))
        if other is not None:
            keys.append(f"{word} {other}")
    return ", ".join(keys)


def _location(number: int, cell: tuple[int, int], cells: dict[tuple[int, int], int], kind: str,
              numbers: list[int], rng: random.Random) -> str:
    lines = [f'@location {number} "Card {number}"']
    if number == 101:
        lines.append("  seals: menhir")
    lines += [f"  keys: {_keys(cell, cells)}", "  explore -> 1"]
    if kind == "action":
        lines.append('  action "Trade" (1 energy, once per day) -> trade')
    lines += ["", f"== {number}.1", f"Card {number}."]
    others = [n for n in numbers if n != number]
    match kind:
        case "plain" | "action":
            lines.append("-> end")
        case "food":
            lines += ["~ gain 1 food", "-> end"]
        case "replace":
            lines += [f"~ replace location 102 with {REPLACEMENT}", "-> end"] if number != 102 else ["-> end"]
        case "choice":
            lines += ["* Look closer -> 2", "* Leave -> end", f"== {number}.2", "A closer look.", "-> end"]
        case "named":
            lines += ['~ if character "Beor" -> 2', "-> end", f"== {number}.2", "Beor knows it.", "-> end"]
        case "move":
            lines += [f"~ move to {rng.choice(others)}", "-> end"]
    if kind == "action":
        lines += [f"== {number}.trade", "A trade.", "~ gain 1 food", "-> end"]
    return "\n".join(lines) + "\n"


def _replacement(cells: dict[tuple[int, int], int]) -> str:
    cell = next(c for c, n in cells.items() if n == 102)
    return "\n".join([f'@location {REPLACEMENT} "Card {REPLACEMENT}"', "  legacy: 102",
                      f"  keys: {_keys(cell, cells)}", "  explore -> 1", "",
                      f"== {REPLACEMENT}.1", "Ash.", "-> end", ""])
