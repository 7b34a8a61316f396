"""Printed numbers across edits: adding, removing and renaming verses, numbered verses that
collide with the lock, and --shuffle."""

from __future__ import annotations

from pathlib import Path

from tests.bundle_helpers import chain, number, write_campaign
from tgc.bundle.lock import Lock, SectionLock, render_lock
from tgc.bundle.numbering import Numbering


def save(root: Path, numbering: Numbering) -> None:
    (root / "tgc.lock").write_text(render_lock(numbering.lock), encoding="utf-8")


def named(numbering: Numbering, section: str = "101") -> dict[str, str]:
    prefix = section + "."
    return {vid[len(prefix):]: n for vid, n in numbering.printed.items()
            if vid.startswith(prefix) and not vid[len(prefix)].isdigit()}


EXTRA = "== 101.2a\n-> end\n\n== 101.7\n-> end\n\n"


def test_named_verses_follow_the_highest_explicit_number_in_source_order(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, chain("101", ["well", "forge"]) + EXTRA)
    numbering, diags = number(root)
    assert diags == []
    assert named(numbering) == {"well": "8", "forge": "9"}
    assert numbering.printed["101.2a"] == "2a" and numbering.printed["101.7"] == "7"
    assert dict(numbering.lock.sections["101"].verses) == {"well": 8, "forge": 9}


def test_numbers_are_stable_when_verses_are_added(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, chain("101", ["well", "forge"]) + EXTRA)
    save(root, number(root)[0])
    write_campaign(tmp_path, chain("101", ["barn", "well", "forge"]) + EXTRA)
    numbering, _ = number(root)
    assert named(numbering) == {"barn": "10", "well": "8", "forge": "9"}


def test_a_removed_verse_retires_its_number_for_good(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, chain("101", ["well", "forge"]))
    save(root, number(root)[0])  # well 2, forge 3
    write_campaign(tmp_path, chain("101", ["well"]))
    numbering, _ = number(root)
    assert numbering.lock.sections["101"].retired == (3,)
    save(root, numbering)
    write_campaign(tmp_path, chain("101", ["well", "smithy"]))
    numbering, _ = number(root)
    assert named(numbering) == {"well": "2", "smithy": "4"}
    assert numbering.lock.sections["101"].retired == (3,)


def test_renaming_is_removing_and_adding(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, chain("101", ["well", "forge"]))
    save(root, number(root)[0])
    write_campaign(tmp_path, chain("101", ["wellspring", "forge"]))
    numbering, _ = number(root)
    assert named(numbering) == {"wellspring": "4", "forge": "3"}
    assert numbering.lock.sections["101"].retired == (2,)


def test_a_removed_section_retires_all_its_numbers(tmp_path: Path) -> None:
    lock = Lock({"bos": SectionLock({"ritual": 4, "oath": 5}, (2,))})
    root = write_campaign(tmp_path, chain("101", []))
    numbering, _ = number(root, lock)
    assert numbering.lock.sections["bos"] == SectionLock({}, (2, 4, 5))


def test_a_numbered_verse_may_not_take_a_locked_number(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, chain("101", ["well"]))
    save(root, number(root)[0])  # well 2
    write_campaign(tmp_path, chain("101", ["well"]) + "== 101.2\n-> end\n")
    numbering, diags = number(root)
    assert [(d.code, d.span.line, d.labels[0].span.line) for d in diags] == [
        ("TGC131", diags[0].span.line, 8)]
    assert "`101.2` prints as 2, which tgc.lock gives to `101.well`" in diags[0].message
    assert named(numbering) == {"well": "2"}


def test_a_numbered_verse_may_take_a_retired_number(tmp_path: Path) -> None:
    """Pinning a named verse to its old number: remove `forge`, write `== 101.3`."""
    root = write_campaign(tmp_path, chain("101", ["well", "forge"]))
    save(root, number(root)[0])  # forge 3
    write_campaign(tmp_path, chain("101", ["well"]) + "== 101.3\n-> end\n")
    numbering, diags = number(root)
    assert diags == []
    assert numbering.printed["101.3"] == "3"
    assert numbering.lock.sections["101"].retired == (3,)


def test_new_named_verses_go_above_later_explicit_numbers(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, chain("101", ["well"]))
    save(root, number(root)[0])  # well 2
    write_campaign(tmp_path, chain("101", ["well", "barn"]) + "== 101.12\n-> end\n")
    assert named(number(root)[0]) == {"well": "2", "barn": "13"}


def test_a_section_of_named_verses_starts_at_one(tmp_path: Path) -> None:
    verses = chain("101", []) + "== bos.ritual\n-> end\n\n== bos.oath\n-> end\n"
    numbering, _ = number(write_campaign(tmp_path, verses))
    assert named(numbering, "bos") == {"ritual": "1", "oath": "2"}


# ---------------------------------------------------------------- --shuffle

SHUFFLE_VERSES = chain("101", ["a", "b", "c", "d", "e", "f"]) + EXTRA + "== bos.1\n-> end\n"


def test_shuffle_numbers_every_section_one_to_n(tmp_path: Path) -> None:
    numbering, _ = number(write_campaign(tmp_path, SHUFFLE_VERSES), Lock(), shuffle=7)
    in_101 = sorted(int(n) for vid, n in numbering.printed.items() if vid.startswith("101."))
    assert in_101 == list(range(1, 10))
    assert numbering.printed["bos.1"] == "1"
    section = numbering.lock.sections["101"]
    assert section.shuffle == 7 and len(section.verses) == 9 and section.retired == ()


def test_shuffle_is_deterministic_and_depends_on_the_seed(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, SHUFFLE_VERSES)
    first = number(root, Lock(), shuffle=7)[0].printed
    assert number(root, Lock(), shuffle=7)[0].printed == first
    assert number(root, Lock(), shuffle=8)[0].printed != first
    # Numbered in a shuffled order, not the reading order.
    assert [first[f"101.{v}"] for v in ("1", "2a", "7", "a", "b", "c")] != ["1", "2", "3", "4", "5", "6"]


def test_shuffle_ignores_the_old_lock_and_sections_are_independent(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, SHUFFLE_VERSES)
    old = Lock({"101": SectionLock({"a": 40}, (41,)), "gone": SectionLock({"x": 1})})
    numbering = number(root, old, shuffle=3)[0]
    assert set(numbering.lock.sections) == {"101", "bos"}
    more = write_campaign(tmp_path, SHUFFLE_VERSES + "\n== bos.2\n-> end\n")
    again = number(more, Lock(), shuffle=3)[0]
    assert {k: v for k, v in again.printed.items() if k.startswith("101.")} == \
        {k: v for k, v in numbering.printed.items() if k.startswith("101.")}


def test_a_shuffled_book_keeps_its_numbers_in_later_builds(tmp_path: Path) -> None:
    root = write_campaign(tmp_path, SHUFFLE_VERSES)
    shuffled = number(root, Lock(), shuffle=5)[0]
    save(root, shuffled)
    write_campaign(tmp_path, SHUFFLE_VERSES + "\n== 101.3\n-> end\n")
    later, diags = number(root)
    assert diags == []
    assert {k: v for k, v in later.printed.items() if k != "101.3"} == dict(shuffled.printed)
    assert later.printed["101.3"] == "10"  # a new verse of a shuffled book goes at the end
    assert later.lock.sections["101"].shuffle == 5
