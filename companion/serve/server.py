"""waitress, guarded for a network nobody vouches for: a share of connections per client address (across every
worker: companion.serve.shares), a deadline for each request to arrive and one for a kept-alive connection to ask
again, live streams kept out of the connection budget that taps and pages need, and when that budget is spent the
oldest idle or unfinished connection closed for a new one."""

from __future__ import annotations

import re
import socket
import time
from collections.abc import Callable

from waitress import wasyncore
from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher, WSGITask
from waitress.utilities import Error, RequestEntityTooLarge

from .shares import AddressShares

# select() cannot watch a descriptor numbered past 1023; poll() can, but measured about 2.5 times slower at fifty
# tables, so it is used only while a socket's number needs it.
SELECT_LIMIT = 1024
ACCEPT_AT_ONCE = 64  # connections accepted in one round of the loop, at most
# The least speed (bytes a second) a slow body (a card photo) is allowed on top of the request deadline: a quarter
# of a phone's on poor Wi-Fi (100 KB/s), so 1.5 MB may take 60 s more (it arrives at 32 KB/s in 47 s), a 4 MiB
# body 168 s, and a body that drips is still cut off.
SLOW_BODY_RATE = 25_000
# Seconds the rest of a refused body is read and dropped after the answer, before the connection closes: closed
# with unread bytes, the connection is reset and the phone loses the answer it had not read yet.
LINGER = 2.0


class BodyTooSlow(Error):
    """A slow body (a card photo) that did not arrive in its time."""

    code = 408
    reason = "Request Timeout"


class RefusedTask(ErrorTask):
    """waitress's refusal of a body over the limit, answered by the app itself (the route's own answer: JSON in the
    phone's language for a photo), as if the body had not been sent; a slow body that did not arrive in time,
    answered by the app's page for it (the server's `slow_body_answer`); other errors as waitress answers them. The
    connection closes after it, since the rest of the body is never read."""

    environ = None  # WSGITask's, made by get_environment

    def __init__(self, channel, request):
        super().__init__(channel, request)
        self._too_slow = isinstance(request.error, BodyTooSlow) and channel.server.slow_body_answer is not None
        self._by_app = self._too_slow or (isinstance(request.error, RequestEntityTooLarge)
                                          and request.headers_finished)

    def execute(self) -> None:
        """The app's answer to the request without its body, or waitress's."""
        if not self._by_app:
            return super().execute()
        request = self.request
        if self._too_slow:
            request.command, request.path, request.query = "GET", self.channel.server.slow_body_answer, ""
            for header in ("CONTENT_LENGTH", "CONTENT_TYPE", "TRANSFER_ENCODING"):
                request.headers.pop(header, None)
            request.body_rcv = None
            self.channel.refused_body = True
            self.complete = False
            self.set_close_on_finish()
            return WSGITask.execute(self)
        # Past the server's limit, which no route's exceeds: the app refuses it by its length before reading it.
        size = max(request.content_length, request.body_bytes_received, self.channel.adj.max_request_body_size) + 1
        request.headers.pop("TRANSFER_ENCODING", None)
        request.headers["CONTENT_LENGTH"] = str(size)
        request.body_rcv = None
        self.channel.refused_body = True
        self.complete = False  # ErrorTask's answer is made at once; the app's starts with start_response
        self.set_close_on_finish()
        WSGITask.execute(self)

    def build_response_header(self):
        """Headers as waitress builds them, with the connection's closing said."""
        self.set_close_on_finish()
        return super().build_response_header()

    def get_environment(self):
        return WSGITask.get_environment(self)


class GuardedChannel(HTTPChannel):
    """A connection that knows since when its current request has been arriving (None between requests), and holds
    a place in its client address's share until it closes."""

    request_began: float | None = None
    error_task_class = RefusedTask
    refused_body = False  # a body over the limit was refused (RefusedTask): the connection lingers as it closes
    lingering: float | None = None  # until when the rest of a refused body is read and dropped

    def __init__(self, server, sock, addr, adj, map=None):
        self.client = addr[0]
        self.holds_place = True  # its server counted it in the address's share before making it
        self._left_behind = False  # output a task wrote that the socket did not take: the loop sends it
        super().__init__(server, sock, addr, adj, map)
        # A new connection's first request is due from the moment it was opened: an idle socket counts too.
        self.request_began: float | None = self.creation_time

    def received(self, data: bytes) -> bool:
        """Parse what arrived, noting when a request began or was completed; drop the rest of a body refused for
        arriving too slowly."""
        if self.refused_body:
            return True
        before, began = self.request, self.request_began
        outcome = super().received(data)
        if self.request is None:
            self.request_began = None
        elif self.request is not before:
            self.request_began = began if before is None and began is not None else time.time()
        return outcome

    def handle_close(self) -> None:
        """Close the connection; after a refused body, first say the answer is all and read what the phone still
        sends for up to LINGER seconds (the loop's maintenance closes it then)."""
        if self.refused_body and self.lingering is None and self.connected:
            try:
                self.socket.shutdown(socket.SHUT_WR)
            except OSError:
                return super().handle_close()
            self.lingering = time.time() + LINGER
            self.will_close = self.close_when_flushed = False
            return None
        return super().handle_close()

    def handle_read(self) -> None:
        """Read what arrived: while lingering, drop it (and close at its end)."""
        if self.lingering is None:
            return super().handle_read()
        try:
            dropped = self.recv(self.adj.recv_bytes)  # at the end of it, recv closes the connection
        except OSError:
            dropped = b""
        if dropped and time.time() > self.lingering:
            super().handle_close()
        elif not dropped and self.connected:
            super().handle_close()
        return None

    def readable(self) -> bool:
        """Whether to read: always while lingering over a refused body."""
        return self.lingering is not None or super().readable()

    def writable(self) -> bool:
        """Whether the loop should send for this connection: not while a task answers on it and sends what it
        writes itself, unless the socket left some of it behind (or the buffer is full, or the connection closes).

        waitress's own test is only "output is buffered", which holds for the moment a task (a live stream, or a
        tap's answer) sends its output; the loop then finds the buffer locked and goes round again, each time over
        every connection. With each worker on its own core that came to some twenty rounds a tap, and the loop's
        thread spent 3.5 of a tap's 20 ms of CPU (now 1.2 to 1.6).
        """
        if self.lingering is not None:
            return False
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

    def body_seconds(self) -> float:
        """How much longer than the request deadline the request arriving may take: a slow body's time (a card
        photo, at SLOW_BODY_RATE), once its headers say it is one; else none."""
        request = self.request
        slow = self.server.slow_bodies
        if request is None or slow is None or not request.headers_finished or not slow.match(request.path or ""):
            return 0.0
        return request.content_length / SLOW_BODY_RATE

    def refuse_slow_body(self) -> bool:
        """Answer a slow body that did not arrive in its time (the app says why) instead of closing without a word;
        whether it is answered (not while an earlier request on the connection is still being served)."""
        with self.requests_lock:
            request = self.request
            if request is None or self.requests or self.will_close or self.close_when_flushed:
                return False
            request.error = BodyTooSlow("the body did not arrive in time")
            request.completed = True
            self.request, self.request_began = None, None
            self.refused_body = True  # what still arrives of the body is dropped
            self.requests.append(request)
        self.server.add_task(self)
        return True

    def idle_since(self) -> float | None:
        """Since when the connection has been waiting for the client, between requests or within an unfinished one;
        None while a request is served (a live stream's lasts as long as the stream) or its answer is being sent."""
        if self.requests or self.total_outbufs_len or self.will_close or self.close_when_flushed:
            return None
        return self.request_began if self.request_began is not None else self.last_activity

    def del_channel(self, map=None) -> None:
        """Give the connection's place in its client's share back (once)."""
        super().del_channel(map)
        self.server.leaving.discard(self)
        self.give_back_place()

    def give_back_place(self) -> None:
        """Count this connection out of its address's share (once)."""
        if self.holds_place:
            self.holds_place = False
            self.server.shares.give_back(self.client)


class GuardedServer(TcpWSGIServer):
    """waitress's TCP server that holds a client address to its share of connections (a new one takes the place of
    the address's own longest idle one, or is refused), closes connections whose request does not arrive in time
    or that stay idle too long after one, leaves live streams out of `connection_limit`, and when that is reached
    makes room for a new connection by closing the one that has been waiting for its client longest."""

    channel_class = GuardedChannel

    def __init__(self, application, *, per_client: int, request_timeout: float, streaming: Callable[[], int],
                 adj: Adjustments, keepalive_timeout: float = 15.0,
                 shares: AddressShares | None = None, slow_bodies: re.Pattern | None = None,
                 beat: Callable[[], None] | None = None, slow_body_answer: str | None = None, **kw):
        self.beat = beat
        self.slow_body_answer = slow_body_answer  # the app's path that says a slow body did not arrive in time
        self.shares = shares if shares is not None else AddressShares(per_client)
        self.slow_bodies = slow_bodies  # the paths whose bodies may arrive slowly (body_seconds)
        self.per_client, self.request_timeout, self.streaming = self.shares.per_client, request_timeout, streaming
        self.keepalive_timeout = keepalive_timeout
        self._refused: set[str] = set()
        self._making_room = False
        self.leaving: set[GuardedChannel] = set()  # closed to make room, by the loop's next round
        kw.setdefault("sockinfo", adj.listen[0])
        super().__init__(application, adj=adj, **kw)

    def handle_accept(self) -> None:
        """Accept the connections waiting (up to ACCEPT_AT_ONCE), making room for each if the server is full; one
        from an address that holds its share already is closed at once.

        waitress accepts one a round of its loop; with hundreds of hostile connections queued in the kernel ahead
        of a phone's, at a millisecond or two a round, the phone waited up to half a second more.
        """
        oldest_first: list[GuardedChannel] = []
        for _ in range(ACCEPT_AT_ONCE):
            try:
                accepted = self.accept()
                if accepted is None:
                    return
                conn, addr = accepted
                self.set_socket_options(conn)
            except OSError:
                return  # the peer went away before we got to it, as waitress itself allows
            if self._admit(conn, addr[0]):
                room = self._make_room(oldest_first)
                # Without room (a connection began a request this round), it is one over: readable() then waits.
                self._serve(conn, addr)
                if not room:
                    return

    def _admit(self, conn: socket.socket, client: str) -> bool:
        """Count a new connection in its address's share, taking the place of the address's own connection here
        that has been idle longest if the share is full; close it if none of them is idle."""
        if self.shares.take(client) or self._take_place_of_oldest(client):
            self._refused.discard(client)
            return True
        conn.close()
        if client not in self._refused:
            self._refused.add(client)
            self.logger.warning("%s holds %d connections, its share: refusing more", client, self.per_client)
        return False

    def _take_place_of_oldest(self, client: str) -> bool:
        """Whether the address's connection here that has been idle longest since its last answer closes and passes
        its place on. A browser keeps several idle sockets open, and several screens share one address (a laptop, a
        proxy): they still get in. An unfinished request is not cut short for it (a slow upload, or dripping)."""
        waiting = [channel for channel in self.active_channels.values()
                   if channel.client == client and channel.holds_place and channel.request_began is None
                   and channel.idle_since() is not None]
        if not waiting:
            return False
        oldest = min(waiting, key=GuardedChannel.idle_since)
        oldest.holds_place = False  # the new connection holds it now
        oldest.will_close = True  # closed in the loop's next round, as when making room
        self.leaving.add(oldest)
        return True

    def _serve(self, conn: socket.socket, addr) -> GuardedChannel | None:
        """A channel for a connection counted in its share (given back if the channel cannot be made)."""
        try:
            return self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)
        except OSError:
            self.shares.give_back(addr[0])
            conn.close()
            return None

    def _full(self) -> bool:
        """Whether the connections other than live streams (and than those closing to make room) fill
        `connection_limit`."""
        return len(self.active_channels) - len(self.leaving) - self.streaming() >= self.adj.connection_limit

    def _make_room(self, oldest_first: list[GuardedChannel] | None = None) -> bool:
        """Whether there is room for one more connection, once the one waiting for its client longest (idle after
        its last answer, or its request unfinished) is closed if need be; live streams and requests being served
        are never closed for it. `oldest_first`, kept by the caller for several connections, saves sorting again."""
        if not self._full():
            self._making_room = False
            return True
        if not oldest_first:
            waiting = [channel for channel in self.active_channels.values() if channel.idle_since() is not None]
            waiting.sort(key=GuardedChannel.idle_since, reverse=True)
            if oldest_first is None:
                oldest_first = waiting[-1:]
            else:
                oldest_first[:] = waiting
        oldest = None
        while oldest_first and oldest is None:
            candidate = oldest_first.pop()
            oldest = candidate if candidate.idle_since() is not None else None
        if oldest is None:
            return False
        if not self._making_room:
            self._making_room = True
            self.logger.warning("connections full: closing the longest idle ones to let new ones in")
        # Closed in the loop's next round, not now: its number could go to the new connection while this round
        # still acts on what select() said of the old one (a read that would block closes a connection).
        oldest.will_close = True
        self.leaving.add(oldest)
        return True

    def run(self) -> None:
        """waitress's loop, watching the sockets with select() while every one's number fits it, else with poll();
        each round beats the worker's heartbeat (companion.serve.workers), at least once a second."""
        try:
            while self._map:
                if self.beat is not None:
                    self.beat()
                watch = wasyncore.poll if max(list(self._map), default=0) < SELECT_LIMIT else wasyncore.poll2
                watch(self.adj.asyncore_loop_timeout, self._map)
        except (SystemExit, KeyboardInterrupt):
            self.task_dispatcher.shutdown()

    def readable(self) -> bool:
        """Run maintenance on time, and accept while the connections other than live streams are within the limit,
        or one of them waits for its client and can make room."""
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        if not self.accepting:
            return False
        return not self._full() or any(c.idle_since() is not None for c in self.active_channels.values())

    def maintenance(self, now: float) -> None:
        """Close connections without output to send that stay idle (waitress's channel_timeout), whose request is
        overdue, or that asked nothing more for `keepalive_timeout` after their last answer."""
        super().maintenance(now)
        due, idle_due = now - self.request_timeout, now - self.keepalive_timeout
        for channel in list(self.active_channels.values()):
            if channel.lingering is not None:
                if channel.lingering < now:
                    GuardedChannel.handle_close(channel)
                continue
            if channel.requests or channel.total_outbufs_len:
                continue
            began = channel.request_began
            if began + channel.body_seconds() < due if began is not None else channel.last_activity < idle_due:
                slow = began is not None and channel.body_seconds() and self.slow_body_answer is not None
                if not (slow and channel.refuse_slow_body()):
                    channel.will_close = True


def make_server(application, *, per_client: int, request_timeout: float, streaming: Callable[[], int],
                sock: socket.socket | None = None, keepalive_timeout: float = 15.0,
                shares: AddressShares | None = None, slow_bodies: re.Pattern | None = None,
                beat: Callable[[], None] | None = None, slow_body_answer: str | None = None,
                **adjustments) -> GuardedServer:
    """A guarded waitress server on the first address `host` names, or on `sock`, a listening socket it shares
    with other server processes (counting each address's connections with theirs in `shares`); the paths
    `slow_bodies` matches may send their bodies slowly, and one that does not arrive in time is answered by the app's
    `slow_body_answer` path; `beat` is called at every round of its loop; waitress's other settings as given."""
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
                         adj=adj, map={}, dispatcher=dispatcher, keepalive_timeout=keepalive_timeout,
                         shares=shares, slow_bodies=slow_bodies, beat=beat, slow_body_answer=slow_body_answer,
                         **where)
