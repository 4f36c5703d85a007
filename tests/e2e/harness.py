"""The browser tests' setup: the real server in a subprocess on loopback, and Debian's Chromium."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

CHROMIUM_CANDIDATES = ("chromium", "chromium-browser", "google-chrome")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True,
         "has_touch": True}
DISPLAY = {"viewport": {"width": 1280, "height": 800}}


def find_chromium() -> str | None:
    """The Chromium executable, from COMPANION_CHROMIUM or the PATH."""
    configured = os.environ.get("COMPANION_CHROMIUM")
    if configured:
        return configured if Path(configured).exists() else None
    for name in CHROMIUM_CANDIDATES:
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    """A port on loopback nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`python -m companion serve` on 127.0.0.1, restartable on the same port and instance folder."""

    def __init__(self, instance: Path, port: int | None = None, extra_args: tuple[str, ...] = (),
                 preexec_fn=None):
        self.instance, self.port = instance, port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.extra_args = extra_args
        self.preexec_fn = preexec_fn  # run in the server's process before it starts (e.g. to drop a privilege)
        self.process: subprocess.Popen | None = None

    def start(self, ready_path: str = "/healthz") -> "Server":
        """Start the server and wait until `ready_path` answers 200."""
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--instance", str(self.instance), "--public-url", self.url, *self.extra_args]
        self.log = open(self.instance.parent / f"server-{self.port}.log", "ab")
        self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT, preexec_fn=self.preexec_fn)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.url + ready_path, timeout=1) as response:
                    if response.status == 200:
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not start in 20 s")

    def kill(self) -> None:
        """Kill the server at once, as a crash would (SIGKILL, no cleanup)."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Stop the server the polite way (SIGTERM), as Ctrl-C would."""
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        if getattr(self, "log", None):
            self.log.close()
