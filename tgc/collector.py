"""The cyclic garbage collector, paused for one piece of work and always restored: a
check, a build or a bundle load allocates millions of small objects that all stay alive
and hold no cycles, so full collections only rescan them (a third of a check's time).
A module of its own, importing nothing, so every layer may use it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the collector for the block; it is enabled again (if it was) however the
    block ends, so library callers never inherit a disabled collector."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
