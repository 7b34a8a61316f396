"""`tgc play` for a Grimslingers Tall Tale (tgc/playtest/seam.py): the Tall Tale or a
duel alone, by hand, or a transcript replayed and printed back. Everything comes from
the bundle's typed rule data and its verses (a part's text), so a bundle alone plays the
same game."""

from __future__ import annotations

from tgc.bundle.schema import Bundle
from tgc.playtest.seam import PlayError, PlayRequest, Read, Write
from tgc.rulesets.grimslingers.data import TallTale
from tgc.rulesets.grimslingers.engines import session
from tgc.rulesets.grimslingers.engines.hand import Asker


def run(bundle: Bundle, request: PlayRequest, write: Write, read: Read) -> None:
    tale = bundle.rules
    if not isinstance(tale, TallTale) or not tale.grimslingers or not tale.creatures:
        raise PlayError("the Tall Tale needs a `@grimslinger` and a `@creature` to play")
    if request.ask_dice:
        raise PlayError("--ask-dice: a Tall Tale's die and decks are drawn by the seeded "
                        "generator (give --seed)")
    texts = session.tale_texts(bundle)
    if request.script is not None:
        try:
            header, answers = session.read_transcript(request.script)
            problem = session.party_problem(tale, header.party)
            if problem is not None:
                raise ValueError(problem)
        except ValueError as err:
            raise PlayError(f"the transcript: {err}") from None
        text, stopped = session.replay(tale, texts, header, iter(answers))
        for line in text.splitlines():
            write(line)
        if stopped is not None:
            raise PlayError(f"the transcript: {stopped}")
        return
    problem = session.party_problem(tale, request.party)
    if problem is not None:
        raise PlayError(f"--party: {problem}")
    session.play(tale, texts, session.Header(request.party, request.seed), Asker(write, read))
