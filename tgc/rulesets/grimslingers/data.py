"""Grimslingers rule data: the typed, frozen records the loader builds from the Tall
Tale's declarations (cards, creatures, areas, parts) and the engines read. Nothing here
changes once built, and every printed number lives here, never in an engine."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from tgc.rulesets.grimslingers.kinds import DECLARATIONS
from tgc.rulesets.ruledata import RuleData

Element = Literal["fire", "water", "earth", "wind", "ice", "lightning", "light", "dark"]
MAIN_ELEMENTS: tuple[Element, ...] = ("fire", "water", "earth", "wind", "ice", "lightning")
Resource = Literal["hp", "ep", "durability", "blood", "ammo", "control"]
SPECIAL_RESOURCES: tuple[Resource, ...] = ("durability", "blood", "ammo", "control")
Who = Literal["target", "user"]
TargetKind = Literal["self", "team", "all", "all_foes", "single"]
CardKind = Literal["spell", "skill", "item"]
CardType = Literal["element", "signature", "standard", "combine", "standoff", "passive",
                   "instant"]
NvScope = Literal["unresolved_foes", "combined", "next_spell", "played"]
Timing = Literal["standoff", "draw", "harm"]
Suit = Literal["D", "H", "S", "C"]
Face = Literal["A", "K", "Q", "J", "W", "N"]
TileKind = Literal["attack", "landmark", "chest", "key", "special", "portal", "event",
                   "nothing"]
Colour = Literal["black", "white"]
Stage = Literal["in_control", "conflicted", "overtaken"]


class Frozen(BaseModel):
    """Rule data never changes after loading, and an unknown field is a loader bug."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Amount(Frozen):
    """A number in an FX. Only numerals are NVs (GS-2.7): ``spelled`` ones ignore NV."""

    value: int
    spelled: bool = False


# ---------------------------------------------------------------- FX


class Dmg(Frozen):
    kind: Literal["dmg"] = "dmg"
    amount: Amount
    who: Who = "target"
    foes: Amount | None = None  # "2 dmg to 2 foes": how many foes (an NV when a numeral)


class Gain(Frozen):
    kind: Literal["gain"] = "gain"
    resource: Resource
    amount: Amount
    who: Who = "target"


class Lose(Frozen):
    """Lose / deduct (GS-4.2): down to 0, no penalty; HP lost this way is no DMG."""

    kind: Literal["lose"] = "lose"
    resource: Resource
    amount: Amount
    who: Who = "target"


class Deactivate(Frozen):
    kind: Literal["deactivate"] = "deactivate"
    amount: Amount
    who: Who = "target"


class Discard(Frozen):
    kind: Literal["discard"] = "discard"
    amount: Amount
    who: Who = "target"


class Reactivate(Frozen):
    kind: Literal["reactivate"] = "reactivate"
    amount: Amount
    who: Who = "user"


class Nv(Frozen):
    """``+N nv``: raises the NVs of other cards; itself an NV (GS-4.5). ``played``: the
    card its user plays this turn, of any kind (Blood Rage's extra power, GS-6.7)."""

    kind: Literal["nv"] = "nv"
    amount: Amount
    scope: NvScope


class Rn(Frozen):
    """``rn -2``: the card its user plays this turn resolves that much earlier (or later:
    ``rn +1``), never below RN 1. A change of RN, not an NV: NV modifiers leave it as
    written (GS-4.4). Vampyric Speed's lower RN (GS-6.7)."""

    kind: Literal["rn"] = "rn"
    amount: int


class Prevent(Frozen):
    """``prevent 2 dmg``: the next N DMG its user would take this turn is prevented (after
    the card's own reductions); what is prevented is no DMG taken (GS-A19) but still HP
    its user lost for Bloodlust (GS-10.1). HP loss is no DMG and passes (GS-2.2).
    Resist as the harm lands (GS-6.7)."""

    kind: Literal["prevent"] = "prevent"
    amount: Amount


class RollArm(Frozen):
    low: int
    high: int
    fx: tuple[Fx, ...]


class Roll(Frozen):
    """A ROLL table: the ranges are no NVs, the amounts inside are (GS-4.4)."""

    kind: Literal["roll"] = "roll"
    arms: tuple[RollArm, ...]


class Dnc(Frozen):
    """``dnc(1-3 = FX / 4-9 = FX)``: draw a card of the number deck (``@numbers``) and
    apply the arm its number falls in; the ranges are no NVs, the amounts inside are
    (GS-2.7). When the card has several targets, each draws for itself (GS-2.8): from a
    deck shuffled afresh before each draw, or, ``dnc shared(...)`` (the card says the deck
    is not reshuffled), from one shuffled deck dealt out, so no two draw the same card."""

    kind: Literal["dnc"] = "dnc"
    arms: tuple[RollArm, ...]
    shared: bool = False


class DrawElement(Frozen):
    """``draw element``: a Magic Mushroom skill draws the top card of the creature's own
    element deck and its FX apply as this card's (GS-15.4 step 5)."""

    kind: Literal["draw_element"] = "draw_element"


class Bloodlust(Frozen):
    """``bloodlust``: the HP its user lost this turn, prevented DMG included, becomes
    bonus DMG on the user's next spell that deals DMG to a foe, even turns later
    (GS-10.1)."""

    kind: Literal["bloodlust"] = "bloodlust"


class CopyCard(Frozen):
    """``copy an unresolved card``: the user picks one; every unresolved card and this one
    resolve as copies of it, each with its own owner (Equilibrium, GS-10.2, GS-A9)."""

    kind: Literal["copy"] = "copy"


class Redirect(Frozen):
    """``redirect unresolved cards``: the user gives every other unresolved single-target
    card a new target, its owner included (GS-10.3)."""

    kind: Literal["redirect"] = "redirect"


class Curse(Frozen):
    """``target loses N hp each standoff until healed``: the card stays in the target's
    space; HP loss, not DMG, at each Standoff's start; the target's first HP gain sends
    it to its owner's discard pile (Scourge, GS-10.5)."""

    kind: Literal["curse"] = "curse"
    amount: Amount


class Catalyst(Frozen):
    """``target's elements resolve against it``: the element spells in the target's hand
    leave it and resolve against the target at once, all together; opposite changes of
    one quantity cancel (Elemental Catalyst, GS-16.11)."""

    kind: Literal["catalyst"] = "catalyst"


class Pay(Frozen):
    """``pay N RESOURCE``, an option of a ``choose(...)``: offered only to a target that
    has it (Engulf's 3 EP, GS-16.11)."""

    kind: Literal["pay"] = "pay"
    resource: Resource
    amount: int


class DiscardNamed(Frozen):
    """``discard NAME``: the target discards that card, from the hand or as played this
    turn (Engulf's WIND, which need not be active, GS-16.11)."""

    kind: Literal["discard_named"] = "discard_named"
    card: str


class Choice(Frozen):
    """``choose(5 dmg / pay 3 ep / discard WIND)``: each target picks one option it can
    take (a decision point, §18)."""

    kind: Literal["choice"] = "choice"
    options: tuple[tuple[Fx, ...], ...]


class DiscardSelf(Frozen):
    """``discard this card``: the card leaves its owner's hand for good (an Instant item
    that goes off, Unstable Dynamite, GS-10.8)."""

    kind: Literal["discard_self"] = "discard_self"


Fx = Annotated[Dmg | Gain | Lose | Deactivate | Discard | Reactivate | Nv | Roll | Dnc | DrawElement
               | Bloodlust | CopyCard | Redirect | Curse | Catalyst | Pay | DiscardNamed | Choice
               | DiscardSelf | Rn | Prevent, Field(discriminator="kind")]
RollArm.model_rebuild()
Choice.model_rebuild()
Dnc.model_rebuild()


class Cost(Frozen):
    """A printed cost: paid before the FX, never changed by NV (GS-4.3, GS-4.7)."""

    resource: Resource
    amount: int


class Comeback(Frozen):
    """``comeback: 2 ep, 4 hp, 3 dmg`` (Specter, GS-10.6): at the end of an Aftermath in
    which its owner fell, pay the cost to come back with that many HP; they stay only if,
    on the next turn, the owner takes at least ``dmg`` HP from one target by DMG."""

    cost: Cost
    hp: int
    dmg: int


class Trade(Frozen):
    """``trade: 3 for legendary`` / ``3 for item "Name"`` / ``3 for item``: with that
    many of this item, the party may give them up for what it says (Treasure Map
    Pieces, Hex Fragments, GS-10.9)."""

    count: int
    gives: Literal["item", "legendary"]
    item: str | None = None  # a named item; None: a random draw


class Ability(Frozen):
    """One part of a many-in-one passive skill (La Fleur's Vampyric Abilities, GS-6.7):
    it pays its cost and applies its FX at its own ``timing`` (each part says its own):
    ``standoff``, a Standoff action; ``draw``, with the card its owner plays in the Draw
    phase (Blood Rage's extra power, Vampyric Speed's lower RN), no action; ``harm``, the
    moment DMG lands on its owner, in a duel or out of one (Resist against an Instant
    item going off), once for each DMG that lands."""

    name: str
    timing: Timing = "standoff"
    costs: tuple[Cost, ...] = ()
    fx: tuple[Fx, ...] = ()


# ---------------------------------------------------------------- cards


class Card(Frozen):
    """An action card (spell, skill, item) or a creature skill. ``owner`` is the
    Grimslinger or creature whose card it is; None for shared cards."""

    name: str
    kind: CardKind
    types: tuple[CardType, ...] = ()
    element: Element | None = None
    rn: int | None = None
    target: TargetKind = "single"
    costs: tuple[Cost, ...] = ()
    fx: tuple[Fx, ...] = ()
    owner: str | None = None
    deactivate_on_use: bool = False
    keep: bool = False  # "do not discard": back to the hand after use
    combines_with: CardKind | None = None  # a combine card's partner kind (None: any)
    saves: int | Literal["ep"] | None = None  # played at 0 HP: not defeated, with this HP
    # (Revive Juju, GS-10.7), or with the HP its owner buys with EP (Resurrect, GS-10.4)
    pp: int | None = None  # a skill's price on the Progress Tracker (GS-11.5)
    comeback: Comeback | None = None  # kept in the hand for its owner's fall (GS-10.6)
    instant_fx: tuple[Fx, ...] = ()  # an Instant card's FX as it enters the hand (GS-10.8)
    trade: Trade | None = None  # a set of this item traded in a Tall Tale (GS-10.9)
    abilities: tuple[Ability, ...] = ()  # kept in the passive space, used in the Standoff
    category: Literal["general", "world", "ritual", "legendary"] | None = None  # items


class Elements(Frozen):
    """The weakness relation read from the banners (GS-8.1): (A, B) means A beats B."""

    beats: tuple[tuple[Element, Element], ...]


# ---------------------------------------------------------------- creatures


class Creature(Frozen):
    name: str
    aliases: tuple[str, ...] = ()
    hp: tuple[int, int, int, int]  # for 1, 2, 3, 4 players
    ep: tuple[int, int, int, int]
    skills: tuple[str, ...]
    reward: tuple[Action, ...] = ()  # what the group gains on a win (GS-15.8 step 3)
    ritual: str | None = None
    achievement: str | None = None
    element_deck: bool = False  # Magic Mushroom's own element deck (GS-15.4 step 5)


Requirement = Literal["creature_dmg", "creature_ep_lost", "element_hit", "players_passed"]


class Disposition(Frozen):
    """Met at the end of a turn (GS-A2): ``creature took N dmg this turn`` etc."""

    name: str
    requirement: Requirement
    amount: int = 0
    element: Element | None = None
    fx: tuple[Fx, ...]  # "target" is the creature, "user" every player


ModifierKind = Literal["dmg_reduction", "hp_bonus", "ep_bonus", "nv_bonus", "rn_bonus", "none"]


class Modifier(Frozen):
    name: str
    rule: ModifierKind
    amount: int = 0
    reward: tuple[Action, ...] = ()


class FeastResult(Frozen):
    """One row of La Fleur's Vampyrism card: Fate faces and what they give."""

    faces: tuple[Face, ...]
    suits: tuple[Suit, ...] = ("D", "H", "S", "C")
    blood: int
    fx: tuple[Fx, ...] = ()


class StageEffect(Frozen):
    """What one of Luella's control stages does to her cards (GS-6.8)."""

    rn: int = 0
    nv: int = 0
    dmg_taken: int = 0  # less DMG taken per card


class Grimslinger(Frozen):
    name: str
    resource: Resource
    start: int
    maximum: int
    rest_gain: int = 0
    rest_blocked_suits: tuple[Suit, ...] = ()
    skills: tuple[str, ...] = ()
    feast: tuple[FeastResult, ...] = ()
    stages: tuple[StageEffect, ...] = ()  # in control, conflicted, overtaken


# ---------------------------------------------------------------- the Tall Tale


class FateCard(Frozen):
    """``KS``, ``7D``, ``AH``, ``W1``: a face and a suit (Wilds carry a number)."""

    code: str
    face: Face
    suit: Suit | None
    rank: int  # 2-10 for numbers, the Wild's number, 0 otherwise


class Tile(Frozen):
    card: FateCard
    row: int
    col: int
    kind: TileKind
    face_up: bool
    landmark: int | None = None
    colour: Colour | None = None
    portal_area: int | None = None
    portal_tile: str | None = None
    special: str | None = None  # the special event's verse or text reference


class AttackArm(Frozen):
    low: int
    high: int
    creature: str


class Bounty(Frozen):
    name: str
    area: int
    requires: Condition | None = None
    actions: tuple[Action, ...] = ()


class Area(Frozen):
    number: int
    title: str
    tiles: tuple[Tile, ...]
    attack: tuple[AttackArm, ...] = ()
    modifiers_drawn: int = 0
    modifiers: tuple[str, ...] = ()
    events: tuple[str, ...] = ()
    entry: str | None = None  # where a session may start in this area


# ------------------------------------------------ conditions (prerequisites, guards)


class Completed(Frozen):
    kind: Literal["completed"] = "completed"
    part: str


class HasItem(Frozen):
    kind: Literal["item"] = "item"
    item: str
    count: int = 1


class OnTile(Frozen):
    kind: Literal["on_tile"] = "on_tile"
    area: int
    tile: str


class OnLandmark(Frozen):
    kind: Literal["on_landmark"] = "on_landmark"
    landmark: int


class InArea(Frozen):
    kind: Literal["in_area"] = "in_area"
    area: int


class HasMarker(Frozen):
    kind: Literal["marker"] = "marker"
    marker: str


class OnPath(Frozen):
    kind: Literal["path"] = "path"
    path: str


class Defeated(Frozen):
    kind: Literal["defeated"] = "defeated"
    creature: str


class BountyIs(Frozen):
    kind: Literal["bounty"] = "bounty"
    bounty: str
    status: Literal["active", "done"]


class Counter(Frozen):
    kind: Literal["counter"] = "counter"
    name: Literal["chapter", "players", "hp", "pp"]
    op: Literal[">=", ">", "<=", "<", "==", "!="]
    value: int


class IsCharacter(Frozen):
    kind: Literal["character"] = "character"
    name: str


class Not(Frozen):
    kind: Literal["not"] = "not"
    arg: Condition


class All(Frozen):
    kind: Literal["and"] = "and"
    args: tuple[Condition, ...]


class Any_(Frozen):
    kind: Literal["or"] = "or"
    args: tuple[Condition, ...]


Condition = Annotated[Completed | HasItem | OnTile | OnLandmark | InArea | HasMarker | OnPath
                      | Defeated | BountyIs | Counter | IsCharacter | Not | All | Any_,
                      Field(discriminator="kind")]


# ------------------------------------------------ story actions


class DuelAction(Frozen):
    kind: Literal["duel"] = "duel"
    creature: str
    dispositions: bool = False
    modifiers: int = 0
    on_lose: Literal["fail", "continue", "game_over"] = "fail"


class GainMarker(Frozen):
    kind: Literal["marker"] = "marker"
    marker: str


class GainItem(Frozen):
    kind: Literal["item"] = "item"
    item: str | None  # None: a random draw
    count: int = 1


class GainPp(Frozen):
    kind: Literal["pp"] = "pp"
    amount: int
    everyone: bool = False


class Restore(Frozen):
    kind: Literal["restore"] = "restore"
    resource: Literal["hp", "ep"]


class ChoosePath(Frozen):
    kind: Literal["path"] = "path"
    path: str


class BountyStep(Frozen):
    kind: Literal["bounty"] = "bounty"
    bounty: str
    step: Literal["begin", "complete", "abandon"]


class MoveTo(Frozen):
    kind: Literal["move"] = "move"
    area: int
    tile: str


class Terminal(Frozen):
    kind: Literal["end"] = "end"
    what: Literal["part", "chapter", "game_over"]


Action = Annotated[DuelAction | GainMarker | GainItem | GainPp | Restore | ChoosePath
                   | BountyStep | MoveTo | Terminal, Field(discriminator="kind")]
Bounty.model_rebuild()
Creature.model_rebuild()
Modifier.model_rebuild()


class Landmark(Frozen):
    """A landmark's rule entry (``@landmark N``): the actions resolving its tile runs. A
    duel lost there (``lose: fail``, the default) ends them: the defeated gain none of the
    landmark's rewards (GS-16.7)."""

    number: int
    actions: tuple[Action, ...] = ()


class Part(Frozen):
    """A storylet: read when its prerequisite holds and it is not completed (GS-14.5)."""

    id: str
    title: str
    chapter: int
    requires: Condition | None = None
    actions: tuple[Action, ...] = ()
    read: str | None = None  # the verse that holds its text
    objective: str | None = None
    objective_at: Condition | None = None


class Path(Frozen):
    name: str
    chapter: int
    markers: tuple[str, ...] = ()


class Chapter(Frozen):
    number: int
    title: str


Stat = Literal["max_hp", "max_ep", "hand", "stash", "passive"]


class Upgrade(Frozen):
    """A Progress Tracker purchase that is no card (GS-11.5; the tracker's costs and rewards
    are rule data): it raises one of the character's limits by ``by`` at once. ``pp`` is
    the price of each purchase in turn, so it can be bought as many times as it has
    prices."""

    name: str
    raises: Stat
    by: int = 1
    pp: tuple[int, ...]


class Achievement(Frozen):
    name: str
    pp: int
    everyone: bool = False


class TallTale(RuleData):
    """All rule data of one Grimslingers campaign: the bundle's typed records."""

    KINDS: ClassVar[tuple[str, ...]] = DECLARATIONS

    ruleset: Literal["grimslingers"] = "grimslingers"
    title: str
    players: tuple[int, int] = (1, 4)
    start_area: int | None = None
    start_tile: str | None = None
    chapters: tuple[Chapter, ...] = ()
    paths: tuple[Path, ...] = ()
    parts: tuple[Part, ...] = ()
    areas: tuple[Area, ...] = ()
    bounties: tuple[Bounty, ...] = ()
    cards: tuple[Card, ...] = ()
    creatures: tuple[Creature, ...] = ()
    dispositions: tuple[Disposition, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    grimslingers: tuple[Grimslinger, ...] = ()
    elements: Elements | None = None
    achievements: tuple[Achievement, ...] = ()
    items: tuple[str, ...] = ()  # the item deck: item cards that are not legendary
    numbers: tuple[int, ...] = ()  # the number deck's cards, for DNC (GS-2.8)
    landmarks: tuple[Landmark, ...] = ()
    upgrades: tuple[Upgrade, ...] = ()  # the Progress Tracker's purchases that are no cards


Area.model_rebuild()
Landmark.model_rebuild()
Part.model_rebuild()
TallTale.model_rebuild()
