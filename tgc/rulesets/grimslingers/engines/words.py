"""Grimslingers as a player reads it at the terminal: a card's RN, cost and FX in the
content language's own words, a tile, the area as a grid of Fate cards, a character's
sheet. A prerequisite in its own words. Plain text only (the play session writes it, transcripts
compare it, `tgc explore` reports with it)."""

from __future__ import annotations

from typing import assert_never

from tgc.rulesets.grimslingers.data import (
    All,
    Any_,
    Area,
    BountyIs,
    Card,
    Completed,
    Condition,
    Counter,
    Defeated,
    Fx,
    Grimslinger,
    HasItem,
    HasMarker,
    InArea,
    IsCharacter,
    Not,
    OnLandmark,
    OnPath,
    OnTile,
    Stat,
    Tile,
)
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.engines.tale import Character, SessionRecord, TaleState


def fx_words(fxs: tuple[Fx, ...]) -> str:
    """The FX clauses as the content language writes them (docs/rules.md)."""
    return "; ".join(_clause(fx) for fx in fxs)


def _clause(fx: Fx) -> str:
    match fx.kind:
        case "dmg":
            foes = f" to {fx.foes.value} foes" if fx.foes is not None else ""
            who = "user takes " if fx.who == "user" else ""
            return f"{who}{fx.amount.value} dmg{foes}"
        case "gain" | "lose":
            return f"{fx.who} {fx.kind}s {fx.amount.value} {fx.resource}"
        case "deactivate" | "discard":
            return f"{fx.who} {fx.kind}s {fx.amount.value} cards"
        case "reactivate":
            return f"reactivates {fx.amount.value} cards"
        case "nv":
            scope = {"unresolved_foes": "unresolved foe cards", "combined": "combined card",
                     "next_spell": "next spell", "played": "played card"}[fx.scope]
            return f"+{fx.amount.value} nv to {scope}"
        case "draw_element":
            return "draw element"
        case "roll":
            arms = " / ".join(f"{a.low}-{a.high} = {fx_words(a.fx)}" for a in fx.arms)
            return f"roll({arms})"
        case "dnc":
            arms = " / ".join(f"{a.low}-{a.high} = {fx_words(a.fx)}" for a in fx.arms)
            return f"dnc{' shared' if fx.shared else ''}({arms})"
        case "bloodlust":
            return "bloodlust"
        case "copy":
            return "copy an unresolved card"
        case "redirect":
            return "redirect unresolved cards"
        case "curse":
            return f"target loses {fx.amount.value} hp each standoff until healed"
        case "catalyst":
            return "target's elements resolve against it"
        case "pay":
            return f"pay {fx.amount} {fx.resource}"
        case "discard_named":
            return f"discard {fx.card}"
        case "choice":
            return "choose(" + " / ".join(", ".join(map(_clause, o)) for o in fx.options) + ")"
        case "discard_self":
            return "discard this card"
        case "rn":
            return f"rn {fx.amount:+d}"
        case "prevent":
            return f"prevent {fx.amount.value} dmg"
        case _:
            assert_never(fx)


def card_words(card: Card) -> str:
    """``FIRE (RN 9, fire): 3 dmg`` with its cost when it has one."""
    facts = [f"RN {card.rn}" if card.rn is not None else "no RN"]
    if card.element is not None:
        facts.append(card.element)
    if card.costs:
        facts.append("cost " + ", ".join(f"{c.amount} {c.resource}" for c in card.costs))
    fx = fx_words(card.fx)
    return f"{card.name} ({', '.join(facts)})" + (f": {fx}" if fx else "")


def duelist_words(d: Duelist) -> str:
    """One line of a duelist's trackers: HP, EP and the special resource."""
    extra = "".join(f", {n} {name}" for name, n in sorted(d.res.items()))
    if d.grimslinger is not None and d.grimslinger.resource == "ammo":
        extra += f", belt {d.belt}"
    if d.stage:
        extra += ", conflicted" if d.stage == 1 else ", overtaken"
    return f"{d.name} {d.hp} HP, {d.ep} EP{extra}"


def character_words(c: Character, g: Grimslinger | None) -> str:
    """A character's sheet between duels: trackers, PP, the special resource."""
    extra = ""
    if c.resource is not None:
        extra += f", {c.resource} {g.resource if g is not None else 'resource'}"
    if c.belt is not None:
        extra += f", belt {c.belt}"
    items = ", ".join(x.name for x in c.items())
    return f"{c.name} {c.hp}/{c.max_hp} HP, {c.ep}/{c.max_ep} EP, {c.pp} PP{extra}" \
        + (f"; items {items}" if items else "")


STAT_WORDS: dict[Stat, str] = {"max_hp": "max HP", "max_ep": "max EP", "hand": "hand limit",
                               "stash": "stash limit", "passive": "passive space"}


def record_words(record: SessionRecord) -> list[str]:
    """What the end of a session writes down (GS-16.10), as the next session reads it."""
    where = f"area {record.area}" + (f" by portal {record.portal}" if record.portal else "")
    lines = [f"  session record: {where}; chapter {record.chapter}; completed "
             f"{', '.join(sorted(record.completed)) or 'nothing'}; markers "
             f"{', '.join(sorted(record.markers)) or 'none'}"]
    for sheet in record.sheets:
        bought = ", ".join(c.name for c in sheet.bought)
        lines.append(f"  {sheet.name}: {sheet.pp} PP unspent of {sheet.earned} earned"
                     + (f"; bought {bought}" if bought else "")
                     + (f"; upgrades {', '.join(sheet.upgrades)}" if sheet.upgrades else ""))
    return lines


def tile_words(tile: Tile) -> str:
    """What a tile is, as its face and suit say (GS-13.2)."""
    match tile.kind:
        case "landmark":
            return f"landmark {tile.landmark}"
        case "chest" | "key":
            return f"{tile.colour} {tile.kind}"
        case "portal":
            return f"portal to area {tile.portal_area}"
        case "special":
            return "special event"
        case "attack" | "event" | "nothing":
            return tile.kind
        case _:
            assert_never(tile.kind)


def area_grid(area: Area, state: TaleState) -> list[str]:
    """The area as laid out: face-up tiles by their card, face-down ones ``??``, the
    party's tile in brackets, no tile blank."""
    seen = state.revealed.get(area.number, set())
    rows = max((t.row for t in area.tiles), default=-1) + 1
    cols = max((t.col for t in area.tiles), default=-1) + 1
    at = {(t.row, t.col): t.card.code for t in area.tiles}
    lines = []
    for r in range(rows):
        cells = []
        for c in range(cols):
            code = at.get((r, c))
            shown = "" if code is None else code if code in seen else "??"
            cells.append(f"[{shown}]" if code is not None and code == state.tile
                         else f" {shown:2} ")
        lines.append("  " + "".join(f"{cell:4}" for cell in cells).rstrip())
    return lines


def direction(area: Area, here: str, there: str) -> str:
    """North, south, east or west of ``here`` (the grid's rows run north to south)."""
    a = next(t for t in area.tiles if t.card.code == here)
    b = next(t for t in area.tiles if t.card.code == there)
    if b.row != a.row:
        return "north" if b.row < a.row else "south"
    return "west" if b.col < a.col else "east"


def cond_words(cond: Condition) -> str:
    """A prerequisite as the content language writes it (docs/rules.md, "Conditions")."""
    match cond:
        case Completed(part=part):
            return f"completed {part}"
        case HasItem(item=item, count=count):
            return f'item "{item}"' if count == 1 else f'items "{item}" >= {count}'
        case OnTile(area=area, tile=tile):
            return f"on tile {area} {tile}"
        case OnLandmark(landmark=n):
            return f"on landmark {n}"
        case InArea(area=area):
            return f"in area {area}"
        case HasMarker(marker=m):
            return f'marker "{m}"'
        case OnPath(path=p):
            return f'path "{p}"'
        case Defeated(creature=c):
            return f'defeated creature "{c}"'
        case BountyIs(bounty=b, status=status):
            return f'bounty "{b}" {status}'
        case Counter(name=name, op=op, value=value):
            return f"{name} {op} {value}"
        case IsCharacter(name=name):
            return f'character "{name}"'
        case Not(arg=arg):
            return f"not ({cond_words(arg)})"
        case All(args=args):
            return "(" + " and ".join(cond_words(a) for a in args) + ")"
        case Any_(args=args):
            return "(" + " or ".join(cond_words(a) for a in args) + ")"
    raise AssertionError(cond)
