"""Catalogue entries of the Grimslingers family (TGC570-TGC599): rule-data mistakes and
the static checks of a Tall Tale (spec §19). Every example is a complete source that
must produce its code (tests/test_gs_checks.py runs them)."""

from __future__ import annotations

from tgc.diagnostics.rule import INFO, E, Rule, W

_HEAD = ('@campaign "Example"\n  ruleset: grimslingers\n  start: 301\n\n'
         '@chapter 1 "One"\n\n')
_AREA = ('@area 3 "Flats"\n  layout:\n    - KS 2C\n    - 3C 4C\n  entry: KS\n'
         '  KS: landmark 301\n\n@location 301 "Well"\n  explore -> 301.1\n\n'
         '== 301.1\n-> end\n\n')


def ex(body: str) -> str:
    return _HEAD + _AREA + body


_PART = '@part 1.1 "Start"\n  chapter: 1\n'

RULES: tuple[Rule, ...] = (
    Rule("TGC570", "unknown-gs-key", W, "{detail}",
         "A Grimslingers declaration has a key its kind does not define.",
         "Each record kind (`@creature`, `@part`, `@area` ...) takes the keys listed in "
         "docs/rules.md; an unknown key is ignored, so a typo would silently lose data.",
         (ex(_PART + "  requirez: on landmark 301\n"),), ex(_PART)),
    Rule("TGC571", "duplicate-gs-record", E, "a second `@{kind}` named `{name}`",
         "Two Grimslingers records of one kind share a name.",
         "Names are scoped by kind (a creature and a spell may share one, GS-A38), but within "
         "a kind each name is declared once; only the first is used.",
         (ex(_PART + _PART),), ex(_PART)),
    Rule("TGC572", "missing-gs-key", E, "`{key}` is missing from this {what}",
         "A Grimslingers record lacks a key the engine needs.",
         "A creature needs `hp`, `ep` and `skills`; an area its `layout`; a disposition its "
         "`requires` and `fx`; a Grimslinger its `resource`; a bounty its `area`.",
         (ex('@creature "Imps"\n  hp: 1, 2, 3, 4\n  skills: "Gnaw"\n'),)),
    Rule("TGC573", "bad-gs-value", E, "{detail}",
         "A Grimslingers key's value cannot be read.",
         "FX (`2 dmg; target loses 2 ep`), costs (`3 durability`), prerequisites "
         "(`completed 1.3 and item \"Ember\"`), actions (`duel \"Imps\"; end part`) and area "
         "layouts each have a small written form; the message says what was expected.",
         (ex(_PART + "  requires: completed\n"),)),
    Rule("TGC574", "part-never-eligible", E, "part {part} can never be read: {detail}",
         "A part's (or objective's) prerequisite can never hold.",
         "The storylet form of an unreachable verse: the prerequisite names a part that "
         "cannot be completed, an item nothing grants, a marker nothing gives, a tile or "
         "landmark no area lays out, or says X and not X.",
         (ex(_PART + '  requires: marker "Tin Star"\n'),), ex(_PART)),
    Rule("TGC575", "prerequisite-cycle", E, "parts {cycle} need each other",
         "Parts whose prerequisites form a cycle.",
         "Part A needs B completed and B needs A: neither can ever be read first.",
         (ex('@part 1.1 "A"\n  requires: completed 1.2\n\n'
             '@part 1.2 "B"\n  requires: completed 1.1\n'),)),
    Rule("TGC576", "path-never-completed", E, "path \"{path}\": {detail}",
         "A path that can never be completed.",
         "A path's story markers must be given by some part, and some part must choose it.",
         (ex('@path "Lawman"\n  markers: "Tin Star"\n'),)),
    Rule("TGC577", "objective-nowhere", W, "the objective of part {part} {detail}",
         "An objective that points at nothing, or at a place no next part asks for.",
         "`objective_at` names where the next part is read; if no area lays it out, or no "
         "part's prerequisite mentions it, the objective misleads the players.",
         (ex(_PART + "  objective_at: on landmark 999\n"),), ex(_PART)),
    Rule("TGC578", "parts-eligible-together", INFO,
         "parts {a} and {b} can be eligible at once: the players will choose",
         "Two parts of one chapter whose prerequisites can hold together.",
         "When several parts are eligible the players choose one (GS-14.5). That is often "
         "meant (a fork); when it is not, make one prerequisite exclude the other.",
         (ex(_PART + '\n@part 1.2 "Other"\n  chapter: 1\n'),)),
    Rule("TGC579", "part-never-completes", W, "part {part} can never be completed: {detail}",
         "A part whose actions always end the game.",
         "A part is completed when its actions run to their end (GS-12.5); one that always "
         "reaches `game over` never is, so nothing that needs it can follow.",
         (ex(_PART + "  actions: game over\n"),), ex(_PART + "  actions: end part\n")),
    Rule("TGC580", "bad-fate-layout", E, "{detail}",
         "An area lays out a Fate card twice.",
         "The Fate deck has one of each card (52 suited cards and 4 Wilds).",
         (ex('@area 4 "Dunes"\n  layout:\n    - 2C 2C\n'),)),
    Rule("TGC581", "landmark-mismatch", E, "{detail}",
         "A King tile without a landmark entry, or a landmark entry on another face.",
         "Kings are the landmarks (GS-13.2): each King tile needs `KS: landmark N` for its "
         "face and suit, and only Kings are landmarks.",
         (ex('@area 4 "Dunes"\n  layout:\n    - KH 2C\n'),)),
    Rule("TGC582", "unreachable-tile", W, "tile {tile} of area {area} cannot be reached",
         "A tile no orthogonal walk from the area's entry or portals reaches.",
         "The party moves up, down, left or right onto tiles (GS-14.2); a tile cut off by "
         "gaps is dead space.",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C . 3C\n'),)),
    Rule("TGC583", "dead-end-tile", INFO, "tile {tile} of area {area} is a dead end",
         "A tile with one neighbour that is not a portal.",
         "With no backtracking (GS-14.2), a party that walks in can only walk out the way it "
         "came, which the rules allow only because nothing else is possible (GS-A8).",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C 3C 4C\n'),)),
    Rule("TGC584", "chest-without-key", E, "the {colour} chest {tile} of area {area} has no "
         "{colour} key in its area", "A chest whose colour's key is not in the same area.",
         "Keys open chests only in the area where they were found (GS-13.3, GS-A7).",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C QH\n  QH: chest white\n'),)),
    Rule("TGC585", "key-without-chest", W, "the {colour} key {tile} of area {area} opens no "
         "chest", "A key with no chest of its colour in its area.",
         "The key is found but nothing in the area uses it.",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C QH\n  QH: key white\n'),)),
    Rule("TGC586", "bad-attack-table", E, "area {area}'s attack table {detail}",
         "An attack table that does not cover 1-6 once, or names an undeclared creature.",
         "An Attack tile rolls a die and duels the creature its table gives (GS-13.2).",
         (ex('@area 4 "Dunes"\n  entry: AS\n  layout:\n    - AS 2C\n  attack:\n'
             '    1-5: "Imps"\n'),)),
    Rule("TGC587", "bad-creature", E, "creature \"{creature}\" {detail}",
         "A creature without declared skills, or a skill without RN 1-10.",
         "A creature's skill deck is its hand (GS-15.4); each skill needs an RN from 1 to 10.",
         (ex('@creature "Imps"\n  hp: 1, 2, 3, 4\n  ep: 1, 2, 3, 4\n  skills: "Gnaw"\n'),)),
    Rule("TGC588", "area-decks", E, "area {area} {detail}",
         "An area with event tiles but no events, or an undeclared modifier.",
         "Diamond and heart number tiles draw from the area's event deck; modifiers drawn "
         "come from the area's listed modifiers (GS-13.4).",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C 5H\n'),)),
    Rule("TGC589", "bad-portal", E, "portal {tile} of area {area} {detail}",
         "A portal to an undeclared area, or to a tile that is not a Wild there.",
         "Wild tiles are portals (GS-13.2); they lead to a Wild of another area.",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C W1\n'
             '  W1: portal to area 9 W1\n'),)),
    Rule("TGC590", "one-way-portal", W, "portal {tile} of area {area} has no way back",
         "A portal whose far end does not lead back.",
         "Nothing forbids it, but a party that crosses can then never return.",
         (ex('@area 4 "Dunes"\n  entry: 2C\n  layout:\n    - 2C W1\n'
             '  W1: portal to area 5 W1\n\n@area 5 "Pit"\n  layout:\n    - W1 2D\n'),)),
    Rule("TGC591", "bounty-never", E, "bounty \"{bounty}\" {detail}",
         "A bounty that can never begin, or that has nothing to complete.",
         "A bounty begins when its prerequisite holds (GS-14.6) and is done when its actions "
         "run to their end.",
         (ex('@bounty "Wanted"\n  area: 9\n  actions: gain 1 pp\n'),)),
    Rule("TGC592", "bad-elements", E, "the element relation {detail}",
         "The weakness relation is not two 3-cycles over the six elements.",
         "GS-8.1: FIRE, WATER, EARTH, WIND, ICE and LIGHTNING form two rock-paper-scissors "
         "triangles.",
         (ex("@elements\n  beats: fire > ice\n"),)),
    Rule("TGC593", "spelled-amount", INFO, "{card}: `{word}` is spelled out and will not "
         "follow NV changes", "An FX amount written as a word beside numerals.",
         "Only numerals are NVs (GS-2.7): \"two foes\" stays two under +1 NV, \"2 foes\" "
         "becomes 3. Fine when meant.",
         (ex('@spell signature "Spray"\n  rn: 5\n  fx: 2 dmg to two foes\n'),)),
    Rule("TGC594", "bad-reward", E, "{detail}",
         "A reward names an item not in the item deck or an undeclared achievement.",
         "Named items are searched for in the item deck (GS-16.1); achievements are "
         "declared with `@achievement`.",
         (ex('@creature "Imps"\n  hp: 1, 2, 3, 4\n  ep: 1, 2, 3, 4\n  skills: "Gnaw"\n'
             '  reward: gain item "Nothing"\n\n@skill creature "Gnaw"\n  rn: 3\n'
             '  fx: 1 dmg\n'),)),
    Rule("TGC595", "hard-game-over-duel", INFO,
         "a lone new character wins the duel with \"{creature}\" {rate} of the time "
         "(part {part} ends the game on a loss)",
         "A story duel that ends the game on defeat is hard for one player.",
         "tgc simulates the duel 200 times (seed 0) with one new character (the first "
         "@grimslinger's build) and the greedy policy, and reports a win rate under 50%: "
         "under `lose: game over` it may end many campaigns.",
         (ex(_PART + '  actions: duel "Titan" lose: game over\n\n@creature "Titan"\n'
             '  hp: 40, 40, 40, 40\n  ep: 40, 40, 40, 40\n  skills: "Stomp"\n\n'
             '@skill creature "Stomp"\n  rn: 3\n  fx: 3 dmg\n'),)),
    Rule("TGC596", "foreign-resource", E, "{card} costs {resource}, which {owner} does not have",
         "A skill's cost uses a resource its owner does not have.",
         "Each Grimslinger has one special resource (GS-6); blood on Kipper can never be "
         "paid.",
         (ex('@grimslinger "Kipper"\n  resource: durability 10\n\n'
             '@skill Kipper "Bite"\n  rn: 3\n  cost: 1 blood\n  fx: 1 dmg\n'),)),
    Rule("TGC597", "story-duel-dispositions", INFO,
         "the duel with \"{creature}\" in part {part} uses no dispositions",
         "A story duel without the `dispositions` flag.",
         "Dispositions are used in story parts only when the booklet says so (GS-15.4); "
         "write `duel \"C\" dispositions` when they should be.",
         (ex(_PART + '  actions: duel "Imps"\n\n@creature "Imps"\n  hp: 1, 2, 3, 4\n'
             '  ep: 1, 2, 3, 4\n  skills: "Gnaw"\n\n@skill creature "Gnaw"\n  rn: 3\n'
             '  fx: 1 dmg\n'),)),
    Rule("TGC598", "unknown-gs-name", E, "{detail}",
         "A name that no Grimslingers record of that kind declares.",
         "References are scoped by kind (`duel \"C\"` names a creature, `gain item \"X\"` an "
         "item, GS-A38).",
         (ex(_PART + '  actions: duel "Nobody"\n'),)),
    Rule("TGC599", "bad-landmark", E, "{detail}",
         "A landmark entry that never runs, a landmark laid out twice, or `end part` in one.",
         "A `@landmark N` entry holds the actions its King tile runs each time the party "
         "enters it (GS-13.2, GS-A35): an entry whose number no area's King lays out never "
         "runs, a number on two Kings would be one landmark in two places, and `end part` "
         "ends a story part, which a landmark is not. Names in its actions are checked as a "
         "part's are (TGC598).",
         (ex('@landmark 309\n  actions: gain 1 pp\n'),
          ex('@landmark 301\n  actions: end part\n'),
          ex('@area 4 "Dunes"\n  layout:\n    - KH 2C\n  entry: 2C\n  KH: landmark 301\n')),
         ex('@landmark 301\n  actions: gain 1 pp\n')),
)


def _register() -> None:
    """Into the one catalogue, once (whichever of catalogue and registry came first)."""
    from tgc.diagnostics.codes import CATALOGUE, register

    if RULES[0].code not in CATALOGUE:
        register(RULES)


_register()
