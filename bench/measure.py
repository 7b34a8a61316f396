"""Benchmark measurement: runs one command in a fresh wrapper process and returns its numbers.

The command's CPU time (user + system, from the same ``RUSAGE_CHILDREN``) is reported
beside its wall time: on a shared machine it is the figure that compares.

Why a wrapper: ``RUSAGE_CHILDREN`` reports the peak RSS of the largest child a process
has waited for, so measuring from the runner itself would mix up all earlier runs. A
fresh ``python -c`` wrapper per measurement has exactly one child (the command), works
wherever Python does (``/usr/bin/time -f %M`` is GNU-only), and times the child alone,
without the wrapper's own start-up.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

# Runs argv[2:] with a timeout of argv[1] seconds; prints one JSON object on stdout.
WRAPPER = r"""
import json, re, resource, subprocess, sys, time
diag = re.compile(r"^\S.*?:\d+:\d+")
timeout = float(sys.argv[1])
start = time.perf_counter()
try:
    proc = subprocess.run(sys.argv[2:], capture_output=True, timeout=timeout)
    rc, out, err = proc.returncode, proc.stdout, proc.stderr
except subprocess.TimeoutExpired as exc:
    rc, out, err = -9, exc.stdout or b"", (exc.stderr or b"") + b"\n(timed out)"
except OSError as exc:
    rc, out, err = 127, b"", str(exc).encode()
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
peak, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
if sys.platform == "darwin":
    peak //= 1024
lines = out.decode("utf-8", "replace").splitlines()
diags = [line for line in lines if diag.match(line)]
json.dump({"wall": wall, "cpu": cpu, "rc": rc, "peak_kb": peak, "stdout_lines": len(lines),
           "diagnostics": len(diags), "sample": (diags or lines)[:10],
           "stderr": err.decode("utf-8", "replace")[-4000:]}, sys.stdout)
"""

# Times json.load in-process (start-up excluded) and reports the process's own peak RSS.
JSON_LOADER = r"""
import json, resource, sys, time
with open(sys.argv[1], "rb") as fh:
    data = fh.read()
start = time.perf_counter()
json.loads(data)
wall = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"wall": wall, "rc": 0, "peak_kb": peak}))
"""

TRACEBACK = re.compile(r"^Traceback \(most recent call last\)", re.MULTILINE)


@dataclass
class Run:
    """One measured run of one command."""

    wall: float
    rc: int
    peak_kb: int
    cpu: float = 0.0  # user + system seconds of the command (the fair measure on a shared machine)
    stdout_lines: int = 0
    diagnostics: int = 0
    sample: list[str] = field(default_factory=list)
    stderr: str = ""

    @property
    def crashed(self) -> bool:
        """Exit 0 is clean and 1 means diagnostics; anything else (or a traceback) is a failure."""
        return self.rc not in (0, 1) or bool(TRACEBACK.search(self.stderr))

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def measure(argv: list[str], timeout: float) -> Run:
    """Runs ``argv`` under the wrapper; a broken wrapper is reported as a failed run, not raised."""
    wrapper = [sys.executable, "-c", WRAPPER, str(timeout), *argv]
    proc = subprocess.run(wrapper, capture_output=True, text=True)
    try:
        return Run(**json.loads(proc.stdout))
    except (json.JSONDecodeError, TypeError):
        return Run(wall=0.0, rc=proc.returncode, peak_kb=0, stderr=proc.stderr[-4000:])


def measure_json_load(path: Path) -> Run:
    """The local baseline: how long plain ``json.load`` takes on the same graph as JSON."""
    proc = subprocess.run([sys.executable, "-c", JSON_LOADER, str(path)],
                          capture_output=True, text=True)
    try:
        return Run(**json.loads(proc.stdout))
    except (json.JSONDecodeError, TypeError):
        return Run(wall=0.0, rc=proc.returncode, peak_kb=0, stderr=proc.stderr[-4000:])


# Compiles the bytecode of the tgc package this Python imports; prints how many modules.
COMPILER = r"""
import compileall, pathlib, sys, tgc
package = pathlib.Path(tgc.__file__).parent
ok = compileall.compile_dir(str(package), quiet=1)
print(sum(1 for _ in package.rglob("*.py")))
sys.exit(0 if ok else 1)
"""


def compile_bytecode(tgc: Path) -> str:
    """Give the measured tgc its bytecode, as an installed one has (pip compiles every module
    at install time) and a checkout gets on its first import, unless the environment sets
    PYTHONDONTWRITEBYTECODE (this development machine does): then every measured process
    compiled every module it imported from source, about 0.35 s of CPU per process on this
    machine, more for a tree with more modules. The Python is the one the console script's
    first line names, run isolated (``-I``) so that a ``tgc`` folder in the working folder is
    not the one compiled; returns what was done, for the report."""
    try:
        first = tgc.read_bytes().split(b"\n", 1)[0].decode("utf-8", "replace")
    except OSError as err:
        return f"bytecode not compiled ({tgc}: {err.strerror})"
    python = first[2:].strip() if first.startswith("#!") else ""
    if "python" not in Path(python.split(" ")[0]).name:
        return f"bytecode not compiled ({tgc} is not a Python console script)"
    proc = subprocess.run([*python.split(" "), "-I", "-c", COMPILER], capture_output=True, text=True)
    if proc.returncode != 0:
        return f"bytecode not compiled ({proc.stderr.strip()[-200:] or proc.stdout.strip()[-200:]})"
    return f"bytecode compiled ({proc.stdout.strip()} modules)"


def command_exists(argv: list[str]) -> bool:
    """True if ``argv`` (a ``--help`` probe) exits 0; missing executables count as absent."""
    try:
        proc = subprocess.run(argv, capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return proc.returncode == 0
