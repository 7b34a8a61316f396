"""The explorer's parcels (tgc/explore/parcel.py) and its frontier's memory (toward.py):
a waiting play kept as a parcel opens into a story equal to a fork of the kept one, and
the frontier lets go of what it has given out."""

from __future__ import annotations

from pathlib import Path

import pytest

from tgc.explore import explorer as ex_module
from tgc.explore.explorer import Explorer, Task
from tgc.explore.parcel import Parcel
from tgc.explore.toward import Frontier
from tgc.pipeline import load_playable
from tgc.runtime import Book, new_state
from tgc.runtime.story import Story

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def sample() -> Book:
    bundle, _ = load_playable(ROOT / "journal_src")
    return Book(bundle)


def _same(one: Story, other: Story) -> list[str]:
    """The fields where two stories differ (the generator by its seed and draws)."""
    out = []
    for name, value in vars(one).items():
        theirs = vars(other)[name]
        if name == "rng":
            same = (value.seed, value._made and value._made.getstate()) == (
                theirs.seed, theirs._made and theirs._made.getstate())
        else:
            same = value == theirs
        if not same:
            out.append(name)
    return out


def test_every_waiting_play_opens_equal_to_its_fork(sample: Book, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each play the search keeps waiting, opened from its parcel, equals a fork of it
    taken at that moment, field by field, and the parcel does not move when the play it
    was taken from goes on (the cursor moves in place)."""
    search = Explorer(sample, new_state(sample.bundle), max_states=400)
    search.packer.active = True  # as once memory runs short
    kept: list[tuple[Story, Story | Parcel]] = []
    push = search._push

    def watch(task: Task) -> None:
        fork = task.story.fork()
        push(task)
        kept.append((fork, task.held))

    monkeypatch.setattr(search, "_push", watch)
    search.run()
    assert len(kept) > 300
    for fork, parcel in kept:
        assert isinstance(parcel, Parcel)  # every play pushed waits as a parcel
        opened = parcel.open()  # after its play has run on
        assert _same(fork, opened) == []
        assert opened.state is not fork.state and opened.before_op == search.base.before_op


def test_a_parcel_is_small(sample: Book) -> None:
    """A parcel is a few hundred bytes where the story it keeps is tens of kilobytes."""
    search = Explorer(sample, new_state(sample.bundle), max_states=50)
    search.run()
    parcel = search.packer.pack(search.base)
    assert len(parcel.data) < 400
    assert _same(parcel.open(), search.base.fork()) == []


def test_the_search_reports_the_same_with_stories_kept_whole(sample: Book, monkeypatch: pytest.MonkeyPatch
                                                              ) -> None:
    """Parcels change what a waiting play costs, never what the search finds: the same
    points, in the same order, as with every play kept as a story. Packing starts once
    memory passes a share of the budget (here: at once); with memory to spare, never."""
    start = new_state(sample.bundle)
    monkeypatch.setattr(ex_module, "PACK_FROM", 0.0)
    packing = Explorer(sample, start, max_states=2_000, memory=1 << 40)
    parcelled = packing.run()
    assert packing.packer.active
    monkeypatch.setattr(ex_module, "PACK_FROM", 0.4)
    kept_whole = Explorer(sample, start, max_states=2_000, memory=1 << 40)
    whole = kept_whole.run()
    assert not kept_whole.packer.active
    assert [(n.parent, n.labels, n.verse, n.kind) for n in parcelled.nodes] == [
        (n.parent, n.labels, n.verse, n.kind) for n in whole.nodes]
    assert parcelled.reached == whole.reached and parcelled.complete == whole.complete


def test_the_plays_already_waiting_are_parcelled_once_packing_starts(
        sample: Book, monkeypatch: pytest.MonkeyPatch) -> None:
    """When memory runs short in the middle of a search, the plays that waited before are
    packed too (kept whole, they held most of a search's memory at the budget), and the
    search still finds exactly what a search that never packs finds."""
    start = new_state(sample.bundle)
    whole = Explorer(sample, start, max_states=2_000, memory=1 << 40).run()
    paces = 0

    def resident() -> int:  # short of memory from the third look at the pace on
        nonlocal paces
        paces += 1
        return 1 << 39 if paces >= 3 else 0

    monkeypatch.setattr(ex_module, "resident", resident)
    search = Explorer(sample, start, max_states=2_000, memory=1 << 40)
    pace = search._pace
    whole_after: list[int] = []

    def look() -> bool:
        going = pace()
        if search.packer.active and not whole_after:
            waiting = [item if isinstance(item, Task) else item.task for item in search.frontier.pending()]
            waiting += [join.task for join in search.joins.values()]
            whole_after.append(sum(isinstance(task.held, Story) for task in waiting) + 1)
            assert len(waiting) > 100
        return going

    monkeypatch.setattr(search, "_pace", look)
    packed = search.run()
    assert whole_after == [1]  # no waiting play was left whole
    assert [(n.parent, n.labels, n.verse, n.kind) for n in packed.nodes] == [
        (n.parent, n.labels, n.verse, n.kind) for n in whole.nodes]
    assert packed.reached == whole.reached and packed.complete == whole.complete


def test_the_frontier_lets_go_of_what_it_gave_out() -> None:
    """A taken item is no longer held by the frontier (it held every play it had run,
    stories and all, until the other queue came to it)."""
    frontier: Frontier[list[int]] = Frontier()
    frontier.aim(lambda item: ("v", None, False), {("v", None, False): 0})
    items = [[n] for n in range(10)]
    for item in items:
        frontier.add(item)
    taken = [frontier.take()[0] for _ in range(4)]
    assert sorted(taken) == [[0], [1], [2], [3]]
    held = [slot.item for slot in frontier.ages] + [
        slot.item for bucket in frontier.buckets.values() for side in bucket for slot in side]
    assert not any(item in taken for item in held if item is not None)
    assert len(frontier) == 6
