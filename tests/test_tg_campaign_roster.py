"""Tainted Grail's campaign layer, players added and removed between sessions (SET-9, A5):
a new character joins beside a veteran with the standard setup, a leaving one's Secrets
stay in the campaign, and the rules read the new player count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP, compile_map
from tests.test_tg_campaign_characters import DEATH
from tests.test_tg_campaign_secrets import SECRETS
from tgc.bundle import schema as s
from tgc.cli.main import cli
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError
from tgc.rulesets.tainted_grail.campaign.party import view
from tgc.runtime import Book
from tgc.runtime.conditions import cost_amount
from tgc.runtime.effects import item_options


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("roster"), MAP + DEATH + SECRETS)


def test_SET_9_a_new_character_joins_beside_a_veteran_and_the_count_grows(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    dial = [m.dial for m in campaign.world.menhirs]
    campaign.world.positions["Beor"] = 102
    with pytest.raises(CampaignError, match="stand on different cards: name the one to join"):
        campaign.join("Cadoc")
    joined = campaign.join("cadoc", "Beor")
    assert str(joined) == "[SET-9] Cadoc joins beside Beor on 102 with the standard setup (3 players now)"
    cadoc = campaign.character("Cadoc")
    assert (cadoc.tracks["health"], campaign.world.order()) == (8, ["Ailei", "Cadoc", "Beor"])
    magic = s.Cost(resource="magic", amount=1, per_player=True)
    assert cost_amount(magic, campaign.state) == 3  # MEN-6 reads the new count (A5)
    assert [m.dial for m in campaign.world.menhirs] == dial  # dials already set stay
    with pytest.raises(CampaignError, match='"Cadoc" cannot join'):
        campaign.join("Cadoc")
    campaign.start_of_day()
    with pytest.raises(CampaignError, match="between sessions"):
        campaign.leave("Cadoc")


def test_SET_9_a_leaving_character_s_secrets_go_to_those_who_stay(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor", "Cadoc"])
    ailei = campaign.character("Ailei")
    ailei.secrets.update({11, 12})  # 12 is Personal
    ailei.items[:] = ["Bell-Bronze Knife"]
    lines = [str(h) for h in campaign.leave("Ailei", "Beor")]
    assert lines == ["[SET-9] Ailei leaves the campaign from 101 (2 player(s) now)",
                     "[SET-9] Ailei's Items go back to the Item deck: Bell-Bronze Knife",
                     "[SET-9] Ailei's Secrets go to Beor: 11, 12 (until the next day, :share N to "
                     "B hands one on)"]
    assert sorted(campaign.character("Beor").secrets) == [11, 12]
    assert str(campaign.share(11, "Cadoc")) == "[DTH-5] secret 11 goes to Cadoc"
    with pytest.raises(CampaignError, match="secret 12 is not a dead or departed character's"):
        campaign.share(12, "Cadoc")
    weapon = s.ItemChange(kind="gain-item", item="weapon", keyword=True)
    assert "Bell-Bronze Knife" in item_options(weapon, view(campaign.state, campaign.state.party), book)
    campaign.leave("Cadoc")
    with pytest.raises(CampaignError, match="needs at least 1 player"):
        campaign.leave("Beor")
    assert str(campaign.join("Ailei")).startswith("[SET-9] Ailei joins beside Beor on 101")
    assert campaign.character("Ailei").secrets == set()  # back from the box: the standard setup


def test_SET_9_play_campaign_changes_the_players_between_sessions(tmp_path: Path) -> None:
    """End to end: a session saved at the end of its first day resumes with one player
    more and one less; the final save holds the new roster."""
    (tmp_path / "c.tgj").write_text(MAP + DEATH + SECRETS, encoding="utf-8")
    first, final = tmp_path / "day1.json", tmp_path / "final.json"

    def play(script: str, *more: str) -> str:
        (tmp_path / "s.txt").write_text(script, encoding="utf-8")
        result = CliRunner().invoke(cli, ["play", str(tmp_path), "--campaign", "--script",
                                          str(tmp_path / "s.txt"), *more])
        assert result.exit_code == 0, result.output
        return result.output

    play(":sod\n:pass Ailei\n:pass Beor\n:eod\n", "--party", "Ailei,Beor", "--final-state", str(first))
    output = play(":join Cadoc\n:leave Ailei to Beor\n:sod\n", "--state", str(first),
                  "--final-state", str(final))
    assert "[SET-9] Cadoc joins beside Ailei on 101 with the standard setup (3 players now)" in output
    assert "[SET-9] Ailei leaves the campaign from 101 (2 player(s) now)" in output
    saved = json.loads(final.read_text(encoding="utf-8"))
    assert [m["name"] for m in saved["state"]["party"]] == ["Beor", "Cadoc"]
    assert saved["state"]["players"] == 2
