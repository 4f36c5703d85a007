"""Every simulated screen's live stream read by one thread with a selector: a thread per stream made the benchmark's
own Python threads fight over one interpreter lock, which cost the shared 2-core machine a millisecond or more per
tap that the servers then lacked."""

from __future__ import annotations

import selectors
import socket
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor


class StreamReader:
    """One HTTP/1.1 response body, fed as it arrives: the status and headers first, then (chunked or not) the
    server-sent events, each handed on whole (the text up to its blank line)."""

    def __init__(self, on_event: Callable[[bytes], None]):
        self.on_event = on_event
        self.head: bytes | None = b""  # None once the status line and headers are read
        self.chunked = False
        self.raw = b""  # bytes of the body not yet de-chunked
        self.text = b""  # de-chunked body not yet cut into events

    def feed(self, data: bytes) -> None:
        """Take what arrived on the socket."""
        if self.head is not None:
            self.head += data
            head, blank, data = self.head.partition(b"\r\n\r\n")
            if not blank:
                return
            self.head = None
            self.chunked = b"transfer-encoding: chunked" in head.lower()
        if self.chunked:
            self.raw += data
            data = self._dechunk()
        *events, self.text = (self.text + data).split(b"\n\n")
        for event in events:
            self.on_event(event)

    def _dechunk(self) -> bytes:
        """The chunks' data that arrived whole, taken from the raw bytes."""
        taken, at = [], 0
        while True:
            line_end = self.raw.find(b"\r\n", at)
            if line_end < 0:
                break
            size = int(self.raw[at:line_end].split(b";")[0], 16)
            start = line_end + 2
            if len(self.raw) < start + size + 2:
                break
            taken.append(self.raw[start:start + size])
            at = start + size + 2
        self.raw = self.raw[at:]
        return b"".join(taken)


class Listener:
    """Holds the live streams of many screens in one thread, opening each again when the server ends it; a screen's
    own requests its events call for (a panel to fetch) run on a few other threads, as a phone's would not wait on
    another phone's stream."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.selector = selectors.DefaultSelector()
        self.fetches = ThreadPoolExecutor(max_workers=8, thread_name_prefix="refetch")
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.sockets: list[socket.socket] = []

    def open(self, path: str, cookie: str, on_event: Callable[[bytes], None]) -> None:
        """Ask for one live stream and read it from now on."""
        sock = socket.create_connection((self.host, self.port), timeout=60)
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nCookie: {cookie}\r\n"
                     "Accept: text/event-stream\r\n\r\n".encode())
        sock.setblocking(False)
        self.sockets.append(sock)
        self.selector.register(sock, selectors.EVENT_READ, (path, cookie, StreamReader(on_event)))

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        while not self.stop.is_set():
            for key, _mask in self.selector.select(timeout=0.2):
                path, cookie, reader = key.data
                try:
                    data = key.fileobj.recv(262144)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    reader.feed(data)
                    continue
                self.selector.unregister(key.fileobj)
                key.fileobj.close()
                if not self.stop.is_set():
                    self.open(path, cookie, reader.on_event)

    def close(self) -> None:
        """Stop reading and hang up every stream, as phones leaving the page."""
        self.stop.set()
        self.thread.join()
        for sock in self.sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
        self.fetches.shutdown(wait=True)
