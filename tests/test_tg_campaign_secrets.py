"""Tainted Grail's campaign layer, the Secrets: each character holds their own (A54), a
Personal one never changes hands (ITM-7) and vanishes with its holder, the others are
shared among the living (DTH-5); the save format keeps them with their holder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tests.campaign_helpers import MAP, compile_map
from tests.test_tg_campaign_characters import DEATH, night
from tgc.bundle import schema as s
from tgc.cli.main import cli
from tgc.playtest.output import Line
from tgc.playtest.session import Session, SessionError
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError
from tgc.runtime import Book
from tgc.runtime.effects import apply_effect
from tgc.runtime.save import SaveError, dump_save, parse_save

SECRETS = '''
@secret 11 "The Ferryman's Oath"
  keywords: relic
@secret 12 "Blood of the Lake"
  keywords: weapon, personal
'''


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("secrets"), MAP + DEATH + SECRETS)


def held(campaign: Campaign) -> dict[str, list[int]]:
    return {m.name: sorted(m.secrets) for m in campaign.state.party}


def test_DTH_5_the_secrets_of_the_dead_are_shared_and_personal_ones_vanish(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.start_of_day()
    ailei = campaign.character("Ailei")
    ailei.secrets.update({11, 12})
    ailei.set_track("health", 0)
    campaign.afflict()
    lines = night(campaign, Ailei=False)
    assert "[DTH-5] Ailei's Personal Secrets vanish for good: 12" in lines
    assert ("[DTH-5] Ailei's Secrets go to Beor: 11 (until the next day, :share N to B hands "
            "one to any living character)") in lines
    assert held(campaign) == {"Beor": [11]} and campaign.state.secrets == {11}
    campaign.claim("Cadoc")
    assert str(campaign.share(11, "Cadoc")) == "[DTH-5] secret 11 goes to Cadoc"
    assert held(campaign) == {"Beor": [], "Cadoc": [11]}
    with pytest.raises(CampaignError, match="secret 12 is not a dead or departed character's to share"):
        campaign.share(12, "Beor")
    while (story := campaign.next_reading()) is not None:
        campaign.run(story)
        campaign.finish(story)
    campaign.dawn()
    campaign.start_of_day()
    with pytest.raises(CampaignError, match="not a dead or departed character's to share"):
        campaign.share(11, "Beor")  # the dead character's player shared them overnight


def session(book: Book) -> tuple[Session, list[Line]]:
    lines: list[Line] = []
    play = Session(book, lines.append, party=("Ailei", "Beor"), campaign=True, dice="script")
    play.start()
    return play, lines


def test_ITM_7_a_personal_secret_never_changes_hands(book: Book) -> None:
    play, lines = session(book)
    assert play.layer is not None
    play.layer.state.party[0].secrets.update({11, 12})
    with pytest.raises(SessionError, match="secret 12 is personal: it never changes hands"):
        play.handle(":give secret 12 to Beor")
    play.handle(":give secret 11 to Beor")
    assert lines[-1].text == "Ailei gives secret 11 to Beor"
    assert [sorted(m.secrets) for m in play.layer.state.party] == [[12], [11]]
    play.handle(":sod")
    play.handle(":travel Beor up")
    with pytest.raises(SessionError, match="Beor stands on 105 and Ailei on 101: a trade is "
                                           "between characters on the same location"):
        play.handle(":give secret 11 to Ailei")


def test_ITM_7_discarding_items_skips_secrets_with_item_keywords(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    ailei = campaign.character("Ailei")
    ailei.secrets.add(12)  # a weapon, but a Secret
    ailei.items[:] = ["Bell-Bronze Knife"]
    lose = s.ItemChange(kind="lose-item", item="weapon", keyword=True)
    apply_effect(lose, campaign.state, book)
    apply_effect(lose, campaign.state, book)
    assert ailei.items == [] and ailei.secrets == {12}


def test_a_save_keeps_each_character_s_secrets_and_reads_older_formats(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.character("Beor").secrets.add(11)
    data = json.loads(dump_save(campaign.state))
    assert data["format"] == 4 and "secrets" not in data["state"]
    assert [m["secrets"] for m in data["state"]["party"]] == [[], [11]]
    assert parse_save(json.dumps(data), book).state.secrets == {11}
    older = {"format": 3, "state": {"party": [{"name": "Ailei"}, {"name": "Beor"}], "secrets": [11, 12]}}
    loaded = parse_save(json.dumps(older), book).state
    assert [sorted(m.secrets) for m in loaded.party] == [[11, 12], []]  # to the first member
    with pytest.raises(SaveError, match="at state.secrets: save format 4 keeps secrets with the member"):
        parse_save(json.dumps({**older, "format": 4}), book)
    twice = {"format": 4, "state": {"party": [{"name": "Ailei", "secrets": [11]},
                                              {"name": "Beor", "secrets": [11]}]}}
    with pytest.raises(SaveError, match="secret 11 is held by Ailei and Beor"):
        parse_save(json.dumps(twice), book)


def test_play_campaign_gives_secrets_from_a_format_3_save(tmp_path: Path) -> None:
    """End to end: a campaign saved before format 4 (one secret list for the party) resumes
    with its secrets on the first member, who trades one; the final state keeps each
    character's own."""
    (tmp_path / "c.tgj").write_text(MAP + DEATH + SECRETS, encoding="utf-8")
    (tmp_path / "start.txt").write_text(":sod\n", encoding="utf-8")
    first, final = tmp_path / "day1.json", tmp_path / "final.json"

    def play(script: str, *more: str) -> str:
        (tmp_path / "s.txt").write_text(script, encoding="utf-8")
        result = CliRunner().invoke(cli, ["play", str(tmp_path), "--campaign", "--party", "Ailei,Beor",
                                           "--script", str(tmp_path / "s.txt"), *more])
        assert result.exit_code == 0, result.output
        return result.output

    play(":sod\n", "--final-state", str(first))
    saved = json.loads(first.read_text(encoding="utf-8"))
    for member in saved["state"]["party"]:
        del member["secrets"]
    saved["format"], saved["state"]["secrets"] = 3, [11, 12]
    first.write_text(json.dumps(saved), encoding="utf-8")
    output = play(":give secret 11 to Beor\n", "--state", str(first), "--final-state", str(final))
    assert "Ailei gives secret 11 to Beor" in output
    party = json.loads(final.read_text(encoding="utf-8"))["state"]["party"]
    assert {m["name"]: m["secrets"] for m in party} == {"Ailei": [12], "Beor": [11]}
