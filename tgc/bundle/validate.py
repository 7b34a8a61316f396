"""Bundle stage, loading: what the schema's types cannot say. Pydantic proves that a
bundle has the right shape; this proves that it means something the runtime can run: every
target names a verse (and block) the bundle holds, every status a condition or an effect
names is declared and its part numbers lie within it, and every count is within the
documented maximum of tgc/limits.py (a source with ``parts 10000000000`` is TGC011; a
bundle that says so is refused here instead of exhausting `tgc explore`).

A corrupt or hand-edited bundle therefore gets one clear message naming the field by its
JSON path (``$.verses[3].ops[2].target.verse: no verse `999.1` in the bundle``), never a
traceback from deep inside the runtime. The walk is iterative: a condition nested as
deeply as the parser allows costs no Python stack.

Example:
    >>> from tgc.bundle.schema import Goto
    >>> Check(frozenset({"101.1"}), {}, {}).target(Goto(verse="101.2"), "$.x")
    Traceback (most recent call last):
    ...
    tgc.bundle.validate.Invalid: $.x.verse: no verse `101.2` in the bundle
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tgc.bundle.schema import (
    AndCond,
    Bundle,
    Choice,
    Condition,
    Cost,
    DiceArm,
    Divert,
    Encounter,
    Goto,
    IfDivert,
    IfEffect,
    Mark,
    NotCond,
    Op,
    OrCond,
    Roll,
    StatusCond,
    Target,
    Toss,
)
from tgc.limits import MAX_AMOUNT, MAX_DICE, MAX_NUMBER, MAX_PARTS, MAX_PLAYERS, MAX_ROLL, MAX_SIDES
from tgc.rulesets.ruledata import numbers


class Invalid(ValueError):
    """A bundle value that the schema accepts but no campaign could have compiled to; the
    message starts with the field's JSON path."""


def validate(bundle: Bundle) -> None:
    """Raise :class:`Invalid` for the first reference or range in ``bundle`` that is wrong."""
    verses = frozenset(v.id for v in bundle.verses)
    blocks = {v.id: frozenset(b.name for b in v.blocks) for v in bundle.verses}
    sizes = {s.name: s.size for s in bundle.statuses}
    check = Check(verses, blocks, sizes)
    campaign = bundle.campaign
    check.number(campaign.players.min, "$.campaign.players.min", 1, MAX_PLAYERS)
    check.number(campaign.players.max, "$.campaign.players.max", campaign.players.min, MAX_PLAYERS)
    locations = {loc.number for loc in bundle.locations}
    if bundle.locations and campaign.start not in locations:
        raise Invalid(f"$.campaign.start: no location {campaign.start} in the bundle")
    for i, status in enumerate(bundle.statuses):
        where = f"$.statuses[{i}]"
        check.number(status.size, f"{where}.size", 1, MAX_PARTS)
        for j, trigger in enumerate(status.triggers):
            check.parts(status.name, trigger.low, trigger.high, f"{where}.triggers[{j}]")
            check.target(trigger.target, f"{where}.triggers[{j}].target")
    for i, location in enumerate(bundle.locations):
        where = f"$.locations[{i}]"
        check.number(location.number, f"{where}.number", 0, MAX_NUMBER)
        for hook, target in sorted(location.hooks.items()):
            check.target(target, f"{where}.hooks.{hook}")
        for j, action in enumerate(location.actions):
            check.costs(action.costs, f"{where}.actions[{j}]")
            check.target(action.target, f"{where}.actions[{j}].target")
    for field, records in (("encounters", bundle.encounters), ("events", bundle.events),
                           ("quests", bundle.quests)):
        for i, record in enumerate(records):
            for j, link in enumerate(record.links):
                check.target(link.target, f"$.{field}[{i}].links[{j}].target")
    for i, verse in enumerate(bundle.verses):
        check.ops(verse.ops, f"$.verses[{i}].ops")
        for j, block in enumerate(verse.blocks):
            check.ops(block.ops, f"$.verses[{i}].blocks[{j}].ops")
    if bundle.rules is not None:
        for path, value in numbers(bundle.rules, "$.rules"):
            check.number(value, path, *bundle.rules.limit(path))


@dataclass(frozen=True, slots=True)
class Check:
    """The bundle's names, and one method per kind of value that refers to them."""

    verses: frozenset[str]
    blocks: dict[str, frozenset[str]]
    sizes: dict[str, int]

    def number(self, value: int, where: str, low: int, high: int) -> None:
        if not low <= value <= high:
            raise Invalid(f"{where}: {value} is out of range ({low}..{high})")

    def target(self, target: Target, where: str) -> None:
        if not isinstance(target, Goto):
            return
        if target.verse not in self.verses:
            raise Invalid(f"{where}.verse: no verse `{target.verse}` in the bundle")
        if target.block is not None and target.block not in self.blocks.get(target.verse, ()):
            raise Invalid(f"{where}.block: verse `{target.verse}` has no block `{target.block}`")

    def status(self, name: str, where: str) -> int:
        size = self.sizes.get(name)
        if size is None:
            raise Invalid(f'{where}.status: no status "{name}" in the bundle')
        return size

    def parts(self, status: str, low: int | None, high: int | None, where: str) -> None:
        """Part numbers of a status (a mark, a condition, a trigger) lie within it."""
        size = self.status(status, where)
        for name, value in (("low", low), ("high", high)):
            if value is not None:
                self.number(value, f"{where}.{name}", 1, size)

    def costs(self, costs: Iterable[Cost], where: str) -> None:
        for k, cost in enumerate(costs):
            self.number(cost.amount, f"{where}.costs[{k}].amount", 0, MAX_AMOUNT)

    def ops(self, ops: Iterable[Op], where: str) -> None:
        for j, op in enumerate(ops):
            self.op(op, f"{where}[{j}]")

    def op(self, op: Op, where: str) -> None:
        """One op: its targets, its conditions, its counts. Ops whose fields are names
        the runtime only compares (texts, notes, items) need nothing here."""
        match op:
            case Divert() | IfDivert():
                self.target(op.target, f"{where}.target")
                if isinstance(op, IfDivert):
                    self.condition(op.cond, f"{where}.cond")
            case Choice():
                self.target(op.target, f"{where}.target")
                self.costs(op.costs, where)
                if op.guard is not None:
                    self.condition(op.guard, f"{where}.guard")
            case IfEffect():
                self.condition(op.cond, f"{where}.cond")
                self.op(op.effect, f"{where}.effect")
            case Mark():
                self.status(op.status, where)
                self.parts(op.status, op.low, op.high, where)
            case Roll():
                self.number(op.dice, f"{where}.dice", 1, MAX_DICE)
                self.number(op.sides, f"{where}.sides", 1, MAX_SIDES)
                for k, modifier in enumerate(op.modifiers):
                    self.number(modifier.value, f"{where}.modifiers[{k}].value", 0, MAX_AMOUNT)
                self.arms(op.arms, where)
            case Toss():
                for k, toss_arm in enumerate(op.arms):
                    self.target(toss_arm.target, f"{where}.arms[{k}].target")
            case Encounter():
                for k, outcome_arm in enumerate(op.arms):
                    self.target(outcome_arm.target, f"{where}.arms[{k}].target")
            case _:
                amount = getattr(op, "amount", None)
                if isinstance(amount, int):
                    self.number(amount, f"{where}.amount", 0, MAX_AMOUNT)

    def arms(self, arms: Iterable[DiceArm], where: str) -> None:
        for k, arm in enumerate(arms):
            self.number(arm.low, f"{where}.arms[{k}].low", 0, MAX_ROLL)
            if arm.high is not None:
                self.number(arm.high, f"{where}.arms[{k}].high", arm.low, MAX_ROLL)
            self.target(arm.target, f"{where}.arms[{k}].target")

    def condition(self, cond: Condition, where: str) -> None:
        """Every status a condition names, with its part numbers; iterative."""
        stack: list[tuple[Condition, str]] = [(cond, where)]
        while stack:
            node, at = stack.pop()
            match node:
                case NotCond():
                    stack.append((node.operand, f"{at}.operand"))
                case AndCond() | OrCond():
                    stack.extend((o, f"{at}.operands[{k}]") for k, o in enumerate(node.operands))
                case StatusCond():
                    size = self.status(node.status, at)
                    self.parts(node.status, node.low, node.high, at)
                    if node.at_least is not None:
                        self.number(node.at_least, f"{at}.at_least", 0, size)
                case _:
                    pass
