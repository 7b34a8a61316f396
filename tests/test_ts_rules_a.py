"""20 Strong rules TS-1 to TS-6, one test per rule id (../shared/rules/twenty-strong.md)."""

from __future__ import annotations

from fractions import Fraction

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
from tgc.rulesets.twenty_strong.data import threshold
from tgc.rulesets.twenty_strong.engines import strategy
from tgc.rulesets.twenty_strong.engines.table import BASIC as B
from tgc.rulesets.twenty_strong.odds import Die, Engagement, Target, odds


def engage(game, *foes):  # noqa: ANN001, ANN201 - a test helper
    """Put enemies in the active area and play one engagement's Strategy phase."""
    game.t.foes = [Foe(f) for f in foes]
    strategy.engagement(game)
    return game.t.foes


# ---------------------------------------------------------------- 1 components


def test_ts_1_1_seventeen_unit_dice_in_the_pool() -> None:
    game = make_game(sample_box())
    assert len(game.t.pool) == 17
    assert (game.t.health, game.t.strategy, game.t.recovery) == (6, 3, 2)  # stat dice: values


def test_ts_1_2_faces_per_colour() -> None:
    """Side 0 is the crit, the next hits-1 sides basic hits, the rest misses."""
    box = make_box()
    game = make_game(box)
    seen: dict[str, list[int]] = {}
    for die in range(17):
        colour = game.t.colour_name(die)
        seen.setdefault(colour, []).extend(strategy.roll(game, die) for _ in range(600))
    for colour, faces in seen.items():
        hits = {"yellow": 2, "green": 3, "blue": 4, "purple": 5, "red": 6}[colour]
        assert 0 < faces.count(CRIT) < len(faces) * 0.3
        if hits == 6:
            assert MISS not in faces
        assert abs(faces.count(MISS) / len(faces) - (6 - hits) / 6) < 0.06


def test_ts_1_3_damage_of_a_face() -> None:
    game = make_game(make_box())
    foe = Foe(enemy("E", 9))
    assert [strategy.face_damage(game, f, foe) for f in (MISS, BASIC, CRIT)] == [0, 1, 2]


def test_ts_1_4_dice_counts_come_from_data() -> None:
    game = make_game(make_box(counts={"yellow": 1, "red": 2}))
    assert sorted(game.t.colour_name(d) for d in game.t.pool) == ["red", "red", "yellow"]


def test_ts_1_5_strategy_is_passes_and_inventory() -> None:
    box = make_box(heroes=[hero(strategy=2)])
    script = Script(repeat=[0, 0, 0])
    game = make_game(box, script, faces=[MISS] * 40)
    engage(game, enemy("E", 5))
    assert game.t.passes == 2  # at most Strategy passes


def test_ts_1_6_stat_bounds() -> None:
    game = make_game(make_box())
    game.set_stat("strategy", 9)
    game.set_stat("recovery", -3)
    assert (game.t.strategy, game.t.recovery) == (6, 1)
    game.set_stat("health", 9)
    assert game.t.health == 6
    with pytest.raises(Exception, match="lose"):
        game.set_stat("health", 0)
    assert game.t.health == 0  # the value reached is kept for reports


def test_ts_1_7_dial_starts_yellow_and_turns() -> None:
    box = make_box(enemies=[enemy(f"E{i}", 1) for i in range(20)])
    game = make_game(box, faces=[CRIT] * 200)
    seen = []
    for _ in range(6):
        seen.append(game.t.dial_colour)
        game.play_round()
        game.t.round += 1
    assert seen == ["yellow", "green", "blue", "purple", "red", "yellow"]


def test_ts_1_8_combat_deck_is_basics_and_the_hero_card() -> None:
    box = sample_box()
    game = make_game(box, hero_name="Maelis of the Reedbanks")
    cards = game.t.combat_deck + game.t.hand
    assert len(cards) == 10
    assert sum(c.kind == "basic" for c in cards) == 9
    assert [c.name for c in cards if c.kind == "hero"] == ["Reed Step"]
    assert len(game.t.supply) == 16


def test_ts_1_9_hero_card_data() -> None:
    box = sample_box()
    assert all(1 <= h.health <= 6 and h.card for h in box.heroes)
    assert box.hero("Odhran Quietstone").universal  # type: ignore[union-attr]


def test_ts_1_10_enemy_card_data() -> None:
    box = sample_box()
    lurker = next(e for e in box.enemies if e.name == "Bog Lurker")
    assert (lurker.deck, lurker.health, lurker.damage, lurker.nodes, lurker.additional) == (
        "green", 3, 2, ("top", "bottom"), 1)
    assert lurker.during and lurker.after and lurker.rewards


def test_ts_1_11_a_boss_is_an_enemy_without_a_deck() -> None:
    box = sample_box()
    assert all(b.boss and b.deck is None for b in box.bosses)


def test_ts_1_12_combat_card_edges() -> None:
    reed = sample_box().card("Reed Step")
    assert reed is not None
    assert reed.left[0].positions == ("top", "middle") and reed.right == ("middle",)


def test_ts_1_13_node_positions_default() -> None:
    assert sample_box().dice.nodes == ("top", "middle", "bottom")


# ---------------------------------------------------------------- 2 zones


def test_ts_2_1_every_die_is_in_exactly_one_zone() -> None:
    box = make_box(enemies=[enemy(f"E{i}", 3) for i in range(20)])
    game = make_game(box, seed=4)
    for _ in range(5):
        game.play_round()
        game.t.round += 1
        t = game.t
        zones = t.pool + t.active + t.exhausted + t.banished_dice + [
            d for f in t.foes for d in f.applied]
        assert sorted(zones) == list(range(17))


def test_ts_2_2_stat_dice_are_not_unit_dice() -> None:
    game = make_game(make_box())
    assert len(game.t.colour_of) == 17  # the three stat dice are the hero's values only


# ---------------------------------------------------------------- 3 setup


def test_ts_3_1_setup_steps() -> None:
    box = sample_box()
    game = make_game(box, hero_name="Corvan the Ashwright", boss="Mother of Thorns")
    t = game.t
    assert t.boss.name == "Mother of Thorns" and t.dial_colour == "yellow"
    assert len(t.hand) == t.strategy == 3 and len(t.combat_deck) == 7
    assert {n: len(d) for n, d in t.enemy_decks.items()} == {
        "purple": 10, "gray": 10, "green": 10, "blue": 10}
    assert all(e.deck == n for n, d in t.enemy_decks.items() for e in d)


# ---------------------------------------------------------------- 4 difficulty


def test_ts_4_1_ranks_are_cumulative() -> None:
    box = make_box()
    five = make_game(box, rank=5)
    assert len(five.t.pool) == 12 and len(five.t.banished_dice) == 5
    assert five.t.hand_limit() == five.t.strategy - len(five.t.inventory)
    assert (five.t.health, five.t.strategy, five.t.recovery) != (5, 3, 2)  # rank 4 too


def test_ts_4_2_boss_threshold() -> None:
    assert [threshold(r) for r in (1, 2, 3, 4, 5)] == [8, 8, 7, 7, 7]


def test_ts_4_3_hand_limit_counts_items_from_rank_2() -> None:
    item = enemy("Trinket", item="single-use: draw 1")
    for rank, limit in ((1, 3), (2, 2)):
        game = make_game(make_box(), rank=rank)
        game.t.inventory.append(item)
        assert game.t.hand_limit() == limit


# ---------------------------------------------------------------- 5 the round


def test_ts_5_1_rounds_until_won_or_lost() -> None:
    box = make_box(enemies=[enemy(f"E{i}", 6, 3) for i in range(20)])
    outcome = make_game(box, faces=[]).play()
    assert outcome.result == "lose" and outcome.round == 2  # 5 Health, 3 damage a round


def test_ts_5_2_activation_chains_additional_enemies() -> None:
    box = make_box(enemies=[enemy("Plain", 9), enemy("Caller", 9, additional=2),
                            enemy("Echo", 9, additional=1)])
    # One deck, shuffled: force the order by putting the chain on top.
    game = make_game(box)
    game.t.enemy_decks["gray"] = [box.enemies[0], box.enemies[2], box.enemies[1]]
    game.activation()
    assert [f.card.name for f in game.t.foes] == ["Caller", "Echo", "Plain"]


def test_ts_5_3_start_of_engagement_effects() -> None:
    box = make_box(heroes=[hero(abilities=["start of engagement: draw 1"])])
    game = make_game(box, Script(strike=[0, 0, 0]))
    engage(game, enemy("E", 9))
    assert len(game.t.hand) == 4


def test_ts_5_4_a_pass_strikes_commits_rolls_applies() -> None:
    box = make_box(cards=[card("Own", "hero", {"top": "draw 1"})] + [
        card(f"B{i}") for i in range(9)])
    game = make_game(box, Script(repeat=[1]), faces=[BASIC] * 4)
    foe = engage(game, enemy("E", 3))[0]
    assert foe.defeated  # 4 yellow hits committed, rolled and applied in one pass
    assert game.t.passes == 1


def test_ts_5_5_repeating_rerolls_every_unapplied_die() -> None:
    game = make_game(make_box(), Script(repeat=[0, 1]), faces=[MISS] * 4 + [BASIC] * 4)
    foe = engage(game, enemy("E", 4))[0]
    assert foe.defeated and game.t.passes == 2


def test_ts_5_5_no_repeat_once_every_enemy_is_defeated() -> None:
    script = Script()
    game = make_game(make_box(), script, faces=[CRIT] * 4)
    engage(game, enemy("E", 2))
    assert game.t.passes == 1 and not any(d.kind == "repeat" for d in script.asked)


def test_ts_5_6_resolve_phase_order() -> None:
    box = make_box(enemies=[enemy("Biter", 9, 2, after="lose 1 health")] * 10)
    log: list[str] = []
    game = make_game(box, faces=[], log=log)
    game.play_round()
    t = game.t
    assert t.health == 2  # 2 damage, then the After effect
    assert not t.active and not t.foes and len(t.menhir) == 1 and t.dial_colour == "green"


def test_ts_5_7_a_new_round_begins_with_activation() -> None:
    box = make_box(enemies=[enemy(f"E{i}", 1) for i in range(10)])
    game = make_game(box, faces=[CRIT] * 40)
    game.play_round()
    game.t.round += 1
    game.activation()
    assert len(game.t.foes) == 1


# ---------------------------------------------------------------- 6 strikes


def test_ts_6_1_drawing_reshuffles_the_discard() -> None:
    game = make_game(make_box())
    t = game.t
    t.combat_discard, t.combat_deck = t.combat_deck, []  # 7 cards in the discard
    strategy.draw(game, 2)
    assert len(t.hand) == 5 and len(t.combat_deck) == 5 and t.combat_discard == []
    t.combat_deck.clear()
    t.hand.clear()
    strategy.draw(game, 1)  # both empty: nothing
    assert t.hand == []


def test_ts_6_2_cards_chain_to_the_right_of_the_row() -> None:
    cards = [card("Own", "hero", {"top": "strike again"}, right="top")] + [
        card(f"B{i}", left={"top": "strike again"}, right="top") for i in range(9)]
    game = make_game(make_box(cards=cards, heroes=[hero(strategy=6)]))
    foe = engage(game, enemy("E", 99, nodes="top"))[0]
    t = game.t
    assert len(foe.chain) >= 6  # every card in hand, one after another, then drawn ones
    assert len(foe.chain) + len(t.hand) + len(t.combat_deck) == 10


def test_ts_6_3_nodes_must_match() -> None:
    cards = [card("Own", "hero", {"bottom": "draw 1"})] + [
        card(f"B{i}", left={"bottom": "draw 1"}) for i in range(9)]
    game = make_game(make_box(cards=cards))
    foes = engage(game, enemy("NoNodes", 9, nodes=""), enemy("Top", 9, nodes="top"))
    assert foes[0].chain == [] and foes[1].chain == []


def test_ts_6_4_only_matching_strike_effects_resolve() -> None:
    cards = [card("Own", "hero", {"top": "draw 1", "middle": "gain 1 health"})]
    game = make_game(make_box(cards=cards, heroes=[hero(health=4, strategy=1)]),
                     Script(strike=[pick("play"), pick("none")]))
    engage(game, enemy("E", 9, nodes="middle"))
    assert game.t.health == 5 and len(game.t.hand) == 0  # health yes, draw no


def test_ts_6_5_a_spanning_effect_resolves_once() -> None:
    cards = [card("Own", "hero", {"top middle": "gain 1 health"})]
    game = make_game(make_box(cards=cards, heroes=[hero(health=3, strategy=1)]),
                     Script(strike=[pick("play"), pick("none")]))
    engage(game, enemy("E", 9, nodes="top middle"))
    assert game.t.health == 4


def test_ts_6_6_strike_again_grants_a_strike() -> None:
    cards = [card("Own", "hero", {"top": "strike again"})] + [
        card(f"B{i}", left={"top": "strike again"}) for i in range(9)]
    script = Script(strike=[pick("play"), pick("draw"), pick("none")])
    game = make_game(make_box(cards=cards, heroes=[hero(strategy=1)]), script)
    foe = engage(game, enemy("E", 9, nodes="top"))[0]
    assert len(foe.chain) == 1 and len(game.t.hand) == 1  # the extra strike drew
    assert [d.kind for d in script.asked].count("strike") == 2  # the draw ends it


def test_ts_6_7_defeated_enemies_still_take_cards() -> None:
    cards = [card("Own", "hero", {"top": "draw 1"})] + [
        card(f"B{i}", left={"top": "draw 1"}) for i in range(9)]
    script = Script(strike=[pick("play")])
    game = make_game(make_box(cards=cards, heroes=[hero(strategy=1)]), script)
    foes = [Foe(enemy("Done", 1)), Foe(enemy("Other", 9, nodes=""))]
    foes[0].defeated = True
    game.t.foes = foes
    strategy.strike_step(game)
    assert len(foes[0].chain) == 1 and len(game.t.hand) == 1  # played there, and drew


def test_ts_6_8_combat_cards_are_not_items() -> None:
    game = make_game(make_box(), rank=2)
    assert game.t.hand_limit() == game.t.strategy  # a full hand is no inventory


def test_ts_6_9_upgraded_card_on_top_banishes_the_old_top() -> None:
    up = card("Shiny", "upgraded")
    box = make_box(cards=[card("Own", "hero")] + [card(f"B{i}") for i in range(9)] + [up])
    game = make_game(box, Script(destination=[1]))  # hand, top, discard: the top
    t = game.t
    old_top = t.combat_deck[-1].name
    from tgc.rulesets.twenty_strong.engines.resolve import gain_upgraded

    gain_upgraded(game, "Shiny")
    assert t.combat_deck[-1].name == "Shiny" and t.banished_cards == [old_top]
    assert t.supply == []
    gain_upgraded(game, "Shiny")  # no longer in the supply: nothing
    assert t.banished_cards == [old_top]


def test_ts_6_9_no_destination_no_card() -> None:
    box = make_box(cards=[card("Own", "hero"), card("Shiny", "upgraded")],
                   heroes=[hero(strategy=1)])
    game = make_game(box)
    game.t.hand.clear()
    from tgc.rulesets.twenty_strong.engines.resolve import gain_upgraded

    gain_upgraded(game, None)
    assert [c.name for c in game.t.supply] == ["Shiny"]


def test_odds_helpers_sanity() -> None:
    """A yellow die (2 of 6 hit) against 1 Health: 1/3 in one pass, 5/9 in two."""
    one = Engagement((Die(2, 6),), (Target(1, 2, 1, frozenset({0})),), ((1,),))
    two = Engagement((Die(2, 6),), (Target(1, 2, 1, frozenset({0})),), ((1,), (0,)))
    assert odds(one) == Fraction(1, 3) and odds(two) == Fraction(5, 9)
    assert B == BASIC
