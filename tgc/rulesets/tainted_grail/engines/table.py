"""Play session, the fights: how `tgc play` settles an encounter that has rule data. A
mode and a Book in, the session's ruleset out; for ``hand``, a fight and the reader's
answers so far in, the fight's log and its next question (or its outcome) out.

Modes: ``hand`` (the reader plays every card), ``ask`` (the reader names the outcome:
win, lose or avoid), ``auto`` (the ``greedy`` policy) or a policy name. The engines call
their policy and wait for its answer, while a session is fed one line at a time, so a fight
played by hand is *replayed* from its seed and the answers given so far up to the next
decision: a fight is pure (its own generator, copies of the party), so every replay is the
same fight, and ``:undo`` is just one answer fewer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from tgc.bundle import schema as s
from tgc.limits import as_number, is_number
from tgc.playtest.output import Line
from tgc.rulesets.tainted_grail.engines.combat import CombatGame
from tgc.rulesets.tainted_grail.engines.diplomacy import DiplomacyGame
from tgc.rulesets.tainted_grail.engines.game import Game, Option, Outcome
from tgc.rulesets.tainted_grail.engines.hero import Hero
from tgc.rulesets.tainted_grail.engines.policies import POLICIES, HumanPolicy
from tgc.rulesets.tainted_grail.engines.ruleset import Fight, TaintedGrailRuleset, play
from tgc.rulesets.tainted_grail.engines.table_commands import AdvanceCommands
from tgc.rulesets.tainted_grail.engines.table_commands import make_commands as table_commands
from tgc.rulesets.tainted_grail.records import Card, RightKey, Rules
from tgc.runtime.book import Book
from tgc.runtime.rng import Rng
from tgc.runtime.state import GameState

FIGHT_MODES = ("hand", "ask", "auto", *POLICIES)
AUTO_POLICY = "greedy"


class FightError(Exception):
    """An answer that does not fit the fight's question; the message is for the reader."""


class TableRuleset(TaintedGrailRuleset):
    """The Tainted Grail ruleset at the table. With ``hand``, every fight that has rule data
    is prepared and left waiting in ``pending`` for the session to play card by card;
    otherwise its policy plays it and ``report`` keeps what the session shows of it.
    Encounters without rule data (or a party without declared characters) go to the
    reader as win, lose or avoid."""

    def __init__(self, rules: Rules, policy: str, item_keywords: Mapping[str, tuple[str, ...]],
                 hand: bool, asks: bool = False) -> None:
        super().__init__(rules, policy, item_keywords)
        self.hand = hand
        self.asks = asks  # ``ask``: the reader names every outcome; the cards still follow
        self.pending: Fight | None = None
        self.report: list[Line] = []

    def resolve_encounter(self, encounter: s.Encounter, outcomes: tuple[str, ...],
                          state: GameState, rng: Rng) -> str | None:
        if self.asks:
            return None
        fight = self.prepare(encounter, state, rng)
        if fight is None or self.hand:
            self.pending = fight
            return None
        outcome = self.play(fight.encounter, list(fight.members), random.Random(fight.seed),
                            log=True, players=fight.players)
        before = state.copy()
        arm = self.conclude(outcome, outcomes, state, rng)
        self.report = [*log_lines(outcome.log), *change_lines(before, state)]
        return arm


def table_ruleset(book: Book, mode: str) -> TableRuleset | None:
    """The ruleset for a session in ``mode``; None (the reader settles every encounter) for
    a campaign with neither encounter rule data nor Dying and Insane cards. With ``ask``,
    or with no encounter data, the reader names every outcome, and the ruleset only
    attaches the campaign's cards after each story effect (``settle``)."""
    from tgc.rulesets.tainted_grail.engines.bundled import bundle_rules

    rules = bundle_rules(book.bundle)
    asks = mode == "ask" or not rules.encounters
    if asks and not rules.afflictions:
        return None
    policy = AUTO_POLICY if mode in ("auto", "hand", "ask") else mode
    return TableRuleset(rules, policy, book.item_keywords, mode == "hand", asks)



def make_ruleset(book: Book, mode: str) -> TableRuleset | None:
    """The registry's entry to this ruleset's runtime face (tgc/rulesets/spec.py)."""
    return table_ruleset(book, mode)


def make_commands(book: Book) -> AdvanceCommands | None:
    """The ruleset's play-session commands (``:advance``: table_commands.py)."""
    return table_commands(book)

# ---------------------------------------------------------------- a fight played by hand


@dataclass(frozen=True)
class Question:
    """A decision waiting for the reader: the prompt, the options (numbered from 1 when
    shown), each option's kind (``play``, ``charge``, ``stop``, ``escape``; empty when
    the question is not the playing step) and the position, as rows."""

    prompt: str
    options: tuple[str, ...]
    kinds: tuple[str, ...]
    rows: tuple[tuple[str, str], ...]


class _Asked(Exception):
    def __init__(self, prompt: str, options: Sequence[str], kinds: tuple[str, ...],
                 hero: Hero | None) -> None:
        super().__init__(prompt)
        self.prompt, self.options, self.kinds, self.hero = prompt, tuple(options), kinds, hero


class TablePolicy(HumanPolicy):
    """A HumanPolicy fed with the reader's answers so far; the first decision without an
    answer stops the replay (``_Asked``). The playing step's options say what each play
    gives, so the reader need not work the keys out."""

    def __init__(self, answers: tuple[int, ...]) -> None:
        super().__init__(self.answer)
        self.answers = answers
        self.used = 0
        self.kinds: tuple[str, ...] = ()
        self.hero: Hero | None = None  # whose hand the question is about

    def answer(self, prompt: str, options: list[str]) -> int:
        kinds, hero, self.kinds, self.hero = self.kinds, self.hero, (), None
        if self.used == len(self.answers):
            raise _Asked(prompt, options, kinds, hero)
        self.used += 1
        return self.answers[self.used - 1]

    def choose(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        self.kinds, self.hero = tuple(o.kind for o in options), hero
        return options[self.ask(f"{hero.name}'s move", [option_label(game, o) for o in options])]

    def react(self, game: Game, hero: Hero, options: list[Option]) -> Option:
        self.kinds, self.hero = tuple(o.kind for o in options), hero
        return super().react(game, hero, options)

    def escape_now(self, game: Game, hero: Hero, moment: str) -> bool:
        self.kinds, self.hero = ("stop", "escape"), hero  # `pass` stays, `escape` escapes
        escapes = super().escape_now(game, hero, moment)
        self.kinds, self.hero = (), None
        return escapes

    def discard(self, game: Game, hero: Hero, count: int) -> list[int]:
        picked: list[int] = []
        left = list(range(len(hero.hand)))
        for n in range(count):
            self.hero = hero
            index = self.ask(f"{hero.name} discards ({n + 1} of {count})",
                             [str(hero.hand[i]) for i in left])
            picked.append(left.pop(index))
        return picked

    def avoid(self, game: Game) -> bool:
        costs = getattr(game.encounter, "avoid_costs", ())
        paying = ", ".join(f"{amount} {what}" for amount, what in costs)
        each = f" ({paying} each)" if paying else ""
        return self.ask(f"Avoid {game.encounter.name}{each}?", ["face it", "avoid it"]) == 1


@dataclass(frozen=True)
class HandFight:
    """A fight the reader plays card by card: the prepared fight, the answers given so far,
    and where replaying them leads (the log, then the next question or the outcome)."""

    fight: Fight
    answers: tuple[int, ...]
    log: tuple[str, ...]
    question: Question | None
    outcome: Outcome | None

    @classmethod
    def start(cls, fight: Fight, ruleset: TaintedGrailRuleset) -> HandFight:
        return cls.replay(fight, (), ruleset)

    @classmethod
    def replay(cls, fight: Fight, answers: tuple[int, ...], ruleset: TaintedGrailRuleset) -> HandFight:
        policy = TablePolicy(answers)
        game = ruleset.game(fight.encounter, list(fight.members), random.Random(fight.seed),
                            policy, log=True, players=fight.players)
        try:
            outcome = play(game)
        except _Asked as asked:
            question = Question(asked.prompt, asked.options, asked.kinds,
                                position(game, asked.hero))
            return cls(fight, answers, tuple(game.log), question, None)
        return cls(fight, answers, tuple(outcome.log), None, outcome)

    def answer(self, text: str, ruleset: TaintedGrailRuleset) -> HandFight:
        """The fight after the reader's answer; FightError when it does not fit."""
        assert self.question is not None
        return self.replay(self.fight, (*self.answers, pick(self.question, text)), ruleset)


def pick(question: Question, text: str) -> int:
    """The option an answer names: ``N``, ``play N`` (option N, a card play), ``pass``,
    ``escape``, or ``> TEXT`` (the option starting with TEXT)."""
    word = " ".join(text.casefold().split())
    count = len(question.options)
    digits = word.removeprefix("play ")
    if is_number(digits):
        number = as_number(digits) or 0
        if not 1 <= number <= count:
            raise FightError(f"there is no option {digits[:20]} ({expected(question)})")
        if word.startswith("play ") and question.kinds[number - 1:number] != ("play",):
            raise FightError(f"option {number} is not a card play: {question.options[number - 1]}")
        return number - 1
    if word in ("pass", "stop", "escape"):
        wanted = "escape" if word == "escape" else "stop"
        if wanted in question.kinds:
            return question.kinds.index(wanted)
        raise FightError(f"you cannot {word} now ({expected(question)})")
    if text.startswith(">"):
        return _by_text(question, text[1:].strip())
    raise FightError(f"the fight waits for {question.prompt} ({expected(question)}), not '{text}'")


def _by_text(question: Question, wanted: str) -> int:
    if not wanted:
        raise FightError("write the start of an option's text after '>'")
    hits = [i for i, o in enumerate(question.options) if o.casefold().startswith(wanted.casefold())]
    if len(hits) == 1:
        return hits[0]
    if hits:
        numbers = " and ".join(str(i + 1) for i in hits)
        raise FightError(f"'{wanted}' starts options {numbers}; write more of the text")
    raise FightError(f"no option starts with '{wanted}' ({expected(question)})")


def expected(question: Question) -> str:
    """What the question takes: ``1-4, play N, pass or escape``."""
    words = ["1" if len(question.options) == 1 else f"1-{len(question.options)}"]
    if "play" in question.kinds:
        words.append("play N")
    words += [w for w, kind in (("pass", "stop"), ("escape", "escape")) if kind in question.kinds]
    return ", ".join(words[:-1]) + f" or {words[-1]}" if len(words) > 1 else words[0]


# ---------------------------------------------------------------- what the reader sees


def option_label(game: Game, option: Option) -> str:
    """``play Anvil Blow (2U): 2 markers, play again``, ``pass``, ``escape``."""
    if option.kind == "stop":
        return "pass"
    if option.kind != "play" or option.card is None:
        return str(option)
    gives = _gain_text(game, option) or "no connected key"
    abilities = [a.text for a in option.card.on_placement if a.text]
    return f"{option}: {gives}" + "".join(f"; {text}" for text in abilities)


def _gain_text(game: Game, option: Option) -> str:
    g = option.gain
    parts: list[str] = []
    if game.kind == "combat" and g.markers:
        parts.append(f"{g.markers} marker{'s' if g.markers != 1 else ''}")
    if isinstance(game, DiplomacyGame):
        if g.up - g.down:
            parts.append(f"affinity {g.up - g.down:+d}")
        for attribute, count in option.stages:
            times = f" x{count}" if count > 1 else ""
            rule = _effects(game.stage.rules.get(attribute, ()))
            parts.append(f"stage bonus{times} ({attribute}: {rule})")
    if g.draws:
        parts.append(f"draw {g.draws}")
    if g.discards:
        parts.append("destroys the last card")
    if g.again:
        parts.append("play again")
    return ", ".join(parts)


def position(game: Game, hero: Hero | None) -> tuple[tuple[str, str], ...]:
    """The table as rows: the enemy and the pool (or the affinity), what it does now, each
    member still in, the hand of the member asked (``hero``), and the card to connect to.
    (Read after the replay stopped: ``game.active`` may already be cleared.)"""
    rows: list[tuple[str, str]] = []
    if isinstance(game, CombatGame):
        enc = game.encounter
        traits = f" ({', '.join(sorted(enc.traits))})" if enc.traits else ""
        rows.append((enc.name, f"pool {game.pool} of {enc.value}{traits}"))
        rows.append(("its attack", _effects(enc.attack_at(game.pool))))
    elif isinstance(game, DiplomacyGame):
        dip = game.encounter
        rows.append((dip.name, f"stage {game.stage.number} of {len(game.stages)}, affinity "
                               f"{game.slot} of {dip.top} ({game.affinity_colour()})"))
        rows.append(("its response", _effects(game.stage.response_at(game.slot))))
    for member in game.in_play():
        panic = ", panicking" if member.panicking else ""
        rows.append((member.name, f"health {member.health}, energy {member.energy}, terror "
                                  f"{member.terror}, magic {member.magic}{panic}"))
    if hero is not None:
        rows.append((f"{hero.name}'s hand" if len(game.heroes) > 1 else "hand",
                     ", ".join(str(c) for c in hero.hand) or "empty"))
    last = game.last_card()
    rows.append(("connect to", _connect_to(last, game)))
    return tuple(rows)


def _connect_to(last: Card | None, game: Game) -> str:
    right = last.right if last is not None else game.enc_right
    keys = ", ".join(_key(k) for k in right) or "no keys"
    return f"{last if last is not None else 'the encounter'}: {keys}"


def _key(key: RightKey | None) -> str:
    if key is None:
        return "-"
    return "magic" if key.attribute is None else f"{key.attribute} {key.level}"


def _effects(effects: Sequence[object]) -> str:
    return "; ".join(str(getattr(e, "text", "")) for e in effects) or "nothing"


def question_lines(question: Question) -> list[Line]:
    rows = [Line("fight", label, value) for label, value in question.rows]
    prompt = Line("prompt", f"{question.prompt} ({expected(question)})")
    return [*rows, prompt, *(Line("choice", text, "", n) for n, text in enumerate(question.options, 1))]


def log_lines(log: Sequence[str]) -> list[Line]:
    return [Line("event", f"| {text}") for text in log]


def change_lines(before: GameState, after: GameState) -> list[Line]:
    """What a fight wrote back to the state: each member's tracks and resources, the
    party's items and secrets."""
    out: list[Line] = []
    old = {c.name: c for c in before.party}
    for member in after.party:
        was = old.get(member.name)
        if was is None:
            continue
        changed = [f"{k} {v}->{member.tracks[k]}" for k, v in was.tracks.items() if member.tracks.get(k) != v]
        changed += [f"{k} {v}->{member.resources[k]}" for k, v in was.resources.items()
                    if member.resources.get(k) != v]
        if changed:
            out.append(Line("effect", f"~ {member.name}: {', '.join(changed)}"))
    gained = [i for i in after.items if i not in before.items]
    lost = [i for i in before.items if i not in after.items]
    if gained or lost:
        items = [f"+{i}" for i in gained] + [f"-{i}" for i in lost]
        out.append(Line("effect", f"~ items: {', '.join(items)}"))
    secrets = sorted(after.secrets - before.secrets)
    if secrets:
        out.append(Line("effect", f"~ secrets: {', '.join(map(str, secrets))}"))
    return out
