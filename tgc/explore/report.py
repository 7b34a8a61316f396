"""Explorer, the report: an Exploration in, coverage, the reason each unreached verse is
not reached, trap loops and the JSON document of ``tgc explore --format json`` out (with a
witness, witness.py, for every ending and finding that has one)."""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from tgc.bundle import schema as s
from tgc.explore.explorer import Exploration, Finding
from tgc.explore.trap import trapped
from tgc.explore.witness import Goal, Planner, meets, reaches_verse, trap_witness
from tgc.runtime import events as ev
from tgc.runtime.conditions import describe

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
            cost = "".join(f"; pay {c.amount} {c.resource}" + (" per player" if c.per_player else "")
                           for c in op.costs)
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


def reasons(ex: Exploration, reached: Container[str] | None = None) -> dict[str, str]:
    """Why each verse outside ``reached`` (default: the verses the search reached) is not
    reached: its ways in, from the verses inside it."""
    inside = ex.reached if reached is None else reached
    into = incoming(ex)
    out: dict[str, str] = {}
    for verse in ex.book.verses:
        if verse in inside:
            continue
        edges = into.get(verse, [])
        live = [how for source, how in edges if source == "" or source in inside]
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


def traps(ex: Exploration) -> dict[str, int]:
    """The trap loops a report lists, in the book's order of verses: none for a search cut
    short (it proves none), those a settled search closed itself (explorer.py, trap.py),
    else every one the graph shows and the points that may hold a class of values no play
    leaves (region.py's snares; the graph hides those where other values joined at the
    point go on to an exit)."""
    if not ex.complete:
        return {}
    found = dict(ex.traps) if ex.settled else trap_nodes(ex)
    if not ex.settled:
        for verse, node in ex.caught.items():
            found[verse] = min(found.get(verse, node), node)
    order = {verse.id: n for n, verse in enumerate(ex.book.bundle.verses)}
    return dict(sorted(found.items(), key=lambda trap: order.get(trap[0], len(order))))


def trap_nodes(ex: Exploration) -> dict[str, int]:
    """Waiting points from which no play ever ends the exploration (first per verse)."""
    traps: dict[str, int] = {}
    for i in sorted(trapped(ex.nodes, ())):
        traps.setdefault(ex.nodes[i].verse, i)
    return traps


# ---------------------------------------------------------------- the document


# A point the search may hold a trapped play at, where no play the interpreter runs shows
# one: the search joins values per feature, so the class may be one no single play holds.
TRAP_IN_DOUBT = "the search's values may leave a play here with no way out; no play found shows it"


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
    planner = Planner(ex)
    shown = {verse: trap_witness(ex, verse, node, planner) for verse, node in traps(ex).items()}
    doubted = [{"verse": v, "reason": TRAP_IN_DOUBT, "why": w.why} for v, w in shown.items() if not w.found]

    def inputs(node: int, goal: Goal, verse: str) -> dict[str, Any]:
        found = planner.plan([*ex.reached_by.get(verse, []), node], goal, verse)
        return {"inputs": list(found.inputs)} if found.found else {"inputs": [], "why": found.why}

    def found(finding: Finding, goal: Goal) -> dict[str, Any]:
        return {"verse": finding.verse, "reason": finding.reason} | inputs(finding.node, goal, finding.verse)

    ends = {"end-chapter": ev.ChapterEnded, "game-over": ev.GameOver}

    doc = {
        "complete": ex.complete,
        **({"stopped": ex.stopped} if ex.stopped is not None else {}),  # "states" or "memory"
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
        "dead_ends": [found(f, meets(ev.DeadEnd, f.verse)) for f in ex.dead_ends.values()],
        "trap_loops": [found(f, meets(ev.LoopDetected, f.verse)) for f in ex.loops.values()]
        + [{"verse": v, "reason": "no play leaves this point", "inputs": list(w.inputs)}
           for v, w in shown.items() if w.found],
        **({"traps_in_doubt": doubted} if doubted else {}),
        "errors": [found(f, reaches_verse(f.verse)) for f in ex.errors.values()],
        "endings": {kind: [{"verse": v} | inputs(n, meets(ends[kind], v), v)
                           for v, n in sorted(where.items())]
                    for kind, where in sorted(ex.endings.items()) if kind != "end"}
        | {"end": sorted(ex.endings.get("end", {}))},
    }
    if not ex.complete:
        doc["proven_unreachable"] = proven(ex, verses, blocks, choices, parts, secrets)
    return doc


# ---------------------------------------------------------------- what an incomplete search proves

NO_BOUND = "no bound for a search from one verse (--from) or by a party larger than one"


def proven(ex: Exploration, verses: list[str], blocks: list[str], choices: list[tuple[str, str | None, int]],
           parts: list[tuple[str, int]], secrets: list[int]) -> dict[str, Any]:
    """What the bound (bound.py) proves no play shows, for a search that stopped early: it
    over-approximates every play, so what lies outside it is unreachable however far the
    search would have gone. Nothing when the bound is not sure."""
    limit = ex.bound
    if limit is None or not limit.sure:
        return {"sure": False, "why": NO_BOUND if limit is None else limit.why}
    why = reasons(ex, limit.verses)
    ways = ex.ways
    return {
        "sure": True,
        # ways.py and region.py: does every play end its exploration (no trap loop, no loop
        # without input)? If not proven, the first point in doubt.
        "no_trap_loops": ways is not None and ways.trap is None and ways.loop is None,
        **({"in_doubt": ways.loop or ways.trap} if ways is not None and (ways.trap or ways.loop) else {}),
        "verses": [{"verse": v, "reason": why[v]} for v in verses if v not in limit.verses],
        "blocks": [b for b in blocks if b not in limit.blocks],
        "choices": [_choice(ex.book, c) for c in choices if c not in limit.choices],
        "status_parts": [f'"{n}" {p}' for n, p in parts if (n, p) not in limit.parts],
        "secrets": [n for n in secrets if n not in limit.secrets],
        "endings": [{"kind": kind, "verse": where} for kind, where in _ending_lines(ex)
                    if (kind, where) not in limit.endings],
    }


def _ending_lines(ex: Exploration) -> list[tuple[str, str]]:
    """Every ``-> end-chapter`` and ``-> game-over`` of the campaign: (kind, where)."""
    out: dict[tuple[str, str], None] = {}
    for (verse, block), body in ex.book.bodies.items():
        where = f"{verse}.{block}" if block else verse
        for op in body.ops:
            for target in _targets(op):
                if isinstance(target, s.End) and target.kind in ("end-chapter", "game-over"):
                    out.setdefault((target.kind, where))
    return list(out)


def _targets(op: s.Op) -> list[s.Target]:
    match op:
        case s.Choice() | s.IfDivert() | s.Divert():
            return [op.target]
        case s.Roll() | s.Toss() | s.Encounter():
            return [arm.target for arm in op.arms]
    return []


def _choice(book: Any, key: tuple[str, str | None, int]) -> str:
    verse, block, index = key
    op = book.body(verse, block).ops[index]
    where = f"{verse}.{block}" if block else verse
    return f'{where}: "{op.text}"'
