"""Combat rules, one focused test each: the turn structure, keys, the pool, panic,
escape, dying, party play and every enemy trait (docs/rules.md lists the choices)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.tg_helpers import Recorder, at_turn, combat, member, rules_of, turn_log
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.game import Outcome
from tgc.rulesets.tainted_grail.engines.hero import ItemInUse, Member
from tgc.rulesets.tainted_grail.records import Rules

HEROES = """
@character "Beor"
  number: 4
  colour: blue
  health: 9
  energy: 6
  terror: 0
  aggression: 2
  courage: 1
  magic: 2
  wealth: 3

@character "Ailei"
  number: 1
  colour: green
  health: 7
  energy: 6
  terror: 0
  empathy: 2
  aggression: 1
  magic: 1
"""

CARDS = """
@card combat 1U "Jab"
  left: marker, -, -
  right: aggression 1, -, -
  free: marker

@card combat 2U "Chain"
  left: again, marker, -
  right: aggression 1, aggression 1, magic

@card combat 3U "Brace"
  left: -
  right: aggression 1
  ability: attack: prevent 2 damage

@card combat 4U "Heavy"
  left: -, -, magic again 2 marker
  right: aggression 3, -, magic

@card combat 5U "Slow Fuse"
  left: -
  right: aggression 1
  ability: delayed 2: gain 3 markers

@card combat 6U "Gambit"
  left: -
  right: -
  free: 3 marker
  free_right: X

@card combat 7U "Rhythm"
  left: again
  right: aggression 1
  free: marker
  free_right: 2x

@card combat 8U "Stone Wall"
  left: again
  right: aggression 1
  passive: yes
  ability: attack: prevent 1 damage

@card combat 9U "Trick"
  left: -
  right: aggression 1
  ability:
    - placement: gain 1 charge
    - pay 1 charge: play as connected

@card combat 10U "Hook"
  left: again, -, -
  right: aggression 1, -, -
  free: marker
  ability: placement: gain 1 marker per connected aggression

@card combat 11U "Hard Hit"
  left: -
  right: -
  free: 5 marker

@card combat 12U "Reckless Lunge"
  left: -
  right: aggression 1
  free: 2 marker discard
"""


def encounter(value: int = 10, traits: str = "", attack: str = "0+: damage 1",
              opportunity: str = "damage 2", right: str = "aggression 1, -, -") -> str:
    rows = "\n".join(f"    {row.strip()}" for row in attack.split("|"))
    text = f'@encounter "Dummy"\n  deck: gray\n  level: 1\n  value: {value}\n  right: {right}\n'
    if traits:
        text += f"  traits: {traits}\n"
    return text + f"  attack:\n{rows}\n  opportunity: {opportunity}\n" \
        "  reward: gain 1 exp\n  loot: gain 2 wealth\n"


def setup(**enc: Any) -> Rules:
    return rules_of(HEROES + CARDS + encounter(**enc))


def run(rules: Rules, order: list[str], plays: list[str], who: str = "Beor",
        extra: list[Member] | None = None, **state: Any) -> tuple[CombatGame, Outcome, Recorder]:
    policy = Recorder(plays)
    members = [member(rules, who, "combat", order, **state)] + (extra or [])
    game, outcome = combat(rules, "Dummy", members, policy)
    return game, outcome, policy


# ---------------------------------------------------------------- starting


def test_starting_hand_is_three_cards() -> None:
    _, _, policy = run(setup(), ["Jab", "Brace", "Chain", "Hook"], ["Jab"])
    assert policy.seen[0]["hand"] == ["Brace", "Chain", "Jab"]


def test_four_characters_start_with_two_cards() -> None:
    rules = setup()
    party = [member(rules, "Beor", "combat", ["Jab", "Brace", "Chain"]) for _ in range(3)]
    _, _, policy = run(rules, ["Jab", "Brace", "Chain"], ["Jab"], extra=party)
    assert len(policy.seen[0]["hand"]) == 2


def test_redraw_with_one_card_fewer() -> None:
    rules = setup()
    policy = Recorder(["Hook"], mulligans=1)
    game, _ = combat(rules, "Dummy", [member(rules, "Beor", "combat",
                                             ["Jab", "Brace", "Chain", "Hook", "Heavy"])], policy)
    # The first hand (Jab, Brace, Chain) is discarded; the new hand has two cards.
    assert policy.seen[0]["hand"] == ["Heavy", "Hook"]
    assert "Beor redraws 2" in game.log


# ---------------------------------------------------------------- keys


def test_first_card_needs_no_connection_and_keys_need_the_attribute_level() -> None:
    # Jab's bonus key meets the encounter's aggression 1 key: 1 + 1 (free key).
    game, _, policy = run(setup(), ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert policy.seen and game.log[3] == "+2 marker(s): pool 2"
    # Ailei has aggression 1 but the encounter asks for 2: only the free key pays.
    rules = setup(right="aggression 2, -, -")
    game, _, _ = run(rules, ["Jab", "Idle Word", "Idle Word"], ["Jab"], who="Ailei")
    assert "+1 marker(s): pool 1" in game.log


def test_further_cards_need_a_connected_again_key() -> None:
    # After Jab (aggression 1 on row 1), Chain's again key connects; Idle Word has none.
    game, _, policy = run(setup(), ["Jab", "Chain", "Idle Word"], ["Jab", "Chain"])
    assert policy.seen[1]["sequence"] == ["Jab"]
    assert [p.card.name for p in game.seq][:2] == ["Jab", "Chain"]
    # With only Idle Words left (no again key), nothing more may be played in turn 1.
    game, _, policy = run(setup(), ["Jab", "Idle Word", "Idle Word"], ["Jab", "Idle Word"])
    assert [line for line in turn_log(game, 1) if "plays" in line] == ["Beor plays Jab (1U)"]
    assert all(shot["turn"] > 1 for shot in policy.seen[1:])


def test_magic_key_costs_one_magic_and_needs_both_halves() -> None:
    # Chain's right edge has the magic half on row 3; Heavy's left half joins it.
    rules = setup()
    game, _, policy = run(rules, ["Jab", "Chain", "Heavy"], ["Jab", "Chain", "Heavy+magic"])
    assert policy.seen[2]["magic"] == 2
    # Chain's row-2 bonus meets nothing on Jab's row 2; Heavy's magic key gives again + 2.
    assert game.heroes[0].spent_magic == 1 and "+2 marker(s): pool 4" in game.log
    # Without Magic the key cannot be paid, so Heavy (no other again key) is not offered.
    game, _, policy = run(rules, ["Jab", "Chain", "Heavy"], ["Jab", "Chain"],
                          resources={"magic": 0})
    plays = [line for line in turn_log(game, 1) if line.startswith("Beor plays")]
    assert plays == ["Beor plays Jab (1U)", "Beor plays Chain (2U)"]
    assert game.heroes[0].spent_magic == 0


def test_multiplier_and_void_on_the_free_key() -> None:
    # Rhythm's right free half doubles the next card's free bonus: Jab's 1 becomes 2.
    rules = setup()
    game, _, _ = run(rules, ["Rhythm", "Jab", "Idle Word"], ["Rhythm", "stop", "Jab"])
    assert "+1 marker(s): pool 1" in turn_log(game, 1)  # Rhythm: its own free key
    assert "+3 marker(s): pool 4" in turn_log(game, 2)  # Jab: 1 (key) + 2 x 1 (free)
    # Gambit's void cancels the next free bonus (and its right edge has no keys).
    game, _, _ = run(rules, ["Gambit", "Jab", "Idle Word"], ["Gambit", "stop", "Jab"])
    assert "+3 marker(s): pool 3" in turn_log(game, 1)
    turn2 = turn_log(game, 2)
    assert turn2[0] == "Beor plays Jab (1U)" and not turn2[1].startswith("+")


def test_connected_key_count_includes_the_encounter_key() -> None:
    # Jab connects the encounter's aggression key, Hook connects Jab's: Hook's ability
    # counts 2 connected aggression keys in the whole Sequence.
    game, _, _ = run(setup(), ["Jab", "Hook", "Idle Word"], ["Jab", "Hook"])
    assert game.linked == {"aggression": 2}
    assert "+2 marker(s): pool 5" in game.log  # 2 (Jab) + 1 (Hook free) + 2 (ability)


# ---------------------------------------------------------------- abilities


def test_delayed_ability_fires_when_its_last_token_is_removed() -> None:
    # Slow Fuse has two Time Tokens: one comes off at the start of each activation.
    game, _, policy = run(setup(), ["Slow Fuse", "Idle Word", "Idle Word"], ["Slow Fuse", "stop", "stop"])
    assert policy.seen[1]["tokens"] == [1]  # turn 2: one token left, not yet fired
    assert "+3 marker(s): pool 3" in game.log


def test_covering_a_delayed_card_loses_its_tokens() -> None:
    game, _, _ = run(setup(), ["Slow Fuse", "Jab", "Idle Word", "Idle Word"], ["Slow Fuse", "stop", "Jab"])
    assert not any("(delayed)" in line for line in game.log)
    assert game.seq[0].tokens == 0


def test_on_enemy_attack_ability_prevents_damage_while_visible() -> None:
    game, outcome, _ = run(setup(attack="0+: damage 3"), ["Brace", "Idle Word", "Idle Word"], ["Brace"])
    assert "2 damage prevented" in game.log and "Beor loses 1 health (8 left)" in game.log


def test_passive_ability_stays_active_when_covered() -> None:
    rules = setup(attack="0+: damage 2")
    game, _, _ = run(rules, ["Jab", "Stone Wall", "Jab", "Idle Word"], ["Jab", "Stone Wall", "Jab"])
    # Turn 2: Jab covers Stone Wall, whose passive ability still prevents 1 damage.
    assert turn_log(game, 2)[:2] == ["Beor plays Jab (1U)", "+2 marker(s): pool 4"]
    assert "1 damage prevented" in turn_log(game, 2)


def test_charge_pays_to_play_as_connected() -> None:
    # Trick gains a Charge on placement; paying it lets Jab (no again key) follow.
    game, _, policy = run(setup(), ["Trick", "Jab", "Idle Word"], ["Trick", "Jab+charge"])
    assert policy.seen[1]["charges"] == [1]
    assert [p.card.name for p in game.seq][:2] == ["Trick", "Jab"] and game.seq[0].charges == 0


# ---------------------------------------------------------------- the pool and the enemy


def test_victory_when_the_pool_reaches_the_value() -> None:
    game, outcome, _ = run(setup(value=5), ["Hard Hit", "Idle Word", "Idle Word"], ["Hard Hit"])
    assert outcome.outcome == "win" and outcome.turns == 1
    hero = outcome.heroes[0]
    assert hero.resources["exp"] == 1 and hero.resources["wealth"] == 5  # reward and loot
    assert not any(line.startswith("enemy attack") for line in game.log)


def test_enemy_attack_uses_the_row_of_the_current_pool() -> None:
    rules = setup(attack="0-1: damage 1 | 2-3: gain 2 terror | 4+: lose 1 marker")
    game, _, policy = run(rules, ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert "enemy attack at pool 2: gain 2 terror" in game.log
    assert policy.seen[1]["terror"] == 2


def test_negative_pool_discards_from_hand_then_deck() -> None:
    # Pool 2 after Jab; the attack removes 4: 2 markers, then 2 cards from the hand.
    rules = setup(attack="0+: lose 4 markers")
    game, _, _ = run(rules, ["Jab", "Idle Word", "Idle Word", "Chain", "Brace"], ["Jab"])
    assert "2 marker(s) missing: discard instead" in game.log
    assert [c.name for c in game.heroes[0].discard][:2] == ["Idle Word", "Idle Word"]


def test_discarding_from_an_empty_hand_takes_the_top_of_the_deck() -> None:
    # Pool 5 after Hard Hit; the attack removes 8: 5 markers, then 3 cards. The hand
    # holds two (Jab, Chain), so the third comes off the top of the deck (Brace).
    rules = setup(attack="0+: lose 8 markers")
    policy = Recorder(["Hard Hit"])
    beor = member(rules, "Beor", "combat", ["Hard Hit", "Jab", "Chain", "Brace", "Hook"])
    game, _ = combat(rules, "Dummy", [beor], policy)
    discarded = [c.name for c in game.heroes[0].discard]
    assert sorted(discarded[:2]) == ["Chain", "Jab"] and discarded[2] == "Brace"


def test_opportunity_attack_when_no_card_is_played() -> None:
    game, _, policy = run(setup(), ["Jab", "Idle Word", "Idle Word"], ["stop"])
    assert "no card played: Opportunity attack" in game.log
    assert policy.seen[1]["health"] == 9 - 2 - 1  # opportunity 2, then the attack 1
    # 3 cards + the opportunity draw = 4; discard down to 3 at the end of turn, draw 1.
    assert len(policy.seen[1]["hand"]) == 4


def test_end_of_turn_discards_to_three_and_draws_one() -> None:
    order = ["Jab", "Chain", "Brace", "Hook", "Idle Word", "Idle Word", "Idle Word"]
    _, _, policy = run(setup(), order, ["stop", "stop"], resources={"magic": 0})
    # Turn 1: 3 cards, no play: +1 (opportunity) = 4, end of turn discards to 3, +1 = 4.
    assert len(policy.seen[1]["hand"]) == 4


def test_panic_plays_the_top_card_of_the_deck_and_skips_the_draw() -> None:
    # Terror 8 above Health 7: the first card comes from the top of the deck.
    order = ["Jab", "Chain", "Idle Word", "Hard Hit", "Brace", "Hook"]
    game, _, policy = run(setup(attack="0+: nothing"), order, ["Hard Hit", "stop"],
                          health=7, terror=8)
    assert policy.seen[0]["hand"] == ["Chain", "Idle Word", "Jab"]
    assert "Beor plays Hard Hit (11U)" in game.log
    # End of turn 1: no draw while panicking (hand stays at 3 cards).
    assert len(policy.seen[1]["hand"]) == 3


# ---------------------------------------------------------------- leaving


def test_escape_costs_energy_and_an_opportunity_attack() -> None:
    game, outcome, _ = run(setup(), ["Jab", "Idle Word", "Idle Word"], ["escape"])
    assert outcome.outcome == "escape" and outcome.arm == "lose"
    hero = outcome.heroes[0]
    assert hero.energy == 5 and hero.health == 7 and hero.escaped


def test_run_away_ends_without_a_win() -> None:
    rules = setup(attack="0-1: damage 1 | 2+: run away")
    game, outcome, _ = run(rules, ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert outcome.outcome == "run-away" and outcome.arm == "lose"
    assert outcome.heroes[0].resources["exp"] == 0  # no reward


def test_no_cards_in_deck_forces_an_escape() -> None:
    # Three cards in the deck: the end-of-turn draw finds none.
    game, outcome, _ = run(setup(attack="0+: nothing"), ["Jab", "Idle Word", "Idle Word"],
                           ["Jab"], fillers=0)
    assert outcome.outcome == "escape" and "Beor has no cards left to draw" in game.log


def test_you_are_dying_removes_the_character() -> None:
    game, outcome, _ = run(setup(attack="0+: damage 9"), ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert outcome.outcome == "dying" and outcome.heroes[0].dying


def test_party_shares_the_sequence_and_a_dying_member_leaves() -> None:
    rules = setup(attack="0+: damage 7")
    ailei = member(rules, "Ailei", "combat", ["Jab", "Jab", "Jab"])
    game, outcome, policy = run(rules, ["Jab", "Chain", "Idle Word"], ["Jab", "Jab", "Chain"],
                                extra=[ailei])
    # Ailei (number 1) acts first by the rulebook's tie-break; Beor plays onto her Jab.
    assert "Ailei plays Jab (1U)" in game.log[2] and policy.seen[1]["sequence"] == ["Jab"]
    assert "Ailei leaves the combat (dying)" in game.log
    assert outcome.heroes[0].name == "Beor"  # the party fights on without her


def test_item_keyword_limits_one_weapon_in_use() -> None:
    items = (ItemInUse("Knife", frozenset({"weapon"})), ItemInUse("Axe", frozenset({"weapon"})),
             ItemInUse("Buckler", frozenset({"shield"})))
    game, _, _ = run(setup(value=3), ["Jab", "Idle Word", "Idle Word"], ["Jab"], items=items)
    hero = game.heroes[0]
    assert [i.name for i in hero.items] == ["Knife", "Buckler"]
    assert [i.name for i in hero.aside] == ["Axe"]


# ---------------------------------------------------------------- traits


def test_ambush_first_character_discards_down_to_one() -> None:
    _, _, policy = run(setup(traits="ambush"), ["Jab", "Chain", "Brace"], ["Jab"])
    assert len(policy.seen[0]["hand"]) == 1


def test_rush_first_character_takes_two_damage() -> None:
    _, _, policy = run(setup(traits="rush"), ["Jab", "Chain", "Brace"], ["Jab"])
    assert policy.seen[0]["health"] == 7


def test_defensive_first_card_adds_one_marker_less() -> None:
    game, _, _ = run(setup(traits="defensive"), ["Jab", "Hook", "Brace"], ["Jab", "Hook"])
    turn1 = turn_log(game, 1)
    assert turn1[1:3] == ["Defensive: one marker less", "+1 marker(s): pool 1"]  # Jab: 2 - 1
    assert "+2 marker(s): pool 4" in turn1  # Hook's ability, not reduced


def test_fast_allows_two_cards_per_activation() -> None:
    rules = setup(traits="fast")
    game, _, _ = run(rules, ["Jab", "Chain", "Hook", "Rhythm"], ["Jab", "Chain", "Hook"])
    assert sum(1 for line in turn_log(game, 1) if line.startswith("Beor plays")) == 2


def test_feint_damage_cannot_be_prevented() -> None:
    rules = setup(traits="feint", attack="0+: damage 3")
    game, _, _ = run(rules, ["Brace", "Idle Word", "Idle Word"], ["Brace"])
    assert "Beor loses 3 health (6 left)" in game.log


def test_guardian_roams_when_not_defeated() -> None:
    _, outcome, _ = run(setup(traits="guardian"), ["Jab", "Idle Word", "Idle Word"], ["escape"])
    assert outcome.guardian_roams
    _, won, _ = run(setup(traits="guardian", value=2), ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert won.outcome == "win" and not won.guardian_roams


def test_horde_discards_two_from_the_deck_each_attack() -> None:
    _, _, policy = run(setup(traits="horde"), ["Jab", "Chain", "Brace", "Hook", "Rhythm", "Jab"],
                       ["Jab", "stop"])
    assert at_turn(policy, 2)["deck"] == 16 - 3 - 2 - 1  # hand, horde, end-of-turn draw


def test_opportunist_triggers_on_fewer_than_two_cards() -> None:
    game, _, policy = run(setup(traits="opportunist"), ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert "Opportunist: fewer than 2 cards played" in game.log
    # The opportunity attack (2) and the attack (1); no extra draw, unlike playing nothing.
    assert at_turn(policy, 2)["health"] == 6 and len(at_turn(policy, 2)["hand"]) == 3


def test_rage_attacks_twice() -> None:
    _, _, policy = run(setup(traits="rage"), ["Jab", "Idle Word", "Idle Word"], ["Jab"])
    assert policy.seen[1]["health"] == 7


def test_robber_takes_wealth_and_items_when_all_drop_to_one_health() -> None:
    items = (ItemInUse("Knife", frozenset({"weapon"})),)
    _, outcome, _ = run(setup(traits="robber", attack="0+: damage 8"), ["Jab", "Idle Word", "Idle Word"],
                        ["Jab"], items=items)
    hero = outcome.heroes[0]
    assert outcome.outcome == "robbed" and hero.resources["wealth"] == 0 and hero.items == ()


def test_shatter_breaks_weapons_at_the_end() -> None:
    items = (ItemInUse("Knife", frozenset({"weapon"})), ItemInUse("Buckler", frozenset({"shield"})))
    _, outcome, _ = run(setup(traits="shatter", value=2), ["Jab", "Idle Word", "Idle Word"], ["Jab"],
                        items=items)
    assert outcome.outcome == "win" and outcome.heroes[0].items == ("Buckler",)


def test_slow_extra_card_is_drawn_even_when_panicking() -> None:
    order = ["Jab", "Chain", "Brace", "Hook", "Rhythm", "Heavy"]
    _, _, policy = run(setup(traits="slow", attack="0+: nothing"), order, ["Rhythm", "stop"],
                       health=7, terror=8)
    # Four cards (Slow); panic plays the deck's top (Rhythm). At the end of the turn the
    # hand is discarded down to 3, then only Slow's extra card is drawn: 4.
    assert len(policy.seen[0]["hand"]) == 4 and len(at_turn(policy, 2)["hand"]) == 4


def test_discard_icon_removes_the_last_card_of_the_sequence() -> None:
    game, _, _ = run(setup(), ["Reckless Lunge", "Idle Word", "Idle Word"], ["Reckless Lunge"])
    assert turn_log(game, 1)[1:3] == ["+2 marker(s): pool 2", "Reckless Lunge (12U) is destroyed"]
    assert game.seq == [] or game.seq[0].card.name != "Reckless Lunge"


def test_slow_draws_an_extra_card_at_the_start_and_each_end_of_turn() -> None:
    _, _, policy = run(setup(traits="slow"), ["Jab", "Chain", "Brace", "Hook", "Rhythm", "Heavy"],
                       ["Jab", "stop"])
    assert len(policy.seen[0]["hand"]) == 4
    assert len(at_turn(policy, 2)["hand"]) == 3 + 2


@pytest.mark.parametrize("policy", ["random", "greedy", "planner"])
def test_every_policy_finishes_a_fight(policy: str) -> None:
    import random

    from tgc.rulesets.tainted_grail.engines.policies import POLICIES

    rules = setup(value=8, traits="fast, horde")
    deck = ["Jab", "Chain", "Brace", "Heavy", "Slow Fuse", "Rhythm", "Stone Wall", "Trick", "Hook"]
    beor = member(rules, "Beor", "combat", deck * 2)
    enc = rules.encounters["Dummy"]
    for seed in range(5):
        game = CombatGame([beor], enc, POLICIES[policy](), random.Random(seed))  # type: ignore[arg-type]
        outcome = game.fight()
        assert outcome.outcome in ("win", "escape", "dying")


def test_a_human_plays_card_by_card() -> None:
    from tgc.rulesets.tainted_grail.engines.policies import HumanPolicy

    rules = setup(value=2)
    questions: list[str] = []
    shown: list[str] = []

    def ask(question: str, options: list[str]) -> int:
        questions.append(question)
        for wanted in ("play Jab", "keep it", "stop"):
            for index, option in enumerate(options):
                if option.startswith(wanted):
                    return index
        return 0  # discards: the first card

    policy = HumanPolicy(ask, shown.append)
    game, outcome = combat(rules, "Dummy", [member(rules, "Beor", "combat", ["Jab", "Chain", "Brace"])],
                           policy)
    assert outcome.outcome == "win"
    assert questions[1].startswith("pool 0/2; Beor: health 9, terror 0, magic 2; last card: the encounter")
    assert "Combat against Dummy (value 2)" in shown


# ---------------------------------------------------------------- the rules review (issue 9)


CHECKS = """
@card combat 30U "Finisher"
  left: -
  right: aggression 1
  free: 2 marker
  ability: placement: if pool >= 4: gain 2 markers

@card combat 31U "Counting Coins"
  left: -
  right: aggression 1
  ability:
    - placement: gain 2 charges
    - pay 1 charge: if charges >= 1: gain 3 markers
"""


def test_an_ability_that_tests_the_combat_pool_fires() -> None:
    """001, "Combat Card" (Ability): a placement ability resolves after the card's keys, so
    ``if pool >= 4`` reads the pool those keys made. The effect evaluator used to read
    ``pool`` as 0, so the ability never fired."""
    rules = rules_of(HEROES + CARDS + CHECKS + encounter())
    game, _, _ = run(rules, ["Hard Hit", "Finisher", "Idle Word"], ["Hard Hit", "Finisher"])
    assert turn_log(game, 2)[:4] == ["Beor plays Finisher (30U)", "+2 marker(s): pool 7",
                                     "Finisher (30U): placement: if pool >= 4: gain 2 markers",
                                     "+2 marker(s): pool 9"]


def test_an_ability_that_tests_its_charges_reads_the_card() -> None:
    """001, "Charges": Charges lie on the card; ``if charges >= 1`` asks how many are left
    on the card whose ability it is (after paying, one of the two remains)."""
    rules = rules_of(HEROES + CARDS + CHECKS + encounter())
    game, _, _ = run(rules, ["Counting Coins", "Idle Word", "Idle Word"],
                     ["Counting Coins", "use Counting Coins"])
    uses = [line for line in game.log if line.startswith("Beor uses")]
    assert uses == ["Beor uses Counting Coins (31U): pay 1 charge: if charges >= 1: gain 3 markers"]
    assert "+3 marker(s): pool 3" in game.log


def test_robber_fires_when_the_drop_reaches_zero_health() -> None:
    """001, "Robber": "drop to 1 or less" includes dropping to 0. The Wealth and Items go and
    the encounter ends before the dying member is removed (it used to end as `dying`)."""
    items = (ItemInUse("Knife", frozenset({"weapon"})),)
    _, outcome, _ = run(setup(traits="robber", attack="0+: damage 9"), ["Jab", "Idle Word", "Idle Word"],
                        ["Jab"], items=items)
    hero = outcome.heroes[0]
    assert outcome.outcome == "robbed" and hero.resources["wealth"] == 0 and hero.items == ()
    assert hero.dying


def test_robber_ends_the_fight_for_the_whole_party() -> None:
    """001, "Robber": when the last member above 1 Health drops to 0, the party is robbed and
    the encounter ends; the others do not fight on (Ailei used to carry on alone)."""
    rules = setup(traits="robber", attack="0+: damage 9")
    ailei = member(rules, "Ailei", "combat", ["Jab", "Jab", "Jab"], health=1)
    _, outcome, _ = run(rules, ["Jab", "Idle Word", "Idle Word"], ["stop", "Jab"], extra=[ailei],
                        health=5)
    assert outcome.outcome == "robbed" and outcome.turns == 1
    assert all(h.resources["wealth"] == 0 for h in outcome.heroes)


def test_energy_falls_with_health_inside_the_fight() -> None:
    """000, survival tracks (Energy, and End of the Day 2): the Energy marker can never pass
    the Health marker. The attack takes Health 9 -> 4 and Energy 6 -> 4 at once; the escape
    costs 1 (3) and its Opportunity attack takes Health to 2, and Energy with it (the
    outcome used to say Energy 5 at Health 2)."""
    rules = setup(attack="0+: damage 5")
    _, outcome, _ = run(rules, ["Jab", "Idle Word", "Idle Word"], ["Jab", "stop", "escape"])
    hero = outcome.heroes[0]
    assert (hero.health, hero.energy) == (2, 2) and hero.escaped


def test_play_again_on_the_previous_cards_half_does_not_chain() -> None:
    """001, "Playing Cards" 2: a further card needs a play-again icon on a connected key of
    the card being played. An ``again`` on the previous card's half of the Free Key is not
    on that card (it used to let any card follow)."""
    from tgc.rulesets.tainted_grail.engines.game import free_gain

    assert not free_gain(("again",), ("marker",)).again
    assert free_gain(("2x",), ("marker", "again")) .again
    assert free_gain(("2x",), ("marker",)).markers == 2


WARD = """
@card combat 32U "Warding Charm"
  left: -
  right: aggression 1
  ability:
    - placement: gain 1 charge
    - pay 1 charge: prevent 2 damage
"""


@pytest.mark.parametrize("policy", ["scripted", "greedy"])
def test_a_charge_ability_prevents_damage_during_the_enemy_attack(policy: str) -> None:
    """001, "Charges": "Pay x Charges" abilities may be used at any time unless their text
    names a phase, so also in step 3 while the enemy attacks: the 2 prevented damage of
    the attack (3) leave 1. The engine used to offer charges only while playing cards,
    where a prevention means nothing."""
    from tgc.rulesets.tainted_grail.engines.policies import GreedyPolicy

    rules = rules_of(HEROES + CARDS + WARD + encounter(attack="0+: damage 3"))
    chooser: Any = Recorder(["Warding Charm", "stop", "react Warding Charm"])
    if policy == "greedy":
        chooser = GreedyPolicy()
    beor = member(rules, "Beor", "combat", ["Warding Charm", "Idle Word", "Idle Word"])
    game, _ = combat(rules, "Dummy", [beor], chooser)
    turn1 = turn_log(game, 1)
    assert "Beor uses Warding Charm (32U): pay 1 charge: prevent 2 damage" in turn1
    assert "2 damage prevented" in turn1 and "Beor loses 1 health (8 left)" in turn1


def test_a_human_is_asked_about_charges_while_the_enemy_attacks() -> None:
    """001, "Charges" (any time): at the table the player is asked during step 3 whether to
    pay a Charge, with the attack in the question."""
    from tgc.rulesets.tainted_grail.engines.policies import HumanPolicy

    rules = rules_of(HEROES + CARDS + WARD + encounter(attack="0+: damage 3"))
    questions: list[tuple[str, list[str]]] = []

    def ask(question: str, options: list[str]) -> int:
        questions.append((question, options))
        if question.endswith("use a charge?"):
            return 0
        return next((i for i, o in enumerate(options) if o.startswith(("play Warding", "stop"))), 0)

    beor = member(rules, "Beor", "combat", ["Warding Charm", "Idle Word", "Idle Word"])
    game, _ = combat(rules, "Dummy", [beor], HumanPolicy(ask))
    asked = [q for q in questions if q[0].endswith("use a charge?")]
    assert asked[0] == ("Beor: the enemy attacks (damage 3); use a charge?",
                        ["use pay 1 charge: prevent 2 damage", "pass"])
    assert "Beor loses 1 health (8 left)" in turn_log(game, 1)


def test_loot_is_shared_by_the_party_as_the_players_decide() -> None:
    """001, "Encounter Card" 9: Rewards apply to each player, Loot is shared between the party
    members. The greedy rule gives each piece to whoever has least of it (Ailei, no Wealth,
    takes the 2 Wealth); a human is asked. The loot used to go to the first member."""
    from tgc.rulesets.tainted_grail.engines.policies import GreedyPolicy, HumanPolicy

    rules = setup(value=5)
    party = [member(rules, "Beor", "combat", ["Hard Hit", "Idle Word", "Idle Word"]),
             member(rules, "Ailei", "combat", ["Idle Word", "Idle Word", "Idle Word"])]
    game, outcome = combat(rules, "Dummy", party, GreedyPolicy())
    beor, ailei = outcome.heroes
    assert outcome.outcome == "win" and "Ailei takes the loot: gain 2 wealth" in game.log
    assert (beor.resources["wealth"], ailei.resources["wealth"]) == (3, 2)
    assert beor.resources["exp"] == ailei.resources["exp"] == 1  # the reward: each member
    asked: list[tuple[str, list[str]]] = []

    def ask(question: str, options: list[str]) -> int:
        asked.append((question, options))
        if question.startswith("Who takes"):
            return options.index("Beor")
        return next((i for i, o in enumerate(options) if o.startswith(("play Hard", "Beor", "keep"))), 0)

    _, outcome = combat(rules, "Dummy", party, HumanPolicy(ask))
    assert ("Who takes the loot (gain 2 wealth)?", ["Beor", "Ailei"]) in asked
    assert outcome.heroes[0].resources["wealth"] == 5


def test_a_member_pays_the_magic_key_for_the_active_member() -> None:
    """000, "Parties and Party Actions" (spend your Magic instead of another party member)
    and 001, "Magic Key" (1 Magic): Beor has no Magic, Ailei pays for his Magic Key. The
    key used to be out of reach without the active member's own Magic."""
    rules = setup()
    ailei = member(rules, "Ailei", "combat", ["Idle Word", "Idle Word", "Idle Word"])
    policy = Recorder(["Jab", "Chain", "Heavy+magic"],
                      order=lambda waiting: next(h for h in waiting if h.name == "Beor"))
    beor = member(rules, "Beor", "combat", ["Jab", "Chain", "Heavy"], resources={"magic": 0})
    game, outcome = combat(rules, "Dummy", [beor, ailei], policy)
    assert "Ailei pays 1 magic for Beor" in game.log
    assert [h.spent_magic for h in outcome.heroes] == [0, 1]


def test_a_member_pays_the_escape_energy_for_another() -> None:
    """000, "Parties and Party Actions": a party member may spend their Energy instead of
    another; Beor has no Energy left to escape with, so Ailei, still fighting, pays the
    escape's 1 Energy for him (nobody used to pay it)."""
    rules = setup()
    ailei = member(rules, "Ailei", "combat", ["Idle Word", "Idle Word", "Idle Word"])
    policy = Recorder(["escape"], order=lambda waiting: next(h for h in waiting if h.name == "Beor"))
    beor = member(rules, "Beor", "combat", ["Jab", "Idle Word", "Idle Word"], energy=0)
    game, outcome = combat(rules, "Dummy", [beor, ailei], policy)
    assert "Ailei pays 1 energy for Beor" in game.log
    beor_out = next(h for h in outcome.heroes if h.name == "Beor")
    assert beor_out.escaped and beor_out.energy == 0


BACKFIRE = """
@card combat 33U "Backfire"
  left: -
  right: aggression 1
  ability: delayed 1: lose 3 health
"""


def test_escape_after_the_enemy_attack() -> None:
    """001, "Escaping Combat": a player may escape at any time during their activation, so
    also once the enemy's attack is over: Beor takes the attack (1), then escapes (1 Energy
    and the Opportunity attack, 2) in turn 1. The engine used to offer the escape only while
    playing cards."""
    game, outcome, _ = run(setup(), ["Jab", "Idle Word", "Idle Word"], ["Jab", "stop", "escape after"])
    hero = outcome.heroes[0]
    assert outcome.outcome == "escape" and outcome.turns == 1
    assert (hero.health, hero.energy) == (9 - 1 - 2, 5)
    assert turn_log(game, 1)[-3:] == ["Beor escapes", "Beor loses 2 health (6 left)",
                                      "Beor leaves the combat (escaped)"]


def test_escape_before_a_delayed_ability_resolves() -> None:
    """001, "Escaping Combat" and "Delayed Abilities" (step 1 of the activation): escaping
    at the start of the activation comes before the last Time Token's ability, so
    Backfire's 3 Health are never lost."""
    rules = rules_of(HEROES + CARDS + BACKFIRE + encounter(attack="0+: nothing", opportunity="nothing"))
    game, outcome, _ = run(rules, ["Backfire", "Idle Word", "Idle Word"],
                           ["Backfire", "stop", "escape before"])
    assert outcome.outcome == "escape" and outcome.heroes[0].health == 9
    assert not any("(delayed)" in line for line in game.log)


def test_a_human_is_asked_to_escape_only_where_it_differs() -> None:
    """001, "Escaping Combat": the table asks before a delayed ability resolves (where
    escaping differs from escaping while playing cards), not at every activation."""
    from tgc.rulesets.tainted_grail.engines.policies import HumanPolicy

    rules = rules_of(HEROES + CARDS + BACKFIRE + encounter(attack="0+: nothing", opportunity="nothing"))
    questions: list[str] = []

    def ask(question: str, options: list[str]) -> int:
        questions.append(question)
        if question.startswith("Beor: escape"):
            return options.index("escape")
        return next((i for i, o in enumerate(options) if o.startswith(("play Backfire", "stop", "keep"))), 0)

    beor = member(rules, "Beor", "combat", ["Backfire", "Idle Word", "Idle Word"])
    _, outcome = combat(rules, "Dummy", [beor], HumanPolicy(ask))
    assert [q for q in questions if "escape" in q] == ["Beor: escape before the delayed abilities resolve?"]
    assert outcome.outcome == "escape" and outcome.heroes[0].health == 9


def test_the_player_picks_the_item_in_use_per_keyword_or_none() -> None:
    """001, "Starting Combat": at most one item per limited keyword is used, and members may
    decide not to use some. A human is asked which weapon (or none); policies take the first
    listed. The engine used to force the first listed."""
    from tgc.rulesets.tainted_grail.engines.policies import HumanPolicy

    items = (ItemInUse("Knife", frozenset({"weapon"})), ItemInUse("Axe", frozenset({"weapon"})),
             ItemInUse("Buckler", frozenset({"shield"})))
    rules = setup(value=3)
    asked: list[tuple[str, list[str]]] = []

    def ask(question: str, options: list[str]) -> int:
        asked.append((question, options))
        if question.endswith("which weapon?"):
            return options.index("Axe")
        if question.endswith("which shield?"):
            return options.index("none")
        return next((i for i, o in enumerate(options) if o.startswith(("play Jab", "keep"))), 0)

    beor = member(rules, "Beor", "combat", ["Jab", "Idle Word", "Idle Word"], items=items)
    game, _ = combat(rules, "Dummy", [beor], HumanPolicy(ask))
    assert asked[0] == ("Beor uses which weapon?", ["Knife", "Axe", "none"])
    hero = game.heroes[0]
    assert [i.name for i in hero.items] == ["Axe"] and [i.name for i in hero.aside] == ["Knife", "Buckler"]


def test_CRD_2_cards_discarded_in_a_fight_are_back_in_the_deck_for_the_next() -> None:
    """The discard pile is the fight's own: the member's deck (what the campaign keeps)
    comes out of it whole, and the next fight starts from every card, shuffled."""
    rules = setup(attack="0+: lose 4 markers")
    beor = member(rules, "Beor", "combat", ["Jab", "Idle Word", "Idle Word", "Chain", "Brace"])
    assert beor.combat_deck is not None
    kept = sorted(c.name for c in beor.combat_deck)
    first, _ = combat(rules, "Dummy", [beor], Recorder(["Jab"]))
    assert {"Brace", "Chain"} <= {c.name for c in first.heroes[0].discard}
    assert sorted(c.name for c in beor.combat_deck) == kept
    again = CombatGame([beor], rules.encounters["Dummy"], Recorder([]), random.Random(2))
    hero = again.heroes[0]
    assert sorted(c.name for c in hero.deck) == kept and not hero.discard


def test_PTY_5_a_member_leaves_a_fight_only_by_escaping_or_dying() -> None:
    """The party fights on without whoever escapes (or dies, as above); nobody else leaves,
    and the one who escaped has no part in the outcome's win."""
    rules = setup(attack="0+: nothing", value=3)
    ailei = member(rules, "Ailei", "combat", ["Jab", "Jab", "Jab"])
    policy = Recorder(["escape", "Jab", "Jab", "Jab", "Jab"],
                      order=lambda waiting: next((h for h in waiting if h.name == "Beor"), waiting[0]))
    beor = member(rules, "Beor", "combat", ["Jab", "Idle Word", "Idle Word"])
    game, outcome = combat(rules, "Dummy", [beor, ailei], policy)
    assert "Beor leaves the combat (escaped)" in game.log
    left = [line for line in game.log if "leaves the combat" in line]
    assert left == ["Beor leaves the combat (escaped)"]
    assert outcome.outcome == "win"
    assert [h.escaped for h in outcome.heroes if h.name == "Beor"] == [True]


def test_TRK_4_panic_is_terror_above_health_only() -> None:
    """Terror 8 over Health 7 panics: the first card played is the deck's top card (Hard
    Hit). Terror equal to Health is no panic: only the hand's cards are offered."""
    order = ["Jab", "Chain", "Idle Word", "Hard Hit", "Brace", "Hook"]
    game, _, _ = run(setup(attack="0+: nothing"), order, ["Hard Hit", "stop"], health=7, terror=8)
    assert "Beor plays Hard Hit (11U)" in game.log
    with pytest.raises(AssertionError, match="'Hard Hit' is not a legal play now: play Jab"):
        run(setup(attack="0+: nothing"), order, ["Hard Hit", "stop"], health=7, terror=7)
