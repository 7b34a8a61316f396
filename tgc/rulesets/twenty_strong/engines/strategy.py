"""20 Strong engagement (TS-5.3 to TS-5.5, TS-6, TS-7): the start-of-Engagement effects,
then Strategy passes of strike, commit, roll and apply on a ``Game``'s table. Also the
rules every step reads: what a die deals on an enemy and whether it may be applied."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from tgc.rulesets.twenty_strong.engines import resolve
from tgc.rulesets.twenty_strong.engines.decisions import STOP, YES_NO, Choice, numbered
from tgc.rulesets.twenty_strong.engines.table import CRIT, FACE_NAMES, MISS, PRINTED, Foe, item_use

if TYPE_CHECKING:
    from tgc.rulesets.twenty_strong.engines.game import Game


def engagement(game: Game) -> None:
    """TS-5.3 then the Strategy phase, repeated while Strategy and enemies allow."""
    t = game.t
    game.step = "strategy"
    start_of_engagement(game)
    t.passes = 0
    while True:
        t.passes += 1
        strategy_pass(game)
        if not (t.passes < t.strategy and t.undefeated):  # TS-5.5, TS-A23
            return
        repeats = game.fast_repeats
        if not (repeats(game) if repeats is not None else game.ask("repeat", YES_NO).act == "yes"):
            return


def start_of_engagement(game: Game) -> None:
    t = game.t
    pending = list(resolve.live_abilities(game, "start-of-engagement"))
    for foe in t.foes:
        if foe.special:  # most enemies have none: no comprehension for them
            pending += [(a, foe) for a in foe.special if a.trigger == "start-of-engagement"]
    while pending:
        pick = game.ask("order", numbered("effect", len(pending)))
        ability, source = pending.pop(pick.a)
        resolve.ability(game, ability, source)


def strategy_pass(game: Game) -> None:
    t = game.t
    t.unlocked_pass.clear()
    strike_step(game)
    offer_items(game)
    commit_step(game)
    game.step = "roll"
    if game.roller is None:
        roll_all(game, t.active)
    else:
        for die in t.active:
            t.faces[die] = roll(game, die)
    if t.active and game.log is not None:
        game.say("Rolled: " + ", ".join(f"{t.colour_name(d)} {FACE_NAMES[t.faces[d]]}"
                                        for d in t.active) + ".")
    game.step = "apply"
    apply_step(game)
    game.step = "strategy"


def roll(game: Game, die: int) -> int:
    """One unit die's new face: the face of a random side of its colour (the deck's
    table of sides, TS-1.2), or what the person rolling it says."""
    if game.roller is not None:
        return game.roller(game, die)
    return game.sides[game.t.colour_of[die]][side(game.rng.getrandbits, game.sides_count)]


def side(bits: Callable[[int], int], sides: int) -> int:
    """A side in 0 .. ``sides - 1`` drawn as ``Random.randrange(sides)`` draws it (the
    fewest bits that hold ``sides``, drawn again while too large), without its checks of
    the argument: the games stay those of ``randrange`` (tests/test_ts_fast_paths.py)."""
    k = sides.bit_length()
    r = bits(k)
    while r >= sides:
        r = bits(k)
    return r


def roll_all(game: Game, dice: list[int]) -> None:
    """``roll`` for each die in turn, where nobody types the rolls (one draw per die, in
    the same order): the Roll step's loop, which is where a game spends its draws."""
    t = game.t
    faces, colour_of, table = t.faces, t.colour_of, game.sides
    bits, sides = game.rng.getrandbits, game.sides_count
    k = sides.bit_length()
    for die in dice:
        r = bits(k)
        while r >= sides:
            r = bits(k)
        faces[die] = table[colour_of[die]][r]


# ---------------------------------------------------------------- strike (TS-6)


def strike_step(game: Game) -> None:
    t = game.t
    strikes = 1
    fast = game.fast_strikes  # the answer without the decision
    while strikes > 0:
        strikes -= 1
        pick = fast(game) if fast is not None else game.ask("strike", strike_choices(game))
        if pick.act == "draw":
            draw(game, 1)
        elif pick.act == "play":
            strikes += play_card(game, pick.a, t.foes[pick.b])


def strike_choices(game: Game) -> list[Choice]:
    """Stop, draw (while a card is left to draw), or play a card of the hand on a row
    whose right nodes match one of its left ones (TS-6.2, 6.3)."""
    t = game.t
    choices = [STOP]
    if t.combat_deck or t.combat_discard:
        choices.append(Choice("draw"))
    for i, card in enumerate(t.hand):
        left = card.left_positions
        choices.extend(Choice("play", i, j) for j, foe in enumerate(t.foes)
                       if not left.isdisjoint(foe.host_nodes))
    return choices


def play_card(game: Game, index: int, foe: Foe) -> int:
    """TS-6.2 to 6.6: the card joins the row; its matching strike effects resolve once
    each, top to bottom. Returns the strikes it grants."""
    t = game.t
    card = t.hand.pop(index)
    known = game.plays.get(id(card))  # the deck's cards' fields, by identity
    right, strikes = known if known is not None else (
        card.right, tuple((s.positions, s.effects) for s in card.left))
    matching = set(foe.host)
    foe.chain.append(card)
    foe.host = right
    if game.log is not None:
        game.say(f"You play {card.name} on {foe.card.name}.")
    again = 0
    for positions, effects in strikes:
        if not matching.isdisjoint(positions):
            again += resolve.effects(game, effects, foe)
    return again


def draw(game: Game, count: int) -> None:
    """TS-6.1, TS-13.3: an empty deck is made again from the discard first."""
    t = game.t
    for _ in range(count):
        if not t.combat_deck:
            if not t.combat_discard:
                return
            t.combat_deck = game.shuffled(t.combat_discard)
            t.combat_discard = []
        t.hand.append(t.combat_deck.pop())


# ---------------------------------------------------------------- commit and apply (TS-7)


def commit_step(game: Game) -> None:
    t = game.t
    game.step = "commit"
    commits = game.fast_commits
    if commits is not None:
        commit_at_once(game, commits(game))
        return
    while t.pool:
        colours = sorted({t.colour_of[d] for d in t.pool})
        pick = game.ask("commit", [*(Choice("colour", c) for c in colours), STOP])
        if pick.act == "none":
            return
        die = t.dice_in(t.pool, pick.a)[0]
        t.pool.remove(die)
        t.active.append(die)


def commit_at_once(game: Game, colours: Sequence[int]) -> None:
    """What asking die by die gives a policy that commits every die of ``colours`` (the
    lowest colour first, each colour's dice in pool order) and then stops."""
    if not colours:
        return
    t = game.t
    colour_of, pool = t.colour_of, t.pool
    keep: list[int] = []
    if len(colours) == 1:  # most passes: one colour, one walk of the pool
        (colour,) = colours
        active = t.active
        for d in pool:
            (active if colour_of[d] == colour else keep).append(d)
        t.pool = keep
        return
    # one walk of the pool into a bucket per colour (the lowest colour's first), not a
    # walk per colour: passes with colours unlocked commit several at once
    buckets: dict[int, list[int]] = {colour: [] for colour in sorted(colours)}
    for d in pool:
        bucket = buckets.get(colour_of[d])
        (keep if bucket is None else bucket).append(d)
    for bucket in buckets.values():
        t.active += bucket
    t.pool = keep


def apply_choices(game: Game) -> list[Choice]:
    """One choice per kind of die (colour and face) and enemy that may take it."""
    return [Choice("die", die, row) for die, row in applications(game)]


def applications(game: Game) -> Iterator[tuple[int, int]]:
    """Each (die, row) the Apply step offers: the first committed die of each kind of hit
    (colour and face), in commit order, on every row that may take it. Two dice of one
    kind are the same move, so only the first is offered."""
    t = game.t
    seen: set[tuple[int, int]] = set()
    open_ = open_colours(game)
    colours, colour_of, faces = game.box.dice.colours, t.colour_of, t.faces
    for die in t.active:
        face = faces[die]
        key = (colour_of[die], face)
        if face == MISS or key in seen:
            continue
        seen.add(key)
        colour = colours[key[0]].name
        for row, foe in enumerate(t.foes):
            if colour_allowed(colour, foe, open_):
                yield die, row


def apply_step(game: Game) -> None:
    runs = game.fast_apply_runs
    if runs is not None:  # the policy's rule without the decisions (decisions.py)
        runs(game)
        return
    while True:
        choices = apply_choices(game)
        usable = usable_items(game)
        if not choices and not usable:
            return
        pick = game.ask("apply", [*choices, *(Choice("item", i) for i in usable), STOP])
        if pick.act == "none":
            return
        if pick.act == "item":
            drop_item(game, pick.a, use=True)
            continue
        apply_die(game, pick.a, pick.b)


def apply_die(game: Game, die: int, row: int) -> None:
    """TS-7.3: the die moves onto the enemy in ``row``, which may be defeated."""
    t = game.t
    foe = t.foes[row]
    t.active.remove(die)
    foe.applied.append(die)
    foe.dealt += PRINTED[t.faces[die]]
    if game.log is not None:  # the line costs a damage count: only when someone reads it
        game.say(f"{t.colour_name(die)} {FACE_NAMES[t.faces[die]]} on {foe.card.name} "
                 f"({damage_on(game, foe)}/{foe.card.health}).")
    game.check_defeat(foe)


def applicable(game: Game, die: int, foe: Foe) -> bool:
    """TS-7.2: a hit of the dial's colour, or of a colour an effect unlocks, unless the
    enemy's During effect forbids it."""
    return colour_allowed(game.t.colour_name(die), foe, open_colours(game))


def open_colours(game: Game) -> frozenset[str] | None:
    """The colours that may be applied now (None: every colour)."""
    t = game.t
    if not (t.unlocked_round or t.unlocked_pass or game.standing_hero or game.standing_cards
            or (game.standing_items and t.inventory)):
        return game.dial_open[t.dial]  # nothing unlocks a colour: a quick answer
    unlocked = t.unlocked_round | t.unlocked_pass
    for effect in resolve.standing(game):
        if effect.kind == "unlock":
            unlocked.add(effect.colour)
    if None in unlocked:
        return None
    return frozenset(c for c in unlocked if c is not None) | {t.dial_colour}


def takers(game: Game) -> list[int]:
    """The colours (indexes) that some undefeated enemy may take now: what greedy commits
    and repeats for. Only the open colours are tried against the enemies (where nothing
    unlocks a colour, the dial's own), and only an enemy's During effect can refuse one."""
    t = game.t
    open_ = open_colours(game)
    names = game.colour_names
    if open_ is game.dial_open[t.dial]:
        candidates: Sequence[int] = game.dial_colours[t.dial]
    else:
        candidates = [c for c, name in enumerate(names) if open_ is None or name in open_]
    found = []
    for c in candidates:
        name = names[c]
        for foe in t.foes:
            if not foe.defeated and (not foe.forbid or colour_allowed(name, foe, open_)):
                found.append(c)
                break
    return found


def colour_allowed(colour: str, foe: Foe, open_: frozenset[str] | None) -> bool:
    forbid = foe.forbid
    if forbid and not foe.defeated and (None in forbid or colour in forbid):
        return False  # most enemies have no During effect, so no colour they forbid
    return open_ is None or colour in open_


def face_damage(game: Game, face: int, foe: Foe) -> int:
    """TS-1.3 and TS-7.8: the enemy's own During rule first, then this round's, then a
    standing one, then the printed 1 or 2."""
    if face == MISS:
        return 0
    if face in foe.own:
        return foe.own[face]
    t = game.t
    if face in t.face_bonus:
        return t.face_bonus[face]
    if game.has_face_standing:
        name = "crit" if face == CRIT else "basic"
        for effect in resolve.standing(game):
            if effect.kind == "face-damage" and effect.face == name:
                return effect.amount
    return PRINTED[face]


def damage_on(game: Game, foe: Foe) -> int:
    """Computed from the applied dice at every check, never accumulated (TS-7.8). Where
    no rule changes what a face deals (most enemies, most rounds), the printed damage."""
    t = game.t
    if not (foe.own or t.face_bonus or game.has_face_standing):
        return foe.bonus + foe.dealt
    faces = t.faces
    return foe.bonus + sum(face_damage(game, faces[d], foe) for d in foe.applied)


# ---------------------------------------------------------------- items (TS-12)


def usable_items(game: Game) -> list[int]:
    inventory = game.t.inventory
    if not inventory:
        return []
    uses = game.uses  # the deck's enemies' item kinds, by identity
    return [i for i, item in enumerate(inventory)
            if (uses.get(id(item)) or item_use(item)) == "single-use"]


def offer_items(game: Game) -> None:
    """TS-12.6, TS-A29: single-use items may be used here (never in a Roll step)."""
    while True:
        usable = usable_items(game)
        if not usable:
            return
        pick = game.ask("item-use", [STOP, *(Choice("item", i) for i in usable)])
        if pick.act == "none":
            return
        drop_item(game, pick.a, use=True)


def drop_item(game: Game, index: int, use: bool) -> None:
    """Use a single-use item (then discard it), or discard any item (TS-12.2, 12.4)."""
    t = game.t
    item = t.inventory.pop(index)
    t.enemy_discard.append(item)
    if use and item.item is not None and item.item.use == "single-use":
        if game.log is not None:
            game.say(f"You use {item.name}.")
        resolve.effects(game, item.item.effects, None)
