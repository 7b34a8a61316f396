"""Playtesting, scripts and transcripts: a script (one reader input per line) or a transcript
file in, a replayed transcript out, compared with the file when it is one.

A transcript is a header of ``# key: value`` lines (``# tgc transcript`` first), a blank
line, then what the player printed, with the reader's inputs on ``> `` lines and the
script's comments on ``#`` lines. It checks itself: its inputs are replayed from its header
and the text must come out the same (docs/playtesting.md). A new playtest can be written
as the header and the ``>`` lines alone; ``tgc test --update`` fills in the text.

A transcript can be compared by its structure only (``# compare: structure`` in its
header, or ``tgc test --structure`` for every one): the verses entered, the choices
offered and taken, the effects, events and state panels, the prompts and errors, without
the prose and the wording of the choices, so a copy edit does not fail every playtest
that passes through the verse. A full comparison whose only differences are prose says
so.
"""

from __future__ import annotations

import difflib
import re
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from tgc.limits import MAX_NUMBER, as_number
from tgc.playtest.output import Line, PlainWriter
from tgc.playtest.seam import PlayError, PlayRequest, player, transcript_player
from tgc.playtest.session import Files, Session, SessionError
from tgc.runtime import events as ev
from tgc.runtime.book import Book
from tgc.runtime.engines import fight_modes
from tgc.runtime.ruleset import Ruleset
from tgc.runtime.save import Loaded, SaveError, load_save

MAGIC = "# tgc transcript"
SUFFIX = ".transcript"
FIELDS = ("campaign", "mode", "start", "seed", "party", "state", "dice", "locked", "fights", "compare")
Compare = Literal["text", "structure"]
COMPARES: tuple[Compare, ...] = ("text", "structure")


class ScriptError(Exception):
    """An input that does not fit the story (or a header that does not fit the campaign),
    at ``line`` of the script or transcript ``name``."""

    def __init__(self, name: str, line: int, message: str) -> None:
        super().__init__(f"{name}:{line}: {message}")
        self.name, self.line, self.message = name, line, message


class StartError(ScriptError):
    """The start given on the command line (``--at``), not by the script, does not fit:
    the caller's usage error, not a line of the script."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(name, 0, message)
        self.args = (message,)


@dataclass(frozen=True, slots=True)
class Input:
    """A script line: an input, a ``:command``, or a ``#`` comment (kept in the transcript)."""

    line: int
    text: str

    @property
    def comment(self) -> bool:
        return self.text.startswith("#")


@dataclass
class Header:
    """How a replay starts. ``start`` None is the campaign's start location; ``state`` is a
    state or save file, relative to the transcript's folder; ``fights`` is how encounters
    with rule data are played (tgc.runtime.engines; a header that does not say is ``ask``,
    as every transcript was before fights were played)."""

    campaign: str | None = None
    start: str | None = None
    seed: int = 0
    party: tuple[str, ...] = ()
    state: str | None = None
    ask_dice: bool = False
    show_locked: bool = False
    fights: str = "ask"
    compare: Compare = "text"
    days: bool = False  # `# mode: campaign`: the campaign played by its days (--campaign)
    at_line: dict[str, int] = field(default_factory=dict)

    def lines(self, book: Book) -> list[str]:
        out = [MAGIC, f"# campaign: {book.bundle.campaign.title}"]
        if self.days:
            out.append("# mode: campaign")
        else:
            out.append(f"# start: {self.start if self.start is not None else book.bundle.campaign.start}")
        out.append(f"# seed: {self.seed}")
        if self.party:
            out.append(f"# party: {', '.join(self.party)}")
        if self.state:
            out.append(f"# state: {self.state}")
        if self.ask_dice:
            out.append("# dice: ask")
        if self.show_locked:
            out.append("# locked: shown")
        if self.fights != "ask":
            out.append(f"# fights: {self.fights}")
        if self.compare != "text":
            out.append(f"# compare: {self.compare}")
        return out


@dataclass
class Transcript:
    name: str
    header: Header
    inputs: list[Input]
    text: str


@dataclass
class Replay:
    """The text a replay printed (a whole transcript), and the input that stopped it."""

    text: str
    error: ScriptError | None = None


def read_script(text: str) -> list[Input]:
    """The inputs of a script file: one per line, blank lines skipped, comments kept."""
    return [Input(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]


def parse_transcript(text: str, name: str) -> Transcript:
    """Raises ScriptError on a header it cannot read."""
    lines = text.replace("\r\n", "\n").split("\n")
    if not lines or lines[0].strip() != MAGIC:
        raise ScriptError(name, 1, f"a transcript starts with the line '{MAGIC}'")
    header = Header()
    number = 1
    while number < len(lines) and lines[number].startswith("#"):
        _header_field(header, lines[number], number + 1, name)
        number += 1
    inputs: list[Input] = []
    for index in range(number, len(lines)):
        line = lines[index]
        if line.startswith(">"):
            inputs.append(Input(index + 1, line[1:].strip() or ">"))
        elif line.startswith("#"):
            inputs.append(Input(index + 1, line.rstrip()))
    return Transcript(name, header, inputs, "\n".join(lines))


def _header_field(header: Header, line: str, number: int, name: str) -> None:
    key, colon, value = line[1:].partition(":")
    key, value = key.strip().casefold(), value.strip()
    if not colon or key not in FIELDS:
        raise ScriptError(name, number, f"a header line is '# KEY: VALUE' with KEY one of "
                                        f"{', '.join(FIELDS)} (a blank line ends the header)")
    header.at_line[key] = number
    if key == "campaign":
        header.campaign = value
    elif key == "mode":
        if value not in ("campaign", "story"):
            raise ScriptError(name, number, f"the mode is 'campaign' (played by its days) or 'story', "
                                            f"not '{value[:40]}'")
        header.days = value == "campaign"
    elif key == "start":
        header.start = value or None
    elif key == "seed":
        seed = as_number(value, low=-MAX_NUMBER, signed=True)
        if seed is None:
            raise ScriptError(name, number, f"the seed is a whole number, not '{value[:40]}' "
                                            f"(at most {MAX_NUMBER})")
        header.seed = seed
    elif key == "party":
        header.party = tuple(p.strip() for p in value.split(",") if p.strip())
    elif key == "state":
        header.state = value or None
    elif key == "dice":
        if value not in ("ask", "random"):
            raise ScriptError(name, number, f"dice are 'ask' or 'random', not '{value}'")
        header.ask_dice = value == "ask"
    elif key == "fights":
        modes = fight_modes()
        if value not in modes:
            raise ScriptError(name, number, f"fights are {', '.join(modes[:-1])} or "
                                            f"{modes[-1]}, not '{value}'")
        header.fights = value
    elif key == "compare":
        if value not in COMPARES:
            raise ScriptError(name, number, f"a transcript is compared by 'text' or 'structure', "
                                            f"not '{value}'")
        header.compare = "structure" if value == "structure" else "text"
    elif key == "locked":
        if value not in ("shown", "hidden"):
            raise ScriptError(name, number, f"locked choices are 'shown' or 'hidden', not '{value}'")
        header.show_locked = value == "shown"


# ---------------------------------------------------------------- replaying


def replay(book: Book, header: Header, inputs: list[Input], *, name: str, files: Files,
           ruleset: Ruleset | None = None, loaded: Loaded | None = None,
           final: Path | None = None, observe: Callable[[ev.Event], None] | None = None) -> Replay:
    """Run ``inputs`` from ``header``'s start; stop at the first input that does not fit.
    ``loaded`` is the header's state when the caller has already read it; ``final`` is
    where the save file reached at the end is written (``--final-state``); ``observe``
    hears every event the story shows (tgc.playtest.witnesses checks a goal by it)."""
    writer = PlainWriter()
    for row in header.lines(book):
        writer.raw(row)
    writer.raw("")
    session = Session(book, writer.add, seed=header.seed, dice="ask" if header.ask_dice else "script",
                      show_locked=header.show_locked, ruleset=ruleset, fights=header.fights,
                      party=header.party, files=files, campaign=header.days,
                      observe=observe)
    try:
        _check_campaign(book, header, name)
        if loaded is None:
            loaded = _state(book, header, name, files)
        try:
            session.start(header.start, loaded)
        except SessionError as err:
            if "start" not in header.at_line and header.start is not None:
                raise StartError(name, str(err)) from None
            raise ScriptError(name, header.at_line.get("start", 1), str(err)) from None
        comments: list[Input] = []  # held until the next input settles any pending dice
        for entry in inputs:
            if entry.comment:
                comments.append(entry)
                continue
            _feed(session, writer, entry, header, name, comments)
            comments = []
            if session.done:
                break
        if not header.ask_dice:
            while isinstance(session.waiting, ev.RollRequested | ev.TossRequested):
                session.draw()
        for entry in comments:
            writer.add(Line("comment", entry.text))
        if final is not None:
            try:
                session.write_save(final, str(final))
            except SessionError as err:
                raise ScriptError(name, inputs[-1].line if inputs else 1, f"--final-state: {err}") from None
    except ScriptError as err:
        return Replay(writer.text(), err)
    return Replay(writer.text())


def _feed(session: Session, writer: PlainWriter, entry: Input, header: Header, name: str,
          comments: list[Input]) -> None:
    # The dice are rolled as soon as the story asks, unless this very line gives them.
    dice_wait = isinstance(session.waiting, ev.RollRequested | ev.TossRequested)
    if dice_wait and not _gives_dice(entry.text) and not header.ask_dice:
        session.draw()
    for comment in comments:
        writer.add(Line("comment", comment.text))
    writer.add(Line("input", entry.text))
    if dice_wait and not _gives_dice(entry.text) and header.ask_dice:
        raise ScriptError(name, entry.line, f"the story waits for a {_dice_word(session)} "
                                            f"(dice: ask), not '{entry.text}'")
    try:
        session.handle(entry.text)
    except SessionError as err:
        raise ScriptError(name, entry.line, str(err)) from None


def _gives_dice(text: str) -> bool:
    word = text.casefold()
    return word.startswith(("roll ", "toss ")) or word in ("heads", "tails")


def _dice_word(session: Session) -> str:
    if isinstance(session.waiting, ev.RollRequested):
        return "roll (roll N)"
    return "coin toss (toss heads|tails)"


def _check_campaign(book: Book, header: Header, name: str) -> None:
    title = book.bundle.campaign.title
    if header.campaign is not None and header.campaign != title:
        raise ScriptError(name, header.at_line.get("campaign", 1),
                          f'this transcript plays "{header.campaign}", not "{title}"')


def _state(book: Book, header: Header, name: str, files: Files) -> Loaded | None:
    if header.state is None:
        return None
    try:
        return load_save(files.for_reading(header.state), book)
    except (SaveError, SessionError) as err:
        raise ScriptError(name, header.at_line.get("state", 1), str(err)) from None


# ---------------------------------------------------------------- checking a transcript file


@dataclass
class Outcome:
    """One transcript checked: ``diff`` is empty when the replay printed the file's text."""

    path: Path
    diff: str = ""
    error: ScriptError | None = None
    round_trip: str = ""  # the diff between the in-memory and the round-tripped replay
    updated: bool = False
    compare: Compare = "text"
    prose_only: bool = False  # the text differs, the structure does not

    @property
    def ok(self) -> bool:
        return not self.diff and self.error is None and not self.round_trip


def check_transcript(path: Path, book: Book, round_trip: Book | None = None, *,
                     update: bool = False, ruleset: Ruleset | None = None,
                     compare: Compare | None = None) -> Outcome:
    """Replay ``path`` on ``book`` (and on ``round_trip``, the bundle after a JSON dump and
    load) and compare, by ``compare`` (default: the transcript's own ``# compare:``, else
    the whole text); with ``update``, rewrite the file when its inputs still fit."""
    from tgc.bundle.io import write_atomic

    outcome = Outcome(path)
    try:
        expected = path.read_text(encoding="utf-8")
        if transcript_player(book.bundle, expected) is not None:
            return _check_own(outcome, expected, book, round_trip, update)
        transcript = parse_transcript(expected, str(path))
    except (OSError, UnicodeDecodeError) as err:
        outcome.error = ScriptError(str(path), 1, f"cannot read the transcript: {err}")
        return outcome
    except ScriptError as err:
        outcome.error = err
        return outcome
    first = _run(transcript, book, path, ruleset)
    outcome.error = first.error
    if round_trip is not None:
        second = _run(transcript, round_trip, path, ruleset)
        outcome.round_trip = unified_diff(first.text, second.text, f"{path} (in memory)",
                                          f"{path} (after a JSON round trip)")
    if update and first.error is None and first.text != transcript.text:
        write_atomic(path, first.text)
        outcome.updated = True
        return outcome
    wanted = transcript.text
    if first.error is not None:  # compare up to the input that failed, which the replay echoed
        wanted = "\n".join(wanted.split("\n")[:first.error.line]) + "\n"
    outcome.compare = compare if compare is not None else transcript.header.compare
    diff = unified_diff(wanted, first.text, f"{path} (expected)", f"{path} (replayed)")
    if not diff:
        return outcome
    shape = unified_diff(structure(wanted), structure(first.text), f"{path} (expected structure)",
                         f"{path} (replayed structure)")
    outcome.prose_only = not shape
    outcome.diff = shape if outcome.compare == "structure" else diff
    return outcome


def _check_own(outcome: Outcome, expected: str, book: Book, round_trip: Book | None,
               update: bool) -> Outcome:
    """A transcript of a ruleset that plays its own way (tgc/playtest/seam.py): its player
    replays the text and prints the transcript back, which must be the file's text."""
    path = outcome.path
    first = _own_replay(expected, book, path)
    outcome.error = first.error
    if round_trip is not None:
        second = _own_replay(expected, round_trip, path)
        outcome.round_trip = unified_diff(first.text, second.text, f"{path} (in memory)",
                                          f"{path} (after a JSON round trip)")
    if update and first.error is None and first.text != expected:
        from tgc.bundle.io import write_atomic

        write_atomic(path, first.text)
        outcome.updated = True
        return outcome
    wanted = expected
    if first.error is not None:  # compare what was printed before it stopped
        wanted = "".join(expected.splitlines(keepends=True)[:first.error.line])
    outcome.diff = unified_diff(wanted, first.text, f"{path} (expected)", f"{path} (replayed)")
    return outcome


def _own_replay(text: str, book: Book, path: Path) -> Replay:
    own = player(book.bundle)
    assert own is not None
    lines: list[str] = []

    def read(prompt: str) -> str:
        raise PlayError("the player asked for an answer the transcript does not give")

    try:
        own.run(book.bundle, PlayRequest(script=text), lines.append, read)
    except PlayError as err:
        printed = "".join(f"{line}\n" for line in lines)
        return Replay(printed, ScriptError(str(path), len(lines), str(err)))
    return Replay("".join(f"{line}\n" for line in lines))


_CHOICE = re.compile(r"(  [0-9]+\.) .*")


def structure(text: str) -> str:
    r"""The lines of a transcript that say what happened, not how it was written: headings,
    effects, events, state panels, offered choices (their numbers), prompts, errors,
    inputs and comments. Prose, endings and notes (unindented lines) and blank lines go;
    a choice keeps its number and loses its wording.

    >>> print(structure("== 101.1\nThe wind howls.\n\n  ~ mark \"Rot\" 1\n  1. Go on\n> 1\n"), end="")
    == 101.1
      ~ mark "Rot" 1
      1.
    > 1
    """
    kept = []
    for line in text.split("\n"):
        if line.startswith(("== ", "= ", "> ", "? ", "#", "error: ")):
            kept.append(line)
        elif line.startswith("  "):
            choice = _CHOICE.fullmatch(line)
            kept.append(choice.group(1) if choice else line)
    return "\n".join(kept) + "\n"


def _run(transcript: Transcript, book: Book, path: Path, ruleset: Ruleset | None) -> Replay:
    with tempfile.TemporaryDirectory(prefix="tgc-test-") as scratch:
        files = Files(write=Path(scratch), read=(path.parent,), confined=True)
        return replay(book, transcript.header, transcript.inputs, name=str(path), files=files,
                      ruleset=ruleset)


def unified_diff(expected: str, actual: str, from_name: str, to_name: str) -> str:
    lines = difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                 fromfile=from_name, tofile=to_name)
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def find_transcripts(paths: list[Path]) -> list[Path]:
    """Every ``*.transcript`` file given or under the folders given, sorted, no repeats."""
    found: dict[Path, None] = {}
    for path in paths:
        if path.is_dir():
            for item in sorted(path.rglob(f"*{SUFFIX}")):
                found.setdefault(item, None)
        elif path.is_file():
            found.setdefault(path, None)
    return list(found)
