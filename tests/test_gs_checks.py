"""Grimslingers static checks through the whole pipeline: the sample Tall Tale is clean,
blocked parts say why and where. (tests/test_catalogue.py runs every code's examples.)"""

from __future__ import annotations

from pathlib import Path

from tgc.pipeline import check
from tgc.rulesets.grimslingers.frontend import check_tale

SAMPLE = Path(__file__).parent.parent / "examples" / "grimslingers"
HEAD = '@campaign "T"\n  ruleset: grimslingers\n  start: 301\n\n@location 301 "Well"\n\n'


def diagnostics(tmp_path: Path, text: str) -> list[tuple[str, str, int]]:
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    (tmp_path / "x.tgj").write_text(HEAD + text, encoding="utf-8")
    return [(d.code, d.message, d.span.line) for d in check(tmp_path).diagnostics]


def test_the_sample_tall_tale_has_no_errors_or_warnings() -> None:
    result = check_tale(SAMPLE)
    assert [d for d in result.diagnostics if d.severity.name != "INFO"] == []
    tale = result.loaded.tale
    assert (len(tale.chapters), len(tale.paths), len(tale.parts), len(tale.areas),
            len(tale.creatures), len(tale.grimslingers)) == (1, 2, 8, 2, 4, 4)


def test_a_blocked_part_says_why_and_where(tmp_path: Path) -> None:
    found = diagnostics(tmp_path, '@part 2.1 "Late"\n  chapter: 2\n'
                        '  requires: completed 1.9 and on landmark 301\n')
    assert [f for f in found if f[0] == "TGC574"] == [
        ("TGC574", "part 2.1 can never be read: part 1.9 can never be completed", 9)]


def test_a_part_behind_a_blocked_part_is_blocked_too(tmp_path: Path) -> None:
    found = diagnostics(tmp_path, '@part 1.1 "A"\n  requires: item "Ghost"\n\n'
                        '@part 1.2 "B"\n  requires: completed 1.1\n')
    assert [m for c, m, _ in found if c == "TGC574"] == [
        'part 1.1 can never be read: nothing grants the item "Ghost"',
        "part 1.2 can never be read: part 1.1 can never be completed"]


def test_contradictory_prerequisites_are_reported(tmp_path: Path) -> None:
    found = diagnostics(tmp_path, '@part 1.1 "A"\n  requires: marker "M" and not marker "M"\n'
                        '  actions: gain marker "M"\n')
    assert ("TGC574", "part 1.1 can never be read: it asks for a condition and its "
            "opposite", 8) in found


def test_a_grimslingers_kind_in_another_rulesets_campaign_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tgc.toml").write_text("", encoding="utf-8")
    (tmp_path / "x.tgj").write_text('@campaign "T"\n  start: 101\n\n@location 101 "A"\n'
                                    '  explore -> 101.1\n\n== 101.1\n-> end\n\n'
                                    '@creature "Imps"\n', encoding="utf-8")
    codes = [d.code for d in check(tmp_path).diagnostics]
    assert codes == ["TGC002"]


LANDMARKS = ('@area 3 "Flats"\n  layout:\n    - KS 2C\n    - 3C 4C\n  entry: KS\n'
             '  KS: landmark 301\n\n')


def test_landmark_entries_are_checked_where_the_writer_wrote_them(tmp_path: Path) -> None:
    found = diagnostics(tmp_path, LANDMARKS + '@area 4 "Dunes"\n  layout:\n    - KH 2C\n'
                        '  entry: 2C\n  KH: landmark 301\n\n'
                        '@landmark 301\n  actions:\n    - duel "Nobody"\n    - end part\n\n'
                        '@landmark 309\n  actions: gain 1 pp\n\n'
                        '@landmark 301\n  actions: gain 1 pp\n\n@landmark 310\n')
    assert sorted(f for f in found if f[0] in ("TGC571", "TGC572", "TGC598", "TGC599")) == [
        ("TGC571", "a second `@landmark` named `301`", 28),
        ("TGC572", "`actions` is missing from this landmark", 31),
        ("TGC598", 'no @creature "Nobody"', 21),
        ("TGC599", "landmark 301 is laid out twice: on area 3 KS and on area 4 KH", 18),
        ("TGC599", "landmark 301's actions say `end part`, but a landmark is no story part",
         21),
        ("TGC599", "no area lays out landmark 309, so its actions never run", 25)]


def test_what_a_landmark_gives_can_open_a_part(tmp_path: Path) -> None:
    found = diagnostics(tmp_path, LANDMARKS + '@landmark 301\n  actions: gain marker "Oath"\n\n'
                        '@part 1.1 "A"\n  chapter: 1\n  requires: marker "Oath"\n')
    assert [f for f in found if f[0] in ("TGC574", "TGC599")] == []
