"""Explorer, the report: an Exploration in, coverage, reasons, witness scripts and the JSON
document of ``tgc explore --format json`` out. Witnesses are replayed on the real
interpreter before they are shown, so a printed witness always reaches its verse."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from tgc.bundle import schema as s
from tgc.runtime import events as ev
from tgc.runtime.book import StoryError
from tgc.runtime.conditions import describe
from tgc.runtime.state import GameState
from tgc.runtime.story import InputError, Story
from tgc.tools.explore import Exploration
from tgc.tools.features import Feature, Value


@dataclass(frozen=True, slots=True)
class Witness:
    verse: str
    inputs: tuple[str, ...]
    confirmed: bool

    def script(self, source: str = "CAMPAIGN", state: str | None = None) -> str:
        """The witness as a script for ``tgc play --script`` (item 4's syntax)."""
        first = self.inputs[0].removeprefix(":goto ").replace(" ", ".") if self.inputs else "?"
        lines = [f"# witness: reaches {self.verse} in {len(self.inputs)} input(s)",
                 f"# starting state: {state or 'the default starting state'}",
                 f"# replay: tgc play {source} --at {first}"
                 + (f" --state {state}" if state else "") + " --script THIS_FILE"]
        if not self.confirmed:
            lines.append("# NOT CONFIRMED: replaying these inputs did not reach the verse "
                         "(the explorer combined values of separate explorations)")
        return "\n".join([*lines, *self.inputs[1:]]) + "\n"


# ---------------------------------------------------------------- witnesses


def inputs_to(ex: Exploration, node: int) -> list[str]:
    """The script lines that lead to ``node``: the explorations that set the values it
    relied on (each once, in the order the search found them), then its own inputs."""
    needed: dict[tuple[int, object], None] = {}
    _prerequisites(ex, node, None, needed)
    lines: list[str] = []
    for source, _ in sorted(needed, key=lambda key: key[0]):
        lines += _labels(ex, source)
    return lines + _labels(ex, node)


def _labels(ex: Exploration, node: int) -> list[str]:
    labels: list[str] = []
    current: int | None = node
    while current is not None:
        labels[:0] = ex.nodes[current].labels
        current = ex.nodes[current].parent
    return labels


def _prerequisites(ex: Exploration, node: int, override: tuple[Feature, Value] | None,
                   needed: dict[tuple[int, object], None]) -> None:
    for feature, value in ex.nodes[node].assumed:
        if override is not None and feature == override[0]:
            value = override[1]
        source = ex.provenance.get((feature, value))
        if source is None:
            continue
        key = (source, ex.overrides.get((feature, value)))
        if key not in needed:
            needed[key] = None
            _prerequisites(ex, source, ex.overrides.get((feature, value)), needed)


def witness(ex: Exploration, verse: str) -> Witness | None:
    node = ex.reached.get(verse)
    if node is None:
        return None
    inputs = tuple(inputs_to(ex, node))
    return Witness(verse, inputs, replay(ex, ex.start, inputs, verse))


def replay(ex: Exploration, start: GameState, inputs: tuple[str, ...], verse: str) -> bool:
    """Run ``inputs`` on the interpreter (dice asked) and say whether ``verse`` is read."""
    story = Story(ex.book, start.copy(), dice="ask")
    seen: set[str] = set()
    try:
        for line in inputs:
            feed(story, line)
            for event in story.run():
                if isinstance(event, ev.VerseEntered) and event.block is None:
                    seen.add(event.verse)
            if verse in seen:
                return True
    except (InputError, StoryError, ValueError):
        return False
    return verse in seen


def feed(story: Story, line: str) -> None:
    """One script line (the subset the explorer writes) to the story."""
    word, _, rest = line.partition(" ")
    if word == ":goto":
        verse, _, block = rest.partition(" ")
        story.goto(verse, block or None)
    elif word.isdigit():
        story.choose(int(word) - 1)
    elif word in ("yes", "no"):
        story.answer(word == "yes")
    elif word == "roll":
        story.give_roll(int(rest))
    elif word == "toss":
        story.give_toss(rest)
    elif word in ("win", "lose", "avoid"):
        story.resolve(word)
    else:
        raise ValueError(f"unknown script line {line!r}")


# ---------------------------------------------------------------- why a verse is not reached


def incoming(ex: Exploration) -> dict[str, list[tuple[str, str]]]:
    """For each verse: (source verse, how it leads here) for every line that targets it."""
    into: dict[str, list[tuple[str, str]]] = {}

    def add(target: s.Target, source: str, how: str) -> None:
        if isinstance(target, s.Goto) and target.block is None:
            into.setdefault(target.verse, []).append((source, how))

    for (verse, block), body in ex.book.bodies.items():
        where = f"{verse}.{block}" if block else verse
        for op in body.ops:
            _edges(op, verse, where, add)
    for status in ex.book.bundle.statuses:
        for trigger in status.triggers:
            add(trigger.target, "", f'the trigger of status "{status.name}" never fired')
    return into


def _edges(op: s.Op, verse: str, where: str, add: Any) -> None:
    match op:
        case s.Choice():
            need = f" (needs {describe(op.guard)})" if op.guard is not None else ""
            cost = "".join(f"; pay {c.amount} {c.resource}" for c in op.costs)
            add(op.target, verse, f'the choice "{op.text}" in {where} was never taken{need}{cost}')
        case s.IfDivert():
            add(op.target, verse, f"'~ if {describe(op.cond)}' in {where} never held")
        case s.Divert():
            add(op.target, verse, f"every play leaves {where} before its divert")
        case s.Roll():
            for arm in op.arms:
                span = f"{arm.low}+" if arm.high is None else f"{arm.low}-{arm.high}"
                add(arm.target, verse, f"the roll arm {span} in {where} never came up")
        case s.Toss():
            for side in op.arms:
                add(side.target, verse, f"the toss arm {side.side} in {where} never came up")
        case s.Encounter():
            for outcome in op.arms:
                add(outcome.target, verse, f"the {outcome.outcome} arm in {where} never came up")
        case s.IfEffect():
            pass


def reasons(ex: Exploration) -> dict[str, str]:
    into = incoming(ex)
    out: dict[str, str] = {}
    for verse in ex.book.verses:
        if verse in ex.reached:
            continue
        edges = into.get(verse, [])
        live = [how for source, how in edges if source == "" or source in ex.reached]
        if any(isinstance(t, s.Goto) and t.verse == verse for t in ex.entries):
            out[verse] = "an entry point whose location never comes into play"
        elif not edges:
            out[verse] = "no entry point, divert, choice, arm or trigger leads here"
        elif not live:
            sources = sorted({source for source, _ in edges})
            out[verse] = f"only reached from verses no play reaches: {', '.join(sources)}"
        else:
            out[verse] = "; ".join(live[:3])
    return out


# ---------------------------------------------------------------- trap loops


def trap_nodes(ex: Exploration) -> dict[str, int]:
    """Waiting points from which no play ever ends the exploration (first per verse)."""
    parents: dict[int, list[int]] = {}
    for i, node in enumerate(ex.nodes):
        for child in node.children:
            parents.setdefault(child, []).append(i)
    alive = {i for i, node in enumerate(ex.nodes) if node.kind == "exit"}
    todo = deque(alive)
    while todo:
        for parent in parents.get(todo.popleft(), ()):
            if parent not in alive:
                alive.add(parent)
                todo.append(parent)
    traps: dict[str, int] = {}
    for i, node in enumerate(ex.nodes):
        if node.kind == "wait" and i not in alive:
            traps.setdefault(node.verse, i)
    return traps


# ---------------------------------------------------------------- the document


def summary(ex: Exploration, seconds: float) -> dict[str, Any]:
    """The ``--format json`` document (verse ids as written in the source)."""
    book = ex.book
    why = reasons(ex)
    verses = [v.id for v in book.bundle.verses]
    blocks = [f"{v.id}.{b.name}" for v in book.bundle.verses for b in v.blocks]
    choices = [(vid, block, i) for (vid, block), body in book.bodies.items()
               for i, op in enumerate(body.ops) if isinstance(op, s.Choice)]
    parts = [(st.name, p) for st in book.bundle.statuses for p in range(1, st.size + 1)]
    secrets = [sec.number for sec in book.bundle.secrets]
    traps = trap_nodes(ex) if ex.complete else {}

    def found(verse: str, reason: str, node: int) -> dict[str, Any]:
        return {"verse": verse, "reason": reason, "inputs": inputs_to(ex, node)}

    return {
        "complete": ex.complete,
        "states": ex.states,
        "seconds": round(seconds, 3),
        "verses": {"total": len(verses), "reached": [v for v in verses if v in ex.reached],
                   "unreached": [{"verse": v, "reason": why[v]} for v in verses if v not in ex.reached]},
        "blocks": {"total": len(blocks), "reached": len([b for b in blocks if b in ex.blocks]),
                   "unreached": [b for b in blocks if b not in ex.blocks]},
        "choices": {"total": len(choices), "taken": len([c for c in choices if c in ex.choices]),
                    "never_taken": [_choice(book, c) for c in choices if c not in ex.choices]},
        "status_parts": {"total": len(parts), "marked": len([p for p in parts if p in ex.parts]),
                         "never_marked": [f'"{n}" {p}' for n, p in parts if (n, p) not in ex.parts]},
        "secrets": {"total": len(secrets), "gained": sorted(n for n in secrets if n in ex.secrets),
                    "never_gained": [n for n in secrets if n not in ex.secrets]},
        "dead_ends": [found(f.verse, f.reason, f.node) for f in ex.dead_ends.values()],
        "trap_loops": [found(f.verse, f.reason, f.node) for f in ex.loops.values()]
        + [found(v, "no play leaves this point", n) for v, n in traps.items()],
        "errors": [found(f.verse, f.reason, f.node) for f in ex.errors.values()],
        "endings": {kind: [{"verse": v, "inputs": inputs_to(ex, n)} for v, n in sorted(where.items())]
                    for kind, where in sorted(ex.endings.items()) if kind != "end"}
        | {"end": sorted(ex.endings.get("end", {}))},
    }


def _choice(book: Any, key: tuple[str, str | None, int]) -> str:
    verse, block, index = key
    op = book.body(verse, block).ops[index]
    where = f"{verse}.{block}" if block else verse
    return f'{where}: "{op.text}"'
