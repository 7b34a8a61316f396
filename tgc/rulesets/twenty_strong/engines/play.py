"""`tgc play` for a 20 Strong deck (tgc/playtest/seam.py): one game by hand, the table
shown before every strike and commit, or a transcript replayed and printed back; and
``play_game``, a game a verse starts, played by hand inside the story. The deck comes
from the bundle's typed rule data, so a bundle alone plays the same game."""

from __future__ import annotations

from tgc.bundle import schema as s
from tgc.bundle.schema import Bundle
from tgc.playtest.seam import PlayError, PlayRequest, Read, Write
from tgc.rulesets.twenty_strong.data import Box
from tgc.rulesets.twenty_strong.engines import session
from tgc.rulesets.twenty_strong.engines.story import setup_of


def is_transcript(text: str) -> bool:
    """Whether a script is one 20 Strong game (its header says so), not a story's."""
    return text.startswith(session.HEAD)


def play_game(bundle: Bundle, game: s.Game, seed: int, ask_dice: bool, write: Write,
              read: Read) -> str | None:
    """A game a verse starts, played by hand: its outcome (``win`` or ``lose``), or None
    when the line is not one this deck can play (the reader settles it then)."""
    box = bundle.rules
    setup = setup_of(box, game) if isinstance(box, Box) else None
    if setup is None or not isinstance(box, Box):
        return None
    outcome = session.play_by_hand(box, setup.hero, setup.boss, setup.rank, seed, write, read, ask_dice)
    return outcome.result


def run(bundle: Bundle, request: PlayRequest, write: Write, read: Read) -> None:
    box = bundle.rules
    if not isinstance(box, Box) or not box.heroes or not box.bosses:
        raise PlayError("the deck needs `@dice`, a `@hero` and a `@boss`")
    if request.script is not None:
        try:
            header, answers = session.read_transcript(request.script)
            text = session.replay(box, header, iter(answers))
        except (ValueError, session.NoAnswer) as err:
            raise PlayError(f"the transcript: {err}") from None
        for line in text.splitlines():
            write(line)
        return
    if len(request.party) > 1:
        raise PlayError("a 20 Strong game has one hero: name it with --party")
    hero = request.party[0] if request.party else None
    if hero is not None and box.hero(hero) is None:
        raise PlayError(f'no hero "{hero}" (heroes: {", ".join(h.name for h in box.heroes)})')
    session.play_by_hand(box, hero, None, 1, request.seed, write, read, request.ask_dice)
