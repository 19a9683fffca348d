"""Headless Chromium for the tests, driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`):
open a page, evaluate script in it, press real keys (Tab, Enter, Space), run axe-core. No server, no
network, no package beyond the standard library and axe.min.js (axe-core-python, the `test` extras).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
KEYS = {"Tab": ("Tab", 9, ""), "Enter": ("Enter", 13, "\r"), " ": ("Space", 32, " ")}


def chromium_args(profile: Path) -> list[str]:
    return [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={profile}", "--window-size=1280,900"]


class Browser:
    """One headless Chromium; `open(url)` a page, then eval, key, axe on it."""

    def __init__(self, profile: Path):
        to_chrome, self._out = os.pipe()
        self._in, from_chrome = os.pipe()

        def child():  # the protocol's pipes are fds 3 (commands) and 4 (replies) in Chromium
            a, b = os.dup(to_chrome), os.dup(from_chrome)
            os.dup2(a, 3)
            os.dup2(b, 4)

        self.proc = subprocess.Popen([*chromium_args(profile), "--remote-debugging-pipe"], preexec_fn=child,
                                     close_fds=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        os.close(to_chrome)
        os.close(from_chrome)
        self._buf = b""
        self._n = 0
        self.session: str | None = None

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _message(self) -> dict:
        while b"\0" not in self._buf:
            chunk = os.read(self._in, 1 << 16)
            if not chunk:
                raise EOFError("chromium closed the DevTools pipe")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        return json.loads(raw)

    def send(self, method: str, **params) -> dict:
        self._n += 1
        msg: dict = {"id": self._n, "method": method, "params": params}
        if self.session and not method.startswith(("Target.", "Browser.")):
            msg["sessionId"] = self.session
        os.write(self._out, json.dumps(msg).encode() + b"\0")
        while True:
            reply = self._message()
            if reply.get("id") == self._n:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def open(self, url: str, timeout: float = 30) -> None:
        target = self.send("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.send("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
        self.send("Page.navigate", url=url)
        deadline = time.monotonic() + timeout
        while self.eval("document.readyState") != "complete":
            if time.monotonic() > deadline:
                raise TimeoutError(url)
            time.sleep(0.05)

    def eval(self, expression: str, await_promise: bool = False):
        r = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=await_promise)
        if "exceptionDetails" in r:
            raise RuntimeError(json.dumps(r["exceptionDetails"])[:2000])
        return r["result"].get("value")

    def screenshot(self) -> bytes:
        """The open page as a PNG, as `--screenshot` takes it (the window's size)."""
        import base64

        return base64.b64decode(self.send("Page.captureScreenshot", format="png")["data"])

    def key(self, key: str) -> None:
        """Press and release a key as a keyboard does (the page sees trusted events)."""
        code, vk, text = KEYS[key]
        self.send("Input.dispatchKeyEvent", type="keyDown", key=key, code=code, windowsVirtualKeyCode=vk, text=text)
        self.send("Input.dispatchKeyEvent", type="keyUp", key=key, code=code, windowsVirtualKeyCode=vk)

    def axe(self) -> list[dict]:
        """axe-core's violations on the open page: [{id, impact, help, nodes: [html, ...]}]."""
        from axe_core_python.base import AXE_SCRIPT

        self.eval(AXE_SCRIPT)
        return self.eval("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations.map(v => "
                         "({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(n => n.html)})))",
                         await_promise=True)

    def close(self) -> None:
        try:
            os.write(self._out, json.dumps({"id": 0, "method": "Browser.close", "params": {}}).encode() + b"\0")
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._out)
        os.close(self._in)
