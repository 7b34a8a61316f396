"""Explorer, the budget: a size as a user writes it (``2GiB``) in, bytes out; how much
memory this process holds now, and a safe default for how much a search may take.

The explorer measures its resident memory every few hundred states and stops, with an
honest incomplete report, once it passes the budget: well before the kernel's
out-of-memory killer would end it without a word. The default is half of what the
machine (or the container's memory limit) has free when the search starts.

Example:
    >>> parse_size("2GiB"), parse_size("512 MiB"), parse_size("1.5G"), parse_size("800000")
    (2147483648, 536870912, 1610612736, 800000)
    >>> parse_size("lots") is None
    True
    >>> shown(3 * 2**30), shown(700 * 2**20)
    ('3.0 GiB', '700 MiB')
"""

from __future__ import annotations

import os
import re
import resource
from pathlib import Path

from tgc.limits import as_number

UNITS = {"": 1, "b": 1, "k": 2**10, "kb": 10**3, "kib": 2**10, "m": 2**20, "mb": 10**6,
         "mib": 2**20, "g": 2**30, "gb": 10**9, "gib": 2**30, "t": 2**40, "tb": 10**12, "tib": 2**40}
_SIZE = re.compile(r"\s*(\d{1,12})(?:\.(\d{1,6}))?\s*([a-zA-Z]{0,3})\s*")
# Never fewer than this, whatever the machine says: below it nothing useful explores.
FLOOR = 64 * 2**20
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def parse_size(text: str) -> int | None:
    """Bytes for ``2GiB``, ``512MiB``, ``1.5G``, ``800000`` (binary units for K/M/G/T, as
    ``free -h`` prints them); None for anything else."""
    match = _SIZE.fullmatch(text)
    if match is None:
        return None
    unit = UNITS.get(match.group(3).lower())
    if unit is None:
        return None
    whole = as_number(match.group(1), high=10**12)
    frac = match.group(2) or ""
    tenths = as_number(frac, high=10**6) if frac else 0
    if whole is None or tenths is None:
        return None
    scale = 1
    for _ in frac:
        scale *= 10
    return whole * unit + (tenths * unit) // scale


def shown(size: int) -> str:
    """A size for people: ``1.5 GiB``, ``700 MiB``."""
    if size >= 2**30:
        return f"{size / 2**30:.1f} GiB"
    return f"{max(1, round(size / 2**20))} MiB"


def resident() -> int:
    """The bytes this process holds in memory now (its resident set)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        usage = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # the peak, in KiB on Linux
        return int(usage) * 1024


def peak() -> int:
    """The most this process has held in memory (bytes)."""
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


def default_budget() -> int:
    """Half of the memory free now (the machine's, or the container's limit less what it
    uses, whichever is smaller), plus what this process already holds."""
    free = [n for n in (_meminfo_available(), _cgroup_free()) if n is not None]
    if not free:
        return 2 * 2**30
    return max(FLOOR, resident() + min(free) // 2)


def _meminfo_available() -> int | None:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def _cgroup_free() -> int | None:
    """What the container's memory limit (cgroup v2) still allows, if there is one."""
    base = Path("/sys/fs/cgroup")
    try:
        limit = (base / "memory.max").read_text().strip()
        if limit == "max":
            return None
        return max(0, int(limit) - int((base / "memory.current").read_text().strip()))
    except (OSError, ValueError):
        return None
