"""Grimslingers static checks (spec §19): the loaded Tall Tale in, diagnostics out.
Parts are storylets, so reachability means "can its prerequisite ever hold": every atom
is tested against what the whole tale can grant, and parts are settled by a fixpoint."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from tgc.diagnostics.codes import diag
from tgc.diagnostics.model import Diagnostic
from tgc.rulesets.grimslingers.data import (
    MAIN_ELEMENTS,
    Action,
    All,
    Amount,
    Any_,
    Area,
    BountyIs,
    Completed,
    Condition,
    Counter,
    Defeated,
    Fx,
    HasItem,
    HasMarker,
    InArea,
    IsCharacter,
    Not,
    OnLandmark,
    OnPath,
    OnTile,
    Part,
    TallTale,
)
from tgc.rulesets.grimslingers.loader import Decl, Loaded, Problem
from tgc.source import Span


@dataclass(slots=True)
class Grants:
    """Everything the whole tale can give: the ground truth of reachability."""

    items: set[str] = field(default_factory=set)
    markers: set[str] = field(default_factory=set)
    paths: set[str] = field(default_factory=set)
    landmarks: set[int] = field(default_factory=set)
    tiles: set[tuple[int, str]] = field(default_factory=set)
    areas: set[int] = field(default_factory=set)
    creatures: set[str] = field(default_factory=set)
    bounties: set[str] = field(default_factory=set)
    completable: set[str] = field(default_factory=set)


def _actions(tale: TallTale) -> Iterator[Action]:
    for part in tale.parts:
        yield from part.actions
    for bounty in tale.bounties:
        yield from bounty.actions
    for landmark in tale.landmarks:
        yield from landmark.actions
    for creature in tale.creatures:
        yield from creature.reward
    for modifier in tale.modifiers:
        yield from modifier.reward


def grants(tale: TallTale) -> Grants:
    g = Grants()
    random_draws = False
    for action in _actions(tale):
        match action.kind:
            case "item":
                if action.item is None:
                    random_draws = True
                else:
                    g.items.add(action.item)
            case "marker":
                g.markers.add(action.marker)
            case "path":
                g.paths.add(action.path)
            case _:
                pass
    if random_draws:
        g.items.update(tale.items)
    g.items.update(c.name for c in tale.cards if c.category == "legendary")
    for area in tale.areas:
        g.areas.add(area.number)
        for tile in area.tiles:
            g.tiles.add((area.number, tile.card.code))
            if tile.landmark is not None:
                g.landmarks.add(tile.landmark)
    g.creatures = {n for c in tale.creatures for n in (c.name, *c.aliases)}
    g.bounties = {b.name for b in tale.bounties}
    return g


def why_never(cond: Condition | None, g: Grants) -> str | None:
    """Why a condition can never hold, or None when some play may make it hold."""
    if cond is None:
        return None
    match cond:
        case Completed(part=p):
            return None if p in g.completable else f"part {p} can never be completed"
        case HasItem(item=i):
            return None if i in g.items else f"nothing grants the item \"{i}\""
        case HasMarker(marker=m):
            return None if m in g.markers else f"nothing gives the marker \"{m}\""
        case OnPath(path=p):
            return None if p in g.paths else f"no part chooses the path \"{p}\""
        case OnLandmark(landmark=n):
            return None if n in g.landmarks else f"no area lays out landmark {n}"
        case OnTile(area=a, tile=t):
            return None if (a, t) in g.tiles else f"area {a} has no tile {t}"
        case InArea(area=a):
            return None if a in g.areas else f"there is no area {a}"
        case Defeated(creature=c):
            return None if c in g.creatures else f"there is no creature \"{c}\""
        case BountyIs(bounty=b):
            return None if b in g.bounties else f"there is no bounty \"{b}\""
        case Counter() | IsCharacter():
            return None
        case Not():
            return None
        case All(args=args):
            for arg in args:
                if (reason := why_never(arg, g)) is not None:
                    return reason
            return _contradiction(args)
        case Any_(args=args):
            reasons = [why_never(a, g) for a in args]
            return None if any(r is None for r in reasons) else " and ".join(
                r for r in reasons if r)


def _contradiction(args: tuple[Condition, ...]) -> str | None:
    positive = {a.model_dump_json() for a in args if not isinstance(a, Not)}
    for a in args:
        if isinstance(a, Not) and a.arg.model_dump_json() in positive:
            return "it asks for a condition and its opposite"
    return None


def _never_completes(part: Part) -> str | None:
    for action in part.actions:
        if action.kind == "end":
            return "its actions reach `game over`" if action.what == "game_over" else None
    return None


def settle(tale: TallTale, g: Grants) -> None:
    """Parts that can be completed, as a fixpoint over their prerequisites."""
    changed = True
    while changed:
        changed = False
        for part in tale.parts:
            if part.id in g.completable or _never_completes(part):
                continue
            if why_never(part.requires, g) is None:
                g.completable.add(part.id)
                changed = True


class Checker:
    """Runs every check on one loaded tale; ``diagnostics`` is the result."""

    def __init__(self, loaded: Loaded) -> None:
        self.loaded = loaded
        self.tale = loaded.tale
        self.out: list[Diagnostic] = []
        self.g = grants(self.tale)
        settle(self.tale, self.g)
        self.decls: dict[tuple[str, str], Decl] = {}
        for d in loaded.decls:  # the first of two with one name is the one used (TGC571)
            self.decls.setdefault((d.kind, str(d.args[0]) if d.args else ""), d)

    def span(self, kind: str, name: str, key: str | None = None) -> Span:
        decl = self.decls.get((kind, name))
        if decl is None:
            return self.loaded.spans.get((kind, name), Span("", 1, 1, 1, 1))
        if key is not None and key in decl.props:
            return decl.props[key][1]
        return decl.span

    def add(self, code: str, span: Span, hint: str | None = None, **args: object) -> None:
        self.out.append(diag(code, span, hint, (), **args))

    def run(self) -> list[Diagnostic]:
        for problem in self.loaded.problems:
            self.out.append(_problem(problem))
        from tgc.rulesets.grimslingers import areachecks, cardchecks, landmarkchecks
        self.check_parts()
        self.check_cycles()
        self.check_paths()
        areachecks.check_areas(self)
        cardchecks.check_cards(self)
        landmarkchecks.check_landmarks(self)
        return sorted(self.out, key=Diagnostic.sort_key)

    # ---------------------------------------------------------- the story booklet

    def check_parts(self) -> None:
        cycle = self.cycle_members()
        for part in self.tale.parts:
            if part.id in cycle:
                continue
            reason = why_never(part.requires, self.g)
            if reason is not None:
                self.add("TGC574", self.span("part", part.id, "requires"), part=part.id,
                         detail=reason)
            never = _never_completes(part)
            if never is not None:
                self.add("TGC579", self.span("part", part.id, "actions"), part=part.id,
                         detail=never)
            self.check_objective(part)
        self.check_together()

    def check_objective(self, part: Part) -> None:
        target = part.objective_at
        if target is None:
            return
        reason = why_never(target, self.g)
        span = self.span("part", part.id, "objective_at")
        if reason is not None:
            self.add("TGC577", span, part=part.id, detail=f"points at nothing: {reason}")
            return
        text = target.model_dump_json()
        later = [p for p in self.tale.parts if p.requires is not None and p is not part
                 and text in p.requires.model_dump_json()]
        if not later:
            self.add("TGC577", span, part=part.id,
                     detail="names a place no part's prerequisite asks for")

    def check_together(self) -> None:
        """Same chapter, neither completed before the other can be read, nothing in one
        prerequisite excluding the other."""
        parts = [p for p in self.tale.parts if p.id in self.g.completable]
        before = self.before()
        for i, a in enumerate(parts):
            for b in parts[i + 1:]:
                if a.id in before[b.id] or b.id in before[a.id] or a.chapter != b.chapter:
                    continue
                if _may_overlap(a.requires, b.requires):
                    self.add("TGC578", self.span("part", b.id), a=a.id, b=b.id)

    def before(self) -> dict[str, set[str]]:
        """The parts that must be completed before each part can be read: those its
        prerequisite names, and those every giver of a marker it needs follows (items
        also come from random draws, so they say nothing)."""
        givers: dict[str, list[str]] = {}
        for part in self.tale.parts:
            for action in part.actions:
                if action.kind == "marker":
                    givers.setdefault(f"marker:{action.marker}", []).append(part.id)
        result: dict[str, set[str]] = {p.id: set() for p in self.tale.parts}
        for _ in range(len(result)):
            for part in self.tale.parts:
                result[part.id] = _needs(part.requires, result, givers)
        return result

    def cycle_members(self) -> set[str]:
        return {p for c in self.cycles() for p in c}

    def cycles(self) -> list[list[str]]:
        needs = {p.id: sorted(_completed_atoms(p.requires)) for p in self.tale.parts}
        found: list[list[str]] = []
        state: dict[str, int] = {}
        stack: list[str] = []

        def visit(node: str) -> None:
            state[node] = 1
            stack.append(node)
            for nxt in needs.get(node, ()):
                if state.get(nxt) == 1:
                    found.append(stack[stack.index(nxt):])
                elif nxt in needs and nxt not in state:
                    visit(nxt)
            stack.pop()
            state[node] = 2

        for pid in needs:
            if pid not in state:
                visit(pid)
        return found

    def check_cycles(self) -> None:
        for cycle in self.cycles():
            self.add("TGC575", self.span("part", cycle[0], "requires"),
                     cycle=" -> ".join([*cycle, cycle[0]]))

    def check_paths(self) -> None:
        for path in self.tale.paths:
            span = self.span("path", path.name)
            if path.name not in self.g.paths:
                self.add("TGC576", span, path=path.name, detail="no part chooses it")
            for marker in path.markers:
                if marker not in self.g.markers:
                    self.add("TGC576", span, path=path.name,
                             detail=f"no part gives its marker \"{marker}\"")


def _completed_atoms(cond: Condition | None) -> set[str]:
    match cond:
        case None:
            return set()
        case Completed(part=p):
            return {p}
        case All(args=args) | Any_(args=args):
            return set().union(*(_completed_atoms(a) for a in args))
        case _:
            return set()


def _needs(cond: Condition | None, known: dict[str, set[str]],
           givers: dict[str, list[str]]) -> set[str]:
    match cond:
        case Completed(part=p):
            return {p, *known.get(p, set())}
        case HasMarker(marker=m):
            return _via(givers.get(f"marker:{m}", []), known)
        case All(args=args):
            return set().union(*(_needs(a, known, givers) for a in args))
        case Any_(args=args):
            sets = [_needs(a, known, givers) for a in args]
            return set.intersection(*sets) if sets else set()
        case _:
            return set()


def _via(parts: list[str], known: dict[str, set[str]]) -> set[str]:
    """What every giver needs, when only parts give it (another giver: nothing known)."""
    if not parts:
        return set()
    return set.intersection(*({p, *known.get(p, set())} for p in parts))


def _literals(cond: Condition | None) -> list[Condition]:
    if cond is None:
        return []
    if isinstance(cond, All):
        return [x for a in cond.args for x in _literals(a)]
    return [cond]


def _may_overlap(a: Condition | None, b: Condition | None) -> bool:
    """Both may hold at once: the same parts completed, and no literal of one negated in
    the other, and no two different paths or tiles asked for."""
    la, lb = _literals(a), _literals(b)
    if _completed_atoms(a) != _completed_atoms(b):
        return False
    ja = {x.model_dump_json() for x in la}
    jb = {x.model_dump_json() for x in lb}
    for x in la + lb:
        if isinstance(x, Not) and (x.arg.model_dump_json() in ja | jb):
            return False
    places = [x for x in la + lb if isinstance(x, OnLandmark | OnTile | InArea | OnPath)]
    return len({p.model_dump_json() for p in places}) <= 1 or ja == jb


def _problem(p: Problem) -> Diagnostic:
    return diag(p.code, p.span, p.hint, (), **p.args)


def fx_words(fxs: tuple[Fx, ...]) -> list[str]:
    """Spelled-out amounts in an FX, when numerals stand beside them (check 18). A cost
    paid inside the FX (``pay 2 ep``) and an RN change (``rn -2``) are plain ints, no NV
    either way (GS-A14, GS-4.4): no amount to spell."""
    spelled, numerals = [], 0
    for fx in fxs:
        for amount in (getattr(fx, "amount", None), getattr(fx, "foes", None)):
            if not isinstance(amount, Amount):
                continue
            if amount.spelled:
                spelled.append(str(amount.value))
            else:
                numerals += 1
    return spelled if numerals else []


def is_two_triangles(beats: set[tuple[str, str]]) -> bool:
    """GS-8.1: each main element beats exactly one and is beaten by exactly one, in two
    disjoint 3-cycles."""
    main = set(MAIN_ELEMENTS)
    pairs = {(a, b) for a, b in beats if a in main and b in main}
    if len(pairs) != 6:
        return False
    succ = dict(pairs)
    if set(succ) != main or set(succ.values()) != main:
        return False
    return all(succ[succ[succ[e]]] == e and succ[e] != e for e in main)


def area_named(tale: TallTale, number: int) -> Area | None:
    return next((a for a in tale.areas if a.number == number), None)
