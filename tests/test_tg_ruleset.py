"""The ruleset plugged into the interpreter: `~ encounter "Name": win -> ...` in a verse is
played by the real rules, its costs land in the GameState, and the story follows the arm."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tgc.bundle.compile import compile_bundle
from tgc.bundle.schema import Bundle
from tgc.pipeline import check
from tgc.rulesets.tainted_grail.checks import campaign_rules
from tgc.rulesets.tainted_grail.engines.ruleset import TaintedGrailRuleset
from tgc.rulesets.tainted_grail.records import Rules
from tgc.rulesets.tainted_grail.schema import TaintedGrailRules
from tgc.runtime import Rng, Story, new_state
from tgc.runtime import events as ev

SAMPLE = Path(__file__).resolve().parents[1] / "journal_src"


@functools.cache
def _sample() -> tuple[Bundle, Rules]:
    from tests.bundle_helpers import number

    result = check(SAMPLE)
    assert result.campaign is not None
    numbering, _ = number(SAMPLE)
    return compile_bundle(result.campaign, numbering, SAMPLE), campaign_rules(result.campaign)[0]


def sample_story(party: list[str], seed: int) -> tuple[Story, TaintedGrailRuleset]:
    bundle, rules = _sample()
    keywords = {item.name: item.keywords for item in bundle.items}
    ruleset = TaintedGrailRuleset(rules, "greedy", keywords, log=lambda line: None)
    return Story(bundle, new_state(bundle, party), ruleset, Rng(seed)), ruleset


def test_named_encounter_is_played_and_the_story_follows_its_arm() -> None:
    story, ruleset = sample_story(["Arev"], 3)
    story.goto("204.2")  # Corrach the Ferryman: win -> 5; lose -> 6; avoid -> 7
    events = story.run()
    started = [e for e in events if isinstance(e, ev.EncounterStarted)]
    resolved = [e for e in events if isinstance(e, ev.EncounterResolved)]
    assert started and not started[0].waits
    assert ruleset.last is not None and resolved[0].outcome == ruleset.last.arm
    entered = [e.verse for e in events if isinstance(e, ev.VerseEntered)]
    assert entered[-1] == {"win": "204.5", "lose": "204.6", "avoid": "204.7"}[ruleset.last.arm]


def test_the_fight_changes_the_state() -> None:
    story, ruleset = sample_story(["Beor"], 1)
    before = story.state.party[0].copy()
    story.goto("204.arrival")  # `~ encounter gray`: a draw from the gray deck
    story.run()
    assert ruleset.last is not None and ruleset.last.encounter in {
        "Ditch Cutpurse", "Drunken Pikeman", "Deserter Sergeant", "Gallows Captain"}
    hero = ruleset.last.heroes[0]
    after = story.state.party[0]
    assert after.tracks["health"] == min(hero.health, after.limits["health"])
    assert after.resources["exp"] == hero.resources["exp"]
    assert (hero.lost_health, hero.resources) != (0, before.resources)


def test_story_only_encounters_are_left_to_the_reader() -> None:
    story, ruleset = sample_story(["Adventurer"], 1)  # no @character of that name
    story.goto("204.2")
    events = story.run()
    started = [e for e in events if isinstance(e, ev.EncounterStarted)]
    assert started[0].waits and ruleset.last is None


def test_a_bundle_carries_the_rule_data_of_its_sources() -> None:
    from tgc.bundle.io import dump_bundle, parse_bundle
    from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules

    bundle, rules = _sample()
    assert isinstance(bundle.rules, TaintedGrailRules)
    card = next(c for c in bundle.rules.cards if c.number == "7U")
    assert card.kind == "combat" and card.name == "Hot Temper"
    assert card == rules.combat_cards["7U"]  # the typed record the loader built
    assert bundle_rules(parse_bundle(dump_bundle(bundle))) == rules


@pytest.mark.parametrize(("party", "verse", "seed"), [
    (["Arev"], "204.2", 1), (["Beor"], "204.arrival", 4), (["Beor", "Ailei"], "205.2", 2)])
def test_a_fight_from_the_bundle_alone_ends_as_from_the_sources(party: list[str], verse: str,
                                                                seed: int) -> None:
    from tgc.bundle.io import dump_bundle, parse_bundle

    story, ruleset = sample_story(party, seed)
    story.goto(verse)
    expected = story.run()
    bundle = parse_bundle(dump_bundle(_sample()[0]))  # nothing but the bundle's JSON
    alone = TaintedGrailRuleset.from_bundle(bundle, log=lambda line: None)
    again = Story(bundle, new_state(bundle, party), alone, Rng(seed))
    again.goto(verse)
    assert again.run() == expected
    assert alone.last is not None and ruleset.last is not None
    assert alone.last.log == ruleset.last.log and alone.last.outcome == ruleset.last.outcome
    assert again.state.party == story.state.party


def test_from_a_rule_payload_the_fight_is_played() -> None:
    from tgc.rulesets.tainted_grail.engines.bundled import rule_data, rules_payload

    bundle, _ = _sample()
    ruleset = TaintedGrailRuleset.from_bundle(bundle, rules_payload(rule_data(bundle)))
    story = Story(bundle, new_state(bundle, ["Arev"]), ruleset, Rng(1))
    story.goto("204.2")
    started = [e for e in story.run() if isinstance(e, ev.EncounterStarted)]
    assert not started[0].waits and ruleset.last is not None


# ---------------------------------------------------------------- the party of a state file (issue 9)


def test_a_state_files_party_keeps_its_declared_characters() -> None:
    """000, campaign setup (each player takes a Character Tray: its tracks, attributes and
    decks): Beor in the sample's own five-lights.json is the declared Beor (Health 9,
    aggression 2, his decks), not a default adventurer (8/8, aggression 1) as it used to be."""
    from tgc.runtime.book import Book
    from tgc.runtime.save import load_save

    bundle, rules = _sample()
    loaded = load_save(SAMPLE / "playtests" / "states" / "five-lights.json", Book(bundle))
    beor, ailei = loaded.state.party
    assert (beor.name, beor.tracks["health"], beor.attributes["aggression"]) == ("Beor", 9, 2)
    assert ailei.resources["magic"] == 1  # what the file says still wins
    member = TaintedGrailRuleset(rules).member(beor, loaded.state)
    assert member is not None and member.combat_deck is not None
    assert [c.number for c in member.combat_deck][:2] == ["1U", "2U"]
    assert member.health == 9 and member.attributes is not None and member.attributes["aggression"] == 2


def test_an_unknown_or_oversized_party_is_refused(tmp_path: Path) -> None:
    """000, campaign setup (1 to 4 players, each a Character of the box): `--party beorr` names
    no character (it used to start a default adventurer), and a party above the campaign's
    `players:` range cannot start, from --party or from a state file."""
    import json

    from click.testing import CliRunner

    from tgc.cli.main import cli

    runner = CliRunner()
    typo = runner.invoke(cli, ["play", str(SAMPLE), "--party", "beorr", "--script", "/dev/null"])
    assert typo.exit_code == 2 and 'no character "beorr"' in typo.output
    assert 'did you mean "Beor"?' in typo.output
    five = ",".join(["beor", "ailei", "arev", "maggot", "beor"])
    crowd = runner.invoke(cli, ["play", str(SAMPLE), "--party", five, "--script", "/dev/null"])
    assert crowd.exit_code == 2 and "this campaign is for 1-4 players" in crowd.output
    state = tmp_path / "crowd.json"
    state.write_text(json.dumps({"format": 1, "state": {"party": [{"name": n} for n in five.split(",")]}}))
    crowded = runner.invoke(cli, ["play", str(SAMPLE), "--state", str(state), "--script", "/dev/null"])
    assert crowded.exit_code == 2 and "this campaign is for 1-4 players" in crowded.output


def test_a_character_plays_once_in_a_party() -> None:
    from click.testing import CliRunner

    from tgc.cli.main import cli

    twice = CliRunner().invoke(cli, ["play", str(SAMPLE), "--party", "beor,Beor", "--script", "/dev/null"])
    assert twice.exit_code == 2 and '"Beor" is named twice' in twice.output


def test_a_bundle_alone_knows_a_story_encounter_and_a_declared_character(tmp_path: Path) -> None:
    """Typed rule data (bundle format 3): an ``@encounter`` the reader settles keeps its
    ``kind`` (a diplomacy can be avoided) and a declared character its numbers, read from
    the bundle's JSON with no loader."""
    from tests.runtime_helpers import book_of
    from tgc.bundle.io import dump_bundle, parse_bundle
    from tgc.runtime import Book

    book = book_of(tmp_path, '''@encounter "Old Hermit"
  kind: diplomacy
  text: He will talk, or he will not.

@character "Maren"
  number: 1
  colour: green
  health: 6
  max_health: 9
  energy: 4
  terror: 1
  courage: 3
  food: 5

@location 101 "Farm"
  explore -> 101.1

== 101.1
~ encounter "Old Hermit": win -> end; lose -> end; avoid -> end
''')
    again = Book(parse_bundle(dump_bundle(book.bundle)))
    assert again.outcomes(None, "Old Hermit") == ("win", "lose", "avoid")
    maren = new_state(again.bundle, ["maren"]).party[0]
    assert maren.name == "Maren"
    assert (maren.tracks, maren.limits["health"]) == ({"health": 6, "energy": 4, "terror": 1}, 9)
    # an attribute not declared: 0, as the engines read it (000, setup IV)
    assert (maren.attributes["courage"], maren.attributes["caution"]) == (3, 0)
    # a resource not declared: 0 too (000, setup V), not the default adventurer's 3
    assert (maren.resources["food"], maren.resources["wealth"]) == (5, 0)


def test_play_and_sim_read_a_declared_characters_unlisted_attributes_alike() -> None:
    """000, setup IV ("Mark your starting Attributes ... on the back of your Character
    Tile"): a declared character's attributes are the ones declared, the others 0. `tgc
    play` gave Beor spirituality 1 (the default adventurer's), so his Tempered Hide
    connected to a spirituality key that `tgc sim` (0) never connected."""
    from tgc.rulesets.tainted_grail.engines.hero import Hero
    from tgc.rulesets.tainted_grail.engines.simulate import MemberSpec, members_of
    from tgc.rulesets.tainted_grail.vocabulary import ATTRIBUTES

    bundle, rules = _sample()
    state = new_state(bundle, ["Beor"])
    beor = state.party[0]
    assert (beor.attributes["empathy"], beor.attributes["spirituality"]) == (0, 0)
    played = TaintedGrailRuleset(rules).member(beor, state)
    simmed = members_of(rules, (MemberSpec("Beor"),))[0]
    assert played is not None
    in_play, in_sim = Hero(played, 0, []), Hero(simmed, 0, [])
    assert {a: in_play.level(a) for a in ATTRIBUTES} == {a: in_sim.level(a) for a in ATTRIBUTES}


def test_play_and_sim_read_a_declared_characters_unlisted_resources_alike() -> None:
    """000, setup V ("Mark your starting Resources. They are also listed on the back of
    your Character Tile"): a declared character starts with the resources declared, the
    others 0. `tgc play` gave the sample's Arev (no `rep:` declared) the default
    adventurer's 1 Rep, `tgc sim` 0; a member no `@character` declares keeps the
    adventurer's (3 Food, 3 Wealth, 1 Rep, 2 Magic)."""
    from tgc.rulesets.tainted_grail.engines.hero import Hero
    from tgc.rulesets.tainted_grail.engines.simulate import MemberSpec, members_of
    from tgc.rulesets.tainted_grail.vocabulary import RESOURCES

    bundle, rules = _sample()
    arev, stranger = new_state(bundle, ["Arev", "Stranger"]).party
    assert (arev.resources["food"], arev.resources["magic"], arev.resources["rep"]) == (3, 1, 0)
    assert stranger.resources == {"food": 3, "wealth": 3, "rep": 1, "magic": 2, "exp": 0}
    played = TaintedGrailRuleset(rules).member(arev, new_state(bundle, ["Arev"]))
    simmed = members_of(rules, (MemberSpec("Arev"),))[0]
    assert played is not None
    in_play, in_sim = Hero(played, 0, []), Hero(simmed, 0, [])
    assert {r: in_play.res.get(r, 0) for r in RESOURCES} == {r: in_sim.res.get(r, 0) for r in RESOURCES}
