"""Clients on loopback for the reliability tests and bench_hostile_sockets: honest ones that time their answers, and
hostile sockets.

Every client binds a loopback source address (Linux routes all of 127.0.0.0/8 to loopback), so one test can
play several client addresses against one server without sending a packet anywhere else.
"""

from __future__ import annotations

import http.client
import json
import math
import socket
import threading
import time
import uuid
from typing import Self

HONEST, ATTACKER = "127.0.0.1", "127.0.0.2"


def call(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None,
         source: str = HONEST, timeout: float = 5.0) -> tuple[int, bytes, float]:
    """One request on a fresh connection from `source`: status (0 if it timed out or failed), body, seconds taken."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        payload = None if body is None else json.dumps(body).encode()
        sent = {"Content-Type": "application/json"} if payload is not None else {}
        connection.request(method, path, body=payload, headers={**sent, **(headers or {})})
        response = connection.getresponse()
        status, data = response.status, response.read()
    except OSError:
        status, data = 0, b""
    finally:
        connection.close()
    return status, data, time.monotonic() - started


def open_table(port: int, seats: int = 3) -> dict:
    """A new table through the JSON API: token, display key and so on."""
    status, data, _ = call(port, "POST", "/api/tables", {"game": "guevara", "seats": seats, "language": "en"})
    assert status == 201, data
    return json.loads(data)


def tap(port: int, table: dict, source: str = HONEST, timeout: float = 5.0, delta: int = 1,
        **headers) -> tuple[int, bytes, float]:
    """The display gives seat 1 `delta` Slack, under a fresh action id."""
    action = {"type": "adjust_slack", "seat": 1, "args": {"delta": delta}, "action_id": uuid.uuid4().hex}
    return call(port, "POST", f"/t/{table['token']}/actions", action, source=source, timeout=timeout,
                headers={"Authorization": f"Bearer {table['display_key']}", **headers})


def version(port: int, table: dict) -> int:
    """The table's version, as any phone polls it."""
    status, data, _ = call(port, "GET", f"/t/{table['token']}/version")
    assert status == 200, data
    return json.loads(data)["version"]


def p95(seconds: list[float]) -> float:
    """The 95th percentile (nearest rank) of some timings."""
    ordered = sorted(seconds)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def is_closed(sock: socket.socket) -> bool:
    """Whether the server has closed this connection (without waiting)."""
    timeout = sock.gettimeout()
    sock.settimeout(0)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        sock.settimeout(timeout)


def connect(port: int, source: str, first: bytes = b"") -> socket.socket | None:
    """A raw connection from `source` that has sent `first`; None if the connection could not be made."""
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(source, 0))
        if first:
            sock.sendall(first)
        return sock
    except OSError:
        return None


def read_answer(sock: socket.socket) -> bytes:
    """Read one whole answer (with a Content-Length) from a raw connection: its head and body, or what came before
    the connection closed or its timeout passed."""
    received = b""
    try:
        while b"\r\n\r\n" not in received:
            chunk = sock.recv(65536)
            if not chunk:
                return received
            received += chunk
        head, body = received.split(b"\r\n\r\n", 1)
        length = next((int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                       if line.lower().startswith(b"content-length:")), 0)
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return head + b"\r\n\r\n" + body
    except OSError:
        return received


def open_stream(port: int, token: str, source: str) -> tuple[int, socket.socket | None]:
    """Open a table's live stream from `source`: the answer's status, and the socket while the stream runs."""
    request = f"GET /t/{token}/live HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
    sock = connect(port, source, request.encode())
    if sock is None:
        return 0, None
    received = b""
    try:
        while b"\r\n\r\n" not in received and len(received) < 65536:
            chunk = sock.recv(4096)
            if not chunk:
                break
            received += chunk
    except OSError:
        pass
    status = int(received.split(b" ", 2)[1]) if received.startswith(b"HTTP/") else 0
    if status != 200:
        sock.close()
        return status, None
    return status, sock


def addresses(count: int, block: int = 1) -> tuple[str, ...]:
    """`count` loopback client addresses 127.0.<block>.1, .2, ... (none of them HONEST or ATTACKER)."""
    return tuple(f"127.0.{block}.{i}" for i in range(1, count + 1))


class Dripper:
    """Slowloris: `count` connections from one address (or from each of several), each sending its request's header
    lines one at a time, one line a second, and opened again whenever the server closes it. Runs in a thread until
    the block ends."""

    def __init__(self, port: int, source: str | tuple[str, ...], count: int, tick: float = 1.0):
        self.port, self.count, self.tick = port, count, tick
        self.sources = (source,) if isinstance(source, str) else tuple(source)
        self.opened = self.closed_by_server = self.rounds = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(30)

    def held(self) -> int:
        """How many connections it holds in all."""
        return self.count * len(self.sources)

    def open(self, source: str) -> socket.socket | None:
        """A new connection that has begun its request."""
        return connect(self.port, source, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode())

    def again(self, sock: socket.socket) -> None:
        """What an open connection does each tick: one more header line."""
        sock.send(b"X-Drip: 1\r\n")

    def _run(self) -> None:
        socks: list[socket.socket | None] = [None] * self.held()
        try:
            while not self._stop.is_set():
                for i, sock in enumerate(socks):
                    if self._stop.is_set():
                        break
                    if sock is not None and is_closed(sock):
                        sock.close()
                        sock, self.closed_by_server = None, self.closed_by_server + 1
                    if sock is None:
                        sock = self.open(self.sources[i % len(self.sources)])
                        self.opened += sock is not None
                    else:
                        try:
                            self.again(sock)
                        except OSError:
                            sock.close()
                            sock, self.closed_by_server = None, self.closed_by_server + 1
                    socks[i] = sock
                self.rounds += 1
                self._stop.wait(self.tick)
        finally:
            for sock in socks:
                if sock is not None:
                    sock.close()


class Idler(Dripper):
    """Idle keep-alive: connections that each ask for /healthz once, read the answer and then say nothing, opened
    again whenever the server closes one."""

    def open(self, source: str) -> socket.socket | None:
        """A new connection whose one request has been answered (or that waits for its answer)."""
        sock = connect(self.port, source, f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n\r\n".encode())
        if sock is not None:
            read_answer(sock)  # if it is not answered in time, the socket stays open all the same
        return sock

    def again(self, sock: socket.socket) -> None:
        """Nothing: it stays silent."""


WAITS = ("healthz", "tap", "live update")


class Phone:
    """A phone at a table from one address, timing what a player waits for: /healthz, a tap, and the tap's version
    arriving on the phone's live stream (opened once, and again if the server ends it)."""

    def __init__(self, port: int, table: dict, source: str = HONEST, timeout: float = 3.0):
        self.port, self.table, self.source, self.timeout = port, table, source, timeout
        self.stream: socket.socket | None = None
        self.timings: dict[str, list[float]] = {"healthz": [], "tap": [], "live update": [], "stream opened": []}
        self._delta = 1

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc) -> None:
        if self.stream is not None:
            self.stream.close()

    def round(self) -> None:
        """One /healthz, then one tap and the wait for its version on the live stream (inf where it failed)."""
        status, _, seconds = call(self.port, "GET", "/healthz", source=self.source, timeout=self.timeout)
        self.timings["healthz"].append(seconds if status == 200 else math.inf)
        if self.stream is None:
            started = time.monotonic()
            status, self.stream = open_stream(self.port, self.table["token"], self.source)
            self.timings["stream opened"].append(time.monotonic() - started if status == 200 else math.inf)
        started = time.monotonic()
        status, body, seconds = tap(self.port, self.table, source=self.source, timeout=self.timeout, delta=self._delta)
        self._delta = -self._delta  # to and fro: nobody wins
        self.timings["tap"].append(seconds if status == 200 else math.inf)
        heard = self.stream is not None and status == 200 and self._hears(json.loads(body)["version"], started)
        self.timings["live update"].append(time.monotonic() - started if heard else math.inf)

    def _hears(self, wanted: int, started: float) -> bool:
        """Whether the live stream carries version `wanted` before the timeout (counted from `started`)."""
        needle, heard = f"event: version\ndata: {wanted}\n".encode(), b""
        while needle not in heard:
            left = started + self.timeout - time.monotonic()
            try:
                if left <= 0:
                    raise TimeoutError
                self.stream.settimeout(left)
                chunk = self.stream.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                self.stream.close()
                self.stream = None  # opened again next round
                return False
            heard = heard[-64:] + chunk
        return True

    def slow(self, limit: float) -> int:
        """How many of the worst kind of a player's waits (/healthz, tap, live update) so far exceeded `limit` s."""
        return max(sum(seconds > limit for seconds in self.timings[kind]) for kind in WAITS)


def p50(seconds: list[float]) -> float:
    """The median (nearest rank) of some timings."""
    ordered = sorted(seconds)
    return ordered[max(0, math.ceil(0.5 * len(ordered)) - 1)]


def idle_load(port: int, workers: int) -> Idler:
    """200 idle keep-alive sockets from 8 addresses for each worker (each worker has its own connection limit, 196
    with the defaults: 200 fill it)."""
    return Idler(port, addresses(8 * workers), 25)


def dripping_load(port: int, workers: int) -> Dripper:
    """480 sockets from 40 addresses, 12 each (under every address's share), sending a header line a second."""
    return Dripper(port, addresses(40), 12)


LOADS = {"idle keep-alive": idle_load, "dripping": dripping_load}
