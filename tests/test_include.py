"""Issue 10, point 10: a campaign takes in a rules library or a folder of rule data with
`include` in its configuration, so a writer can simulate encounters without copying the
sample's characters and cards by hand."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from tgc import rulesets
from tgc.cli.main import cli
from tgc.pipeline import check

REPO = Path(__file__).resolve().parents[1]
CAMPAIGN = """@campaign "The Boar Hunt"
  ruleset: tainted-grail
  start: 101
  players: 1-4

@location 101 "Ashwood"
  explore -> 101.1

== 101.1
Something moves in the bracken.
~ encounter "Ditch Cutpurse": win -> .won; lose -> end
= won
The cutpurse runs.
-> end
"""


def _campaign(root: Path, config: str | None) -> Path:
    folder = root / "hunt"
    folder.mkdir(parents=True)
    (folder / "campaign.tgj").write_text(CAMPAIGN, encoding="utf-8")
    if config is not None:
        (folder / "tgc.toml").write_text(config, encoding="utf-8")
    return folder


def _codes(folder: Path) -> list[str]:
    return [d.code for d in check(folder).diagnostics]


def test_the_library_is_the_samples_rule_data() -> None:
    """One library ships with tgc: the sample's characters, cards and deck encounters
    (our own invented content), kept byte for byte the same as journal_src/rules."""
    library = rulesets.libraries()["lantern-stones"]
    shipped = sorted(p.name for p in library.glob("*.tgj"))
    assert shipped == sorted(p.name for p in (REPO / "journal_src" / "rules").glob("*.tgj"))
    for name in shipped:
        assert (library / name).read_bytes() == (REPO / "journal_src" / "rules" / name).read_bytes(), name


def test_without_the_library_the_encounter_is_unknown(tmp_path: Path) -> None:
    assert _codes(_campaign(tmp_path, None)) != []


def test_a_campaign_includes_the_library_by_name_and_simulates(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _campaign(tmp_path, 'include = ["lantern-stones"]\n')
    assert _codes(folder) == []
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["sim", "-C", "hunt", "Ditch Cutpurse", "--party", "beor",
                                      "--runs", "50"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "win" in result.output.lower()


def test_a_campaign_includes_a_folder_beside_it(tmp_path: Path) -> None:
    shared = tmp_path / "shared-rules"
    shutil.copytree(rulesets.libraries()["lantern-stones"], shared)
    folder = _campaign(tmp_path, 'include = ["../shared-rules"]\n')
    assert _codes(folder) == []


def test_a_link_out_of_an_included_folder_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared-rules"
    shutil.copytree(rulesets.libraries()["lantern-stones"], shared)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "more.tgj").write_text('@item "Rope"\n', encoding="utf-8")
    (shared / "more.tgj").symlink_to(outside / "more.tgj")
    folder = _campaign(tmp_path, 'include = ["../shared-rules"]\n')
    assert "TGC006" in _codes(folder)


@pytest.mark.parametrize(("config", "message"), [
    ('include = ["lantern-stone"]\n', "did you mean `lantern-stones`?"),
    ('include = ["./no-such-folder"]\n', "no folder './no-such-folder' beside the campaign"),
    ('include = "lantern-stones"\n', "`include` is a list of folders or library names"),
])
def test_a_bad_include_is_tgc902(tmp_path: Path, config: str, message: str) -> None:
    folder = _campaign(tmp_path, config)
    found = [d for d in check(folder).diagnostics if d.code == "TGC902"]
    assert found, check(folder).diagnostics
    assert any(message in d.message + (d.hint or "") for d in found), found
