"""La Fleur's Vampyric Abilities outside the Standoff (spec §6.7, with §2.2, §4.4, §10.1 and
A19): a part timed in the Draw, used with the card its owner plays (a lower RN, extra
power), and a part timed as harm lands (Resist), in creature duels, versus duels and
between duels. One test per rule, named by id; our own card names and numbers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

from tests.gs_helpers import ELEMENTS, RULES, Script, card, duel, player, sample_with
from tests.test_gs_tale_rules import TALE
from tgc.pipeline import check, load_campaign
from tgc.rulesets.grimslingers.data import Ability, Card, Grimslinger, TallTale
from tgc.rulesets.grimslingers.engines.adventure import new_party
from tgc.rulesets.grimslingers.engines.decisions import Option, PlayCards, UseAbility
from tgc.rulesets.grimslingers.engines.duel import Duel, PlayerSetup
from tgc.rulesets.grimslingers.engines.duelist import Duelist
from tgc.rulesets.grimslingers.engines.hand import Asker, HandPolicy
from tgc.rulesets.grimslingers.engines.instant import resolve_instant
from tgc.rulesets.grimslingers.engines.policies import Greedy
from tgc.rulesets.grimslingers.engines.standoff import allowed
from tgc.rulesets.grimslingers.engines.tale import new_state
from tgc.rulesets.grimslingers.engines.versus import Versus, VersusSetup
from tgc.rulesets.grimslingers.fxtext import parse_costs, parse_fx
from tgc.rulesets.grimslingers.rules import index


def part(name: str, timing: str, cost: str, fx: str) -> Ability:
    return Ability.model_validate({"name": name, "timing": timing, "costs": parse_costs(cost),
                                   "fx": parse_fx(fx)})


SPEED = part("Vampyric Speed", "draw", "1 blood", "rn -3")
RAGE = part("Blood Rage", "draw", "2 blood", "+1 nv to played card")
RESIST = part("Resist", "harm", "2 blood", "prevent 2 dmg")
VAMPYRIC = card("Vampyric Abilities", "skill", "", rn=None, types=("passive",),
                owner="La Fleur", abilities=(SPEED, RAGE, RESIST))
FLEUR = Grimslinger(name="La Fleur", resource="blood", start=0, maximum=10)
FANG = card("Fang", "skill", "2 dmg", rn=8, types=("standard",), owner="La Fleur")
FIRE = ELEMENTS["fire"]
MAUL = card("Maul", "skill", "3 dmg", rn=6)
DRAIN = card("Drain", "skill", "target loses 3 hp", rn=6)


class Parts(Script):
    """The script, with the Draw-timed parts named for each turn's card."""

    def __init__(self, card: str | None, parts: Sequence[Ability] = (),
                 choices: dict[int, list[str]] | None = None) -> None:
        super().__init__({1: [([], card)]}, choices)
        self.parts = parts

    def play(self, duel: Duel, player: Duelist) -> PlayCards | None:
        chosen = super().play(duel, player)
        if chosen is None:
            return None
        uses = tuple(UseAbility(c, a) for c in player.passive for a in self.parts
                     if a in c.abilities)
        return PlayCards(chosen.card, chosen.combined, abilities=uses)


def _fleur(blood: int, hand: tuple[Card, ...] = (FANG,), hp: int = 5) -> PlayerSetup:
    return player((*hand, VAMPYRIC), FLEUR, resource=blood, hp=hp)


def _turn(policy: Script, blood: int, creature: Card, hand: tuple[Card, ...] = (FANG,),
          hp: int = 5) -> Duel:
    d = duel((_fleur(blood, hand, hp),), policy, dispositions=False)
    d.creature.hand = [creature]
    d.play_turn()
    return d


def test_gs_6_7_a_draw_part_lowers_the_rn_of_the_card_played_with_it() -> None:
    d = _turn(Parts("Fang", (SPEED,)), 3, MAUL, hp=3)
    p = d.players[0]
    assert "La Fleur uses Vampyric Speed (Vampyric Abilities) with Fang" in d.log
    assert "La Fleur plays Fang (RN 5)" in d.log  # RN 8 - 3
    # Fang (RN 5) lands before the creature's Maul (RN 6) fells her
    assert d.creature.hp == 6 - 2 and p.defeated and p.res["blood"] == 2


def test_gs_6_7_without_the_part_the_same_card_resolves_at_its_own_rn() -> None:
    d = _turn(Parts("Fang"), 3, MAUL, hp=3)
    assert "La Fleur plays Fang (RN 8)" in d.log and d.players[0].res["blood"] == 3
    assert d.players[0].defeated and d.creature.hp == 6  # Maul first: Fang deactivated


def test_gs_6_7_a_lower_rn_never_goes_below_1() -> None:
    quick = card("Flick", "skill", "1 dmg", rn=2, types=("standard",), owner="La Fleur")
    d = _turn(Parts("Flick", (SPEED,)), 3, MAUL, (quick,))
    assert "La Fleur plays Flick (RN 1)" in d.log


def test_gs_6_7_a_draw_part_gives_extra_power_to_the_card_played() -> None:
    d = _turn(Parts("Fang", (RAGE,)), 3, card("Preen", "skill", "user gains 0 ep", rn=1,
                                             target="self"))
    assert d.creature.hp == 6 - 3  # Fang's 2 DMG +1 NV
    assert d.players[0].res["blood"] == 1


def test_gs_6_7_draw_parts_stack_and_each_pays_its_own_blood() -> None:
    d = _turn(Parts("Fang", (SPEED, RAGE)), 3, MAUL)
    assert "La Fleur plays Fang (RN 5)" in d.log and d.creature.hp == 6 - 3
    assert d.players[0].res["blood"] == 0


def test_gs_6_7_a_draw_part_that_cannot_be_paid_drops_the_blood_to_0_and_does_nothing() -> None:
    d = _turn(Parts("Fang", (RAGE,)), 1, MAUL)
    assert "La Fleur cannot pay for Blood Rage" in d.log
    assert d.players[0].res["blood"] == 0 and d.creature.hp == 6 - 2  # GS-4.3


def test_gs_6_7_draw_and_harm_parts_are_no_standoff_actions() -> None:
    d = duel((_fleur(5),), Script({}), dispositions=False)
    p = d.players[0]
    assert not allowed(p, UseAbility(VAMPYRIC, SPEED))
    assert not allowed(p, UseAbility(VAMPYRIC, RESIST))


def test_gs_6_7_resist_prevents_dmg_as_it_lands() -> None:
    label = "use Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg"
    d = _turn(Parts(None, choices={1: [label]}), 3, MAUL)
    p = d.players[0]
    assert "La Fleur uses Resist (Vampyric Abilities) as the DMG lands" in d.log
    assert "2 DMG to La Fleur is prevented" in d.log
    assert p.hp == 5 - 1 and p.res["blood"] == 1
    assert p.dmg_taken == 1  # what reached her HP (GS-A19)
    assert p.hp_lost == 3  # prevented DMG still counts for Bloodlust (GS-10.1)


def test_gs_6_7_resist_declined_lets_the_dmg_land_and_keeps_the_blood() -> None:
    d = _turn(Parts(None), 3, MAUL)
    assert d.players[0].hp == 2 and d.players[0].res["blood"] == 3


def test_gs_6_7_resist_is_not_offered_when_it_cannot_be_paid() -> None:
    asked: list[str] = []

    class Asks(Parts):
        def choose(self, duel: Duel, player: Duelist, why: str,
                   options: Sequence[Option]) -> int:
            asked.append(why)
            return 1

    d = _turn(Asks(None), 1, MAUL)
    assert asked == [] and d.players[0].hp == 2


def test_gs_2_2_resist_prevents_dmg_only_never_hp_loss() -> None:
    label = "use Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg"
    d = _turn(Parts(None, choices={1: [label]}), 3, DRAIN)
    assert d.players[0].hp == 2 and d.players[0].res["blood"] == 3  # never asked


def test_gs_6_7_the_greedy_policy_uses_parts_it_can_pay_after_its_card() -> None:
    priced = card("Red Fang", "skill", "2 dmg", rn=8, types=("standard",), cost="2 blood",
                  owner="La Fleur")
    d = duel((_fleur(3, hand=(priced,)),), Greedy(), dispositions=False)
    chosen = Greedy().play(d, d.players[0])
    assert chosen is not None and chosen.card is priced
    assert [u.ability.name for u in chosen.abilities] == ["Vampyric Speed"]  # 3 - 2 left 1


def test_gs_6_7_the_greedy_policy_resists_when_it_saves_more_than_it_costs() -> None:
    d = duel((_fleur(4, hand=()),), Greedy(), dispositions=False)
    d.creature.hand = [MAUL]
    d.play_turn()
    assert "2 DMG to La Fleur is prevented" in d.log and d.players[0].hp == 5 - 1


def test_gs_6_7_versus_draw_parts_and_resist() -> None:
    kipper_hand = (card("Cleave", "skill", "3 dmg", rn=6, types=("standard",), owner="Kipper"),)
    label = "use Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg"
    script = Parts("Fang", (SPEED,), choices={0: [label]})
    script.turns = {0: [([], "Fang")], 1: [([], "Cleave")]}
    setup = VersusSetup(players=(PlayerSetup(FLEUR, (FANG, VAMPYRIC), resource=5),
                                 PlayerSetup(None, kipper_hand, name="Kipper", hp=2)))
    game = Versus(RULES, setup, script, random.Random(3), log=True)
    game.play_turn()
    fleur, kipper = game.players
    assert "La Fleur plays Fang at Kipper (RN 5)" in game.log
    # Fang (RN 5) fells Kipper before his Cleave (RN 6); Resist was never needed
    assert kipper.defeated and fleur.hp == 5 and fleur.res["blood"] == 5 - 1
    assert game.winners == (0,)


def test_gs_6_7_versus_resist_against_a_foes_card() -> None:
    kipper_hand = (card("Cleave", "skill", "3 dmg", rn=6, types=("standard",), owner="Kipper"),)
    label = "use Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg"
    script = Parts("Fang", choices={0: [label]})
    script.turns = {0: [([], "Fang")], 1: [([], "Cleave")]}
    setup = VersusSetup(players=(PlayerSetup(FLEUR, (FANG, VAMPYRIC), resource=5),
                                 PlayerSetup(None, kipper_hand, name="Kipper")))
    game = Versus(RULES, setup, script, random.Random(3), log=True)
    game.play_turn()
    fleur, kipper = game.players
    assert kipper.hp == 5 - 2 and fleur.hp == 5 - 1 and fleur.res["blood"] == 5 - 2


# ---------------------------------------------------------------- the content language

PARTS = ('\n@skill "La Fleur" "Vampyric Gifts"\n  types: passive\n  abilities:\n'
         '    - Regenerate: 2 blood; user gains 2 hp\n'
         '    - Vampyric Speed (draw): 1 blood; rn -3\n'
         '    - Blood Rage (draw): 2 blood; +1 nv to played card\n'
         '    - Resist (harm): 2 blood; prevent 2 dmg\n')


def _tale(tmp_path: Path, extra: str) -> Path:
    return sample_with(tmp_path, extra, "grimslingers.tgj")


def test_gs_6_7_each_part_says_its_own_timing_in_the_content_language(tmp_path: Path) -> None:
    rules = load_campaign(_tale(tmp_path, PARTS)).rules
    assert isinstance(rules, TallTale)
    gifts = next(c for c in rules.cards if c.name == "Vampyric Gifts")
    assert [(a.name, a.timing) for a in gifts.abilities] == [
        ("Regenerate", "standoff"), ("Vampyric Speed", "draw"), ("Blood Rage", "draw"),
        ("Resist", "harm")]
    assert gifts.abilities[1:] == (SPEED, RAGE, RESIST)


def test_gs_6_7_an_unknown_timing_is_said_where_it_is_written(tmp_path: Path) -> None:
    root = _tale(tmp_path, PARTS.replace("(harm)", "(later)"))
    found = [(d.code, d.message, d.span.line) for d in check(root).diagnostics
             if d.code == "TGC573"]
    assert len(found) == 1 and "an ability's timing is one of (standoff, draw, harm), not " \
        "`(later)`" in found[0][1]


def test_gs_6_7_a_harm_part_cannot_change_an_rn(tmp_path: Path) -> None:
    root = _tale(tmp_path, PARTS.replace("prevent 2 dmg", "rn -1"))
    found = [d.message for d in check(root).diagnostics if d.code == "TGC573"]
    assert len(found) == 1 and "`Resist` acts as harm lands, after the Draw" in found[0]


def test_a_card_with_a_cost_or_an_rn_change_in_its_fx_is_checked_without_an_internal_error(
        tmp_path: Path) -> None:
    # check 18 read every FX's amount as a number that may be spelled; `pay 2 blood` and
    # `rn -1` hold plain ints (session 10: TGC999, an AttributeError)
    root = _tale(tmp_path, '\n@skill "La Fleur" "Toll of Blood"\n  types: standard\n  rn: 5\n'
                 '  fx: 1 dmg; pay 2 blood; 2 dmg\n\n@skill "La Fleur" "Quickstep"\n'
                 '  types: standoff\n  target: self\n  fx: rn -1\n')
    found = check(root).diagnostics
    assert not [d for d in found if d.severity == "error"], [(d.code, d.message) for d in found]


# ---------------------------------------------------------------- by hand, and between duels


def test_gs_6_7_by_hand_the_draw_asks_for_parts_after_the_card_and_harm_as_it_lands() -> None:
    lines: list[str] = []
    answers = iter(["1", "1", "2", "1", "2"])
    hands = HandPolicy(Asker(lines.append, lambda prompt: next(answers)))
    d = duel((_fleur(5),), Script({}), dispositions=False)
    d.policy = hands
    d.creature.hand = [MAUL]
    d.play_turn()
    text = "\n".join(lines)
    assert ("? Use with Fang\n  1. nothing more\n"
            "  2. Vampyric Speed (Vampyric Abilities, cost 1 blood): rn -3\n"
            "  3. Blood Rage (Vampyric Abilities, cost 2 blood): +1 nv to played card") in text
    assert ("? La Fleur: 3 DMG lands from Dust Rustlers\n  1. take it\n"
            "  2. use Resist (Vampyric Abilities, cost 2 blood): prevent 2 dmg") in text
    assert "Vampyric Speed" not in text.split("? Use with Fang")[0]  # no Standoff action
    p = d.players[0]
    assert "La Fleur plays Fang (RN 5)" in d.log and p.hp == 5 - 1 and p.res["blood"] == 5 - 1 - 2


HOT_COAL = card("Hot Coal", "item", "", rn=None, types=("instant",), category="general",
                instant_fx=parse_fx("user 3 dmg"))


def test_gs_6_7_resist_outside_a_duel_against_an_instant_item() -> None:
    tale = TALE.model_copy(update={"cards": (*TALE.cards, HOT_COAL)})
    state = new_state(tale, ["La Fleur"])
    state.party = new_party(index(tale), ["La Fleur"])
    fleur = state.party[0]  # the sample's La Fleur: her Vampyric Abilities in front of her
    assert [c.name for c in fleur.passive] == ["Vampyric Abilities"]
    fleur.resource = 4
    arrival = resolve_instant(state, fleur, HOT_COAL, random.Random(0))
    assert "La Fleur uses Resist (Vampyric Abilities) as the DMG lands" in arrival.notes
    assert fleur.hp == 5 - 1 and fleur.resource == 2
