"""How a body ends: the bodies of the verse graph in, for each one where control surely
leaves it (or that it can run off its end) out, exactly as docs/language.md's "How a body
runs" defines it. Read by the dead-end, line-after-divert, missing-outcome and
trap-loop checks, and by ``tgc graph`` to highlight dead ends."""

from __future__ import annotations

from typing import NamedTuple

from tgc.conditions.form import atoms
from tgc.conditions.table import AtomKey, always_holds, atom_key
from tgc.semantics.graph import Edge, Graph
from tgc.semantics.lower import lower_form, lower_guard_form
from tgc.semantics.model import Campaign
from tgc.syntax import ast

# What an effect may change, as prefixes of tgc.conditions.table.atom_key tuples; () changes anything.
Touch = tuple[AtomKey, ...]
ANYTHING: Touch = ((),)


class Ending(NamedTuple):
    """Where control leaves a body.

    ``leaves_at`` is the index of the statement past which control never goes (a plain
    divert, a roll or toss, an encounter with an arm for every outcome, the conditional
    divert that completes a run that always holds, or the last of the choices); None when
    control can run off the end of the body. ``cause`` names why. ``dead`` is the
    dead-end verdict; ``unsure`` is set when the body cannot be judged (lines after its
    choices, already an error; or a truth table too large to build). ``partial`` lists
    encounter lines that have arms but lack an outcome, and ``run`` the conditions of
    the trailing run of conditional diverts when the body is a dead end.
    """

    leaves_at: int | None
    cause: str  # divert | roll | toss | encounter | conditions | choices | guarded | end | unknown
    dead: bool = False
    unsure: bool = False
    partial: tuple[int, ...] = ()
    run: tuple[ast.Cond, ...] = ()


# The ending of most bodies: it leaves at its last line (a divert, a roll, a toss or its
# choices, one of them without a guard). Nothing about it is worth a diagnostic.
PLAIN = Ending(None, "plain")
GUARDED = Ending(None, "guarded", dead=True)


def find_endings(campaign: Campaign, graph: Graph,
                 earlier: tuple[Graph, dict[str, Ending]] | None = None) -> dict[str, Ending]:
    """The ending of every body of the graph whose ending is not PLAIN (most are;
    ``Analysis.endings`` keeps them for every check); look bodies up with
    ``.get(node, PLAIN)``. With ``earlier`` (the last run's graph and endings), a body that
    is still a node of that graph (semantics.incremental) ends as it did."""
    nodes = graph.nodes
    endings: dict[str, Ending] = {}
    was, ended = earlier if earlier is not None else (None, {})
    for nid, edges in graph.edges.items():
        if was is not None and was.nodes.get(nid) is nodes[nid]:
            if nid in ended:
                endings[nid] = ended[nid]
            continue
        # The first edge of a body says where it leaves without walking its prose.
        if edges:
            first = edges[0]
            kind = first.kind
            if kind == "divert" or kind == "roll" or kind == "toss":
                if first.index != len(nodes[nid].body) - 1:
                    endings[nid] = Ending(first.index, kind)
                continue
            if kind == "choice" and _all_choices(edges, len(nodes[nid].body)):
                # Every line from the first choice on is a choice (one edge each).
                if not any(not edge.guard and not edge.costs for edge in edges):
                    covered = guards_cover([(e.guard, e.costs) for e in edges])
                    if not covered:
                        endings[nid] = _unsure(PLAIN) if covered is None else GUARDED
                continue
        ending = body_ending(campaign, nodes[nid].body)
        if ending.dead or ending.unsure or ending.partial or ending.leaves_at != len(nodes[nid].body) - 1:
            endings[nid] = ending
    return endings


def _all_choices(edges: list[Edge], size: int) -> bool:
    return len(edges) == size - edges[0].index and all(e.kind == "choice" for e in edges)


def body_ending(campaign: Campaign, body: tuple[ast.Stmt, ...]) -> Ending:
    """Walk a body top to bottom, as the reader would, up to the first line it cannot pass."""
    run: list[tuple[int, ast.Cond]] = []
    partial: list[int] = []
    unknown = False  # a run whose truth table was too large: the end may never be reached
    for index, stmt in enumerate(body):
        kind = type(stmt)
        if kind is ast.Paragraph:
            continue
        if kind is ast.Choice:
            ending = _choices(body, index, tuple(partial))
            return _unsure(ending) if unknown and ending.dead else ending
        if kind is ast.Divert:
            return Ending(index, "divert", partial=tuple(partial))
        if isinstance(stmt, ast.CondDivert):
            run.append((index, stmt.cond))
            following = body[index + 1] if index + 1 < len(body) else None
            if type(following) is not ast.CondDivert:
                judged = _run_ending(run, tuple(partial))
                if judged is not None and judged.unsure:
                    unknown = True
                elif judged is not None:
                    return judged
            continue
        assert isinstance(stmt, ast.EffectLine)
        effect = stmt.effect
        if stmt.cond is None and isinstance(effect, (ast.Roll, ast.Toss)) and effect.arms:
            return Ending(index, "roll" if isinstance(effect, ast.Roll) else "toss",
                          partial=tuple(partial))
        if stmt.cond is None and isinstance(effect, ast.Encounter) and effect.arms:
            missing = missing_outcomes(campaign, effect)
            if missing == ():
                return Ending(index, "encounter", partial=tuple(partial))
            if missing is None and index == len(body) - 1:
                return Ending(None, "unknown", unsure=True, partial=tuple(partial))
            if missing:
                partial.append(index)
        if run and _changes(touches(effect), run):
            run = []  # the effect may change what the earlier conditions test
    last_run = tuple(cond for _, cond in run) if body and type(body[-1]) is ast.CondDivert else ()
    ending = Ending(None, "end", dead=True, partial=tuple(partial), run=last_run)
    return _unsure(ending) if unknown else ending


def _unsure(ending: Ending) -> Ending:
    return Ending(None, "unknown", unsure=True, partial=ending.partial)


def _choices(body: tuple[ast.Stmt, ...], first: int, partial: tuple[int, ...]) -> Ending:
    guards: list[tuple[tuple[ast.Cond, ...], tuple[ast.Cost, ...]]] = []
    for stmt in body[first:]:
        if type(stmt) is not ast.Choice:
            return Ending(None, "unknown", unsure=True, partial=partial)  # TGC009 said so
        guard = stmt.guard
        guards.append(((), ()) if guard is None else (guard.conditions, guard.costs))
    covered = guards_cover(guards)
    if covered:
        return Ending(len(body) - 1, "choices", partial=partial)
    if covered is None:
        return Ending(None, "unknown", unsure=True, partial=partial)
    return Ending(None, "guarded", dead=True, partial=partial)


def guards_cover(guards: list[tuple[tuple[ast.Cond, ...], tuple[ast.Cost, ...]]]) -> bool | None:
    """Whether one of a run of choices is always offered: one has no guard, or the
    conditions of those without a cost hold together in every state (a choice with a
    cost may be unaffordable, so it never counts). None: the truth table is too large."""
    conds = []
    for conditions, costs in guards:
        if costs:
            continue
        if not conditions:
            return True
        conds.append(lower_guard_form(conditions))
    return always_holds(conds) if conds else False


def _run_ending(run: list[tuple[int, ast.Cond]], partial: tuple[int, ...]) -> Ending | None:
    """The ending at the conditional divert that makes the run always hold, if any."""
    forms = [lower_form(cond) for _, cond in run]
    held = always_holds(forms)
    if held is None:
        return Ending(None, "unknown", unsure=True, partial=partial)
    if not held:
        return None
    # The earliest divert that completes it: lines after that one are never read.
    for size in range(1, len(run) + 1):
        if always_holds(forms[:size]):
            return Ending(run[size - 1][0], "conditions", partial=partial)
    return Ending(run[-1][0], "conditions", partial=partial)


def outcomes(campaign: Campaign, encounter: ast.Encounter) -> tuple[str, ...]:
    """The outcomes an encounter can have, as the campaign's ruleset says: a deck's own,
    or for a named ``@encounter`` win and lose, and avoid where its properties make it
    avoidable (the ruleset's ``avoidable``). An undeclared name or deck (already
    reported) needs only the plain outcomes."""
    vocabulary = campaign.vocabulary
    if encounter.game is not None:
        return vocabulary.outcomes
    if encounter.name is None:
        return vocabulary.decks.get(str(encounter.deck), vocabulary.outcomes)
    decl = campaign.encounters.get(encounter.name)
    if decl is None:
        return vocabulary.outcomes
    props = {p.key: p.value for p in decl.props if isinstance(p, ast.Prop)}
    return (*vocabulary.outcomes, "avoid") if vocabulary.avoidable_encounter(props) else vocabulary.outcomes


def missing_outcomes(campaign: Campaign, encounter: ast.Encounter) -> tuple[str, ...] | None:
    """The outcomes the arms leave out; None when that cannot be told because the line
    is already reported (an unknown encounter or deck, or an arm given twice, which was
    probably meant to be the missing one)."""
    labels = [arm.label for arm in encounter.arms]
    if len(set(labels)) != len(labels):
        return None
    if encounter.name is not None and encounter.name not in campaign.encounters:
        return None
    if encounter.game is not None and encounter.game.phrase not in campaign.vocabulary.games:
        return None
    if encounter.game is None and encounter.name is None and encounter.deck not in campaign.vocabulary.decks:
        return None
    return tuple(o for o in outcomes(campaign, encounter) if o not in labels)


def touches(effect: ast.Effect) -> Touch:
    """What an effect may change, in the terms conditions read (table.atom_key)."""
    if isinstance(effect, ast.Amount):
        return (("number", effect.what),)
    if isinstance(effect, ast.AttributeChange):
        return (("number", effect.attribute),)
    if isinstance(effect, ast.Mark):
        return (("status", effect.name),)
    if isinstance(effect, ast.SecretEffect):
        return (("secret", effect.number),)
    if isinstance(effect, ast.ItemEffect):
        return (("item",),)  # a named item also changes what its keywords test
    if isinstance(effect, ast.DialEffect):
        return (("dial", effect.name),)
    if isinstance(effect, ast.TimeToken):
        return (("number", "day"),)
    if isinstance(effect, ast.Encounter):
        return ANYTHING  # rewards and losses of any kind
    if isinstance(effect, ast.LocationEffect) and effect.verb == "move":
        return ANYTHING  # fires the instant hook of the new location
    if isinstance(effect, ast.Phrase):
        return ANYTHING  # the ruleset's layer plays it: the facts it keeps may change
    return ()


def _changes(touch: Touch, run: list[tuple[int, ast.Cond]]) -> bool:
    if not touch:
        return False
    for _, cond in run:
        for atom in atoms(lower_form(cond)):
            key = atom_key(atom)
            if any(key[:len(prefix)] == prefix for prefix in touch):
                return True
    return False
