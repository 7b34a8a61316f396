"""20 Strong rules TS-7 to TS-13, one test per rule id (../shared/rules/twenty-strong.md)."""

from __future__ import annotations

import pytest

from tests.ts_helpers import (
    BASIC,
    CRIT,
    MISS,
    Foe,
    Script,
    card,
    enemy,
    hero,
    make_box,
    make_game,
    pick,
    sample_box,
)
from tgc.rulesets.twenty_strong.engines import strategy
from tgc.rulesets.twenty_strong.engines.game import GameOver


def engage(game, *foes):  # noqa: ANN001, ANN201 - a test helper
    game.t.foes = [Foe(f) for f in foes]
    strategy.engagement(game)
    return game.t.foes


def one_pass() -> Script:
    return Script(repeat=[1, 1, 1, 1, 1])


# ---------------------------------------------------------------- 7 applying dice


def test_ts_7_1_dice_are_applied_one_at_a_time_to_chosen_enemies() -> None:
    script = Script(apply=[pick("die"), pick("die"), pick("none")], repeat=[1])
    game = make_game(make_box(), script, faces=[BASIC] * 4)
    foes = engage(game, enemy("A", 9), enemy("B", 9))
    assert len(foes[0].applied) == 2 and len(game.t.active) == 2
    assert [d.kind for d in script.asked].count("apply") == 3


def test_ts_7_2_only_the_dial_colour_applies() -> None:
    script = Script(commit=[pick("colour", 1)] * 4 + [pick("none")], repeat=[1])
    game = make_game(make_box(), script, faces=[CRIT] * 4)
    foe = engage(game, enemy("E", 2))[0]
    assert not foe.defeated and len(game.t.active) == 4  # green dice, yellow dial


def test_ts_7_2_an_unlock_widens_it() -> None:
    cards = [card("Own", "hero", {"top": "apply green this pass"})]
    script = Script(strike=[pick("play")], commit=[pick("colour", 1), pick("none")],
                    repeat=[1])
    game = make_game(make_box(cards=cards, heroes=[hero(strategy=1)]), script, faces=[CRIT])
    assert engage(game, enemy("E", 2))[0].defeated


def test_ts_7_3_damage_is_the_sum_of_applied_dice() -> None:
    game = make_game(make_box(), one_pass(), faces=[CRIT, BASIC, MISS, BASIC])
    foe = engage(game, enemy("E", 9))[0]
    assert strategy.damage_on(game, foe) == 4


def test_ts_7_4_defeat_and_instant_rewards() -> None:
    game = make_game(make_box(heroes=[hero(recovery=2)]), one_pass(), faces=[CRIT] * 4)
    foe = engage(game, enemy("E", 2, rewards=["gain 1 recovery"]))[0]
    assert foe.defeated and game.t.recovery == 3


def test_ts_7_4_rewards_are_optional() -> None:
    game = make_game(make_box(), Script(reward=[1], repeat=[1]), faces=[CRIT] * 4)
    engage(game, enemy("E", 2, rewards=["gain 1 recovery"]))
    assert game.t.recovery == 2


def test_ts_7_5_defeat_is_permanent() -> None:
    game = make_game(make_box(), one_pass(), faces=[BASIC] * 4)
    foe = engage(game, enemy("E", 2))[0]
    game.t.face_bonus[BASIC] = 0  # an effect lowers what the applied dice deal
    assert strategy.damage_on(game, foe) == 0 and foe.defeated


def test_ts_7_6_overkill_is_allowed() -> None:
    script = Script(apply=[pick("die")] * 4, repeat=[1])
    game = make_game(make_box(), script, faces=[CRIT] * 4)
    foe = engage(game, enemy("E", 2))[0]
    assert len(foe.applied) == 4


def test_ts_7_7_item_rewards_wait_for_their_step() -> None:
    game = make_game(make_box(), faces=[CRIT] * 4)
    game.t.enemy_decks["gray"] = [enemy("Ward", 2, item="ongoing: suffer damage: prevent 1 damage")]
    game.activation()
    strategy.engagement(game)
    assert game.t.inventory == []
    game.resolve_phase()
    assert [i.name for i in game.t.inventory] == ["Ward"]


def test_ts_7_8_changing_damage_reaches_applied_dice() -> None:
    game = make_game(make_box(), one_pass(), faces=[CRIT] * 2 + [MISS] * 2)
    foe = engage(game, enemy("E", 9))[0]
    assert strategy.damage_on(game, foe) == 4
    game.t.face_bonus[CRIT] = 3
    assert strategy.damage_on(game, foe) == 6


def test_ts_7_9_applied_dice_leave_with_their_card() -> None:
    box = make_box(enemies=[enemy(f"E{i}", 9) for i in range(10)])
    game = make_game(box, faces=[BASIC] * 4)
    game.play_round()
    assert all(not f.applied for f in game.t.foes) and len(game.t.exhausted) >= 2


# ---------------------------------------------------------------- 8 enemy effects


def test_ts_8_1_during_effects_last_until_defeat() -> None:
    foe = Foe(enemy("Warded", 9, during="cannot apply yellow to this enemy"))
    game = make_game(make_box())
    die = game.t.pool[0]
    assert not strategy.applicable(game, die, foe)
    foe.defeated = True
    assert strategy.applicable(game, die, foe)


def test_ts_8_2_special_effects_fire_even_when_defeated() -> None:
    box = make_box(heroes=[hero(health=5)])
    game = make_game(box, faces=[CRIT] * 4)
    game.t.foes = [Foe(enemy("Ghost", 1, special=["after: lose 1 health"]))]
    strategy.engagement(game)
    assert game.t.foes[0].defeated
    game.after_effects()
    assert game.t.health == 4


def test_ts_8_3_after_effects_run_on_defeated_enemies_in_chosen_order() -> None:
    game = make_game(make_box(heroes=[hero(health=5)]), Script(order=[1]))
    game.t.foes = [Foe(enemy("A", 1, after="gain 1 health")),
                   Foe(enemy("B", 1, after="lose 2 health"))]
    game.t.foes[0].defeated = True
    game.after_effects()
    assert game.t.health == 4


def test_ts_8_4_every_non_item_reward_is_instant() -> None:
    up = card("Shiny", "upgraded")
    box = make_box(cards=[card("Own", "hero")] + [card(f"B{i}") for i in range(9)] + [up])
    game = make_game(box, one_pass(), faces=[CRIT] * 4)
    engage(game, enemy("E", 2, rewards=['gain upgraded "Shiny"', "gain 1 strategy"]))
    t = game.t
    assert "Shiny" in [c.name for c in t.hand + t.combat_deck] and t.strategy == 4


def test_ts_8_5_item_rewards_turn_the_card_into_an_item() -> None:
    game = make_game(make_box(), faces=[CRIT] * 4)
    game.t.foes = [Foe(enemy("Phial", 2, item="single-use: gain 1 health"))]
    strategy.engagement(game)
    game.resolve_phase()
    assert [i.name for i in game.t.inventory] == ["Phial"]
    assert "Phial" not in [e.name for e in game.t.enemy_discard]


# ---------------------------------------------------------------- 9 resolve details


def test_ts_9_1_only_undefeated_enemies_deal_damage() -> None:
    game = make_game(make_box(heroes=[hero(health=6)]))
    game.t.foes = [Foe(enemy("A", 1, 3)), Foe(enemy("B", 1, 2))]
    game.t.foes[0].defeated = True
    game.suffer_damage()
    assert game.t.health == 4


def test_ts_9_2_after_effects_resolve_fully_one_by_one() -> None:
    box = make_box(heroes=[hero(health=2)])
    game = make_game(box, Script(order=[0]))
    game.t.foes = [Foe(enemy("A", 1, after="lose 2 health")), Foe(enemy("B", 1, after="gain 3 health"))]
    with pytest.raises(GameOver):
        game.after_effects()  # the first one kills before the heal


def test_ts_9_3_exhaust_takes_every_committed_die() -> None:
    game = make_game(make_box(), one_pass(), faces=[BASIC, MISS, MISS, MISS])
    engage(game, enemy("E", 9))
    game.resolve_phase()
    assert len(game.t.exhausted) == 4 - 2  # four committed, two recovered


def test_ts_9_4_recover_up_to_recovery_any_colour() -> None:
    game = make_game(make_box(heroes=[hero(recovery=3)]), Script(recover=[pick("colour", 4)]))
    t = game.t
    t.exhausted, t.pool = t.pool[:5], t.pool[5:]
    t.exhausted.append(t.pool.pop())  # a red die
    game.recover(t.recovery)
    assert len(t.exhausted) == 3 and t.colour_name(t.pool[-3]) == "red"


def test_ts_9_5_items_only_from_enemies_defeated_this_round() -> None:
    game = make_game(make_box())
    old = Foe(enemy("Old", 2, item="single-use: draw 1"))
    old.defeated = True  # defeated in an earlier endgame round
    game.t.foes = [old]
    game.gain_items()
    assert game.t.inventory == []


def test_ts_9_6_hand_limit_only_in_cleanup() -> None:
    game = make_game(make_box(heroes=[hero(strategy=2)]))
    strategy.draw(game, 3)
    assert len(game.t.hand) == 5
    game.cleanup()
    assert len(game.t.hand) == 2


def test_ts_9_7_menhir_grows_by_one_from_a_chosen_deck() -> None:
    box = make_box(enemies=[enemy("G", deck="gray"), enemy("P", deck="purple")])
    game = make_game(box, Script(menhir=[1]))
    game.t.foes = [Foe(enemy("Active", 1))]
    game.cleanup()
    assert [e.name for e in game.t.menhir] == ["P"]
    assert [e.name for e in game.t.enemy_discard] == ["Active"]


def test_ts_9_8_dial_advances_in_the_endgame_too() -> None:
    game = make_game(make_box())
    game.t.endgame = True
    game.cleanup()
    assert game.t.dial_colour == "green"


# ---------------------------------------------------------------- 10 endgame


def endgame_box(**boss: object):  # noqa: ANN201
    return make_box(enemies=[enemy(f"E{i}", 1, 0) for i in range(30)],
                    bosses=[enemy("Boss", **boss, boss=True)])  # type: ignore[arg-type]


def test_ts_10_1_boss_comes_at_the_threshold() -> None:
    game = make_game(endgame_box(health=40), faces=[CRIT] * 999)
    for _ in range(8):
        game.play_round()
        game.t.round += 1
    assert not game.t.endgame and len(game.t.menhir) == 8
    game.activation()
    assert game.t.endgame and game.t.foes[0].card.name == "Boss"


def test_ts_10_2_boss_icons_draw_from_the_shuffled_stack() -> None:
    game = make_game(endgame_box(health=40, additional=2))
    game.t.menhir = [enemy(f"M{i}", 1, 0) for i in range(8)]
    game.activation()
    assert [f.card.name for f in game.t.foes][0] == "Boss"
    assert len(game.t.foes) == 3 and len(game.t.menhir) == 6


def test_ts_10_3_later_endgame_rounds_skip_activation() -> None:
    game = make_game(endgame_box(health=40))
    game.t.endgame = True
    game.activation()
    assert game.t.foes == []


def test_ts_10_4_undefeated_enemies_stay_combat_cards_go() -> None:
    game = make_game(endgame_box(health=40))
    game.t.endgame = True
    boss, done = Foe(game.t.boss), Foe(enemy("Done", 1))
    done.defeated = True
    boss.chain.append(card("Chained"))
    game.t.foes = [boss, done]
    game.cleanup()
    assert game.t.foes == [boss] and boss.chain == []
    assert "Chained" in [c.name for c in game.t.combat_discard]


def test_ts_10_5_damage_does_not_carry_over() -> None:
    game = make_game(endgame_box(health=40), one_pass(), faces=[CRIT] * 4)
    game.t.endgame = True
    boss = engage(game, game.t.boss)[0]
    assert strategy.damage_on(game, boss) == 8
    game.resolve_phase()
    assert strategy.damage_on(game, boss) == 0 and game.t.foes == [boss]


def test_ts_10_6_win_when_boss_and_all_active_are_defeated() -> None:
    game = make_game(endgame_box(health=2), faces=[CRIT] * 8)
    game.t.menhir = [enemy(f"M{i}", 1, 0) for i in range(8)]
    outcome = game.play()
    assert outcome.result == "win" and outcome.round == 1


def test_ts_10_6_a_boss_defeated_earlier_still_counts() -> None:
    game = make_game(endgame_box(health=2), Script(apply=[pick("die", None)]),
                     faces=[CRIT] + [MISS] * 20 + [CRIT] * 10)
    t = game.t
    t.endgame, t.boss_defeated = True, True
    t.foes = [Foe(enemy("Left", 2))]
    outcome = game.play()
    assert outcome.result == "win"


def test_ts_10_7_endgame_rounds_are_normal_rounds() -> None:
    game = make_game(endgame_box(health=40))
    t = game.t
    t.endgame = True
    t.foes = [Foe(t.boss)]
    game.play_round()
    assert len(t.menhir) == 1 and t.dial_colour == "green" and t.foes[0].card.boss


def test_ts_10_8_the_boss_is_an_enemy() -> None:
    cards = [card("Own", "hero", {"top": "deal 2 damage to this enemy"})]
    game = make_game(make_box(cards=cards, heroes=[hero(strategy=1)],
                              bosses=[enemy("Boss", 2, boss=True, nodes="top")]),
                     Script(strike=[pick("play")]), faces=[MISS] * 4)
    game.t.endgame = True
    game.t.foes = [Foe(game.t.boss)]
    with pytest.raises(GameOver, match="win"):
        strategy.engagement(game)


# ---------------------------------------------------------------- 11 dice states


def test_ts_11_1_states() -> None:
    game = make_game(make_box(), one_pass(), faces=[BASIC, MISS, MISS, MISS])
    foe = engage(game, enemy("E", 9))[0]
    t = game.t
    assert (len(t.pool), len(t.active), len(foe.applied)) == (13, 3, 1)


def test_ts_11_2_transitions_by_effects() -> None:
    game = make_game(make_box(), Script(pick_die=[pick("colour", 0)]))
    from tests.ts_helpers import effects as parse
    from tgc.rulesets.twenty_strong.engines.resolve import effects

    effects(game, parse("exhaust 1 die"), None)
    assert len(game.t.exhausted) == 1
    effects(game, parse("banish 1 die from exhausted"), None)
    assert len(game.t.banished_dice) == 1 and not game.t.exhausted


def test_ts_11_3_a_die_keeps_its_face_until_rolled() -> None:
    game = make_game(make_box(), one_pass(), faces=[CRIT, MISS, MISS, MISS])
    foe = engage(game, enemy("E", 9))[0]
    die = foe.applied[0]
    game.resolve_phase()
    assert game.t.faces[die] == CRIT


# ---------------------------------------------------------------- 12 items


def item(name: str, text: str = "single-use: gain 1 health"):  # noqa: ANN201
    return enemy(name, 1, item=text)


def test_ts_12_1_capacity_is_strategy() -> None:
    game = make_game(make_box(heroes=[hero(strategy=1)]), faces=[CRIT] * 8)
    game.t.inventory = [item("Held")]
    foe = Foe(item("New"))
    foe.defeated = foe.defeated_now = True
    game.t.foes = [foe]
    game.gain_items()
    assert [i.name for i in game.t.inventory] == ["Held"]


def test_ts_12_2_single_use_items_are_discarded_after_use() -> None:
    game = make_game(make_box(heroes=[hero(health=3)]))
    game.t.inventory = [item("Phial")]
    strategy.drop_item(game, 0, use=True)
    assert game.t.health == 4 and game.t.inventory == []
    assert [e.name for e in game.t.enemy_discard] == ["Phial"]


def test_ts_12_3_room_can_be_made_when_gaining() -> None:
    script = Script(make_room=[pick("item", 0)])
    game = make_game(make_box(heroes=[hero(strategy=1)]), script)
    game.t.inventory = [item("Held")]
    foe = Foe(item("New"))
    foe.defeated = foe.defeated_now = True
    game.t.foes = [foe]
    game.gain_items()
    assert [i.name for i in game.t.inventory] == ["New"]


def test_ts_12_4_items_may_be_discarded() -> None:
    game = make_game(make_box())
    game.t.inventory = [item("Ward", "ongoing: suffer damage: prevent 1 damage")]
    strategy.drop_item(game, 0, use=False)
    assert game.t.inventory == []


def test_ts_12_5_capacity_shrinking_discards_at_once() -> None:
    game = make_game(make_box(heroes=[hero(strategy=3)]))
    game.t.inventory = [item("A"), item("B"), item("C")]
    game.set_stat("strategy", 2)
    assert len(game.t.inventory) == 2


def test_ts_12_6_items_are_offered_outside_rolls() -> None:
    script = Script(item_use=[pick("item")])
    game = make_game(make_box(heroes=[hero(health=3)]), script)
    game.t.inventory = [item("Phial")]
    strategy.offer_items(game)
    assert game.t.health == 4
    assert all(d.kind != "item-use" or game.step != "roll" for d in script.asked)


def test_ts_12_7_rank_2_hand_limit_counts_items() -> None:
    game = make_game(make_box(heroes=[hero(strategy=3)]), rank=2)
    game.t.inventory = [item("A", "ongoing: suffer damage: prevent 1 damage")]
    strategy.draw(game, 3)
    game.cleanup()
    assert len(game.t.hand) == 2


# ---------------------------------------------------------------- 13 other rules


def test_ts_13_1_loss_is_immediate() -> None:
    game = make_game(make_box(heroes=[hero(health=2)]))
    game.t.foes = [Foe(enemy("Big", 9, 2, after="gain 5 health"))]
    with pytest.raises(GameOver, match="lose"):
        game.suffer_damage()


def test_ts_13_2_no_win_before_the_boss() -> None:
    game = make_game(make_box(), one_pass(), faces=[CRIT] * 4)
    engage(game, enemy("E", 1))  # every enemy defeated, but no boss yet: no GameOver
    assert game.t.foes[0].defeated


def test_ts_13_3_enemy_decks_are_never_refilled() -> None:
    box = make_box(enemies=[enemy("Only", 1)])
    game = make_game(box, faces=[CRIT] * 40)
    game.play_round()
    game.t.round += 1
    game.activation()
    assert game.t.foes == [] and game.t.enemy_decks["gray"] == []


def test_ts_13_4_banishing_takes_dice_from_any_zone() -> None:
    game = make_game(make_box(), Script(pick_die=[0]))
    from tests.ts_helpers import effects as parse
    from tgc.rulesets.twenty_strong.engines.resolve import effects

    effects(game, parse("banish 1 die red"), None)
    assert game.t.colour_name(game.t.banished_dice[0]) == "red"


def test_ts_13_5_the_top_of_every_deck_is_visible_to_the_policy() -> None:
    box = make_box(enemies=[enemy("Weak", 1, deck="gray"), enemy("Strong", 5, deck="blue")])
    game = make_game(box)
    game.activation()  # greedy reads the tops and takes the weaker
    assert game.t.foes[0].card.name == "Weak"


def test_ts_13_6_universal_hero_from_elsewhere_takes_the_universal_card() -> None:
    box = make_box(heroes=[hero("Guest", card=None, universal=True, elsewhere=True)],
                   cards=[card("Uni", "universal")] + [card(f"B{i}") for i in range(9)])
    game = make_game(box)
    names = [c.name for c in game.t.hand + game.t.combat_deck]
    assert "Uni" in names and len(names) == 10
    local = sample_box().hero("Odhran Quietstone")
    assert local is not None and local.universal and not local.elsewhere
