"""Tainted Grail's catalogue entries, registered with its spec (tgc/rulesets/spec.py): the
family TGC5xx, ruleset data (``@character``, ``@card``,
``@encounter`` keys for Tainted Grail's combat and diplomacy), and the map checks of its
campaign layer (TGC405-407, mapchecks.py) and its events (TGC408-410, eventchecks.py)."""

from __future__ import annotations

from tgc.diagnostics.codes import register
from tgc.diagnostics.rule import E, Rule, W, example

_VERSE = "== 101.1\n-> end\n"
_BEOR = ('@character "Beor"\n  number: 4\n  colour: blue\n  health: 9\n  energy: 6\n'
         '  terror: 0\n  aggression: 2\n')
_CARD = '@card combat 1U "Jab"\n  left: marker\n  right: aggression 1\n  free: marker\n'
_FIGHT = ('@encounter "Vagabond"\n  deck: gray\n  level: 1\n  value: 4\n'
          '  attack:\n    0-1: damage 1\n    2-3: damage 2\n')

_MAP = ('@campaign "Map"\n  ruleset: tainted-grail\n  start: 101\n\n'
        '@location 101 "Farmhold"\n  seals: menhir\n  keys: up 102, right 103\n  explore -> 101.1\n'
        '  menhir -> 101.menhir\n\n'
        '@location 102 "Mill"\n  keys: down 101\n  explore -> 102.1\n\n'
        '@location 103 "Orchard"\n  keys: left 101\n  explore -> 103.1\n\n'
        '== 101.1\n-> end\n== 102.1\n-> end\n== 103.1\n-> end\n'
        '== 101.menhir\n~ activate menhir 4\n-> end\n')
_CROSSED = (_MAP.replace("keys: down 101\n", "keys: down 101, right 104\n")
            .replace("keys: left 101\n", "keys: left 101, up 105\n")
            + '@location 104 "Tor"\n  keys: left 102\n  explore -> 104.1\n\n'
            + '@location 105 "Heath"\n  keys: down 103\n  explore -> 105.1\n\n'
            + "== 104.1\n-> end\n== 105.1\n-> end\n")
_FAR = (_MAP.replace("keys: down 101\n", "keys: down 101, up 104\n")
        + '@location 104 "Tor"\n  keys: down 102, up 105\n  explore -> 104.1\n\n'
        + '@location 105 "Far Field"\n  keys: down 104\n  explore -> 105.1\n\n'
        + "== 104.1\n-> end\n== 105.1\n-> end\n")

_CHAPTER = ('@chapter 1 "The Guttering"\n  deck: by part\n\n'
            '@event "First Light"\n  chapter: 1\n  part: 1\n  quest: yes\n  read -> bos.1\n'
            '  succeed: secret 11\n  success -> bos.2\n\n'
            '== 101.1\n-> end\n== bos.1\nFind the rite.\n-> end\n== bos.2\nThe rite is found.\n-> end\n')
_ENDS = _CHAPTER.replace("The rite is found.\n-> end\n", "The rite is found.\n-> end chapter\n")

EVENT_RULES: tuple[Rule, ...] = (
    Rule(
        "TGC408", "event-deck-runs-out", W,
        "chapter {chapter}'s Event deck holds {cards} card(s) and nothing it leads to ends the "
        "chapter: from day {day} no Event is revealed",
        "A chapter's Event deck can run out before the chapter can end.",
        "The Start of the Day reveals one card of the chapter's Event deck (`@chapter`), and "
        "an empty deck reveals nothing more (reading A15). A chapter ends through its quests: "
        "the check follows every verse the chapter's cards, its setup card, the locations and "
        "the status triggers can reach, and warns when none of them reaches `-> end chapter`.",
        (example(_CHAPTER),),
        example(_ENDS),
    ),
    Rule(
        "TGC409", "quest-without-success", W, 'the quest "{name}" has no `success ->` verse',
        "A quest has nothing to read when it succeeds.",
        "An event with `quest: yes` (the red padlock) or an `@quest` stays in the Active "
        "Quests until its `succeed:` condition holds; then its `success ->` verse is read, "
        "and that verse says what follows. Without one, the quest ends silently.",
        (example(_ENDS.replace("  success -> bos.2\n", "")
                 .replace("== bos.1\nFind the rite.\n-> end\n", "== bos.1\nFind the rite.\n-> bos.2\n")),),
        example(_ENDS),
    ),
    Rule(
        "TGC410", "bad-campaign-layer-property", W, "{detail}",
        "A property the campaign layer reads cannot be read.",
        "On events and quests, `part:` and `secret:` are numbers, `quest:` is `yes` or `no` "
        "and `succeed:` is a condition (docs/language.md, Conditions); a chapter's `deck:` is "
        "`by part` or event titles top first; `@campaign`'s `menhir:` is the starting "
        "menhir's dial (1-8) or one per player count and `chapter:` a chapter id; a `@dial` "
        "is `time` or `quest`, and only a time dial has `expired ->`. A value that does not "
        "fit is ignored by the campaign layer.",
        (example(_ENDS.replace("part: 1", "part: one")),
         example(_ENDS.replace("succeed: secret 11", "succeed: the rite")),
         example(_ENDS.replace("deck: by part", "deck: First Lihgt")),
         example(_ENDS).replace("  start: 101\n", "  start: 101\n  menhir: 9, 7\n"),
         example('@dial "Siege" quest\n  expired -> bos.1\n' + _ENDS)),
        example(_ENDS),
    ),
)

MAP_RULES: tuple[Rule, ...] = (
    Rule(
        "TGC405", "map-cell-conflict", W, "{detail}",
        "Two location cards claim one cell of the map, or one card is given two cells.",
        "Location cards lie on a square grid, each where the key that attached it says: a "
        "key `up N` on the card at (x, y) puts N at (x, y+1). A replacement card (`legacy:`) "
        "takes the cell of the card it replaces. When the keys put two different cards in "
        "one cell, or one card in two cells, the campaign layer cannot lay the map out: it "
        "keeps the first cell a walk from the start finds.",
        (_CROSSED,),
        (_MAP.replace("keys: down 101\n", "keys: down 101, right 104\n")
         + '@location 104 "Tor"\n  keys: left 102\n  explore -> 104.1\n\n== 104.1\n-> end\n'),
    ),
    Rule(
        "TGC406", "menhir-off-menhir-card", W, "a menhir is lit in {where}, which has no menhir seal",
        "`activate menhir` appears where no menhir can stand.",
        "A menhir can be activated only on a card with the menhir seal (the rulebook's menhir "
        "section): the effect acts on the card of the exploration that reads it, so it belongs "
        "in the verses of a location with `seals: menhir` or the verse its `menhir ->` hook "
        "names; `activate menhir 4 at N` names the card, which must have the seal.",
        (_MAP.replace("== 102.1\n-> end\n", "== 102.1\n~ activate menhir 3\n-> end\n"),),
        _MAP,
    ),
    Rule(
        "TGC407", "location-out-of-reach", W,
        "no travel ever reaches location {number}: {why}",
        "A location card that no party can walk to with the menhirs the campaign can light.",
        "Cards are revealed only within one cell (diagonals included) of an active menhir, "
        "and travel crosses only keyed edges. The menhirs a campaign can light are the "
        "starting one and those its verses activate (`~ activate menhir`); a card outside "
        "their range, or joined to the reachable cards by no key, can never be visited by "
        "travel. The check runs in campaigns that light menhirs; cards a verse brings in "
        "with `move to`, `reveal location` or `replace location` are not reported.",
        (_FAR,),
        _FAR.replace("== 105.1\n-> end\n", "== 105.1\n-> end\n== 104.menhir\n"
                     "~ activate menhir 3\n-> end\n").replace(
            'keys: down 102, up 105\n  explore -> 104.1\n',
            'seals: menhir\n  keys: down 102, up 105\n  explore -> 104.1\n  menhir -> 104.menhir\n'),
    ),
)

RULES: tuple[Rule, ...] = (
    Rule(
        "TGC501", "unknown-rule-key", W, "{detail}",
        "A rule declaration has a key its kind does not define, or a key twice.",
        "`@character`, `@card` and `@encounter` keys are listed in docs/language.md, "
        "\"Rule data\". An unknown key is ignored by the engine, so a typo (`valeu:`) would "
        "silently lose data; of a repeated key only the first counts.",
        (example(_CARD + "  frre: marker\n" + _VERSE),
         example(_FIGHT + "  value: 5\n" + _VERSE)),
        example(_CARD + "  free_right: 2x\n" + _VERSE),
    ),
    Rule(
        "TGC502", "missing-rule-key", E, "`{key}` is missing from {what}",
        "A rule declaration lacks a key the engine needs.",
        "A combat encounter needs `deck`, `value` and `attack`; a diplomacy needs `deck`, "
        "`affinity` and `stage1`; a character needs `number`, `colour` and its three "
        "tracks; a skill its `front`; an affliction its `attach`. An `@encounter` with "
        "only `deck`, `level` and `kind` is a story "
        "encounter: the reader decides its outcome, and nothing is missing.",
        (example('@encounter "Vagabond"\n  deck: gray\n  value: 4\n' + _VERSE),),
        example(_FIGHT + _VERSE),
    ),
    Rule(
        "TGC503", "bad-rule-value", E, "`{key}`: {detail}",
        "A rule key's value cannot be read.",
        "Each key has a small shape of its own (a number, a deck colour, a trait list, a "
        "card edge `marker, -, magic again`, a track); the message says what was "
        "expected and the hint shows the shape.",
        (example(_FIGHT + "  traits: fats\n" + _VERSE),
         example(_CARD.replace("aggression 1", "agression 1") + _VERSE),
         example(_CARD + "  free_right: again\n" + _VERSE)),
        example(_FIGHT + "  traits: fast\n" + _VERSE),
    ),
    Rule(
        "TGC504", "bad-effect", E, "{detail}",
        "An ability, attack, response, reward or cost is not in the effect language.",
        "Effects are `gain`/`lose`/`pay N WHAT` (resources, tracks, `marker`), `damage N`, "
        "`draw N`, `discard N [from deck]`, `destroy last card`, `move affinity up|down N`, "
        "`gain N charges`, `prevent N damage|terror|affinity`, `play as connected`, "
        "`run away`, `opportunity`, `gain|lose item X`, each optionally `if CONDITION:` "
        "and counted `per connected ATTRIBUTE`, joined by `;`. A condition must name "
        "something the encounter has: `pool` only in a combat, `affinity` only in a "
        "diplomacy, `charges` only in a card's ability.",
        (example(_FIGHT + "  opportunity: deal 2 damage\n" + _VERSE),
         example(_CARD + "  ability: placement: if affinity green: gain 1 marker\n" + _VERSE)),
        example(_FIGHT + "  opportunity: damage 2\n" + _VERSE),
    ),
    Rule(
        "TGC505", "table-gap", E, "`{key}`: {detail}",
        "An attack or response table misses or repeats a value.",
        "The attack table is read at every Combat Pool from 0 to the encounter's value "
        "minus one (at the value the fight is won); a response table at every affinity "
        "slot between the lowest and the highest. Each must be covered exactly once; "
        "`N+` covers everything from N.",
        (example(_FIGHT.replace("2-3:", "3:") + _VERSE),),
        example(_FIGHT + _VERSE),
    ),
    Rule(
        "TGC506", "duplicate-rule-data", E, "{what} is declared twice",
        "Two cards share a number, two characters or afflictions a name, or two skills a "
        "name or a card.",
        "Card numbers (with their colour letter) are unique within combat and within "
        "diplomacy cards; the engine would not know which card a deck means. Every Skill is "
        "unique (000, \"Buying skills\"), so is every Skill card's number.",
        (example(_CARD + _CARD.replace('"Jab"', '"Hook"') + _VERSE),
         example("@skill 3 courage\n  front: Stoic\n@skill 4 courage\n  front: Stoic\n" + _VERSE)),
    ),
    Rule(
        "TGC507", "unknown-card", E, "{what} is not declared",
        "A character's deck or advancement pool names a card no `@card` declares.",
        "Decks list card numbers (`1U-15U`, `7U`); every number needs a declaration of "
        "that kind (combat or diplomacy).",
        (example(_BEOR + "  combat: 1U, 2U\n" + _CARD + _VERSE),),
        example(_BEOR + "  combat: 1U\n" + _CARD + _VERSE),
    ),
    Rule(
        "TGC508", "small-deck", W, "the starting {deck} deck has {size} cards, fewer than 15",
        "A character's starting deck is smaller than the rulebook's minimum.",
        "Combat and Diplomacy decks hold at least 15 cards; a smaller one runs out quickly, "
        "and running out forces an escape (combat) or fails the encounter (diplomacy).",
        (example(_BEOR + "  combat: 1U\n" + _CARD + _VERSE),),
    ),
    Rule(
        "TGC509", "empty-encounter-deck", W,
        "no encounter of the {deck} deck{level} has rule data",
        "A verse draws from a deck that holds no playable encounter.",
        "`~ encounter gray level 2` draws an `@encounter` with `deck: gray` and `level: 2`; "
        "when none has rule data, the engine cannot fight and the reader must decide the "
        "outcome. The warning appears only in campaigns that give some encounter rule data.",
        (example(_FIGHT + "== 101.1\n~ encounter purple: win -> 2; lose -> 2\n"
                          "== 101.2\n-> end\n"),),
        example(_FIGHT + "== 101.1\n~ encounter gray: win -> 2; lose -> 2\n== 101.2\n-> end\n"),
    ),
    Rule(
        "TGC510", "unknown-character", W, "no `@character` is named \"{name}\"",
        "A `character \"Name\"` condition names none of the campaign's characters.",
        "`character \"Beor\"` holds while Beor is in the party. In a campaign that declares "
        "its characters with `@character`, a name that matches none (compared without "
        "regard to case) is almost always a misspelling, and the condition would then be "
        "false for every party, silently. It is a warning because a player may also bring "
        "an adventurer the campaign has no rule data for; a campaign without any "
        "`@character` is not checked.",
        (example(_BEOR + '== 101.1\n* {character "Bero"} Ask Beor -> end\n* Leave -> end\n'),),
        example(_BEOR + '== 101.1\n* {character "Beor"} Ask Beor -> end\n* Leave -> end\n'),
    ),
)


register(MAP_RULES + EVENT_RULES + RULES)
