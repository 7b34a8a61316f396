"""A `tgc explore` witness of a Tall Tale written as a `tgc play` transcript: the
explorer's decisions, turn by turn in its words, given as the answers to the questions
`tgc play` asks (session.py), under the first seed whose draws and duels fall as the
witness's do. The witness's turns in; the transcript's text, or None, out.

The explorer branches on every draw and on each duel's outcome, where `tgc play` draws
them from its seed, so a seed is tried after another (a duel the witness wins fought by
the greedy policy, one it loses by hand, every card passed) until the play reaches what
the witness reaches; the answers are typed as numbers."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.engines.hand import Asker
from tgc.rulesets.grimslingers.engines.session import END_SESSION, Header, Sitting, Texts, play
from tgc.rulesets.grimslingers.engines.tale import TaleState, first_with_room

SEEDS = 200  # seeds tried before a witness is said to have no transcript
Reached = Callable[[TaleState], bool]


class Astray(Exception):
    """The play under this seed left the witness (a draw or a duel fell otherwise)."""


@dataclass
class WitnessAsker(Asker):
    """Answers `tgc play`'s questions from the witness's turns (``said``: each turn's
    words), writing the transcript as `tgc play` would (``lines``)."""

    reached: Reached
    turns: list[list[str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    sitting: Sitting | None = None
    done: bool = False  # the witness's last turn played and its target reached
    standoff: str | None = None  # the player whose rest Standoff is being asked
    losing: bool = False  # a duel the witness loses, fought by hand, every card passed

    def seat(self, sitting: Sitting) -> None:
        self.sitting = sitting

    def choose(self, question: str, options: Sequence[str]) -> int:
        self.write(f"? {question}")
        for number, option in enumerate(options, 1):
            self.write(f"  {number}. {option}")
        k = self._answer(question, options)
        self.lines.append(f"> {k + 1}")
        return k

    def _answer(self, question: str, options: Sequence[str]) -> int:
        assert self.sitting is not None
        match question:
            case "What do you play":
                return 0
            case "Move":
                return self._move(options)
            case "What now":
                return 0  # leave the table
            case "Which part do you read":
                said = self._take("read ")
                return _find(options, said.removeprefix("read "))
            case "Tile resolution":
                said = self._take("begin bounty ", "abandon bounty ", missing="")
                if not said:
                    return 0
                words = said.replace("begin bounty", "begin the bounty").replace(
                    "abandon bounty", "abandon the bounty")
                return _find(options, words)
            case _ if question.startswith("How do you fight "):
                said = self._take(f"duel {question.removeprefix('How do you fight ')} ",
                                  missing="")
                self.losing = said.endswith(" lost")
                return _find(options, "by hand" if self.losing else "greedy policy")
            case _ if self.losing and question.endswith(" plays"):
                return len(options) - 1  # pass (+2 EP): a duel the witness loses
            case _ if question.startswith("Who takes "):
                return self._taker(question.removeprefix("Who takes "), options)
            case _ if question.startswith(("Rest on landmark", "Trade a set in")):
                return 0  # the explorer buys and trades nothing
        return self._rest(question, options)

    def _turn(self) -> list[str]:
        assert self.sitting is not None
        return self.turns[self.sitting.turn - 1]

    def _take(self, *starts: str, missing: str | None = None) -> str:
        """The turn's next words that start so, taken off it."""
        turn = self._turn()
        for i, words in enumerate(turn):
            if words.startswith(starts):
                return turn.pop(i)
        if missing is not None:
            return missing
        raise Astray(f"turn {self._turn_number()}: no `{starts[0]}...` left")

    def _turn_number(self) -> int:
        assert self.sitting is not None
        return self.sitting.turn

    def _move(self, options: Sequence[str]) -> int:
        sitting = self.sitting
        assert sitting is not None
        if sitting.turn > len(self.turns):
            if not self.reached(sitting.state):
                raise Astray("the play does not reach what the witness reaches")
            self.done = True
            return options.index(END_SESSION)
        turn = self._turn()
        front = turn[0] if turn else ""
        for c in sitting.state.party:
            if front.startswith(f"rest: {c.name} reorganises hand and stash: "):
                return _find(options, f"rest: {c.name} reorganises hand and stash")
            if front.startswith(f"rest: {c.name}'s Standoff: "):
                self.standoff = c.name
                return _find(options, f"rest: {c.name} takes a Standoff phase")
        said = self._take("north to ", "south to ", "east to ", "west to ")
        where = said.split(" to ")[0] + " to "
        found = [i for i, o in enumerate(options) if o.startswith(where)]
        return found[0] if found else _astray(said)

    def _taker(self, name: str, options: Sequence[str]) -> int:
        """The explorer's taker: the first player with room (never a refusal)."""
        assert self.sitting is not None
        state = self.sitting.state
        card = next((c for c in self.sitting.rules.tale.cards if c.name == name), None)
        who = first_with_room(state, card).who if card is not None else state.party[0]
        return next(i for i, o in enumerate(options) if o.startswith(f"{who.name} ("))

    def _rest(self, question: str, options: Sequence[str]) -> int:
        """A question of a rest: a Standoff's (its words are ``rest: NAME's Standoff:
        ANSWER``), a reorganisation's (``rest: NAME reorganises hand and stash: CARD to
        the hand (trades places with CARD)``), or one inside an FX (the first answer)."""
        turn = self._turn()
        for c in self.sitting.state.party if self.sitting else []:
            shuffle = f"rest: {c.name} reorganises hand and stash: "
            if question == f"{c.name} reorganises hand and stash":
                if not (turn and turn[0].startswith(shuffle)):
                    return 0  # done
                words = turn[0].removeprefix(shuffle)
                if " (trades places with " not in words:
                    turn.pop(0)
                return _find(options, words.split(" (trades places with ")[0])
            if question.startswith("The hand is full: ") and turn and turn[0].startswith(shuffle):
                swap = turn.pop(0).removesuffix(")").split(" (trades places with ")[1]
                return _find(options, swap)
            prefix = f"rest: {c.name}'s Standoff: "
            if self.standoff == c.name:
                if turn and turn[0].startswith(prefix):
                    return _find(options, turn.pop(0).removeprefix(prefix))
                if question.startswith(f"{c.name}'s Standoff ("):
                    self.standoff = None
                    return 0  # end the Standoff
        return 0


def _find(options: Sequence[str], words: str) -> int:
    if words in options:
        return list(options).index(words)
    return _astray(words)


def _astray(words: str) -> int:
    raise Astray(f"`{words}` is no answer here")


def transcript(tale: TallTale, texts: Texts, party: tuple[str, ...], turns: list[list[str]],
               reached: Reached, seeds: int = SEEDS) -> str | None:
    """The `tgc play` transcript that plays the witness's ``turns`` and reaches what it
    does (``reached``), under the first seed of ``seeds`` that does; None if none."""
    for seed in range(seeds):
        asker = WitnessAsker(lambda line: None, lambda prompt: "", reached,
                             turns=[list(t) for t in turns])
        asker.write = asker.lines.append
        try:
            play(tale, texts, Header(party, seed), asker, asker.seat)
        except Astray:
            continue
        sitting = asker.sitting
        assert sitting is not None
        if asker.done or (sitting.turn == len(turns) and reached(sitting.state)):
            return "\n".join(asker.lines) + "\n"
    return None
