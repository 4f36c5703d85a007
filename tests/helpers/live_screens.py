"""Screens that hold a table's live stream over plain HTTP and reconnect when it ends, as a browser's EventSource
does: the newest version each has heard."""

from __future__ import annotations

import http.client
import socket
import threading

RECONNECT_SECONDS = 1.0  # the stream's own `retry: 1000`


class Screen:
    """One screen's live stream of a table, opened through `port` on loopback and opened again whenever it ends."""

    def __init__(self, port: int, token: str):
        self.port, self.path = port, f"/t/{token}/live"
        self.newest, self.connections = -1, 0
        self.heard = threading.Condition()
        self._closed = threading.Event()
        self._sock: socket.socket | None = None
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._closed.is_set():
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=90)
            try:
                connection.connect()
                self._sock = connection.sock
                connection.request("GET", self.path, headers={"Accept": "text/event-stream"})
                response = connection.getresponse()
                if response.status == 200:
                    with self.heard:
                        self.connections += 1
                        self.heard.notify_all()
                    self._read(response)
            except (OSError, http.client.HTTPException):
                pass  # the server went away mid-stream: reconnect, as the browser does
            finally:
                connection.close()
            self._closed.wait(RECONNECT_SECONDS)

    def _read(self, response: http.client.HTTPResponse) -> None:
        event = None
        for raw in response:
            line = raw.decode().strip()
            if line.startswith("event: "):
                event = line.removeprefix("event: ")
            elif line.startswith("data: ") and event == "version":
                with self.heard:
                    self.newest = max(self.newest, int(line.removeprefix("data: ")))
                    self.heard.notify_all()

    def connected(self, times: int, seconds: float) -> bool:
        """Whether the stream has been opened `times` times (or more) within `seconds`."""
        with self.heard:
            return self.heard.wait_for(lambda: self.connections >= times, seconds)

    def hears(self, version: int, seconds: float) -> bool:
        """Whether the screen learns of `version` (or a newer one) within `seconds`."""
        with self.heard:
            return self.heard.wait_for(lambda: self.newest >= version, seconds)

    def close(self) -> None:
        """Stop reconnecting and cut the stream."""
        self._closed.set()
        if self._sock is not None:
            try:
                self._sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        self._thread.join(10)
