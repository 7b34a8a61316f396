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
