"""Grimslingers storylet and area engine (spec §§12-14, 16): which parts are eligible,
running a part's actions, walking an area tile by tile with no backtracking, resolving
the tile entered, bounties that block the story, the Rest phase. Pure functions over a
``TaleState``; duels are fought through a callback, randomness comes from one rng."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, assert_never

from tgc.rulesets.grimslingers.conditions import holds
from tgc.rulesets.grimslingers.data import (
    Action,
    Area,
    Bounty,
    Card,
    DuelAction,
    Part,
    TallTale,
    Tile,
    Upgrade,
)
from tgc.rulesets.grimslingers.engines.duelist import take
from tgc.rulesets.grimslingers.engines.instant import resolve_instant
from tgc.rulesets.grimslingers.engines.tale import (
    REFUSED_BULLETS,
    STAT_CAP,
    Character,
    TaleState,
    enter_area,
    limit,
    place,
    revive_all,
    spend_defeats,
    upgrade,
)

DuelOutcome = Literal["win", "lose", "stalemate"]
DuelRunner = Callable[[TaleState, DuelAction], DuelOutcome]
"""Fights one duel for the Tall Tale (a policy, or the reader at the terminal) and writes
the party's trackers back; the engine only reads the outcome."""
PartResult = Literal["completed", "failed", "game_over", "chapter_over"]


@dataclass(frozen=True, slots=True)
class TileEvent:
    """What entering a tile did: its kind and a detail (creature, landmark, item, event)."""

    kind: str
    detail: str = ""


# ---------------------------------------------------------------- the story booklet


def eligible_parts(tale: TallTale, state: TaleState) -> list[Part]:
    """GS-14.5: parts of this chapter not completed whose prerequisite holds; none while
    a bounty is active (GS-14.7), nor in Free Roam, which skips the Narrative phase
    (GS-11.1)."""
    if state.active_bounty is not None or state.free_roam:
        return []
    return [p for p in tale.parts if p.chapter == state.chapter and p.id not in state.completed
            and holds(p.requires, state)]


def resolve_part(state: TaleState, part: Part, duel: DuelRunner, rng: random.Random) -> PartResult:
    """Run a part's actions in order. It is completed when they run to their end or to
    ``end part``; a lost duel leaves it incomplete, to be tried again (GS-A6)."""
    state.log.append(f"part {part.id} \"{part.title}\"")
    result = run_actions(state, part.actions, duel, rng)
    if result in ("completed", "chapter_over"):
        state.completed.add(part.id)
    if result == "chapter_over":
        end_chapter(state)
    return result


def end_chapter(state: TaleState) -> None:
    """GS-12.7: the chapter is over; every player's discarded and deactivated cards come
    back (to the hand, then the stash, GS-3.10)."""
    state.chapter_over = True
    for c in state.party:
        c.return_all()


def run_actions(state: TaleState, actions: tuple[Action, ...], duel: DuelRunner,
                rng: random.Random) -> PartResult:
    for action in actions:
        step = apply_action(state, action, duel, rng)
        if step is not None:
            return step
    return "completed"


def apply_action(state: TaleState, action: Action, duel: DuelRunner,
                 rng: random.Random) -> PartResult | None:
    match action.kind:
        case "duel":
            return _duel(state, action, duel, rng)
        case "marker":
            state.markers.add(action.marker)
        case "item":
            for _ in range(action.count):
                _gain_item(state, action.item, rng)
                if state.game_over:  # an Instant item took the last allowed defeat
                    return "game_over"
        case "pp":
            for c in state.party if action.everyone else state.party[:1]:
                c.gain_pp(action.amount)
        case "restore":
            for c in state.party:
                if action.resource == "hp":
                    c.hp = c.max_hp
                else:
                    c.ep = c.max_ep
        case "path":
            state.path = action.path
        case "bounty":
            _bounty_step(state, action.bounty, action.step)
        case "move":
            enter_area(state, action.area, action.tile)
        case "end":
            match action.what:
                case "part":
                    return "completed"
                case "chapter":
                    return "chapter_over"
                case "game_over":
                    state.game_over = True
                    return "game_over"
        case _:
            assert_never(action)
    return None


def _duel(state: TaleState, action: DuelAction, duel: DuelRunner,
          rng: random.Random) -> PartResult | None:
    outcome = duel(state, action)
    state.log.append(f"duel {action.creature}: {outcome}")
    if outcome == "win":
        won(state, action.creature, rng)
        return "game_over" if state.game_over else None  # an Instant reward's doing
    if state.game_over:
        return "game_over"
    revive_all(state)
    match action.on_lose:
        case "continue":
            return None
        case "fail":
            return "failed"
        case "game_over":
            state.game_over = True
            return "game_over"


def won(state: TaleState, creature: str, rng: random.Random) -> None:
    """GS-15.8 step 3: the creature's rewards; the first defeat of a type is an
    achievement."""
    tale = state.tale
    found = next((c for c in tale.creatures if creature in (c.name, *c.aliases)), None) \
        if tale else None
    if found is None:
        return
    if found.name not in state.defeated and found.achievement:
        state.achievements.add(found.achievement)
        for a in (tale.achievements if tale else ()):
            if a.name == found.achievement:
                for c in state.party if a.everyone else state.party[:1]:
                    c.gain_pp(a.pp)
    state.defeated.add(found.name)
    for reward in found.reward:
        if reward.kind == "item":
            for _ in range(reward.count):
                _gain_item(state, reward.item, rng)
        elif reward.kind == "pp":
            for c in state.party if reward.everyone else state.party[:1]:
                c.gain_pp(reward.amount)


def _gain_item(state: TaleState, item: str | None, rng: random.Random) -> str | None:
    """GS-16.1: a named item is searched for in the deck or taken from the item discard
    pile, and nothing is gained while a player holds it; otherwise a random one is drawn
    from the deck (the discard pile shuffled back in only when the deck is empty). The
    card then goes to whoever takes it. Its name, if one was gained or refused."""
    tale = state.tale
    if tale is None:
        return None
    held = state.held_items()
    if item is None:
        deck = _item_deck(state, held)
        if not deck:
            return None
        card = rng.choice(deck)
    else:
        found = next((c for c in tale.cards if c.kind == "item" and c.name == item), None)
        if found is None or held[item]:  # TGC598 names an item no @gear declares
            return None
        card = found
    if any(c is card for c in state.item_discard):
        take(state.item_discard, card)
    state.log.append(f"item {card.name}: {give(state, card, rng)}")
    return card.name


def give(state: TaleState, card: Card, rng: random.Random) -> str:
    """The party gains this item card: whoever takes it places it (``place``), or Nyunyo
    refuses it and gains three bullets, the card going back to its deck (GS-6.10). An
    Instant item resolves as its taker draws it, whichever pile it would go to
    (GS-3.6, GS-10.8: ``instant.py``). What happened, in words."""
    taking = state.take(card)
    who = taking.who
    if taking.refused and who.belt is not None:
        who.belt += REFUSED_BULLETS
        return f"{who.name} refuses {card.name}: +{REFUSED_BULLETS} bullets on the belt"
    if "instant" not in card.types:
        return f"{who.name} takes {card.name} to the {place(who, card)}"
    arrival = resolve_instant(state, who, card, rng)
    if state.tell is not None:
        state.tell(arrival.notes)
    return "; ".join(arrival.notes)


def _item_deck(state: TaleState, held: Counter[str]) -> list[Card]:
    """The item deck: every item card that is not legendary, held by nobody and not in
    the item discard pile; an empty deck takes the discard pile back (GS-16.1)."""
    tale = state.tale
    assert tale is not None
    spent = {c.name for c in state.item_discard}
    deck = [c for c in tale.cards if c.kind == "item" and c.name in tale.items
            and not held[c.name] and c.name not in spent]
    if not deck and state.item_discard:
        deck = [c for c in state.item_discard if not held[c.name]]
        state.item_discard.clear()
    return deck


def trades(state: TaleState) -> list[Card]:
    """GS-10.9: the item cards with a ``trade`` that one player holds a full set of."""
    tale = state.tale
    return [c for c in (tale.cards if tale else ()) if c.trade is not None
            and _set_holder(state, c) is not None]


def _set_holder(state: TaleState, card: Card) -> Character | None:
    assert card.trade is not None
    return next((c for c in state.party if sum(x.name == card.name for x in c.items())
                 >= card.trade.count), None)


def trade(state: TaleState, card: Card, rng: random.Random) -> str:
    """Give up a set (to the item discard pile) for what the card says: a named item, a
    random one from the deck, or a random legendary item. Not while a story part is
    resolving: the callers offer it in the Rest phase. What was gained, if anything."""
    assert card.trade is not None
    holder = _set_holder(state, card)
    assert holder is not None
    for _ in range(card.trade.count):
        given = next(x for x in holder.items() if x.name == card.name)
        holder.throw_away(given)
        state.item_discard.append(given)
    if card.trade.gives == "legendary":
        return _gain_legendary(state, rng) or ""
    return _gain_item(state, card.trade.item, rng) or ""


def _gain_legendary(state: TaleState, rng: random.Random) -> str | None:
    held = state.held_items()
    legendary = [c for c in (state.tale.cards if state.tale else ())
                 if c.category == "legendary" and not held[c.name]]
    if not legendary:
        return None
    card = rng.choice(legendary)
    state.log.append(f"item {card.name}: {give(state, card, rng)}")
    return card.name


def _bounty_step(state: TaleState, name: str, step: str) -> None:
    if step == "begin":
        state.active_bounty = name
    elif step == "complete":
        state.active_bounty = None
        state.bounties_done.add(name)
    else:
        state.active_bounty = None  # abandoned: may begin again later (GS-14.7)


def startable_bounties(state: TaleState) -> list[Bounty]:
    """Bounties of this area whose prerequisite holds and that are neither done nor
    active (GS-14.6)."""
    if state.tale is None or state.active_bounty is not None:
        return []
    return [b for b in state.tale.bounties if b.area == state.area
            and b.name not in state.bounties_done and holds(b.requires, state)]


def run_bounty(state: TaleState, bounty: Bounty, duel: DuelRunner, rng: random.Random) -> PartResult:
    """Begin a bounty and resolve its actions; it is done when they run to the end."""
    state.active_bounty = bounty.name
    result = run_actions(state, bounty.actions, duel, rng)
    if result == "completed" and state.active_bounty == bounty.name:
        _bounty_step(state, bounty.name, "complete")
    if result == "chapter_over":
        end_chapter(state)
    return result


# ---------------------------------------------------------------- the area


def neighbours(area: Area, code: str) -> list[Tile]:
    here = next((t for t in area.tiles if t.card.code == code), None)
    if here is None:
        return []
    return [t for t in area.tiles if abs(t.row - here.row) + abs(t.col - here.col) == 1]


def moves(state: TaleState) -> list[str]:
    """GS-14.2: orthogonal steps onto tiles, never back onto the previous tile unless
    there is nothing else (GS-A8: moving is mandatory)."""
    area = state.current_area()
    if area is None or state.tile is None:
        return []
    around = [t.card.code for t in neighbours(area, state.tile)]
    onward = [c for c in around if c != state.previous]
    return onward or around


def move(state: TaleState, code: str) -> None:
    """The Movement phase: onto a legal tile, turning it face up (GS-14.2)."""
    if code not in moves(state):
        raise ValueError(f"{code} is not a legal move from {state.tile}")
    state.previous, state.tile = state.tile, code
    assert state.area is not None
    state.revealed.setdefault(state.area, set()).add(code)


def resolve_tile(state: TaleState, duel: DuelRunner, rng: random.Random) -> TileEvent:
    tile, area = state.current_tile(), state.current_area()
    assert tile is not None and area is not None
    match tile.kind:
        case "attack":
            face = rng.randint(1, 6)
            arm = next((a for a in area.attack if a.low <= face <= a.high), None)
            if arm is None:
                return TileEvent("attack", f"roll {face}: no creature")
            action = DuelAction(creature=arm.creature, dispositions=True,
                                modifiers=area.modifiers_drawn, on_lose="continue")
            _duel(state, action, duel, rng)
            return TileEvent("attack", f"roll {face}: {arm.creature}")
        case "landmark":
            return _landmark(state, tile, duel, rng)
        case "key":
            assert tile.colour is not None
            if (area.number, tile.card.code) not in state.opened:
                state.keys.setdefault(area.number, set()).add(tile.colour)
                state.opened.add((area.number, tile.card.code))
                return TileEvent("key", tile.colour)
            return TileEvent("nothing", "the key was already found")
        case "chest":
            return _chest(state, area, tile, rng)
        case "special":
            if (area.number, tile.card.code) in state.specials_done:
                return TileEvent("nothing", "the special event is over")
            state.specials_done.add((area.number, tile.card.code))
            return TileEvent("special", tile.special or "")
        case "portal":
            assert tile.portal_area is not None
            enter_area(state, tile.portal_area, tile.portal_tile)
            state.entered_by = tile.portal_tile  # where a next session starts (GS-14.4)
            return TileEvent("portal", f"area {tile.portal_area} {tile.portal_tile}")
        case "event":
            return TileEvent("event", rng.choice(area.events) if area.events else "")
        case "nothing":
            return TileEvent("nothing")
        case _:
            assert_never(tile.kind)


def _landmark(state: TaleState, tile: Tile, duel: DuelRunner,
              rng: random.Random) -> TileEvent:
    """A landmark resolves its entry's actions each time it is entered (GS-A35). A lost duel
    there has cost each defeated player an allowed defeat and everyone revives; with
    ``lose: fail`` the actions stop, so the defeated gain none of its rewards (GS-16.7)."""
    mark = next((m for m in (state.tale.landmarks if state.tale else ())
                 if m.number == tile.landmark), None)
    if mark is None or not mark.actions:
        return TileEvent("landmark", str(tile.landmark))
    result = run_actions(state, mark.actions, duel, rng)
    if result == "chapter_over":
        end_chapter(state)
    return TileEvent("landmark", f"{tile.landmark}: {result.replace('_', ' ')}")


def _chest(state: TaleState, area: Area, tile: Tile, rng: random.Random) -> TileEvent:
    """GS-13.3 / GS-A7: opens once, with a key of its colour found in this area."""
    key = (area.number, tile.card.code)
    held = state.keys.setdefault(area.number, set())
    if key in state.opened:
        return TileEvent("nothing", "the chest is open")
    assert tile.colour is not None
    if tile.colour not in held:
        return TileEvent("chest", f"locked ({tile.colour})")
    held.discard(tile.colour)
    state.opened.add(key)
    item = _gain_legendary(state, rng)
    if item is not None:
        return TileEvent("chest", f"opened: {item}")
    return TileEvent("chest", "opened: the legendary deck is empty")


def for_sale(state: TaleState, character: Character) -> list[Card]:
    """GS-11.5: the cards the character may buy now: only on a Landmark tile (in the Rest
    phase, which the caller is in), with a price they can pay: their own Grimslinger's
    skills they do not own yet, and the signature spells nobody in the party holds (each
    is one card, GS-3.3)."""
    if state.landmark() is None or state.tale is None:
        return []
    owned = {c.name for c in character.owned()}
    taken = {c.name for p in state.party for c in p.owned()}
    return [c for c in state.tale.cards if c.pp is not None and c.pp <= character.pp and (
        (c.kind == "skill" and c.owner == character.name and c.name not in owned)
        or (c.kind == "spell" and "signature" in c.types and c.name not in taken))]


def upgrades_for_sale(state: TaleState, character: Character) -> list[tuple[Upgrade, int]]:
    """GS-11.5: the Progress Tracker's other purchases the character may make now (on a
    Landmark tile, in the Rest phase), each with its price: an upgrade with a purchase
    left whose next price they can pay, and that would not take HP or EP above 10
    (GS-5.2)."""
    if state.landmark() is None or state.tale is None:
        return []
    out = []
    for u in state.tale.upgrades:
        bought = character.upgrades.count(u.name)
        if bought >= len(u.pp) or u.pp[bought] > character.pp:
            continue
        if u.raises in ("max_hp", "max_ep") and limit(character, u.raises) + u.by > STAT_CAP:
            continue
        out.append((u, u.pp[bought]))
    return out


def buy_upgrade(state: TaleState, character: Character, bought: Upgrade) -> int:
    """Spend the upgrade's next price; the limit rises at once (GS-11.5). The new limit."""
    price = next((p for u, p in upgrades_for_sale(state, character) if u is bought), None)
    if price is None:
        raise ValueError(f"{character.name} cannot buy {bought.name} here")
    character.pp -= price
    character.upgrades.append(bought.name)
    return upgrade(character, bought)


def buy(state: TaleState, character: Character, card: Card) -> str:
    """Spend the card's PP; it goes to the hand, else the stash, else it waits in the
    deactivate pile until there is room (GS-A31). Where it went."""
    if card not in for_sale(state, character):
        raise ValueError(f"{character.name} cannot buy {card.name} here")
    assert card.pp is not None
    character.pp -= card.pp
    character.bought.append(card)
    return place(character, card)


def rest(state: TaleState) -> None:
    """GS-14.1 phase 4, GS-6.2: Kipper regains 3 durability unless on a numbered spade
    or club (the maximum 10, GS-A20)."""
    tile = state.current_tile()
    blocked = tile is not None and tile.card.face == "N" and tile.card.suit in ("S", "C")
    tale = state.tale
    for c in state.party:
        g = next((g for g in tale.grimslingers if g.name == c.name), None) if tale else None
        if g is None or not g.rest_gain or c.resource is None:
            continue
        if not (blocked and tile is not None and tile.card.suit in g.rest_blocked_suits):
            c.resource = min(g.maximum, c.resource + g.rest_gain)


def after_defeats(state: TaleState, defeated: int) -> None:
    """GS-16.6 to 16.8: each defeated player costs one allowed defeat, then all revive."""
    spend_defeats(state, defeated)
    if not state.game_over:
        revive_all(state)
