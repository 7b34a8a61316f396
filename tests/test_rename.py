"""`tgc rename` (issue 15): a verse renamed in every file keeps its printed number (its
tgc.lock entry moves), the campaign stays clean, and what cannot be renamed is refused
with the reason and nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from tgc.cli.main import cli

SAMPLE = Path(__file__).resolve().parent.parent / "journal_src"


def test_tgc_rename_from_the_command_line_keeps_the_number(tmp_path: Path) -> None:
    campaign = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, campaign)
    result = CliRunner().invoke(cli, ["rename", "201.arrival", "welcome", str(campaign)])
    assert result.exit_code == 0, result.output
    assert "renamed verse `201.arrival` to `welcome`: 2 places in 1 file and tgc.lock" in result.output
    assert "[201]\nverses.welcome = 8\n" in (campaign / "tgc.lock").read_text()
    check = CliRunner().invoke(cli, ["check", str(campaign)])
    assert check.exit_code == 0 and "no problems found" in check.output
    refused = CliRunner().invoke(cli, ["rename", "201.1", "first", str(campaign)])
    assert refused.exit_code == 2 and "numbered, not named" in refused.output


def test_a_status_rename_changes_every_file(tmp_path: Path) -> None:
    campaign = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, campaign)
    before = {p: p.read_text() for p in campaign.rglob("*.tgj")}
    result = CliRunner().invoke(cli, ["rename", 'status "Pale Tide"', "Pale Surge", str(campaign)])
    assert result.exit_code == 0, result.output
    changed = [p for p in before if p.read_text() != before[p]]
    assert len(changed) >= 5
    assert all('"Pale Tide"' not in p.read_text() for p in changed)
    assert CliRunner().invoke(cli, ["check", str(campaign)]).exit_code == 0


def test_a_rename_onto_a_taken_name_writes_nothing(tmp_path: Path) -> None:
    campaign = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, campaign)
    before = {p: p.read_text() for p in campaign.rglob("*")  if p.is_file()}
    result = CliRunner().invoke(cli, ["rename", "201.arrival", "forge", str(campaign)])
    assert result.exit_code == 2 and "`201.forge` already exists" in result.output
    assert {p: p.read_text() for p in campaign.rglob("*") if p.is_file()} == before


def _lock_section(text: str, section: str) -> str:
    start = text.index(f"[{section}]\n")
    end = text.find("\n\n", start)
    return text[start:end if end >= 0 else len(text)].split("\n", 1)[1]


def test_a_location_renumbered_moves_its_verses_and_keeps_their_printed_numbers(tmp_path: Path) -> None:
    campaign = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, campaign)
    old_lock = (campaign / "tgc.lock").read_text()
    result = CliRunner().invoke(cli, ["rename", "location 201", "231", str(campaign)])
    assert result.exit_code == 0, result.output
    assert "renamed location `201` to `231`" in result.output
    assert "tgc.lock (the printed numbers are kept)" in result.output
    lock = (campaign / "tgc.lock").read_text()
    assert "[201]" not in lock and _lock_section(lock, "231") == _lock_section(old_lock, "201")
    caer = (campaign / "locations" / "201-caer-morwen.tgj").read_text()
    assert '@location 231 "Caer Morwen"' in caer and "== 231.arrival" in caer and "== 201." not in caer
    assert "start: 231" in (campaign / "campaign.tgj").read_text()
    check = CliRunner().invoke(cli, ["check", str(campaign)])
    assert check.exit_code == 0 and "no problems found" in check.output
    taken = CliRunner().invoke(cli, ["rename", "location 231", "202", str(campaign)])
    assert taken.exit_code == 2 and "location 202 already exists" in taken.output


def test_an_encounter_and_a_character_are_renamed_in_every_file(tmp_path: Path) -> None:
    campaign = tmp_path / "journal_src"
    shutil.copytree(SAMPLE, campaign)
    result = CliRunner().invoke(cli, ["rename", 'encounter "The Reedwife"', "The Reed Mother", str(campaign)])
    assert result.exit_code == 0, result.output
    assert '@encounter "The Reed Mother"' in (campaign / "campaign.tgj").read_text()
    mere = (campaign / "locations" / "202-greyreed-mere.tgj").read_text()
    assert '~ encounter "The Reed Mother": win' in mere and "Reedwife\"" not in mere
    result = CliRunner().invoke(cli, ["rename", 'character "Arev"', "Aro", str(campaign)])
    assert result.exit_code == 0, result.output
    cards = (campaign / "rules" / "cards-arev.tgj").read_text()
    assert "character: Aro\n" in cards and "character: Arev" not in cards
    assert '@character "Aro"' in (campaign / "rules" / "characters.tgj").read_text()
    result = CliRunner().invoke(cli, ["rename", 'character "Beor"', "Bram", str(campaign)])
    assert result.exit_code == 0, result.output
    assert "note: playtests/campaign-three-days.transcript names `Beor`" in result.output
    check = CliRunner().invoke(cli, ["check", str(campaign)])
    assert check.exit_code == 0 and "no problems found" in check.output


def test_a_plan_that_misses_a_mention_is_refused_before_anything_is_written() -> None:
    import pytest

    from tgc.editor.rename import RenameError, plan_rename, verify
    from tgc.editor.session import Session

    snapshot = Session().snapshot(SAMPLE.absolute())
    assert snapshot is not None
    plan = plan_rename(snapshot, "location", "201", "231")
    verify(snapshot, plan)  # the whole plan is sound
    file = next(f for f, edits in plan.edits.items() if any(new == "231" for _, new in edits)
                and f.endswith("campaign.tgj"))
    plan.edits[file] = plan.edits[file][1:]  # as if a mention of 201 had been missed
    with pytest.raises(RenameError, match="renaming would break the campaign: .*TGC"):
        verify(snapshot, plan)
