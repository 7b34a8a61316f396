"""Rulesets, the declaration: what a game system tells the rest of tgc about itself.

A ruleset has two faces, kept apart by the layering (docs/architecture.md). Its
vocabulary and rule-data schema are plain data that the parser, the checks, the bundle
and the renderer read (the low face, this module). Its rule-data loader, its extra checks
and its engines are named here by dotted path and imported only when a stage that may use
them asks (`RulesetSpec.load`), so that reading a ruleset's words never pulls in its
checks (which read the semantic model) or its engines (which sit on the runtime)."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

EMPTY: Mapping[str, str] = {}


@dataclass(frozen=True)
class Vocabulary:
    """The words a campaign of this ruleset may use, each declared once.

    Numbers a party has: ``attributes`` (each member's, a party test takes the highest),
    ``resources`` (each member's, pooled for costs), ``tracks`` (each member's survival
    tracks, with ``worst_high`` the ones where a higher value is worse) and ``counters``
    (the party's: the number of players, the day). ``defaults`` and ``limits`` give a
    member without rule data its starting values; ``caps`` keeps a track at or below another
    (``energy`` below ``health``) and ``start_limited`` tracks never rise above their
    starting value unless rule data gives a maximum. ``decks`` maps an encounter kind drawn
    by colour to the outcomes it can have; ``avoidable`` names declared-encounter
    property values (``key=value``) whose encounters can also be avoided. ``hooks`` are
    the location hooks, ``hook_seals`` the seal a hook needs, ``icons`` the ``:word:``
    icons of prose and ``icon_synonyms`` the words a writer reaches for instead (``gold``
    for ``wealth``), which an unknown icon's hint suggests. ``labels`` give printed names
    (hooks, seals, words). ``catalogue`` gives the words the diagnostics catalogue's
    examples are written with, by role (``attribute``: an attribute a test rolls against;
    see tgc/diagnostics/rule.py).
    ``piles`` name the card lists each member keeps apart from the numbers (decks,
    advancement pools, skills: the ruleset's engines give them meaning; the runtime keeps
    and saves them). ``location_map`` is False for a ruleset whose locations are not brought into play by
    the keys of neighbouring location cards (a ruleset that lays them out on a map of its
    own, say).

    ``games`` are games of the ruleset's own that a verse starts and follows by their
    outcome, like an encounter (``~ twenty-strong hero "Niamh" boss "The Hollow King" rank
    3: win -> .won; lose -> .lost``): each maps its phrase to the ``KEY VALUE`` arguments it
    takes, every one required, each ``name`` (a string) or ``number``. The core parses,
    resolves, compiles and branches on the line (an encounter with ``game`` set, whose
    outcomes are ``outcomes``); the ruleset's checks judge the values, its engines play it.

    ``phrases`` are the effects the ruleset's own layer plays (``~ activate menhir 6, 5``):
    each phrase maps to the arguments it takes, ``none``, ``numbers`` (one or more, by
    commas) or ``name`` (a string), any of them optionally followed by ``at N`` (a
    location). The story applies nothing for them and reports them; the layer that owns
    the words (a campaign layer) acts on the report. ``facts`` are numbers that layer
    keeps in the state for the story to compare (``menhirs >= 2``). ``condition_keys`` are
    the properties of generic declarations (``@event``, ``@quest``, the ruleset's own) whose
    value is a condition (``succeed: secret 11``): the checker reads them as conditions and
    the bundle holds them compiled (``Record.conditions``). ``campaign_keys`` are the extra
    properties ``@campaign`` takes in this ruleset (its layer reads them from the bundle's
    ``Campaign.data``); ``item_keys`` the extra properties the core ``@item`` takes (the
    ruleset's rule data reads them: Tainted Grail's abilities). A secret whose keywords
    hold ``bound_secret_keyword`` never changes hands: it cannot be given, and is lost with
    its holder. With ``item_deck`` each declared item is one card of a deck: a gain by
    keyword offers only those in the deck (nobody carries them, none lies on a card)."""

    attributes: tuple[str, ...] = ()
    opposed: tuple[tuple[str, str], ...] = ()
    resources: tuple[str, ...] = ()
    tracks: tuple[str, ...] = ()
    worst_high: tuple[str, ...] = ()
    counters: tuple[str, ...] = ("players", "day")
    defaults: Mapping[str, int] = field(default_factory=dict)
    limits: Mapping[str, int] = field(default_factory=dict)
    attribute_default: int = 1
    caps: Mapping[str, str] = field(default_factory=dict)
    start_limited: tuple[str, ...] = ()
    item_keywords: tuple[str, ...] = ()
    bound_secret_keyword: str | None = None
    item_deck: bool = False
    piles: tuple[str, ...] = ()
    decks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    outcomes: tuple[str, ...] = ("win", "lose")
    avoidable: tuple[str, ...] = ()
    seals: tuple[str, ...] = ()
    hooks: tuple[str, ...] = ("explore", "instant")
    hook_seals: Mapping[str, str] = field(default_factory=dict)
    icons: frozenset[str] = frozenset()
    icon_synonyms: Mapping[str, str] = field(default_factory=dict)
    labels: Mapping[str, str] = field(default_factory=dict)
    party_rows: tuple[str, ...] = ()
    declarations: tuple[str, ...] = ()
    location_map: bool = True
    phrases: Mapping[str, str] = field(default_factory=dict)
    games: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    facts: tuple[str, ...] = ()
    condition_keys: tuple[str, ...] = ()
    campaign_keys: tuple[str, ...] = ()
    item_keys: tuple[str, ...] = ()
    example_effect: str = 'mark "Status" 1'
    example_condition: str = "secret 12"
    example_numbers: tuple[str, ...] = ()
    catalogue: Mapping[str, str] = field(default_factory=dict)

    @property
    def amounts(self) -> tuple[str, ...]:
        """What `gain`, `lose` and `pay` move."""
        return self.resources + self.tracks

    @property
    def numbers(self) -> tuple[str, ...]:
        """What a comparison (`X >= n`) may read."""
        return self.attributes + self.resources + self.tracks + self.counters + self.facts

    def avoidable_encounter(self, props: Mapping[str, object]) -> bool:
        """Whether a declared encounter with these properties can also be avoided."""
        return any(f"{k}={v}" in self.avoidable for k, v in props.items())

    def linked(self, track: str) -> list[str]:
        """The tracks that change when ``track`` does: itself, or a capping pair (the
        capping track first), since a change to either may move the other."""
        for low, high in self.caps.items():
            if track in (low, high):
                return [high, low]
        return [track]

    def label(self, word: str) -> str:
        return self.labels.get(word, word.capitalize())


def vocabulary_of(bundle: Any) -> Vocabulary:
    """The words of a bundle's ruleset (``bundle.campaign.ruleset`` names a registered one:
    tgc.bundle.io checks it on load)."""
    from tgc import rulesets

    spec: RulesetSpec = rulesets.get(bundle.campaign.ruleset)
    return spec.vocabulary


@dataclass(frozen=True)
class SimNumber:
    """A number `tgc sim` takes for this ruleset's simulator, as ``--NAME N`` (repeatable:
    each value is played), between ``low`` and ``high``; ``help`` says what it means."""

    name: str
    low: int
    high: int
    help: str


@dataclass(frozen=True)
class RulesetSpec:
    """A game system: its name (as a campaign writes `ruleset: NAME`), its vocabulary and
    the dotted paths of the parts that only some stages may load.

    ``checks`` names a module with ``CHECKS`` (functions of one
    ``semantics.analysis.Analysis`` of the resolved campaign, returning diagnostics);
    ``rules`` a module with ``rule_data(campaign)``, which compiles a resolved campaign's
    declarations into the ruleset's typed rule data (the bundle compiler calls it; the
    model is ``RULE_DATA`` in the folder's ``schema`` module, a
    ``tgc.rulesets.ruledata.RuleData`` that the bundle's schema finds by listing the
    folders); ``schema`` names that module for a ruleset registered from outside
    tgc/rulesets/ (a folder's own is found without it: the bundle reads a registered
    one's rule data by its ``ruleset`` tag);
    ``engines`` a module with ``make_ruleset(book, mode)`` for the interpreter (the
    runtime face; ``mode`` is how `tgc play --fights` asks fights to be played: ``hand``,
    ``ask``, ``auto`` or one of ``policies``, and None means the reader settles every
    encounter); ``play`` a module with ``run(bundle, request, write, read)`` for a
    ruleset that `tgc play` hands the whole game to (tgc/playtest/seam.py); ``explore`` a
    module with ``run(bundle, request)``, the search `tgc explore` hands such a ruleset's
    campaign to (tgc/explore/seam.py); ``sim`` a
    module with ``run(bundle, request, progress)``, what `tgc sim`
    plays (tgc/sim/seam.py), with ``sim_numbers`` the numbers its `tgc sim` takes (``--rank``);
    ``commands`` a module with ``COMMANDS``, a click group of the ruleset's
    own commands (`tgc ruleset NAME ...`), and ``top_commands`` those of its commands the
    module also offers as `tgc COMMAND` (each an attribute of the module by that name; the
    CLI lists them without importing the module, and a core command's name is never
    taken); ``campaign`` a module with ``make_campaign``, the
    layer that plays a campaign by its days (`tgc play --campaign`, tgc/runtime/campaign.py).
    ``balance`` a module with ``plan_sheet``, the rows of its balancing sheet (`tgc balance`,
    tgc/sim/balance.py). ``page`` names the web player's files of a ruleset that plays its
    own way, each ``PACKAGE:PATH`` (``tgc.rulesets.NAME:page/engine.js``): `tgc build --web`
    inlines the scripts after the core player's and the styles after its style, in this
    order (tgc/render/web.py; docs/web-player.md). ``story_page`` names the web player's
    scripts that add the ruleset's own session commands to the story it plays (Tainted
    Grail's ``:advance``), each ``PACKAGE:PATH`` likewise: they register with the core
    player (``TgcPlayer.commandMakers``) and are inlined after its scripts. ``default``
    marks the ruleset a campaign that names none is played with."""

    name: str
    title: str
    vocabulary: Vocabulary
    checks: str | None = None
    rules: str | None = None
    schema: str | None = None
    engines: str | None = None
    sim: str | None = None
    play: str | None = None
    explore: str | None = None
    commands: str | None = None
    top_commands: tuple[str, ...] = ()
    campaign: str | None = None
    balance: str | None = None
    policies: tuple[str, ...] = ()
    sim_numbers: tuple[SimNumber, ...] = ()
    page: tuple[str, ...] = ()
    story_page: tuple[str, ...] = ()
    default: bool = False

    def catalogue_words(self) -> dict[str, str | tuple[str, ...]]:
        """What the catalogue's ``$role`` and ``${list}`` placeholders mean in this
        ruleset: its name, the roles its vocabulary fills and its lists of words."""
        v = self.vocabulary
        words: dict[str, str | tuple[str, ...]] = {
            "ruleset": self.name, "attributes": v.attributes, "resources": v.resources,
            "tracks": v.tracks, "counters": v.counters, "amounts": v.amounts, "keywords": v.item_keywords,
            "seals": v.seals, "hooks": v.hooks}
        words.update(v.catalogue)
        return words

    def load(self, part: str) -> Any:
        """The module behind ``checks``, ``rules``, ``engines``, ``play``, ``explore``,
        ``sim`` or ``commands`` (None if it has none)."""
        path = getattr(self, part)
        return importlib.import_module(path) if path else None
