"""waitress, guarded for a network nobody vouches for: a share of connections per client address, a deadline for
each request to arrive, and live streams kept out of the connection budget that taps and pages need; with
workers, each table's connections handed to the worker that owns it (companion.serve.handoff)."""

from __future__ import annotations

import socket
import threading
import time
from collections import Counter
from typing import Callable

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

from .handoff import MAX_LINE, Handoff, Inbox

# select() cannot watch a descriptor numbered past 1023; poll() can, but measured about 2.5 times slower at fifty
# tables, so it is used only while a socket's number needs it.
SELECT_LIMIT = 1024


class GuardedChannel(HTTPChannel):
    """A connection that knows since when its current request has been arriving (None between requests)."""

    request_began: float | None = None

    def __init__(self, server, sock, addr, adj, map=None, handed_over: bool = False):
        self.client = addr[0]
        self._line: bytes | None = None  # a request line arriving, before it is known which worker serves it
        self._stay = handed_over  # its next request is served here: it was handed over for it
        self._left_behind = False  # output a task wrote that the socket did not take: the loop sends it
        super().__init__(server, sock, addr, adj, map)
        # A new connection's first request is due from the moment it was opened: an idle socket counts too.
        self.request_began: float | None = self.creation_time

    def received(self, data: bytes) -> bool:
        """Parse what arrived (unless it is handed to the worker that owns its table), and note when a request
        began or was completed."""
        if self.server.handoff is not None:
            data = self._to_parse_here(data)
            if not data:
                return True
        return self._parse(data)

    def _parse(self, data: bytes) -> bool:
        """Parse bytes here, noting when a request began or was completed."""
        before, began = self.request, self.request_began
        outcome = super().received(data)
        if self.request is None:
            self.request_began = None
        elif self.request is not before:
            self.request_began = began if before is None and began is not None else time.time()
        return outcome

    def _to_parse_here(self, data: bytes) -> bytes:
        """The bytes to parse here: none while a request line arrives or waits for the previous request to be
        done, or once it went to another worker."""
        if self._line is None:
            if self.request is not None or self.will_close or self.close_when_flushed:
                return data  # the rest of a request being parsed here
            self._line = b""
        self._line += data
        return self._decide()

    def _decide(self) -> bytes:
        """Once the request line is whole and the previous request done, hand the connection over or keep it:
        the bytes to parse here."""
        if not self._between_requests():
            return b""  # _resume decides once the previous request is done
        if self.request_began is None:
            self.request_began = time.time()  # a line that drips in is cut off like any request
        if not self._line_whole():
            return b""
        data, self._line = self._line, None
        stay, self._stay = self._stay or b"\n" not in data, False
        return data if stay or not self.server.hand_over(self, data) else b""

    def _between_requests(self) -> bool:
        """Whether nothing of an earlier request is left here: neither being served nor waiting to be sent.

        The client can already have the whole answer and send its next request before the thread that served
        the answer counts its bytes as sent and drops the request: until then the line waits.
        """
        with self.requests_lock:
            return not (self.requests or self.total_outbufs_len or self.will_close or self.close_when_flushed)

    def _line_whole(self) -> bool:
        """Whether the request line has arrived (or as much of it as is read before deciding)."""
        return b"\n" in self._line or len(self._line) >= MAX_LINE

    def _resume(self) -> None:
        """Decide about a request line that arrived while the previous request was not yet done (in the loop)."""
        if self._line is not None and self.connected:
            data = self._decide()
            if data:
                self._parse(data)

    def service(self) -> None:
        """Serve the next request (in a task's thread); a request line that came meanwhile is decided in the loop."""
        super().service()
        # _to_parse_here sets _line before it looks at the requests, under the lock service took to drop this
        # one: either it saw the request gone and decided, or _line is seen here.
        if self._line is not None:
            self.server.trigger.pull_trigger(self._resume)

    def readable(self) -> bool:
        """Whether to read: not while a whole request line waits for the previous request to be done."""
        return not (self._line is not None and self._line_whole()) and super().readable()

    def writable(self) -> bool:
        """Whether the loop should send for this connection: not while a task answers on it and sends what it
        writes itself, unless the socket left some of it behind (or the buffer is full, or the connection closes).

        waitress's own test is only "output is buffered", which holds for the moment a task (a live stream, or a
        tap's answer) sends its output; the loop then finds the buffer locked and goes round again, each time over
        every connection. With each worker on its own core that came to some twenty rounds a tap, and the loop's
        thread spent 3.5 of a tap's 20 ms of CPU (now 1.2 to 1.6).
        """
        if (self.requests and not self._left_behind and not self.will_close and not self.close_when_flushed
                and self.total_outbufs_len <= self.adj.outbuf_high_watermark):
            return False
        return super().writable()

    def write_soon(self, data) -> int:
        """Buffer and send a task's output (in the task's thread); what the socket did not take, the loop sends."""
        written = super().write_soon(data)
        with self.outbuf_lock:
            left = self._left_behind = self._left_behind or bool(self.total_outbufs_len)
        if left:
            self.server.pull_trigger()
        return written

    def handle_write(self) -> None:
        """Send what is buffered; once it is all out, a running task sends its own output again."""
        super().handle_write()
        if self.outbuf_lock.acquire(False):  # else a task is adding output: it stays the loop's to send
            try:
                if not self.total_outbufs_len:
                    self._left_behind = False
            finally:
                self.outbuf_lock.release()
        self._resume()  # the last of an answer is out: a request line waiting for it is decided

    def add_channel(self, map=None) -> None:
        """Count the connection against its client's share."""
        super().add_channel(map)
        self.server.count_client(self.client, +1)

    def del_channel(self, map=None) -> None:
        """Give the connection's place in its client's share back (once)."""
        counted = self._fileno in self.server.active_channels
        super().del_channel(map)
        if counted:
            self.server.count_client(self.client, -1)


class GuardedServer(TcpWSGIServer):
    """waitress's TCP server that refuses a client address more than its share of connections, closes connections
    whose request does not arrive in time, and leaves live streams out of `connection_limit`."""

    channel_class = GuardedChannel

    def __init__(self, application, *, per_client: int, request_timeout: float, streaming: Callable[[], int],
                 adj: Adjustments, handoff: Handoff | None = None, **kw):
        self.per_client, self.request_timeout, self.streaming = per_client, request_timeout, streaming
        self.handoff = handoff
        self.clients: Counter[str] = Counter()
        self._clients_lock = threading.Lock()
        self._refused: set[str] = set()
        kw.setdefault("sockinfo", adj.listen[0])
        super().__init__(application, adj=adj, **kw)
        if handoff is not None:
            Inbox(handoff.mailboxes.inbox(handoff.me), self.adopt, self._map)

    def count_client(self, client: str, change: int) -> None:
        """Add or remove one of a client address's connections."""
        with self._clients_lock:
            self.clients[client] += change
            if self.clients[client] <= 0:
                del self.clients[client]

    def handle_accept(self) -> None:
        """Accept a connection; one from an address that holds its share already is closed at once."""
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            return  # the peer went away before we got to it, as waitress itself allows
        client = addr[0]
        if self.clients[client] >= self.per_client:
            conn.close()
            if client not in self._refused:
                self._refused.add(client)
                self.logger.warning("%s holds %d connections, its share: refusing more", client, self.per_client)
            return
        self._refused.discard(client)
        self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)

    def hand_over(self, channel: GuardedChannel, received: bytes) -> bool:
        """Pass the channel's connection to the worker owning the table its request line names, if that is
        another worker and it can take it now; this worker then forgets the connection (the socket lives on)."""
        owner = self.handoff.elsewhere(received)
        if owner is None or not self.handoff.mailboxes.post(owner, channel.socket, received):
            return False
        channel.handle_close()
        return True

    def adopt(self, conn: socket.socket, received: bytes) -> None:
        """Serve a connection another worker handed over, starting with the bytes it had read."""
        try:
            addr = conn.getpeername()
        except OSError:
            conn.close()  # the phone went away meanwhile
            return
        channel = self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map, handed_over=True)
        channel.received(received)

    def run(self) -> None:
        """waitress's loop, watching the sockets with select() while every one's number fits it, else with poll()."""
        try:
            while self._map:
                watch = wasyncore.poll if max(list(self._map), default=0) < SELECT_LIMIT else wasyncore.poll2
                watch(self.adj.asyncore_loop_timeout, self._map)
        except (SystemExit, KeyboardInterrupt):
            self.task_dispatcher.shutdown()

    def readable(self) -> bool:
        """Run maintenance on time, and accept while the connections other than live streams are within the limit."""
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return self.accepting and len(self.active_channels) - self.streaming() < self.adj.connection_limit

    def maintenance(self, now: float) -> None:
        """Close idle connections (waitress's channel_timeout) and those whose request is overdue."""
        super().maintenance(now)
        due = now - self.request_timeout
        for channel in list(self.active_channels.values()):
            began = getattr(channel, "request_began", None)
            if not channel.requests and began is not None and began < due:
                channel.will_close = True


def make_server(application, *, per_client: int, request_timeout: float, streaming: Callable[[], int],
                sock: socket.socket | None = None, handoff: Handoff | None = None, **adjustments) -> GuardedServer:
    """A guarded waitress server on the first address `host` names, or on `sock`, a listening socket it shares
    with other server processes (and hands their tables' connections to, given `handoff`); waitress's other
    settings as given."""
    where = {}
    if sock is not None:
        adjustments = {name: value for name, value in adjustments.items() if name not in ("host", "port")}
        adjustments["sockets"] = [sock]
        where = {"_sock": sock, "bind_socket": False,
                 "sockinfo": (sock.family, sock.type, sock.proto, sock.getsockname())}
    adj = Adjustments(cleanup_interval=1, **adjustments)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    return GuardedServer(application, per_client=per_client, request_timeout=request_timeout, streaming=streaming,
                         adj=adj, map={}, dispatcher=dispatcher, handoff=handoff, **where)
