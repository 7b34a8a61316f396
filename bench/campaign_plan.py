"""Benchmark input, stage 1: plans a synthetic campaign (verse graph, statuses, secrets, items).

The plan is plain data so that ``gen_campaign`` can render it in one ordered pass;
every random decision comes from the one seeded ``random.Random`` handed in, so the
same size and seed always give the same plan. The invariants a clean check needs are
built in here: a spanning tree per section (every verse reachable), an unguarded way
on from every verse to an ``end`` (no inescapable loops), every status part, secret and
item that is checked is also granted and the other way round.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

# Only plain lowercase letters: a wrapped prose line then never starts with a sigil.
WORDS = """
the a an of and to in on at by with from into over under beyond beneath across
old cold dark grim pale bright bitter hollow silent ancient broken weary wild
lonely hidden narrow rotten sacred crooked misty distant ashen crimson golden
wyrd menhir grail knight druid village river forest marsh barrow cairn tower
road path bridge stone wall field hill valley shore mist fog rain wind storm
ash ember fire smoke bone blood iron silver rope cart wagon hut hall chapel
woman man child elder hermit beggar hunter farmer smith warden stranger crowd
voice song whisper prayer curse oath memory dream shadow light night dawn dusk
you your they their she he it his her we our them this that these those
walk walks walked look looks looked find finds found hear hears heard speak
spoke wait waits waited follow follows followed turn turns turned leave left
hold holds held burn burns burned fall falls fell rise rises rose know knew
slowly quietly suddenly again still never always perhaps almost only even
there here where when while though because before after until around behind
something nothing everything someone nobody everyone toward against
creaks trembles gleams rustles echoes fades lingers shivers glows drips howls
wanderer pilgrims travellers shepherd blacksmith villagers lanterns whispering
gathering ancestors darkness farmland remembers wandering tangled crumbling
overgrown moonlight heathland riverbank gravestone reluctantly carefully
surrounded abandoned forgotten shattered withered blackened glimmering
cautiously stubbornly companions strangers watchtower hillside undergrowth
""".split()

CHOICE_VERBS = """
Follow Approach Leave Ask Search Climb Enter Help Ignore Examine Offer Light
Cross Wake Bury Confront Listen Rest Pray Flee Barter Question Open Burn
""".split()

NAME_PARTS_A = """
Cold Fall Fate Pale Ashen Broken Hollow Silent Bitter Crimson Golden Weeping
Iron Sacred Hidden Lonely Wild Grim Misty Ancient Wyrd Ember Crooked Rotten
""".split()

NAME_PARTS_B = """
Pyre Chivalry Expedition Pathfinder Revolt Oath Menhir Harvest Crown Song Vigil
Barrow Covenant Hunt Shepherd Lantern Pilgrim Warden Tithe Grove Wound Crossing
""".split()

PLACE_NOUNS = """
Farmhold Steps Barrow Ford Mire Crossing Hollow Tor Glade Cairn Mill Abbey
""".split()

ITEMS = (
    ("Rope", "craftable"),
    ("Silver Dagger", "weapon"),
    ("Leather Jerkin", "armor"),
    ("Oak Shield", "shield"),
    ("Loyal Hound", "companion"),
    ("Druid Torc", "relic"),
    ("Tinderbox", "craftable"),
    ("Hunting Spear", "weapon"),
    ("Wyrd Lantern", "relic"),
    ("Healing Herbs", "craftable"),
)

RESOURCE_EFFECTS = (
    "gain 1 food", "gain 2 food", "gain 1 wealth", "gain 2 wealth", "pay 1 wealth",
    "gain 1 exp", "gain 2 exp", "lose 1 health", "lose 1 energy", "gain 1 terror",
    "each lose 1 energy", "shared gain 2 food", "gain 1 magic", "gain 1 rep",
)

STAT_CHECKS = ("courage >= 2", "empathy >= 3", "caution >= 1", "food >= 2", "wealth >= 3")

END = "end"
BOS = "bos"


@dataclass
class Verse:
    """One verse of the plan; targets are absolute refs (``101.5``, ``bos.3``) or ``end``."""

    section: str
    num: int
    children: list[str] = field(default_factory=list)
    extras: list[str] = field(default_factory=list)
    effects: list[str] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    ending: str = "choices"

    @property
    def vid(self) -> str:
        return f"{self.section}.{self.num}"

    def progress(self) -> str:
        """The unguarded way on: a tree child, so every verse reaches an ``end`` unguarded."""
        return self.children[0] if self.children else END

    def targets(self) -> list[str]:
        """All outgoing refs, the progress ref last (it becomes the last, unguarded choice)."""
        return self.extras + self.children[1:] + [self.progress()]


@dataclass
class Status:
    """A declared status; ``kind`` is ``parts`` (6), ``boxes`` (4) or ``flag``."""

    name: str
    kind: str
    trigger: str | None = None
    when: str = ""


@dataclass
class Campaign:
    """The whole plan, kept as data so rendering is a separate, order-preserving pass."""

    seed: int
    sections: dict[str, list[Verse]]
    locations: list[int]
    names: dict[int, str]
    statuses: list[Status] = field(default_factory=list)
    secrets: list[tuple[int, str]] = field(default_factory=list)

    def all_verses(self) -> list[Verse]:
        return [v for verses in self.sections.values() for v in verses]


# ---------------------------------------------------------------- planning the graph


def split_counts(n: int) -> tuple[list[int], int]:
    """About 10% of verses go to the Book of Secrets, the rest over N/25 locations."""
    n_bos = max(1, round(n * 0.10))
    rest = n - n_bos
    n_locs = max(1, min(rest, round(n / 25)))
    base, extra = divmod(rest, n_locs)
    return [base + (1 if i < extra else 0) for i in range(n_locs)], n_bos


def build_tree(rng: random.Random, section: str, count: int) -> list[Verse]:
    """A spanning tree where each verse hangs off a recent earlier one (at most 3 children)."""
    verses = [Verse(section, k) for k in range(1, count + 1)]
    for k in range(2, count + 1):
        lo = max(1, k - 6)
        parent = verses[rng.randint(lo, k - 1) - 1]
        if len(parent.children) >= 3:
            parent = verses[k - 2]  # the newest verse never has children yet
        parent.children.append(f"{section}.{k}")
    return verses


def add_extra_edges(rng: random.Random, verses: list[Verse]) -> None:
    """Random extra choices (back edges, shortcuts, ``end``) up to 1-4 targets per verse."""
    for verse in verses:
        want = rng.choice((1, 2, 2, 3, 3, 4))
        while len(verse.targets()) < want:
            if rng.random() < 0.15 or len(verses) == 1:
                ref = END
            else:
                other = rng.choice(verses)
                ref = other.vid if other is not verse else END
            verse.extras.append(ref)


def add_cross_edge(rng: random.Random, pool: list[Verse], ref: str) -> None:
    """Adds ``ref`` to a random verse of ``pool`` that still has room for a fifth target."""
    for _ in range(50):
        verse = rng.choice(pool)
        if len(verse.targets()) < 4:
            verse.extras.append(ref)
            return
    pool[0].extras.append(ref)


def link_sections(rng: random.Random, campaign: Campaign) -> None:
    """The Book of Secrets is entered from the journal; a few verses jump between locations."""
    loc_verses = [v for s, vs in campaign.sections.items() if s != BOS for v in vs]
    bos = campaign.sections[BOS]
    add_cross_edge(rng, loc_verses, f"{BOS}.1")
    for verse in bos:
        if rng.random() < 0.10:
            add_cross_edge(rng, loc_verses, verse.vid)
    for _ in range(len(loc_verses) // 30):
        add_cross_edge(rng, loc_verses, rng.choice(loc_verses).vid)
    for _ in range(len(bos) // 20):
        add_cross_edge(rng, bos, rng.choice(loc_verses).vid)


def plan_graph(rng: random.Random, n: int, seed: int) -> Campaign:
    """Sections, spanning trees, extra edges and cross-section links."""
    loc_counts, n_bos = split_counts(n)
    locations = [101 + i for i in range(len(loc_counts))]
    sections: dict[str, list[Verse]] = {}
    for num, count in zip(locations, loc_counts, strict=True):
        sections[str(num)] = build_tree(rng, str(num), count)
    sections[BOS] = build_tree(rng, BOS, n_bos)
    for verses in sections.values():
        add_extra_edges(rng, verses)
    names = {num: place_name(rng) for num in locations}
    campaign = Campaign(seed, sections, locations, names)
    link_sections(rng, campaign)
    return campaign


# ---------------------------------------------------------------- planning the state


def unique_names(rng: random.Random, count: int) -> list[str]:
    """Distinct two-word names (status and secret names must not collide)."""
    names: list[str] = []
    while len(names) < count:
        name = f"{rng.choice(NAME_PARTS_A)} {rng.choice(NAME_PARTS_B)}"
        if name not in names:
            names.append(name)
    return names


def place_name(rng: random.Random) -> str:
    return f"{rng.choice(NAME_PARTS_A)} {rng.choice(PLACE_NOUNS)}"


STATUSES = 20  # the default: what a real campaign of this size declares, roughly


def make_statuses(rng: random.Random, bos: list[Verse], count: int = STATUSES) -> list[Status]:
    """``count`` statuses (20: 8 with parts, 6 with boxes, 6 flags; fewer or more in the
    same shares); about half trigger a bos verse."""
    parts, boxes = round(count * 0.4), round(count * 0.3)
    kinds = ["parts"] * parts + ["boxes"] * boxes + ["flag"] * (count - parts - boxes)
    statuses = [Status(name, kind) for name, kind in zip(unique_names(rng, count), kinds, strict=True)]
    forms = {"parts": ("when any 6 parts", "when parts 1-6"), "boxes": ("when full",),
             "flag": ("when marked",)}
    for status in statuses:
        if rng.random() < 0.5:
            status.trigger = rng.choice(bos).vid
            status.when = rng.choice(forms[status.kind])
    return statuses


def mark_effects(status: Status) -> list[str]:
    """Marks that together can reach every part (and fill every box)."""
    if status.kind == "parts":
        return [f'mark "{status.name}" {p}' for p in range(1, 7)]
    if status.kind == "boxes":
        return [f'mark "{status.name}"'] * 4
    return [f'mark "{status.name}"']


def check_conditions(status: Status) -> list[str]:
    """Checks that together read every part, so no mark is ever "marked but never checked"."""
    if status.kind == "parts":
        return [f'status "{status.name}" {p}' for p in range(1, 7)]
    if status.kind == "boxes":
        return [f'status "{status.name}" any 2']
    return [f'status "{status.name}"']


def required_usage(campaign: Campaign) -> tuple[list[str], list[str]]:
    """Every grant and every check that must appear at least once for a clean check."""
    grants: list[str] = []
    checks: list[str] = []
    for status in campaign.statuses:
        grants += mark_effects(status)
        checks += check_conditions(status)
    for num, _ in campaign.secrets:
        grants.append(f"gain secret {num}")
        checks.append(f"secret {num}")
    for name, _ in ITEMS:
        grants.append(f'gain item "{name}"')
        checks.append(f'item "{name}"')
    return grants, checks


def random_effect(rng: random.Random, campaign: Campaign) -> str:
    """An everyday effect; marks and grants only of things that are also checked somewhere."""
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(RESOURCE_EFFECTS)
    if roll < 0.85:
        return rng.choice(mark_effects(rng.choice(campaign.statuses)))
    if roll < 0.93:
        return f"gain secret {rng.choice(campaign.secrets)[0]}"
    return f'gain item "{rng.choice(ITEMS)[0]}"'


def random_check(rng: random.Random, campaign: Campaign) -> str:
    """An everyday condition; every state it reads is granted somewhere."""
    roll = rng.random()
    if roll < 0.5:
        return rng.choice(check_conditions(rng.choice(campaign.statuses)))
    if roll < 0.7:
        return f"secret {rng.choice(campaign.secrets)[0]}"
    if roll < 0.8:
        return f'item "{rng.choice(ITEMS)[0]}"'
    return rng.choice(STAT_CHECKS)


def plan_state(rng: random.Random, campaign: Campaign, statuses: int = STATUSES) -> None:
    """Declares statuses, secrets and items and spreads their marks and checks over verses."""
    verses = campaign.all_verses()
    campaign.statuses = make_statuses(rng, campaign.sections[BOS], statuses)
    count = max(2, len(verses) // 100)
    campaign.secrets = list(zip(range(1, count + 1), unique_names(rng, count), strict=True))
    grants, checks = required_usage(campaign)
    for effect in grants:
        rng.choice(verses).effects.append(effect)
    for condition in checks:
        rng.choice(verses).checks.append(condition)
    for verse in verses:
        for _ in range(rng.choice((0, 0, 1, 1, 1, 2, 2, 3))):
            verse.effects.append(random_effect(rng, campaign))
        if rng.random() < 0.3:
            verse.checks.append(random_check(rng, campaign))
        verse.ending = choose_ending(rng, verse)


def choose_ending(rng: random.Random, verse: Verse) -> str:
    """Most verses end in choices; some in a plain divert, a few in a dice roll with blocks."""
    n = len(verse.targets())
    if n == 1 and rng.random() < 0.4:
        return "divert"
    if n <= 3 and rng.random() < 0.08:
        return "roll"
    return "choices"


def plan_campaign(n: int, seed: int, statuses: int = STATUSES) -> tuple[Campaign, random.Random]:
    """The full plan; the same generator then writes the prose, so output depends on seed only."""
    rng = random.Random(seed)
    campaign = plan_graph(rng, n, seed)
    plan_state(rng, campaign, statuses)
    return campaign, rng
