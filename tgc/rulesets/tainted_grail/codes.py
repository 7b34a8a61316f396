"""Tainted Grail's catalogue entries, registered with its spec (tgc/rulesets/spec.py): the
family TGC5xx, ruleset data (``@character``, ``@card``,
``@encounter`` keys for Tainted Grail's combat and diplomacy)."""

from __future__ import annotations

from tgc.diagnostics.codes import register
from tgc.diagnostics.rule import E, Rule, W, example

_VERSE = "== 101.1\n-> end\n"
_BEOR = ('@character "Beor"\n  number: 4\n  colour: blue\n  health: 9\n  energy: 6\n'
         '  terror: 0\n  aggression: 2\n')
_CARD = '@card combat 1U "Jab"\n  left: marker\n  right: aggression 1\n  free: marker\n'
_FIGHT = ('@encounter "Vagabond"\n  deck: gray\n  level: 1\n  value: 4\n'
          '  attack:\n    0-1: damage 1\n    2-3: damage 2\n')

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
        "tracks. An `@encounter` with only `deck`, `level` and `kind` is a story "
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
        "Two cards share a number, or two characters a name.",
        "Card numbers (with their colour letter) are unique within combat and within "
        "diplomacy cards; the engine would not know which card a deck means.",
        (example(_CARD + _CARD.replace('"Jab"', '"Hook"') + _VERSE),),
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


register(RULES)
