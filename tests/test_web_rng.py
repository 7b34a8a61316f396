"""The web player's seeded generator (tgc/render/templates/rng.js) against Python's own
``random.Random``, which tgc's runtime and every ruleset's engine draw from: on many seeds
(small, 32-bit edges, 64-bit run seeds, negative), every draw the port offers gives the
same values in the same order, and the generator ends in the same state. So a page given
tgc's seed shuffles, rolls and picks exactly as ``tgc play`` does."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

RNG = Path(__file__).resolve().parents[1] / "tgc" / "render" / "templates" / "rng.js"
NODE = shutil.which("node")

# Each op as [name, args...]: the port's method name; `randbelow` is Python's _randbelow.
OPS: list[list[Any]] = [
    ["getrandbits", 1], ["getrandbits", 5], ["getrandbits", 31], ["getrandbits", 32], ["getrandbits", 33],
    ["getrandbits", 53], ["getrandbits", 64], ["getrandbits", 100], ["random"], ["random"],
    *[["randbelow", n] for n in (1, 2, 3, 6, 7, 100, 1 << 30, (1 << 31) + 1, (1 << 32) + 5, 10**15)],
    *[["randint", 1, 6]] * 6, ["randint", -3, 3], ["randrange", 5], ["randrange", 0, 100, 7],
    ["randrange", 10, 0, -3], ["randrange", 3, 9], ["uniform", 1.5, 4.0],
    ["shuffle", list(range(20))], ["shuffle", ["a", "b", "c"]], ["shuffle", []],
    ["sample", list(range(10)), 4], ["sample", list(range(30)), 10], ["sample", list(range(1000)), 8],
    ["sample", list(range(200)), 50], ["choice", list("abcdef")], ["choices", list("abcdef"), None, None, 5],
    ["choices", list("abcdef"), [1, 2, 3, 4, 5, 6], None, 4], ["choices", [1, 2, 3], None, [1, 1, 9], 3],
    *[["randbelow", 52]] * 8,
]
SEEDS: list[int] = [0, 1, 2, 3, 42, 624, -5, (1 << 32) - 1, 1 << 32, (1 << 53) + 7, (1 << 64) - 1,
                    *random.Random(16).sample(range(1 << 62), 30)]


def python_draws(seed: int) -> list[Any]:
    rng = random.Random(seed)
    out: list[Any] = []
    for name, *args in OPS:
        if name == "shuffle":
            drawn = list(args[0])
            rng.shuffle(drawn)
            out.append(drawn)
        elif name == "choices":
            out.append(rng.choices(args[0], args[1], cum_weights=args[2], k=args[3]))
        else:
            value = getattr(rng, "_randbelow" if name == "randbelow" else name)(*args)
            out.append(str(value) if isinstance(value, int) and value >= 1 << 53 else value)
    out.append(list(rng.getstate()[1]))
    return out


@pytest.mark.skipif(NODE is None, reason="node is not installed: the port is run under it")
def test_the_page_draws_what_python_draws_on_every_seed() -> None:
    assert NODE is not None
    program = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), c);
const plan = JSON.parse(fs.readFileSync(0, "utf8"));
const out = plan.seeds.map(function (seed) {
  const r = new c.TgcRandom.Random(seed);
  const drawn = plan.ops.map(function (op) {
    const v = r[op[0]].apply(r, op.slice(1).map(function (a) { return Array.isArray(a) ? a.slice() : a; }));
    return typeof v === "bigint" ? v.toString() : v;
  });
  return drawn.concat([r.getstate()]);
});
process.stdout.write(JSON.stringify(out));
"""
    # 64-bit seeds go over as decimal strings (JSON numbers stop at 2^53 in JS).
    seeds = [seed if abs(seed) < 1 << 53 else str(seed) for seed in SEEDS]
    done = subprocess.run([NODE, "-e", program, str(RNG)], input=json.dumps({"seeds": seeds, "ops": OPS}),
                          capture_output=True, text=True, timeout=60, check=True)
    page = json.loads(done.stdout)
    for seed, drawn in zip(SEEDS, page, strict=True):
        want = python_draws(seed)
        for op, mine, python in zip([*OPS, ["getstate"]], drawn, want, strict=True):
            assert mine == python, f"seed {seed}, {op[0]}{tuple(op[1:])}: page {mine!r}, Python {python!r}"


@pytest.mark.skipif(NODE is None, reason="node is not installed: the port is run under it")
def test_a_state_set_back_draws_again_and_a_bad_seed_is_refused() -> None:
    assert NODE is not None
    program = """
const fs = require("fs"), vm = require("vm"), c = {};
c.globalThis = c;
vm.runInNewContext(fs.readFileSync(process.argv[1], "utf8"), c);
const r = new c.TgcRandom.Random(7), saved = r.getstate(), first = [r.random(), r.randbelow(1000)];
const twin = r.fork(), ahead = [r.random(), twin.random()];
r.setstate(saved);
let refused = "";
try { new c.TgcRandom.Random(1.5); } catch (e) { refused = e.message; }
process.stdout.write(JSON.stringify({first, again: [r.random(), r.randbelow(1000)], ahead, refused}));
"""
    done = subprocess.run([NODE, "-e", program, str(RNG)], capture_output=True, text=True, timeout=60,
                          check=True)
    got = json.loads(done.stdout)
    python = random.Random(7)
    assert got["first"] == got["again"] == [python.random(), python._randbelow(1000)]
    assert got["ahead"][0] == got["ahead"][1] == python.random()
    assert got["refused"] == "a seed is a whole number, not 1.5"
