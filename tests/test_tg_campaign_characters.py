"""Tainted Grail's campaign layer, the characters: the Start of the Day's equipment check
(SOD-8, ITM-2, ITM-3), one test per rule id, on tests/campaign_helpers.py's map."""

from __future__ import annotations

import pytest

from tests.campaign_helpers import MAP, compile_map
from tgc.rulesets.tainted_grail.campaign import Campaign, CampaignError
from tgc.runtime import Book

ITEMS = '''
@item "Bell-Bronze Knife"
  keywords: weapon
@item "Saltiron Axe"
  keywords: weapon
@item "Grey Hound"
  keywords: companion
@item "Rope"
  keywords: craftable
'''


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Book:
    return compile_map(tmp_path_factory.mktemp("characters"), MAP + ITEMS)


def test_SOD_8_one_item_per_limited_keyword_stays_face_up(book: Book) -> None:
    campaign = Campaign(book, ["Ailei", "Beor"])
    campaign.character("Ailei").items[:] = ["Bell-Bronze Knife", "Rope", "Saltiron Axe", "Grey Hound"]
    campaign.character("Beor").items[:] = ["Saltiron Axe"]
    lines = [str(h) for h in campaign.start_of_day()]
    assert ("[SOD-8] Ailei keeps Bell-Bronze Knife, Rope, Grey Hound face up; Saltiron Axe "
            "wait(s) face down") in lines
    assert not any(line.startswith("[SOD-8] Beor") for line in lines)  # nothing to choose


def test_ITM_3_a_character_chooses_which_item_is_face_up(book: Book) -> None:
    campaign = Campaign(book, ["Ailei"])
    ailei = campaign.character("Ailei")
    ailei.items[:] = ["Bell-Bronze Knife", "Saltiron Axe"]
    said = campaign.equip("Ailei", "saltiron axe")
    assert str(said) == "[ITM-3] Ailei turns Saltiron Axe face up; Bell-Bronze Knife wait(s) face down"
    assert campaign.face_up(ailei) == (["Saltiron Axe"], ["Bell-Bronze Knife"])
    with pytest.raises(CampaignError, match="holds no Item"):
        campaign.equip("Ailei", "Grey Hound")
