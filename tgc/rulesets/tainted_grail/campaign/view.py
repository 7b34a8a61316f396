"""Tainted Grail's campaign layer, drawn: a campaign in, plain text lines out (the map as
a grid of cards with menhirs, range, guardians and who stands where; the world's rows).
The play session shows them as they are (a transcript holds them) and the terminal
player colours them (cli/playview.py)."""

from __future__ import annotations

from tgc.rulesets.tainted_grail.campaign.day import Campaign
from tgc.rulesets.tainted_grail.geometry import Cell

WIDTH = 9  # one cell: "[101 M7]" and the characters' initials below


def map_lines(campaign: Campaign) -> list[str]:
    """The placed cards on their grid, top row first. A cell shows the card's number, `M`
    and its dial for a menhir (`M-` when its dial came off), `G` for each guardian, and
    under it the initials of who stands there; `.` marks an empty cell in a menhir's
    range, where a card may still be revealed."""
    table, geo, world = campaign.table, campaign.geo, campaign.world
    placed = table.placed
    if not placed:
        return ["(no card on the table)"]
    cells = [geo.cells[n] for n in placed]
    xs = range(min(x for x, _ in cells) - 1, max(x for x, _ in cells) + 2)
    ys = range(max(y for _, y in cells) + 1, min(y for _, y in cells) - 2, -1)
    rows: list[str] = []
    for y in ys:
        top = "".join(_cell(campaign, (x, y)) for x in xs).rstrip()
        below = "".join(_who(campaign, (x, y)) for x in xs).rstrip()
        if top or below:
            rows.append(top)
            if below:
                rows.append(below)
    legend = ", ".join(f"{name} on {world.positions[name]}" for name in world.order())
    return [*rows, f"day {campaign.state.day} ({world.phase}): {legend}"]


def _cell(campaign: Campaign, cell: Cell) -> str:
    card = campaign.table.card_at(cell)
    if card is None:
        return (" " * 4 + "." + " " * 4) if campaign.table.in_range(cell) else " " * WIDTH
    marks = ""
    menhir = campaign.world.menhir_on(card)
    if menhir is not None:
        marks += f" M{menhir.dial if menhir.dial is not None else '-'}"
    marks += " G" * sum(1 for g in campaign.world.guardians if g.card == card)
    return f"[{card}{marks}]".ljust(WIDTH)


def _who(campaign: Campaign, cell: Cell) -> str:
    card = campaign.table.card_at(cell)
    if card is None:
        return " " * WIDTH
    initials = "".join(name[0] for name in campaign.world.on(card))
    return (" " + initials).ljust(WIDTH) if initials else " " * WIDTH


def world_lines(campaign: Campaign) -> list[str]:
    """The world as rows: menhirs, guardians, tokens, dials, positions, who passed."""
    world, state = campaign.world, campaign.state
    menhirs = ", ".join(f"{m.card} ({m.dial if m.dial is not None else 'no dial'})"
                        for m in world.menhirs) or "none"
    guardians = ", ".join(f'"{g.name}" on {g.card}' for g in world.guardians) or "none"
    tokens = ", ".join(f"{c}: {n}" for c, n in sorted(world.time_tokens.items())) or "none"
    dials = ", ".join(f"{d} {v}" for d, v in sorted(world.time_dials.items())) or "none"
    out = [f"day {state.day} ({world.phase})", f"menhirs: {menhirs}", f"guardians: {guardians}",
           f"time tokens: {tokens}", f"time dials: {dials}",
           f"placed: {', '.join(map(str, campaign.table.placed))}"]
    piles = world.events
    if piles is not None:  # only a campaign with an Event deck shows its piles
        quests = ", ".join(f'"{q}"' for q in piles.active) or "none"
        today = f'"{piles.today}"' if piles.today is not None else "none"
        out += [f"chapter {state.chapter}: {len(piles.deck)} card(s) in the Event deck, "
                f"{len(piles.discard)} discarded, {len(piles.random)} Random",
                f"today's Event: {today}; Active Quests: {quests}"]
    if world.dead:
        out.append(f"dead: {', '.join(world.dead)}")
    for card, items in sorted(world.lying.items()):
        out.append(f"lying on {card}: {', '.join(items)}")
    if world.bequest:
        out.append(f"the dead's Secrets to share (:share): {', '.join(map(str, sorted(world.bequest)))}")
    if world.ending is not None:
        out.append(f"the game has ended: {world.ending}")
    for name in world.order():
        member = campaign.character(name)
        status = " (passed)" if name in world.passed else ""
        tracks = ", ".join(f"{t} {v}" for t, v in member.tracks.items())
        out.append(f"{name} on {world.positions[name]}{status}: {tracks}")
    return out
