"""A minimal client of Chromium's DevTools protocol over ``--remote-debugging-pipe``
(commands in on file descriptor 3, replies out on 4, each a JSON text ended by a NUL):
one headless browser for a whole test module, pages opened and scripts evaluated in
them. Test code only; Debian's chromium, no downloaded browser, no driver package."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

# The flags that work on this project's machines (no sandbox as root, no network).
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")


class Browser:
    """One headless Chromium and its first page."""

    def __init__(self, chromium: str, profile: Path) -> None:
        commands_in, self._commands = os.pipe()
        self._replies, replies_out = os.pipe()

        def pipes() -> None:  # in the child, before chromium starts: its fds 3 and 4
            os.dup2(commands_in, 3)
            os.dup2(replies_out, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            [chromium, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            close_fds=False, preexec_fn=pipes, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(commands_in)
        os.close(replies_out)
        self._buffer = b""
        self._id = 0
        targets = self.send("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True})[
            "sessionId"]
        self.send("Page.enable", page=True)
        self._loaded = False

    def send(self, method: str, params: dict[str, Any] | None = None, page: bool = False) -> dict[str, Any]:
        """One command (to the page with ``page``) and its result; of the events, only
        the page's load is kept."""
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if page:
            message["sessionId"] = self.session
        os.write(self._commands, json.dumps(message).encode("utf-8") + b"\0")
        while True:
            reply = self._read()
            if reply.get("method") == "Page.loadEventFired":
                self._loaded = True
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply["result"]
                return result

    def open(self, url: str, ready: str, timeout: float = 60.0) -> None:
        """Open ``url`` in the page, wait for its load event (nothing is evaluated in a
        page still loading), then until the expression ``ready`` is true."""
        self._loaded = False
        self.send("Page.navigate", {"url": url}, page=True)
        deadline = time.monotonic() + timeout
        while not self._loaded:
            reply = self._read()
            self._loaded = reply.get("method") == "Page.loadEventFired"
        while not self.evaluate(f"!!({ready})"):
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} did not get ready")
            time.sleep(0.02)

    def evaluate(self, expression: str) -> Any:
        """The value of ``expression`` in the page (an exception in it raises here)."""
        done = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, page=True)
        if "exceptionDetails" in done:
            details = done["exceptionDetails"]
            raise RuntimeError(details.get("exception", {}).get("description") or details.get("text"))
        return done["result"].get("value")

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except (OSError, RuntimeError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._commands)
        os.close(self._replies)

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._replies, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its DevTools pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        reply: dict[str, Any] = json.loads(message)
        return reply
