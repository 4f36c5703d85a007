"""The real server in a subprocess on loopback, for browser, reliability and benchmark runs; waiting on it."""

from __future__ import annotations

import contextlib
import http.client
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.testing.forked_servers import ForkedServer

# A photo's reading may take this long in the tests: with the suite keeping both cores busy a reading at idle
# priority waits far longer than at a table. The deadline itself is tested with its own, short one.
PHOTOS_READ_WITHIN = 120


def free_port() -> int:
    """A port on loopback nobody uses right now, below the range the kernel hands out to outgoing connections.

    A port from that range (what binding port 0 gives) may become some connection's own port before the test's
    server or nginx binds it: on a busy machine nginx then failed with "Address already in use". From 20000 up, as
    Chromium refuses some lower ports (10080 among them).
    """
    with held_port() as probe:
        return probe.getsockname()[1]


def held_port() -> socket.socket:
    """A socket bound to a port free_port would give, holding it until closed: no other test's free_port takes it
    meanwhile (nginx's port is chosen before its servers start, seconds before nginx binds it)."""
    while True:
        port = random.randrange(20000, max(_outgoing_ports_start(), 21000))
        probe = socket.socket()
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            probe.close()
            continue
        return probe


def _outgoing_ports_start() -> int:
    """The lowest port the kernel picks for an outgoing connection (Linux's default is 32768)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


class Server:
    """`python -m companion serve` on 127.0.0.1, restartable on the same port and instance folder.

    `url` is where browsers open it: 127.0.0.1, or a LAN name the browser maps to loopback when `host_name` says so
    (the server still listens on 127.0.0.1 only, and tells phones that address through --public-url, unless
    `public_url` is False).
    `loopback_url` is for the tests' own requests, which do not go through Chromium's host mapping.
    `workers` server processes share the port; `database` is a postgresql:// address, or None for SQLite.
    With `forked` (the test run sets it), the server is forked from a process that has already imported it
    (companion.testing.forked_servers), unless something must run in its process before it starts.
    """

    forked = False

    def __init__(self, instance: Path, port: int | None = None, extra_args: tuple[str, ...] = (),
                 host_name: str = "127.0.0.1", public_url: bool = True, preexec_fn=None, workers: int = 1,
                 database: str | None = None, photo_seconds: float = PHOTOS_READ_WITHIN):
        self.instance, self.port = instance, port or free_port()
        self.url = f"http://{host_name}:{self.port}"
        self.loopback_url = f"http://127.0.0.1:{self.port}"
        # One server process unless a test asks for more: the limits the tests check are each process's own.
        self.extra_args = (("--public-url", self.url) if public_url else ()) + ("--workers", str(workers)) + (
            "--photo-seconds", str(photo_seconds)) + (
            ("--database", database) if database else ()) + tuple(extra_args)
        self.preexec_fn = preexec_fn  # run in the server's process before it starts (e.g. to drop a privilege)
        self.worker_count = workers
        self.process: subprocess.Popen | ForkedServer | None = None

    def start(self, ready_path: str = "/healthz") -> Server:
        """Start the server and wait until `ready_path` answers 200."""
        command = [sys.executable, "-m", "companion", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--instance", str(self.instance), *self.extra_args]
        log_path = self.instance.parent / f"server-{self.port}.log"
        self.log = open(log_path, "ab")
        if self.forked and self.preexec_fn is None:
            from companion.testing import forked_servers
            self.process = forked_servers.start(command[3:], str(log_path))
        else:
            self.process = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT,
                                            preexec_fn=self.preexec_fn)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}")
            try:
                with urllib.request.urlopen(self.loopback_url + ready_path, timeout=1) as response:
                    if response.status == 200 and self._every_worker_serves(ready_path, deadline):
                        return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("server did not start in 20 s")

    def _every_worker_serves(self, ready_path: str, deadline: float) -> bool:
        """Whether each server process has answered `ready_path` (asked until it has, or until `deadline`): one
        still starting would open the instance folder only after the test has gone on (and, say, damaged it)."""
        answered: set[int] = set()
        while len(answered) < self.worker_count and time.monotonic() < deadline:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1)
            try:
                connection.request("GET", ready_path)
                if connection.getresponse().status == 200:
                    answered.add(self.holder(connection.sock))
            finally:
                connection.close()
        return len(answered) >= self.worker_count

    def host_key(self) -> str:
        """The host key the server made in its instance folder (the one its printed host link carries)."""
        return (self.instance / "host_key").read_text().strip()

    def host_link(self) -> str:
        """The link `serve` prints for the laptop: whoever opens it is the host, who alone changes the decks."""
        return f"{self.url}/host?key={self.host_key()}"

    def workers(self) -> list[int]:
        """The process ids of the server processes that serve requests (the parent's children, or the parent)."""
        import psutil
        children = psutil.Process(self.process.pid).children()
        return [child.pid for child in children] or [self.process.pid]

    def holder(self, sock: socket.socket) -> int:
        """The pid of the server process that holds the server's end of this connection."""
        import psutil
        port = sock.getsockname()[1]
        for pid in self.workers():
            with contextlib.suppress(psutil.NoSuchProcess):  # one that ended meanwhile holds nothing
                if any(s.raddr and s.raddr.port == port for s in psutil.Process(pid).net_connections("tcp")):
                    return pid
        raise AssertionError("no server process holds the connection")

    def kill(self) -> None:
        """Kill the server at once, every process of it, as a crash would (SIGKILL, no cleanup)."""
        if self.process and self.process.poll() is None:
            import psutil
            children = psutil.Process(self.process.pid).children()
            self.process.send_signal(signal.SIGKILL)
            for child in children:
                child.kill()
            self.process.wait(10)
            psutil.wait_procs(children, timeout=10)

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


def wait_for(check, seconds: float = 20.0) -> bool:
    """Whether `check()` comes true within `seconds` (checked often; generous for a loaded machine)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()
