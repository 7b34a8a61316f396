"""An editor's state flow carried on after a structural edit (tgc/semantics/reflow.py)
equals a fresh solve: random campaigns with guards, grants, removals, conditional diverts
and a trigger, each edited line by line many times over (a target, a guard, a grant
changed, added or taken away), every run of the editor compared with a full `tgc check`
(its report and its flow: live bodies, facts, stops, dead triggers)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tgc.pipeline import Job, Result, run
from tgc.project.workspace import ParseCache
from tgc.semantics.flow import solve_flow

VERSES = 7  # per location

CONDS = ['status "Rot" 1', 'status "Rot" 2', 'status "Rot" any 2', 'status "Lit"', 'not status "Lit"',
         "secret 7", "not secret 7", 'item "Rope"', 'status "Lit" and secret 7']
GRANTS = ['mark "Rot" 1', 'mark "Rot" 2', 'mark "Rot" 3', 'mark "Lit"', 'unmark "Lit"', "gain secret 7",
          'gain item "Rope"', 'lose item "Rope"']


def _verse(rng: random.Random) -> str:
    section = rng.choice(["101", "102"])
    return f"{section}.{rng.randint(1, VERSES)}"


def _logic(rng: random.Random) -> str:
    match rng.randrange(3):
        case 0:
            return f"~ {rng.choice(GRANTS)}"
        case 1:
            return f"~ if {rng.choice(CONDS)}: {rng.choice(GRANTS)}"
        case _:
            return f"~ if {rng.choice(CONDS)} -> {_verse(rng)}"


def _choice(rng: random.Random) -> str:
    guard = f"{{{rng.choice(CONDS)}}} " if rng.random() < 0.5 else ""
    return f"* {guard}Go on -> {_verse(rng)}"


def _body(rng: random.Random) -> list[str]:
    lines = ["The road goes on."]
    lines += [_logic(rng) for _ in range(rng.randrange(3))]
    if rng.random() < 0.6:
        lines += [_choice(rng) for _ in range(rng.randint(1, 3))]
    else:
        lines.append(f"-> {_verse(rng) if rng.random() < 0.8 else 'end'}")
    return lines


def _campaign(rng: random.Random) -> dict[str, list[list[str]]]:
    """Per file, its verses' bodies (the headers are added when written)."""
    return {section: [_body(rng) for _ in range(VERSES)] for section in ("101", "102")}


HEADER = ('@campaign "R"\n  ruleset: none\n  start: 101\n@status "Rot" parts 3\n  when parts 1-3 -> 102.7\n'
          '@status "Lit"\n@secret 7 "Name"\n@item "Rope"\n')


def _write(root: Path, campaign: dict[str, list[list[str]]]) -> None:
    for section, bodies in campaign.items():
        head = HEADER + '@location 101 "L101"\n  explore -> 101.1\n' if section == "101" \
            else f'@location {section} "L{section}"\n'
        text = head
        for number, body in enumerate(bodies, 1):
            text += f"== {section}.{number}\n" + "\n".join(body) + "\n"
        (root / f"{section}.tgj").write_text(text, encoding="utf-8")


def _edit(rng: random.Random, campaign: dict[str, list[list[str]]]) -> None:
    """One line of one verse replaced by another of its kind (or a logic line added or
    taken away)."""
    body = rng.choice(campaign[rng.choice(["101", "102"])])
    index = rng.randrange(1, len(body))
    line = body[index]
    if line.startswith("* "):
        body[index] = _choice(rng)
    elif line.startswith("-> "):
        body[index] = f"-> {_verse(rng)}"
    elif rng.random() < 0.3:
        del body[index]
    else:
        body[index] = _logic(rng)
        if rng.random() < 0.3:
            body.insert(index, _logic(rng))


def _report(result: Result) -> list[tuple[object, ...]]:
    return [(d.code, d.span, d.message, d.hint, d.labels) for d in result.diagnostics]


def _same_flow(incremental: Result) -> None:
    """The editor's flow equals a fresh solve of its own graph and tables."""
    analysis = incremental.analysis
    assert analysis is not None
    flow = analysis.flow
    solved = solve_flow(analysis.campaign, analysis.graph, analysis.usage, lambda: analysis.hidden)
    assert flow.live == solved.live
    assert flow.facts().facts == solved.facts().facts and flow.facts().parts == solved.facts().parts
    assert flow.stops == solved.stops
    assert flow.dead_triggers == solved.dead_triggers


@pytest.mark.parametrize("seed", range(4))
def test_the_flow_after_each_of_many_edits_is_a_fresh_solve(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    campaign = _campaign(rng)
    _write(tmp_path, campaign)
    memory: ParseCache = {}
    last = run(Job(tmp_path, "check", memory=memory))
    carried = structural = 0
    for edit in range(14):
        _edit(rng, campaign)
        _write(tmp_path, campaign)
        assert last.resolution_analysis is not None
        kept = last.resolution_analysis.flow.kept  # what the next structural run starts from
        last = run(Job(tmp_path, "check", memory=memory, previous=last))
        carried += kept is not None and kept.taken
        structural += not last.reused  # (an edit may give a line back its old text)
        _same_flow(last)
        if edit % 3 == 0:
            assert _report(last) == _report(run(Job(tmp_path, "check")))
    assert carried == structural > 10  # every structural edit carried the last solve on
