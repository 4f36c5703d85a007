"""serve --workers 2: every connection asking about a table ends up in the worker that owns the table, whichever
worker the kernel gave it to, and is served there as if it had been accepted there."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import time

import psutil

from tests.helpers.loopback_clients import open_stream, open_table, tap, version
from tests.helpers.real_server import Server, wait_for

from companion.serve.handoff import Handoff, Mailboxes
from companion.serve.server import GuardedChannel, make_server


def holder(server: Server, connection: http.client.HTTPConnection) -> int:
    """The pid of the worker that holds the server's end of this connection."""
    port = connection.sock.getsockname()[1]
    for pid in server.workers():
        process = psutil.Process(pid)
        sockets = process.net_connections("tcp") if hasattr(process, "net_connections") else process.connections("tcp")
        if any(s.raddr and s.raddr.port == port for s in sockets):
            return pid
    raise AssertionError("no worker holds the connection")


def get(connection: http.client.HTTPConnection, path: str) -> tuple[int, bytes]:
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read()


def test_all_connections_about_one_table_are_served_by_one_worker_and_tables_are_spread(two):
    tables = [open_table(two.port) for _ in range(4)]
    held: dict[str, set[int]] = {}
    connections = []
    for table in tables:
        for first in ("/healthz", f"/t/{table['token']}/version"):  # the first request names no table, or this one
            for _ in range(3):
                connection = http.client.HTTPConnection("127.0.0.1", two.port, timeout=10)
                connections.append(connection)
                assert get(connection, first)[0] == 200
                status, body = get(connection, f"/t/{table['token']}/version")
                assert status == 200 and json.loads(body) == {"version": version(two.port, table)}
                held.setdefault(table["token"], set()).add(holder(two, connection))
    assert all(len(workers) == 1 for workers in held.values()), held
    assert len(set().union(*held.values())) == 2, "tables opened one after another go to both workers"
    for connection in connections:
        connection.close()


def test_a_request_sent_on_the_answer_to_the_last_waits_for_it_to_be_done_then_goes_to_its_tables_worker():
    """The answer can reach the client before the thread that sent it has counted it sent and dropped its
    request: the client's next request line then waits for that, instead of being served where it arrived."""
    mailboxes = Mailboxes(2)
    mailboxes.open(1, os.getpid())  # this process stands for worker 1
    server = make_server(lambda environ, start_response: [], per_client=10, request_timeout=5,
                         streaming=lambda: 0, host="127.0.0.1", port=0,
                         handoff=Handoff(mailboxes, 0, {"/t/b/version": 1}.get))
    ours, phone = socket.socketpair()
    channel = GuardedChannel(server, ours, ("127.0.0.1", 0), server.adj, map={})
    channel.requests = [object()]  # the /healthz just answered, not yet dropped by its thread
    line = b"GET /t/b/version HTTP/1.1\r\nHost: x\r\n\r\n"
    channel.received(line)
    assert channel.request is None and len(channel.requests) == 1 and not channel.readable()
    channel.requests = []
    channel._resume()  # what the loop does once the thread has dropped the request
    mailboxes.inbox(1).settimeout(1)
    received, fds, _flags, _address = socket.recv_fds(mailboxes.inbox(1), 65536, 1)
    assert received == line and len(fds) == 1 and not channel.connected
    for fd in fds:
        os.close(fd)
    phone.close()
    server.close()
    mailboxes.close()


def test_a_tap_whose_body_arrives_after_its_request_line_is_handed_over_whole(two):
    for table in [open_table(two.port) for _ in range(2)]:  # one table of each worker
        before = version(two.port, table)
        body = json.dumps({"type": "adjust_slack", "seat": 1, "args": {"delta": 1}, "action_id": f"drip-{before}-x"})
        parts = [f"POST /t/{table['token']}/actions HTTP/1.1\r\n".encode(),
                 (f"Host: 127.0.0.1:{two.port}\r\nContent-Type: application/json\r\n"
                  f"Authorization: Bearer {table['display_key']}\r\nContent-Length: {len(body)}\r\n\r\n").encode(),
                 body[:10].encode(), body[10:].encode()]
        with socket.create_connection(("127.0.0.1", two.port), timeout=10) as sock:
            for part in parts:
                sock.sendall(part)
                time.sleep(0.2)
            answer = sock.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
        assert version(two.port, table) == before + 1


def test_a_live_stream_hears_taps_made_on_other_connections_at_tables_of_both_workers(two):
    for table in [open_table(two.port) for _ in range(2)]:
        status, stream = open_stream(two.port, table["token"], "127.0.0.1")
        assert status == 200
        with stream:
            stream.settimeout(10)
            assert tap(two.port, table)[0] == 200
            wanted = f"event: version\ndata: {version(two.port, table)}\n".encode()
            heard = b""
            while wanted not in heard:
                chunk = stream.recv(4096)
                assert chunk, f"the stream ended before the tap's version: {heard!r}"
                heard += chunk


def test_a_killed_owner_tables_are_served_by_the_other_worker_until_it_is_replaced(two):
    tables = [open_table(two.port) for _ in range(2)]
    owners = {}
    for table in tables:
        connection = http.client.HTTPConnection("127.0.0.1", two.port, timeout=10)
        get(connection, f"/t/{table['token']}/version")
        owners[table["token"]] = holder(two, connection)
        connection.close()
    victim = owners[tables[0]["token"]]
    os.kill(victim, signal.SIGKILL)
    for _ in range(10):  # right after the kill, and while the replacement starts (Slack stays under the goal)
        assert tap(two.port, tables[0], timeout=10)[0] == 200
    assert wait_for(lambda: len(two.workers()) == 2 and victim not in two.workers())
    assert tap(two.port, tables[0])[0] == 200
