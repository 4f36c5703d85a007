"""Who sends a connection's output: the task answering on it sends what it writes, and the server's loop only
what the socket did not take (before, the loop went round for every write it found buffered, about twenty times
a tap with two workers)."""

from __future__ import annotations

import socket

import pytest

from companion.serve.server import GuardedChannel, make_server


@pytest.fixture
def channel():
    """A connection of a real (not running) server, its far end a socket this test reads, or does not."""
    server = make_server(lambda environ, start_response: [], per_client=10, request_timeout=5,
                         streaming=lambda: 0, host="127.0.0.1", port=0)
    ours, phone = socket.socketpair()
    ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    ours.setblocking(False)
    made = GuardedChannel(server, ours, ("127.0.0.1", 0), server.adj, map={})
    made.requests = [object()]  # a task answers on it, as a live stream does while the page is open
    pulls = []
    server.pull_trigger = lambda: pulls.append(1)
    yield made, phone, pulls
    phone.close()
    ours.close()
    server.close()


def test_output_a_task_is_sending_leaves_the_loop_idle(channel):
    made, phone, pulls = channel
    event = b"event: version\ndata: 2\n\n"
    with made.outbuf_lock:  # the moment inside the task's write_soon between buffering its output and sending it
        made.outbufs[-1].append(event)
        made.total_outbufs_len += len(event)
        assert not made.writable()
    made.write_soon(event)
    assert phone.recv(100) == event * 2
    assert not made.writable() and not pulls


def test_what_the_socket_could_not_take_is_the_loops_to_send_until_it_is_out(channel):
    made, phone, pulls = channel
    made.write_soon(b"x" * 1_000_000)  # far more than the socket takes while the phone does not read
    assert made.total_outbufs_len and made.writable() and pulls
    phone.settimeout(1)
    received = 0
    while received < 1_000_000:
        received += len(phone.recv(1 << 20))
        if made.writable():
            made.handle_write()
    assert received == 1_000_000
    assert not made.total_outbufs_len and not made.writable()
