"""tgc: compiler, checker and playtesting toolchain for story-driven board game campaigns.

The public Python API is the handful of functions below (docs/api.md); everything else is
internal. Each imports its stage only when called, so ``import tgc`` stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tgc.version import __version__

if TYPE_CHECKING:
    from tgc.bundle.schema import Bundle
    from tgc.pipeline import CachePolicy, Result
    from tgc.rulesets.tainted_grail.engines.encounter import Decide
    from tgc.rulesets.tainted_grail.engines.game import Outcome
    from tgc.runtime.ruleset import Ruleset
    from tgc.runtime.story import Story

__all__ = ["__version__", "build", "check", "encounter", "load_bundle", "story"]


def check(root: str | Path, *, cache: CachePolicy = "none") -> Result:
    """Parse and check a campaign folder (or one ``.tgj`` file): ``result.diagnostics``
    (sorted, suppressed, configured), ``result.errors``, ``result.campaign`` (the model)."""
    from tgc.pipeline import check as run_check

    return run_check(Path(root), cache=cache)


def build(root: str | Path, out_dir: str | Path, *, shuffle: int | None = None,
          html: bool = True, cache: CachePolicy = "none") -> Result:
    """Check a campaign and, when it has no errors, write its bundle (and HTML) into
    ``out_dir``; ``result.written`` says what was written (None: nothing was)."""
    from tgc.pipeline import build as run_build

    return run_build(Path(root), Path(out_dir), shuffle=shuffle, html=html, cache=cache)


def load_bundle(path: str | Path, *, cache: CachePolicy = "none") -> Bundle:
    """A bundle file, or a campaign folder checked and compiled in memory (nothing is
    written). Raises ``tgc.pipeline.CampaignError`` with the reason (and the errors)."""
    from tgc.pipeline import load_campaign

    return load_campaign(Path(path), cache=cache)


def story(bundle: Bundle, party: Sequence[str] = (), *, seed: int = 0,
          ruleset: Ruleset | None = None) -> Story:
    """A Story to step through (``enter``, ``step``, ``choose``, ...; docs/runtime.md) with
    the named characters as the party, every random outcome drawn from ``seed``.
    Encounters wait for ``story.resolve(outcome)`` unless a ``ruleset`` fights them."""
    from tgc.runtime import Rng, Story, new_state

    return Story(bundle, new_state(bundle, list(party)), ruleset, Rng(seed))


def encounter(bundle: Bundle, name: str, party: Sequence[str] = (), *, seed: int = 0,
              policy: str = "greedy", decide: Decide | None = None,
              decks: Mapping[str, Sequence[str]] | None = None, log: bool = False) -> Outcome:
    """Fight or negotiate the encounter ``name`` once with ``party`` (default: the
    lowest-numbered character). ``decks`` fixes each member's draw order (card numbers,
    top first; nothing is shuffled); ``decide(game, hero, options)`` picks every play
    in place of ``policy``. Raises ``tgc.sim.seam.SimError`` for unknown names."""
    from tgc.rulesets.tainted_grail.engines.encounter import run_encounter
    from tgc.rulesets.tainted_grail.engines.simulate import load_setup

    setup = load_setup(bundle, name, list(party))
    return run_encounter(setup, seed, policy=policy, decide=decide, decks=decks, log=log)
