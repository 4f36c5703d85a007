"""serve --workers N: every connection asking about a table is served by the one worker that owns the table.

The kernel gives each new connection to whichever worker accepts first. Left there, a tap and the screens it
changes are spread over the workers, and each of them advances its own copy of the table's state and renders
what every screen shows alike (measured before this: 22 to 27 ms of CPU per tap with two workers, 18 to 22 with
one; with it, about the same with both at moderate load). So at each request boundary a worker reads the
request line; if it names another worker's table, it passes the open socket and the bytes read so far to that
worker (SCM_RIGHTS over a Unix datagram socket the parent made before forking), which serves it as if it had
accepted it. Handing over only saves work: where it cannot be done (the owner is dead and not yet replaced, its
inbox is full, the line too long), the connection is served where it is, correctly, through the shared
database.
"""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from multiprocessing.sharedctypes import RawArray
from typing import Callable

from waitress import wasyncore

MAX_LINE = 8192  # bytes read without the request line ending: such a connection is served where it is
_MESSAGE = MAX_LINE + 65536  # a handover carries whatever had arrived: the line and perhaps the rest of the request


class Mailboxes:
    """One inbox per worker, made by the parent before forking, so that every worker can post to every other, and
    which process reads each (a replaced worker reads the inbox of the one it replaces)."""

    def __init__(self, count: int):
        self._pairs = [socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM) for _ in range(count)]
        for inbox, slot in self._pairs:
            slot.setblocking(False)  # a full inbox refuses at once: the sender serves the connection itself
            inbox.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        self._readers = RawArray("i", count)  # shared with every worker: the parent writes each one's pid in

    def open(self, worker: int, pid: int) -> None:
        """Say that process `pid` reads worker `worker`'s inbox from now on (what comes before it does waits)."""
        self._readers[worker] = pid

    def _is_read(self, worker: int) -> bool:
        """Whether a live process reads this inbox (a killed worker's is read again once it is replaced)."""
        pid = self._readers[worker]
        if not pid:
            return False
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True

    def inbox(self, worker: int) -> socket.socket:
        """The end worker `worker` reads its handed-over connections from."""
        return self._pairs[worker][0]

    def post(self, worker: int, connection: socket.socket, received: bytes) -> bool:
        """Hand a connection and the bytes already read from it to `worker`; False if that cannot be done now."""
        if len(received) > _MESSAGE or not self._is_read(worker):
            return False
        try:
            socket.send_fds(self._pairs[worker][1], [received], [connection.fileno()])
        except OSError:
            return False
        return True

    def close(self) -> None:
        for pair in self._pairs:
            for end in pair:
                end.close()


@dataclass(frozen=True)
class Handoff:
    """What one worker needs to hand connections on: the mailboxes, its own number, and each path's owner."""

    mailboxes: Mailboxes
    me: int
    owner_of: Callable[[str], int | None]  # a request path's worker, or None: any worker serves it

    def elsewhere(self, line: bytes) -> int | None:
        """The worker that owns the table this request line asks about, if that is not this one."""
        try:
            target = line.split(b" ", 2)[1].decode("latin-1")
        except IndexError:
            return None  # not a request line: the parser here says what is wrong with it
        owner = self.owner_of(target.split("?", 1)[0])
        return owner if owner is not None and owner != self.me else None


class Inbox(wasyncore.dispatcher):
    """A worker's inbox in its server's event loop: each message a connection to serve here, with what the worker
    that accepted it had already read."""

    def __init__(self, sock: socket.socket, adopt: Callable[[socket.socket, bytes], None], map: dict):
        super().__init__(sock, map=map)
        self._adopt = adopt

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return False

    def handle_read(self) -> None:
        while True:
            try:
                received, fds, _flags, _address = socket.recv_fds(self.socket, _MESSAGE, 1)
            except (BlockingIOError, InterruptedError):
                return
            for fd in fds:
                self._adopt(socket.socket(fileno=fd), received)
