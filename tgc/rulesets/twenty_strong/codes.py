"""Catalogue entries of 20 Strong deck data, its static checks and the games verses start
(TGC540-TGC568): one
``Rule`` per code, each with an example deck that must produce it (tests/test_catalogue.py
runs them through ``tgc check``)."""

from __future__ import annotations

from tgc.diagnostics.rule import INFO, E, Rule, W

CAMPAIGN = ('@campaign "Deck"\n  ruleset: twenty-strong\n  start: 1\n\n'
            '@location 1 "Table"\n  explore -> 1.1\n\n== 1.1\n-> end\n\n')
DICE = ("@dice\n  yellow: 4 dice, hits 2\n  green: 4 dice, hits 3\n  blue: 3 dice, hits 4\n"
        "  purple: 3 dice, hits 5\n  red: 3 dice, hits 6\n\n")
HERO = '@hero "Ana"\n  health: 5\n  strategy: 3\n  recovery: 2\n  card: "Own"\n\n'
OWN = '@card hero "Own"\n  hero: "Ana"\n  left:\n    top: draw 1\n  right: top\n\n'
BOSS = '@boss "King"\n  health: 4\n  damage: 2\n  nodes: top\n\n'


def deck(body: str, dice: str = DICE) -> str:
    """An example: a twenty-strong campaign with dice, a hero, its card and a boss."""
    return CAMPAIGN + dice + HERO + OWN + BOSS + body


def game(args: str) -> str:
    """An example: the deck's verse starts a game with these arguments."""
    line = f"~ twenty-strong {args}: win -> end; lose -> end\n"
    return deck("").replace("== 1.1\n-> end\n", "== 1.1\n" + line)


def _enemy(name: str, extra: str = "", deck_: str = "gray", health: int = 2) -> str:
    return (f'@enemy "{name}"\n  deck: {deck_}\n  health: {health}\n  damage: 1\n'
            f"  nodes: top\n{extra}\n")


RULES: tuple[Rule, ...] = (
    Rule("TGC540", "ts-unknown-key", W, "{detail}",
         "A 20 Strong declaration has a key its kind does not define, or a key twice.",
         "`@dice`, `@hero`, `@card`, `@enemy` and `@boss` keys are listed in docs/language.md "
         "(\"20 Strong decks\"). An unknown key is ignored, so a typo (`helth:`) would silently "
         "lose data; of a repeated key only the first counts (`ability`, `reward` and "
         "`special` may repeat).",
         (deck(_enemy("Wisp", "  helth: 3\n")),), deck(_enemy("Wisp"))),
    Rule("TGC541", "ts-missing-key", E, "{detail}",
         "A 20 Strong declaration lacks something the engine needs.",
         "A hero needs `health`, `strategy` and `recovery`; an enemy `deck`, `health` and "
         "`damage`; a boss `health` and `damage`; every one of them a name. A deck needs one "
         "`@dice` with at least one colour.",
         (deck('@enemy "Wisp"\n  health: 2\n  damage: 1\n\n'),), deck(_enemy("Wisp"))),
    Rule("TGC542", "ts-bad-value", E, "{detail}",
         "A value in a 20 Strong declaration has the wrong form.",
         "Numbers are whole numbers (Health at least 1); a dice colour reads `N dice, hits H` "
         "with 1 to 6 hit sides; a combat card is `@card basic|hero|universal|upgraded "
         "\"Name\"`; `universal` is `yes`, `no` or `other deck`.",
         (deck(_enemy("Wisp").replace("health: 2", "health: two")),), deck(_enemy("Wisp"))),
    Rule("TGC543", "ts-bad-effect", E, "{detail}",
         "An effect, an ability or a trigger cannot be read, or names an unknown word.",
         "Effects are the forms of docs/rules.md (\"20 Strong effects\"): `gain 1 health`, "
         "`draw 2`, `strike again`, `apply green this round`, `crits deal 3` ... Colours are "
         "the `@dice` colours; stats are health, strategy and recovery; triggers are `start of "
         "engagement`, `on defeat`, `suffer damage`, `after`, `activation` and `always`. The "
         "hint suggests the closest known word.",
         (deck(_enemy("Wisp", "  reward: gain 1 helth\n")),),
         deck(_enemy("Wisp", "  reward: gain 1 health\n"))),
    Rule("TGC544", "ts-duplicate", E, "{detail}",
         "Two 20 Strong declarations of the same kind share a name, or `@dice` is given twice.",
         "Heroes, combat cards, enemies and bosses are found by name; the second of two with "
         "the same name is left out.",
         (deck(_enemy("Wisp") + _enemy("Wisp")),), deck(_enemy("Wisp") + _enemy("Moth"))),
    Rule("TGC550", "ts-boss-unbeatable", E, "{detail}",
         "A boss has more Health than any round can deal, whatever the dial shows.",
         "The boss never keeps damage from one round to the next (TS-A7), so it must fall in "
         "one engagement: its Health must not exceed twice the dice of the colours that may be "
         "applied (the dial's and any a card or item unlocks), raised by the deck's "
         "damage-changing effects.",
         (deck("").replace("health: 4\n  damage: 2", "health: 20\n  damage: 2"),), deck("")),
    Rule("TGC551", "ts-unbeatable-colour", W, "{detail}",
         "An enemy or boss cannot be defeated in one engagement while the dial shows some "
         "colours.",
         "Computed per dial colour as for TGC550 (with rank 5's smaller pool named apart). An "
         "enemy meets one dial colour only; a boss stays, so it only has to wait.",
         (deck(_enemy("Slab", health=9)),), deck(_enemy("Slab", health=2))),
    Rule("TGC552", "ts-low-odds", INFO, "{detail}",
         "An enemy alone is rarely defeated in one engagement with the reference play.",
         "The exact odds (TS-15.4) of defeating the enemy alone with every die of the dial's "
         "colour committed in the first pass and the best applications, with the lowest "
         "Strategy of the deck's heroes, under the dial colour best for it, are below 5 %.",
         (deck(_enemy("Slab", health=8)),), deck(_enemy("Slab", health=2))),
    Rule("TGC553", "ts-menhir-unreachable", E, "{detail}",
         "The enemy decks are too small for the Menhir Stack to ever call the boss.",
         "Each round activates at least one enemy and puts one on the Menhir Stack, so the "
         "stack reaches its threshold (8, or 7 from rank 3) only with at least twice as many "
         "enemy cards.",
         (deck(_enemy("Wisp")),), None),
    Rule("TGC554", "ts-dice-counts", W, "{detail}",
         "The dice do not add up to 17, or a dial colour has at most one die (none at rank 5).",
         "The rulebook's game has 17 unit dice; rank 5 banishes one of each colour, so a "
         "colour with one die leaves the dial pointing at nothing.",
         (deck("", dice="@dice\n  yellow: 1 dice, hits 2\n  green: 4 dice, hits 3\n\n"),),
         None),
    Rule("TGC555", "ts-unplayable-card", W, "{detail}",
         "A combat card can never be played: no enemy, boss or card has a matching right node.",
         "A card is played next to a host whose right nodes meet its left positions (TS-6.3).",
         (deck('@card basic "Lost"\n  left:\n    bottom: draw 1\n  right: top\n\n'),),
         deck('@card basic "Found"\n  left:\n    top: draw 1\n  right: top\n\n')),
    Rule("TGC556", "ts-dead-strike", W, "{detail}",
         "A strike effect sits where no right node in the deck ever reaches.",
         "Only strike effects aligned with a matching node resolve (TS-6.4); one whose "
         "positions meet no right node anywhere never does.",
         (deck('@card basic "Half"\n  left:\n    top: draw 1\n    bottom: strike again\n'
               '  right: top\n\n'),),
         deck('@card basic "Whole"\n  left:\n    top: draw 1\n  right: top\n\n')),
    Rule("TGC557", "ts-hero-stats", E, "{detail}",
         "A hero's stat is outside 1..6.",
         "Stat dice show 1 to 6 (TS-1.6).",
         (deck('@hero "Giant"\n  health: 9\n  strategy: 3\n  recovery: 2\n  card: "Own"\n\n'),),
         None),
    Rule("TGC558", "ts-hero-card", W, "{detail}",
         "A hero has no hero combat card, or all three of its stats are 1.",
         "Setup shuffles the hero's own card into the combat deck (TS-3.1); a hero whose "
         "stats are all 1 cannot play rank 4, which lowers one of them.",
         (deck('@hero "Bare"\n  health: 3\n  strategy: 3\n  recovery: 2\n\n'),), None),
    Rule("TGC559", "ts-bad-reward-card", E, "{detail}",
         "A reward names a card that is not an upgraded combat card of the deck.",
         "`gain upgraded \"Name\"` takes that card from the upgraded supply; `gain upgraded "
         "any` needs at least one upgraded card.",
         (deck(_enemy("Wisp", '  reward: gain upgraded "Nowhere"\n')),), None),
    Rule("TGC560", "ts-item-kind", E, "{detail}",
         "An item reward does not say whether it is single-use or ongoing.",
         "`item: single-use: EFFECT` is used once then discarded; `item: ongoing: [TRIGGER:] "
         "EFFECT` acts while it is held (TS-12.2).",
         (deck(_enemy("Ward", "  item: prevent 1 damage\n")),),
         deck(_enemy("Ward", "  item: single-use: prevent 1 damage\n"))),
    Rule("TGC561", "ts-combat-deck", W, "{detail}",
         "The combat deck is not 9 basic cards plus the hero's, or a hero card has no hero.",
         "Setup shuffles the nine basic cards with the hero's own card (TS-3.1).",
         (deck('@card hero "Orphan"\n  hero: "Nobody"\n  left:\n    top: draw 1\n'
               '  right: top\n\n'),), None),
    Rule("TGC562", "ts-unknown-node", E, "{detail}",
         "A node label is not one of `@dice nodes`.",
         "Nodes are position labels (`top`, `middle`, `bottom` unless `@dice` says other); two "
         "match when their labels are equal (TS-A10), so a misspelt label never matches.",
         (deck(_enemy("Wisp").replace("nodes: top", "nodes: tpo")),), deck(_enemy("Wisp"))),
    Rule("TGC563", "ts-deck-drain", INFO, "{detail}",
         "Additional-enemy icons could empty every enemy deck before the boss is called.",
         "In the worst order every icon activates one more card (TS-5.2), on top of one "
         "activation and one Menhir card a round; when that can exceed the enemy cards, the "
         "stack may never fill and the game ends by the round limit.",
         (deck("".join(_enemy(f"Imp {i}") for i in range(15))
               + _enemy("Horde", "  additional: 9\n")),),
         deck("".join(_enemy(f"Imp {i}") for i in range(16)))),
    Rule("TGC564", "ts-boss-icons", W, "{detail}",
         "A boss has more additional-enemy icons than the Menhir Stack can hold cards.",
         "Boss icons take cards from the Menhir Stack (TS-10.2); at most the threshold's worth "
         "are there.",
         (deck("").replace("nodes: top\n\n", "nodes: top\n  additional: 9\n\n", 1),), None),
    Rule("TGC565", "ts-dead-ability", W, "{detail}",
         "An ability's trigger can never happen in the zone where it is live.",
         "Combat cards are played after the start of Engagement and are never items, enemies "
         "alone are activated, and `always` abilities are modifiers that enemies do not have "
         "(TS-A12).",
         (deck('@card basic "Late"\n  left:\n    top: draw 1\n  right: top\n'
               '  ability: in play, start of engagement: draw 1\n\n'),),
         deck('@card basic "Early"\n  left:\n    top: draw 1\n  right: top\n'
              '  ability: in hand, start of engagement: draw 1\n\n')),
    Rule("TGC566", "ts-unknown-hero", E, "the deck has no hero \"{name}\"",
         "A game a verse starts names a hero the deck does not declare.",
         "`~ twenty-strong hero \"NAME\" boss \"NAME\" rank N` plays the deck's `@hero` of that "
         "name; the hint names the closest one, or lists them.",
         (game('hero "Anna" boss "King" rank 1'),), game('hero "Ana" boss "King" rank 1')),
    Rule("TGC567", "ts-unknown-boss", E, "the deck has no boss \"{name}\"",
         "A game a verse starts names a boss the deck does not declare.",
         "The game is played against the deck's `@boss` of that name; the hint names the "
         "closest one, or lists them.",
         (game('hero "Ana" boss "Queen" rank 1'),), game('hero "Ana" boss "King" rank 1')),
    Rule("TGC568", "ts-bad-rank", E, "there is no rank {rank}: ranks are 1 to 5",
         "A game a verse starts asks for a difficulty rank that does not exist.",
         "The five ranks are cumulative (TS-3.2): rank 1 is the rulebook's game, each higher "
         "rank adds its rule to the ones below.",
         (game('hero "Ana" boss "King" rank 6'),), game('hero "Ana" boss "King" rank 5')),
)


def _register() -> None:
    """Into the one catalogue, once (whichever of catalogue and registry came first)."""
    from tgc.diagnostics.codes import CATALOGUE, register

    if RULES[0].code not in CATALOGUE:
        register(RULES)


_register()
