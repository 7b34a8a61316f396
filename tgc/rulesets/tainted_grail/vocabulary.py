"""Tainted Grail's words, declared once: the party's attributes, resources and tracks, the
encounter decks, seals and location hooks, icons and their printed labels. Everything
else in tgc asks the campaign's ruleset for these (tgc/rulesets/spec.py)."""

from __future__ import annotations

from tgc.rulesets.spec import Vocabulary

ATTRIBUTES = ("aggression", "empathy", "courage", "caution", "practicality", "spirituality")
RESOURCES = ("food", "wealth", "rep", "magic", "exp")
TRACKS = ("health", "energy", "terror")
ITEM_KEYWORDS = ("weapon", "armor", "shield", "companion", "relic", "craftable")
DECKS = ("gray", "green", "purple", "blue")
SEALS = ("menhir", "dreams", "unfriendly", "friendly")
HOOKS = ("explore", "instant", "menhir", "dream", "nightmare")
# Each member's card lists (engines/advancement.py): decks, Advancement Pools, cards set
# aside, the three cards offered by a purchase, Skills, the "You Are Dying" and "You Are
# Going Insane" cards attached to the tray (engines/afflictions.py).
PILES = ("combat", "diplomacy", "combat_pool", "diplomacy_pool", "combat_spare",
         "diplomacy_spare", "combat_offer", "diplomacy_offer", "skills", "afflictions")

VOCABULARY = Vocabulary(
    attributes=ATTRIBUTES,
    opposed=(("aggression", "empathy"), ("courage", "caution"), ("practicality", "spirituality")),
    resources=RESOURCES,
    tracks=TRACKS,
    worst_high=("terror",),
    counters=("players", "day"),
    # The default adventurer: a party member the bundle declares no @character for.
    defaults={"health": 8, "energy": 6, "terror": 0,
              "food": 3, "wealth": 3, "rep": 1, "magic": 2, "exp": 0},
    limits={"health": 8, "energy": 8, "terror": 10},
    attribute_default=1,
    caps={"energy": "health"},
    start_limited=("health",),
    item_keywords=ITEM_KEYWORDS,
    bound_secret_keyword="personal",  # ITM-7, DTH-5: a Personal secret never changes hands
    item_deck=True,  # ITM-4: "draw a Weapon item" is the first Weapon card left in the Item deck
    piles=PILES,
    decks={"gray": ("win", "lose"), "green": ("win", "lose"), "purple": ("win", "lose"),
           "blue": ("win", "lose", "avoid")},
    outcomes=("win", "lose"),
    avoidable=("kind=diplomacy", "deck=blue"),
    seals=SEALS,
    hooks=HOOKS,
    hook_seals={"menhir": "menhir", "dream": "dreams", "nightmare": "dreams"},
    icons=frozenset({*RESOURCES, *TRACKS, *ATTRIBUTES}),
    # What writers type for an icon the game calls otherwise (the hint of TGC007).
    icon_synonyms={"gold": "wealth", "coin": "wealth", "coins": "wealth", "money": "wealth",
                   "silver": "wealth", "xp": "exp", "experience": "exp", "hp": "health",
                   "life": "health", "reputation": "rep", "fear": "terror", "mana": "magic",
                   "stamina": "energy"},
    labels={"explore": "Explore", "instant": "⚡ On arrival", "menhir": "Menhir",
            "dream": "Dreams", "nightmare": "Nightmares", "dreams": "Dreams",
            "friendly": "Friendly settlement", "unfriendly": "Unfriendly settlement",
            "rep": "Reputation", "exp": "Experience"},
    party_rows=(*TRACKS, *RESOURCES),
    declarations=("card", "character", "chapter", "affliction", "skill", "dial"),
    item_keys=("ability",),
    # The campaign layer's effects (campaign/day.py) and the facts it keeps in the state.
    phrases={"activate menhir": "numbers", "extinguish menhir": "none",
             "place guardian": "name", "remove guardian": "name",
             "take event": "name", "remove event": "name",
             "discard quest": "name", "activate quest": "name",
             "put random events on top": "numbers"},
    facts=("menhir", "menhirs", "menhir_dial", "time_tokens"),
    # An event's or quest's success condition (EVT-6), compiled into the bundle.
    condition_keys=("succeed",),
    # The starting menhir's dial by player count, the first chapter, the All-Mother's mercy.
    campaign_keys=("menhir", "chapter", "mercy"),
    example_effect="gain 1 food",
    example_condition="courage >= 2",
    example_numbers=("courage", "food", "health"),
    catalogue={"attribute": "courage", "resource": "food", "reward": "exp", "coin": "wealth",
               "keyword": "craftable", "gear": "weapon", "seal": "menhir", "seal2": "dreams",
               "hook": "menhir", "hook2": "dream", "hook3": "nightmare", "talk": "diplomacy",
               "icons": "`:food:`, `:wealth:`, `:rep:`, `:magic:`, `:exp:`, `:energy:`, "
                        "`:health:`, `:terror:` and the six attributes"},
)
