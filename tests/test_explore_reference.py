"""`tgc explore` against a brute-force reference (tests/brute_force.py) on many small
generated campaigns: statuses with parts and a trigger, a flag, secrets, an item that can
be gained twice, food that choices cost, conditional diverts and effects, loops back to
earlier verses, two locations (one revealed by play). The reference plays every concrete
state; the explorer abstracts. Where both finish, they must agree: the explorer misses no
verse or ending a concrete play reaches (it is sound), and every verse it reports reached
has a witness that replays (so its report equals the reference's)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.brute_force import reference
from tgc.bundle.compile import CompileError, compile_bundle
from tgc.bundle.lock import read_lock
from tgc.bundle.numbering import number_verses
from tgc.explore.explorer import Exploration, explore
from tgc.explore.report import summary
from tgc.explore.witness import witness
from tgc.pipeline import Job, run
from tgc.runtime import Book, new_state

SEEDS = (*range(100), 129)  # 129: a witness needing less food (Features.more_may_hurt)
PARTY_SEEDS = tuple(range(0, 60, 2))
NO_EXIT = "no play leaves this point"  # report.py's reason for a trap (not a loop without input)


def campaign_text(seed: int, party: bool = False) -> str:
    """A small campaign of 5-9 verses at location 1 and 2-4 at location 2 (revealed by a
    verse of the first), every line drawn from ``random.Random(seed)``. For a ``party``,
    effects that every member pays or gains too (a member short of a ``pay`` drops out)."""
    rng = random.Random(seed)
    first = [f"1.{n}" for n in range(1, rng.randint(5, 9) + 1)]
    second = [f"2.{n}" for n in range(1, rng.randint(2, 4) + 1)]
    trigger = rng.choice(first[1:])
    lines = [
        '@campaign "Reference"', "  start: 1", "",
        '@location 1 "Mill"', "  explore -> 1.1", "",
        '@location 2 "Weir"', "  explore -> 2.1", "",
        '@status "Ash" parts 3', f"  when parts 1-3 -> {trigger}", "",
        '@status "Oath"', "",
        '@secret 1 "Reed"', '@secret 2 "Stone"', "",
        '@item "Rope"', "",
    ]
    conditions = ['status "Ash" 1', 'status "Ash" 2-3', 'status "Ash" any 2', 'status "Oath"',
                  "secret 1", "secret 2", 'item "Rope"', "not secret 1", 'not status "Oath"',
                  "food >= 2"]
    effects = ['mark "Ash" 1', 'mark "Ash" 2', 'mark "Ash" 3', 'unmark "Ash" 1', 'mark "Oath"',
               'unmark "Oath"', "gain secret 1", "gain secret 2", "lose secret 1",
               'gain item "Rope"', 'lose item "Rope"', "gain 1 food", "lose 1 food"]
    if party:
        effects += ["each pay 1 food", "each gain 1 food", "each pay 1 food"]
    reveal = rng.choice(first)
    for verses in (first, second):
        for vid in verses:
            lines += [f"== {vid}", f"Verse {vid} is read."]
            if vid == reveal:
                lines.append("~ reveal location 2")
            for _ in range(rng.randint(0, 2)):
                effect = rng.choice(effects)
                guarded = rng.random() < 0.3
                lines.append(f"~ if {rng.choice(conditions)}: {effect}" if guarded else f"~ {effect}")
            if rng.random() < 0.3:
                lines.append(f"~ if {rng.choice(conditions)} -> {rng.choice(verses).split('.')[1]}")
            targets = [v.split(".")[1] for v in verses] + ["end"]
            for index in range(rng.randint(1, 3)):
                guard = ""
                if index and rng.random() < 0.5:
                    guard = "{" + rng.choice([*conditions, "pay 1 food"]) + "} "
                lines.append(f"* {guard}Go on {index} -> {rng.choice(targets)}")
            if all(line.startswith("* {") for line in lines[-3:] if line.startswith("*")):
                lines.append("* Leave -> end")
            lines.append("")
    return "\n".join(lines) + "\n"


def _book(seed: int, tmp: Path, party: bool = False) -> Book | None:
    source = tmp / "campaign.tgj"
    source.write_text(campaign_text(seed, party), encoding="utf-8")
    result = run(Job(tmp, until="check"))
    campaign = result.campaign
    assert campaign is not None
    if any(d.code < "TGC200" for d in result.diagnostics if d.severity.name == "ERROR"):
        return None
    lock, _, _ = read_lock(tmp / "tgc.lock", "tgc.lock")
    numbering, _ = number_verses(campaign, lock)
    try:
        return Book(compile_bundle(campaign, numbering, tmp))
    except CompileError:
        return None


def test_the_generator_writes_campaigns_the_parser_takes(tmp_path: Path) -> None:
    """Not vacuous: (almost) every generated campaign compiles and plays."""
    books = [_book(seed, tmp_path / str(seed)) for seed in SEEDS if (tmp_path / str(seed)).mkdir() is None]
    assert sum(b is not None for b in books) >= len(SEEDS) - 2


def _replays(found: Exploration, verse: str) -> bool:
    shown = witness(found, verse)
    return shown is not None and shown.found


@pytest.mark.parametrize("seed", SEEDS)
def test_explore_agrees_with_the_brute_force_reference(seed: int, tmp_path: Path) -> None:
    _agrees(seed, tmp_path, [])


@pytest.mark.parametrize("seed", PARTY_SEEDS)
def test_a_party_of_two_agrees_with_the_brute_force_reference(seed: int, tmp_path: Path) -> None:
    """Numbers are carried as sets for a party too: a test reads the members' tuple, with
    the members a ``pay`` left out of the exploration left out of it."""
    _agrees(seed, tmp_path, ["Ann", "Bo"])


def _agrees(seed: int, tmp_path: Path, party: list[str]) -> None:
    book = _book(seed, tmp_path, bool(party))
    if book is None:
        pytest.skip("the generated campaign does not compile")
    start = new_state(book.bundle, party)
    truth = reference(book, start, max_states=5_000)
    if not truth.complete:
        pytest.skip("too many concrete states for the reference")
    found = explore(book, start, max_states=50_000)
    assert found.complete
    missed = truth.reached - set(found.reached)
    assert not missed, f"the explorer misses verses a concrete play reaches: {sorted(missed)}"
    endings = {(kind, verse) for kind, verses in found.endings.items() for verse in verses}
    assert truth.endings <= endings, sorted(truth.endings - endings)
    for verse in sorted(set(found.reached) - truth.reached):
        shown = witness(found, verse)
        assert shown is None or not shown.found, f"{verse}: a witness replays, yet no play reaches it"
    unreplayed = [v for v in sorted(truth.reached) if not _replays(found, v)]
    assert not unreplayed, f"no witness replays for verses a concrete play reaches: {unreplayed}"
    traps = [t["verse"] for t in summary(found, 0.0)["trap_loops"] if t["reason"] == NO_EXIT]
    false = sorted(set(traps) - truth.trapped)
    assert not false, f"trap loops reported where every concrete play can leave: {false}"
    if truth.trapped and not party:
        doubted = [t["verse"] for t in summary(found, 0.0).get("traps_in_doubt", [])]
        named = {*traps, *doubted, *found.loops}
        assert truth.trapped <= named, f"plays are trapped at {sorted(truth.trapped - named)}, unnamed"
