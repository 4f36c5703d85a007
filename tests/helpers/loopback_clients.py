"""Clients on loopback for the reliability tests: honest ones that time their answers, and hostile sockets.

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


class Dripper:
    """Slowloris: `count` connections from one address, each sending its request's header lines one at a time,
    one line a second, and opened again whenever the server closes it. Runs in a thread until the block ends."""

    def __init__(self, port: int, source: str, count: int, tick: float = 1.0):
        self.port, self.source, self.count, self.tick = port, source, count, tick
        self.opened = self.closed_by_server = self.rounds = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> "Dripper":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join(30)

    def _run(self) -> None:
        socks: list[socket.socket | None] = [None] * self.count
        start = f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n".encode()
        try:
            while not self._stop.is_set():
                for i, sock in enumerate(socks):
                    if self._stop.is_set():
                        break
                    if sock is not None and is_closed(sock):
                        sock.close()
                        sock, self.closed_by_server = None, self.closed_by_server + 1
                    if sock is None:
                        sock = connect(self.port, self.source, start)
                        self.opened += sock is not None
                    else:
                        try:
                            sock.send(b"X-Drip: 1\r\n")
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
