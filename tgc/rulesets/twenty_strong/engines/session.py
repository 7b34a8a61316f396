"""20 Strong by hand: a game played by a person (or a transcript standing in for one).
Each decision is shown as numbered choices under a view of the table (dice, the dial,
the Menhir Stack, enemies with their nodes and damage, the hand); the answer is read
from ``read``. A transcript is the whole text with the answers on ``> `` lines, so
replaying its answers must print the same text again."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from tgc.limits import as_number, read_int
from tgc.rulesets.twenty_strong.data import STATS, Box
from tgc.rulesets.twenty_strong.engines import strategy
from tgc.rulesets.twenty_strong.engines.decisions import Choice, Decision, Policy
from tgc.rulesets.twenty_strong.engines.game import Game, Outcome
from tgc.rulesets.twenty_strong.engines.table import BASIC, CRIT, FACE_NAMES, MISS

FACES = {"m": MISS, "miss": MISS, "h": BASIC, "hit": BASIC, "c": CRIT, "crit": CRIT}
SHOWN = frozenset({"strike", "commit"})  # the table is drawn before these
HEAD = "# tgc 20 Strong transcript: "  # a transcript's first line starts so
SEED_MAX = (1 << 64) - 1  # a transcript's seed: tgc's run seeds are 64-bit


class NoAnswer(Exception):
    """The answers ran out (a transcript shorter than its game)."""


def describe(game: Game, decision: Decision, c: Choice) -> str:
    """A choice in words, as a person reads it (the hero and the boss are chosen before
    there is a table)."""
    if c.act == "name":
        names = game.box.heroes if decision.kind == "hero" else game.box.bosses
        return names[c.a].name
    t = game.t
    match c.act:
        case "none":
            return {"strike": "no strike", "commit": "commit no more dice",
                    "apply": "stop applying", "recover": "recover no more dice",
                    "make-room": "make no room (leave the item)"}.get(decision.kind, "none")
        case "draw":
            return "draw a combat card"
        case "play":
            return f"play {t.hand[c.a].name} on {t.foes[c.b].card.name}"
        case "colour":
            verb = {"commit": "commit", "recover": "recover"}.get(decision.kind, "choose")
            return f"{verb} a {game.box.dice.colours[c.a].name} die"
        case "die":
            if decision.kind == "apply":
                return (f"apply the {t.colour_name(c.a)} {FACE_NAMES[t.faces[c.a]]} to "
                        f"{t.foes[c.b].card.name}")
            return f"die {c.a + 1}"
        case "item":
            return f"{'use' if decision.kind in ('apply', 'item-use') else 'discard'} " \
                   f"{t.inventory[c.a].name}"
        case "deck":
            name = list(t.enemy_decks)[c.a]
            top = t.enemy_decks[name][-1]
            return f"the {name} deck (top: {top.name}, Health {top.health}, Damage {top.damage})"
        case "hand":
            return t.hand[c.a].name
        case "enemy":
            return t.foes[c.a].card.name
        case "stat":
            return STATS[c.a]
        case "card":
            return t.supply[c.a].name if decision.kind == "pick-upgraded" else f"card {c.a + 1}"
        case "effect":
            return f"effect {c.a + 1}"
        case "take" | "skip" | "yes" | "no" | "top" | "discard":
            return {"take": "take it", "skip": "leave it", "yes": "yes", "no": "no",
                    "top": "on top of the combat deck", "discard": "in the combat discard"}[c.act]
    return c.act


QUESTIONS = {
    "strike": "Strike", "commit": "Commit dice", "apply": "Apply dice",
    "repeat": "Repeat the Strategy phase?", "reward": "Instant reward", "recover": "Recover dice",
    "item-reward": "Item reward", "activate": "Activate an enemy from", "menhir": "Feed the "
    "Menhir Stack from", "hand-discard": "Discard down to your hand limit", "order": "Resolve "
    "first", "item-use": "Use an item", "rank-stat": "Rank 4: lower a stat", "destination":
    "Place the upgraded card", "optional": "Use the ability?"}


def table_view(game: Game) -> list[str]:
    t = game.t
    pool = ", ".join(f"{c.name} {len(t.dice_in(t.pool, i))}"
                     for i, c in enumerate(game.box.dice.colours))
    lines = [f"  Health {t.health}  Strategy {t.strategy}  Recovery {t.recovery}  | dial "
             f"{t.dial_colour}  | Menhir Stack {len(t.menhir)}  | pass {t.passes}",
             f"  dice ready: {pool}; committed {len(t.active)}; exhausted {len(t.exhausted)}; "
             f"banished {len(t.banished_dice)}"]
    for foe in t.foes:
        state = "defeated" if foe.defeated else f"{strategy.damage_on(game, foe)}/{foe.card.health}"
        lines.append(f"  enemy {foe.card.name}: {state}, Damage {foe.card.damage}, nodes "
                     f"{', '.join(foe.host_nodes) or 'none'}"
                     + (f", chain {' > '.join(c.name for c in foe.chain)}" if foe.chain else ""))
    lines.append(f"  hand: {', '.join(c.name for c in t.hand) or 'empty'}"
                 + (f"; items: {', '.join(i.name for i in t.inventory)}" if t.inventory else ""))
    return lines


@dataclass
class HandPolicy:
    """Asks a person: writes the question and the numbered choices, reads a number."""

    write: Callable[[str], None]
    read: Callable[[str], str]
    name: str = "hand"
    errors: list[str] = field(default_factory=list)

    def choose(self, game: Game, decision: Decision) -> int:
        show(game, decision, self.write)
        while True:
            answer = self.read("> ").strip()
            number = as_number(answer, low=1, high=len(decision.choices))
            if number is not None:
                return number - 1
            self.write(f"  (answer with a number from 1 to {len(decision.choices)})")


def show(game: Game, decision: Decision, write: Callable[[str], None]) -> None:
    """The table (before strikes and commits), the question and its numbered choices."""
    if decision.kind in SHOWN:
        for line in table_view(game):
            write(line)
    question = QUESTIONS.get(decision.kind, decision.kind)
    if decision.subject:
        question += f" ({decision.subject})"
    write(f"? {question}")
    for i, choice in enumerate(decision.choices, 1):
        write(f"  {i}. {describe(game, decision, choice)}")


@dataclass
class ShownPolicy:
    """Another policy's answers, written as a person's would be (a transcript of it)."""

    inner: Policy
    write: Callable[[str], None]
    name: str = "shown"

    def choose(self, game: Game, decision: Decision) -> int:
        show(game, decision, self.write)
        index = self.inner.choose(game, decision)
        self.write(f"> {index + 1}")
        return index


def transcript_of(box: Box, header: dict[str, str], policy: Policy) -> tuple[str, Outcome]:
    """A whole game played by ``policy``, as a transcript that ``replay`` reproduces."""
    lines: list[str] = [f"{HEAD}{_header_text(header)}"]
    game = Game(box, ShownPolicy(policy, lines.append), _seed(header), log=lines.append)
    game.setup(hero=header.get("hero"), boss=header.get("boss"), rank=_rank(header))
    outcome = game.play()
    return "\n".join(lines) + "\n", outcome


def dice_roller(write: Callable[[str], None], read: Callable[[str], str]
                ) -> Callable[[Game, int], int]:
    """``--ask-dice``: the person rolls the physical die and types what it shows."""
    def roll(game: Game, die: int) -> int:
        while True:
            write(f"? Roll a {game.t.colour_name(die)} die: miss, hit or crit (m/h/c)")
            face = FACES.get(read("> ").strip().lower())
            if face is not None:
                return face
    return roll


def play_by_hand(box: Box, hero: str | None, boss: str | None, rank: int, seed: int,
                 write: Callable[[str], None], read: Callable[[str], str],
                 ask_dice: bool = False) -> Outcome:
    policy = HandPolicy(write, read)
    game = Game(box, policy, seed, log=write)
    if ask_dice:
        game.roller = dice_roller(write, read)
    game.setup(hero=hero, boss=boss, rank=rank)
    return game.play()


def replay(box: Box, header: dict[str, str], answers: Iterator[str]) -> str:
    """The transcript text that these answers give (to compare with the file)."""
    lines: list[str] = [f"{HEAD}{_header_text(header)}"]

    def read(prompt: str) -> str:
        try:
            answer = next(answers)
        except StopIteration:
            raise NoAnswer("the transcript has no answer for this question") from None
        lines.append(f"> {answer}")
        return answer

    play_by_hand(box, header.get("hero"), header.get("boss"), _rank(header),
                 _seed(header), lines.append, read,
                 ask_dice=header.get("dice") == "asked")
    return "\n".join(lines) + "\n"


def _rank(header: dict[str, str]) -> int:
    return read_int(header.get("rank", "1"), "the transcript's rank", low=1, high=5)


def _seed(header: dict[str, str]) -> int:
    """Any seed a game is played from: a verse's game draws one from ``range(2**31)``
    (story.py), more digits than a count may have; `tgc deck play --seed` takes any."""
    return read_int(header.get("seed", "0"), "the transcript's seed", high=SEED_MAX)


def _header_text(header: dict[str, str]) -> str:
    return "; ".join(f"{k} {v}" for k, v in header.items())


def read_transcript(text: str) -> tuple[dict[str, str], list[str]]:
    """The header (hero, boss, rank, seed) and the answers of a transcript."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith(HEAD):
        raise ValueError("a 20 Strong transcript starts with `# tgc 20 Strong transcript: "
                         "hero NAME; boss NAME; rank N; seed N`")
    header = {}
    for part in lines[0].split(": ", 1)[1].split("; "):
        key, _, value = part.partition(" ")
        header[key] = value
    for number in (_rank, _seed):  # a LimitError (a ValueError) names the bad field
        number(header)
    return header, [line[2:] for line in lines[1:] if line.startswith("> ")]
