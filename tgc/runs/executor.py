"""The executor seam: a name (``local``, ``dask://HOST:PORT``, or ``$TGC_EXECUTOR``) and a
worker count in, a ``concurrent.futures.Executor`` out (None: run in this process).

Why one seam: simulations, balancing sheets and random playthroughs are many independent
seeded chunks; where they run (this process, local worker processes, a Dask cluster whose
``Client.get_executor()`` is an ``Executor`` too) must change nothing but the time they
take. Dask is an optional extra (``pip install 'tgc[dask]'``), imported only when named.
"""

from __future__ import annotations

import importlib
import os
import socket
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal, assert_never

ENV = "TGC_EXECUTOR"
DASK_PREFIX = "dask://"
ExecutorKind = Literal["local", "dask"]


class ExecutorError(Exception):
    """An executor that cannot be named or reached; the message is meant for the user."""


@dataclass(frozen=True)
class ExecutorSpec:
    """Where chunks run: ``local`` processes (``workers`` of them; one means this process)
    or the Dask scheduler at ``address``."""

    kind: ExecutorKind
    workers: int = 1
    address: str = ""

    def describe(self) -> str:
        match self.kind:
            case "local":
                return f"local ({self.workers} process{'es' if self.workers != 1 else ''})"
            case "dask":
                return f"dask ({self.address})"
            case _:
                assert_never(self.kind)


def parse_executor(name: str | None, workers: int = 1) -> ExecutorSpec:
    """``name`` (else ``$TGC_EXECUTOR``, else ``local``) read as an executor; ``workers``
    is the local process count (0: one per core)."""
    text = (name or os.environ.get(ENV) or "local").strip()
    count = workers or os.cpu_count() or 1
    if text == "local":
        return ExecutorSpec("local", count)
    if text.startswith(DASK_PREFIX):
        address = text[len(DASK_PREFIX):]
        host, _, port = address.rpartition(":")
        if not host or not port.isascii() or not port.isdigit():
            raise ExecutorError(f"`{text}` names no scheduler: write dask://HOST:PORT "
                                "(such as dask://127.0.0.1:8786)")
        return ExecutorSpec("dask", count, f"tcp://{address}")
    raise ExecutorError(f"unknown executor `{text}`: use `local` or dask://HOST:PORT "
                        f"(--executor, or ${ENV})")


@contextmanager
def opened(spec: ExecutorSpec) -> Iterator[Executor | None]:
    """The executor of ``spec`` for the block (None for one local process), shut down
    however the block ends."""
    match spec.kind:
        case "local":
            if spec.workers <= 1:
                yield None
                return
            with ProcessPoolExecutor(max_workers=spec.workers) as pool:
                yield pool
        case "dask":
            with _dask(spec.address) as executor:
                yield executor
        case _:
            assert_never(spec.kind)


def _reachable(address: str, timeout: float = 3.0) -> None:
    """A scheduler that refuses the connection is said at once (the client itself waits its
    whole timeout before giving up)."""
    host, _, port = address.removeprefix("tcp://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as err:
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {err}") from None


@contextmanager
def _dask(address: str) -> Iterator[Executor]:
    try:
        # Imported by name: the extra is optional, and its client is untyped.
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise ExecutorError("the Dask executor needs the dask extra: "
                            "pip install 'tgc[dask]'") from None
    _reachable(address)
    try:
        client = distributed.Client(address, timeout=10, set_as_default=False)
    except (OSError, TimeoutError) as err:
        raise ExecutorError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    try:
        # pure=False: every chunk gets a fresh key instead of a tokenised hash of its inputs
        # (Dask's tokenizer walks a rule-data payload in pure Python: a second per chunk).
        yield client.get_executor(pure=False)
    finally:
        client.close()
