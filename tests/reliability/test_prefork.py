"""serve --workers 2, plain prefork: both workers accept on the one listening socket and serve any table; a tap in
one reaches the live streams held by the other; no socket is passed between them."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import time

import psutil

from companion.testing.loopback_clients import open_stream, open_table, tap, version
from companion.testing.real_server import Server, wait_for
from tests.helpers.server_processes import holder


def get(connection: http.client.HTTPConnection, path: str) -> tuple[int, bytes]:
    connection.request("GET", path)
    response = connection.getresponse()
    return response.status, response.read()


def connections_in_both_workers(server: Server, path: str) -> list[http.client.HTTPConnection]:
    """Kept-alive connections, each having asked for `path`, until both workers hold at least one (the kernel gives
    a new connection to whichever worker accepts first)."""
    made: list[http.client.HTTPConnection] = []
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        assert get(connection, path)[0] == 200
        made.append(connection)
        if len({holder(server, c) for c in made}) == 2:
            return made
    raise AssertionError(f"{len(made)} connections, all held by one worker")


def test_either_worker_serves_any_table_and_both_answer_the_same_version(file_two):
    table = open_table(file_two.port)
    connections = connections_in_both_workers(file_two, "/healthz")
    try:
        for step in range(4):
            for connection in connections:
                status, body = get(connection, f"/t/{table['token']}/version")
                assert status == 200 and json.loads(body) == {"version": version(file_two.port, table)}
            assert tap(file_two.port, table, delta=1 - 2 * (step % 2))[0] == 200
    finally:
        for connection in connections:
            connection.close()


def test_no_socket_is_passed_between_the_workers(file_two):
    """Every descriptor a worker holds is its own: the listening socket, its connections, its files; no Unix socket
    pair to another worker (the handover of the last weeks used one per worker)."""
    for pid in file_two.workers():
        assert not [c for c in psutil.Process(pid).net_connections("unix")
                    if c.type == socket.SOCK_DGRAM], "a datagram socket to pass connections through"


def test_a_tap_whose_body_arrives_after_its_request_line_is_served(file_two):
    table = open_table(file_two.port)
    before = version(file_two.port, table)
    body = json.dumps({"type": "adjust_slack", "seat": 1, "args": {"delta": 1}, "action_id": f"drip-{before}-x"})
    parts = [f"POST /t/{table['token']}/actions HTTP/1.1\r\n".encode(),
             (f"Host: 127.0.0.1:{file_two.port}\r\nContent-Type: application/json\r\n"
              f"Authorization: Bearer {table['display_key']}\r\nContent-Length: {len(body)}\r\n\r\n").encode(),
             body[:10].encode(), body[10:].encode()]
    with socket.create_connection(("127.0.0.1", file_two.port), timeout=10) as sock:
        for part in parts:
            sock.sendall(part)
            time.sleep(0.2)
        answer = sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    assert version(file_two.port, table) == before + 1


def test_a_live_stream_in_one_worker_hears_every_tap_made_in_either(file_two):
    table = open_table(file_two.port)
    status, stream = open_stream(file_two.port, table["token"], "127.0.0.1")
    assert status == 200
    tappers = connections_in_both_workers(file_two, "/healthz")
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {table['display_key']}"}
    with stream:
        stream.settimeout(10)
        heard = b""
        for number, connection in enumerate(tappers * 2):
            body = json.dumps({"type": "adjust_slack", "seat": 1, "args": {"delta": 1 - 2 * (number % 2)},
                               "action_id": f"prefork-{number}"})
            connection.request("POST", f"/t/{table['token']}/actions", body, headers)
            answer = connection.getresponse()
            made = json.loads(answer.read())["version"]
            assert answer.status == 200
            wanted = f"event: version\ndata: {made}\n".encode()
            while wanted not in heard:
                chunk = stream.recv(4096)
                assert chunk, f"the stream ended before version {made}: {heard!r}"
                heard += chunk
    for connection in tappers:
        connection.close()


def test_a_killed_workers_tables_are_served_by_the_other_until_it_is_replaced(file_two):
    table = open_table(file_two.port)
    victim = file_two.workers()[0]
    os.kill(victim, signal.SIGKILL)
    for step in range(10):  # right after the kill, and while the replacement starts (Slack stays under the goal)
        assert tap(file_two.port, table, timeout=10, delta=1 - 2 * (step % 2))[0] == 200
    assert wait_for(lambda: len(file_two.workers()) == 2 and victim not in file_two.workers())
    assert tap(file_two.port, table)[0] == 200
