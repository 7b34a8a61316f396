"""Grimslingers Instant items gained outside a duel (spec §3.6, §10.8, §16.4-16.5): in a
Tall Tale, an Instant item resolves the moment its taker draws it, in a story part, a
landmark, a creature's reward or a traded set, in `tgc play`, in a policy's walk and in
`tgc explore`. On the sample Tall Tale with cards of our own added."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from click.testing import CliRunner

from tests.gs_helpers import card
from tests.test_gs_tale_rules import TALE, _fight
from tgc.cli.main import cli
from tgc.rulesets.grimslingers.data import Card, GainItem, Part, TallTale
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.adventure import new_party, walk
from tgc.rulesets.grimslingers.engines.story import apply_action, resolve_part
from tgc.rulesets.grimslingers.engines.tale import Taking, TaleState, new_state
from tgc.rulesets.grimslingers.fxtext import parse_fx
from tgc.rulesets.grimslingers.rules import index

REPO = Path(__file__).resolve().parents[1]
DYNAMITE = card("Unstable Dynamite", "item", "4 dmg", rn=6, types=("instant", "standard"),
                category="general", instant_fx=parse_fx("roll(1-2 = user 3 dmg, discard this card)"))
TONIC = card("Quick Tonic", "item", "user gains 2 hp", rn=None, types=("instant",),
             target="self", category="general")
ROUND = card("Round of Whiskey", "item", "target gains 1 ep", rn=None, types=("instant",),
             target="team", category="general")
SHOT = card("Stray Shot", "item", "3 dmg", rn=None, types=("instant",), category="general")
JUJU = card("Revive Juju", "item", rn=None, types=("passive",), category="general", saves=1)
OURS = (DYNAMITE, TONIC, ROUND, SHOT, JUJU)
OWN: TallTale = TALE.model_copy(update={"cards": (*TALE.cards, *OURS)})


def _party(*names: str) -> TaleState:
    state = new_state(OWN, list(names))
    state.party = new_party(index(OWN), list(names))
    return state


def _gain(state: TaleState, item: str, seed: int = 0) -> None:
    assert apply_action(state, GainItem(item=item), _fight("win"), random.Random(seed)) is None \
        or state.game_over


def _names(cards: list[Card]) -> list[str]:
    return [c.name for c in cards]


def test_gs_3_6_an_instant_item_found_in_a_tall_tale_resolves_as_it_is_drawn() -> None:
    state = _party("Kipper")
    kipper = state.party[0]
    kipper.hp = 2
    _gain(state, "Quick Tonic")
    assert kipper.hp == 4  # its FX at once: no duel needed
    assert "Quick Tonic" not in _names(kipper.items()) and _names(state.item_discard) == ["Quick Tonic"]
    assert "Kipper draws Quick Tonic, an Instant item: it resolves at once" in state.log[-1]


def test_gs_10_8_unstable_dynamite_found_in_a_story_part_goes_off_or_stays_a_standard_item() -> None:
    seen = set()
    for seed in range(10):
        state = _party("Kipper")
        kipper = state.party[0]
        kipper.hand.pop()  # room in the hand
        _gain(state, "Unstable Dynamite", seed)
        if "Unstable Dynamite" in _names(state.item_discard):
            seen.add("off")
            assert kipper.hp == 5 - 3 and "Unstable Dynamite" not in _names(kipper.items())
            assert "goes to the item discard pile" in state.log[-1]
        else:
            seen.add("kept")
            assert kipper.hp == 5 and kipper.hand[-1] is DYNAMITE  # placed as any item is
            assert "stays, now a card like any other: to the hand" in state.log[-1]
    assert seen == {"off", "kept"}


def test_gs_3_6_whom_an_instant_item_reaches_between_duels() -> None:
    state = _party("Kipper", "Luella")
    for c in state.party:
        c.ep = 2
    _gain(state, "Round of Whiskey")  # team: the whole party
    assert [c.ep for c in state.party] == [3, 3]
    _gain(state, "Stray Shot")  # aimed at a foe: there is none
    assert [c.hp for c in state.party] == [5, 5]
    assert _names(state.item_discard) == ["Round of Whiskey", "Stray Shot"]


def _blown(seed_from: int = 0) -> int:
    """A seed whose Dynamite goes off (GS-10.8's roll of 1-2)."""
    for seed in range(seed_from, seed_from + 50):
        state = _party("Kipper")
        _gain(state, "Unstable Dynamite", seed)
        if "Unstable Dynamite" in _names(state.item_discard):
            return seed
    raise AssertionError("no seed")


def test_gs_16_4_a_player_an_instant_item_fells_between_duels_spends_an_allowed_defeat() -> None:
    seed = _blown()
    state = _party("Kipper")
    kipper = state.party[0]
    kipper.hp, before = 2, state.defeats_left
    _gain(state, "Unstable Dynamite", seed)
    assert state.defeats_left == before - 1 and not state.game_over
    assert (kipper.hp, kipper.ep) == (3, 3)  # revived at once (GS-16.5)
    assert "Kipper is defeated" in state.log[-1] and "Kipper revives with 3 HP and 3 EP" in state.log[-1]
    kipper.hp, state.defeats_left = 1, 0
    part = Part(id="9.1", title="A Lit Fuse", chapter=1,
                actions=(GainItem(item="Unstable Dynamite"), GainItem(item="Quick Tonic")))
    state.item_discard.clear()
    assert resolve_part(state, part, _fight("win"), random.Random(seed)) == "game_over"
    assert state.game_over and "Quick Tonic" not in _names(kipper.items())  # it stopped there


def test_gs_10_7_revive_juju_saves_from_an_instant_item_in_a_tall_tale_too() -> None:
    seed = _blown()
    state = _party("Kipper")
    kipper = state.party[0]
    kipper.hp, kipper.passive, before = 2, [JUJU], state.defeats_left
    _gain(state, "Unstable Dynamite", seed)
    assert state.defeats_left == before and kipper.hp == 1 and JUJU not in kipper.passive


def test_gs_3_6_nyunyo_may_refuse_an_instant_item_before_it_resolves() -> None:
    state = _party("Nyunyo")
    nyunyo = state.party[0]
    belt, nyunyo.hp = nyunyo.belt or 0, 2
    state.taker = lambda s, c: Taking(nyunyo, refused=True)
    _gain(state, "Quick Tonic")
    assert nyunyo.hp == 2 and nyunyo.belt == belt + 3 and state.item_discard == []


# ---------------------------------------------------------------- tgc play, walk, explore

LETTER = card("Tumbleweed Letter", "item", "user discards 1 card; user gains 2 ep", rn=None,
              types=("instant",), target="self", category="general")


def _opening(item: str) -> TallTale:
    """The sample with part 1.1 giving ``item`` (read on the first move west)."""
    first = TALE.parts[0].model_copy(update={"actions": (GainItem(item=item),)})
    return OWN.model_copy(update={"cards": (*OWN.cards, LETTER),
                                  "parts": (first, *TALE.parts[1:])})


def _play(tale: TallTale, party: tuple[str, ...], answers: list[str], seed: int = 1) -> str:
    return session.replay(tale, {}, session.Header(party, seed), iter(answers))[0]


def test_tgc_play_says_what_an_instant_item_does_as_it_resolves() -> None:
    text = _play(_opening("Unstable Dynamite"), ("Kipper", "Nyunyo"), ["1", "1", "2", ":quit"])
    assert "? Who takes Unstable Dynamite\n  1. Kipper (an Instant item: it resolves at once)\n" \
           "  2. Nyunyo (an Instant item: it resolves at once)\n" \
           "  3. Nyunyo refuses it: +3 bullets on the belt\n> 2\n" \
           "  Nyunyo draws Unstable Dynamite, an Instant item: it resolves at once\n" \
           "  roll 2\n  Nyunyo now 2/5 HP, 5/5 EP\n" \
           "  Unstable Dynamite goes to the item discard pile\nThe part is completed.\n" in text
    assert "Nyunyo 2/5 HP" in text.split("-- turn 2")[1]


def test_tgc_play_asks_the_players_the_choices_inside_an_instant_item_once() -> None:
    text = _play(_opening("Tumbleweed Letter"), ("Kipper",), ["1", "1", "2", ":quit"])
    body = text.split("Objective: ")[1].split("The part is completed.")[0]
    assert body.count("Kipper draws Tumbleweed Letter, an Instant item: it resolves at once") == 1
    said, question = body.split("? Kipper: card 1 of 1 to discard\n")
    assert said.endswith("  Kipper draws Tumbleweed Letter, an Instant item: it resolves at once\n")
    assert question.startswith("  1. ") and "> 2\n" in question
    assert "  Tumbleweed Letter goes to the item discard pile\n" in body
    kipper = text.split("-- turn 2")[1].splitlines()
    assert any(line.startswith("  Kipper 5/5 HP, 5/5 EP") for line in kipper)  # +2 EP, capped


def test_a_policy_walk_resolves_and_reports_an_instant_item() -> None:
    out = walk(_opening("Unstable Dynamite"), ["Kipper"], seed=1)
    said = [line for line in out.log if "draws Unstable Dynamite" in line]
    assert said == ["  Kipper draws Unstable Dynamite, an Instant item: it resolves at once; "
                    "roll 5; Unstable Dynamite stays, now a card like any other: to the "
                    "deactivate pile"]


SHORT_FUSE = REPO / "tests" / "cases" / "grimslingers" / "short-fuse"


def _cli(*args: str, given: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), input=given)
    return result.exit_code, result.output


def test_the_explorer_branches_on_an_instant_items_roll() -> None:
    code, out = _cli("explore", str(SHORT_FUSE), "--party", "Kipper", "--witness", "1.2")
    assert code == 0, out
    route = out.split("turn 1: ")[1].splitlines()[0]
    face = int(route.rsplit("roll ", 1)[1])
    assert route.startswith('east to 2C; read 1.1 "A Crate in the Sand"') and 3 <= face <= 6
    assert "NOT CONFIRMED" not in out  # kept, so part 1.2 can be read


def test_tgc_play_from_the_command_line_and_from_a_bundle(tmp_path: Path) -> None:
    code, out = _cli("play", str(SHORT_FUSE), "--party", "Kipper", "--seed", "1",
                     given="1\n1\n:quit\n")
    assert code == 0, out
    assert "  Kipper draws Unstable Dynamite, an Instant item: it resolves at once\n" in out
    shutil.copytree(SHORT_FUSE, tmp_path / "fuse")  # a build writes the campaign's tgc.lock
    code, built = _cli("build", str(tmp_path / "fuse"), "-o", str(tmp_path / "out"))
    assert code == 0, built
    bundle = next((tmp_path / "out").glob("*.json"))
    code, again = _cli("play", str(bundle), "--party", "Kipper", "--seed", "1",
                       given="1\n1\n:quit\n")
    assert code == 0 and again == out
