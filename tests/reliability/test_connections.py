"""Open sockets from one address cannot starve everybody else (issue 18, item 1): the real server, real sockets."""

from __future__ import annotations

import http.client
import json
import socket
import time
import urllib.parse
from pathlib import Path

import psutil

from companion.serve.server import SELECT_LIMIT
from companion.testing.loopback_clients import (
    ATTACKER,
    HONEST,
    Dripper,
    call,
    connect,
    is_closed,
    open_stream,
    open_table,
    p95,
    read_answer,
    tap,
    version,
)
from companion.testing.real_server import Server, wait_for

SAMPLES = 40


def test_four_hundred_dripping_sockets_from_one_address_leave_healthz_and_taps_fast_for_another(server):
    table = open_table(server.port)
    with Dripper(server.port, ATTACKER, 400) as attack:
        deadline = time.monotonic() + 15
        while attack.rounds < 2 and time.monotonic() < deadline:  # every socket has been opened and has dripped
            time.sleep(0.1)
        health, taps, recorded = [], [], 0
        deadline = time.monotonic() + 40
        while len(taps) < SAMPLES and time.monotonic() < deadline:
            status, _, seconds = call(server.port, "GET", "/healthz", source=HONEST, timeout=3)
            health.append(seconds if status == 200 else float("inf"))
            status, body, seconds = tap(server.port, table, source=HONEST, timeout=3, delta=-1 if len(taps) % 2 else 1)
            taps.append(seconds if status == 200 else float("inf"))
            assert status in (0, 200), body
            recorded += status == 200
            time.sleep(0.1)
        rounds = attack.rounds
    print(f"healthz p95 {p95(health) * 1000:.0f} ms, tap p95 {p95(taps) * 1000:.0f} ms over {len(taps)} each; "
          f"attacker opened {attack.opened} connections, the server closed {attack.closed_by_server}")
    assert rounds >= 3, "the attack kept dripping while another client was served"
    assert len(taps) == SAMPLES, f"only {len(taps)} taps in 40 s: {taps}"
    assert p95(health) < 1.0, sorted(health)
    assert p95(taps) < 1.0, sorted(taps)
    assert attack.closed_by_server > 0
    # It recovers by itself: once the server has seen the attacker's connections close (a connection arriving in the
    # same round of its loop as those closes is still refused), the address is served again, and every tap that was
    # answered counted.
    assert wait_for(lambda: not held_from(server, ATTACKER)), "the server kept the closed connections"
    status, _, seconds = call(server.port, "GET", "/healthz", source=ATTACKER, timeout=3)
    assert status == 200 and seconds < 1.0
    assert version(server.port, table) == 1 + recorded


def held_from(server: Server, client: str) -> list:
    """The server's connections from `client` that it has not closed yet (closed by the client or not)."""
    return [c for c in psutil.Process(server.process.pid).net_connections("tcp")
            if c.raddr and c.raddr.ip == client and c.status in (psutil.CONN_ESTABLISHED, psutil.CONN_CLOSE_WAIT)]


def test_one_address_gets_its_share_of_connections_and_no_more(server):
    held = [connect(server.port, ATTACKER) for _ in range(40)]
    assert all(held)
    deadline = time.monotonic() + 3
    while sum(map(is_closed, held)) < 8 and time.monotonic() < deadline:
        time.sleep(0.05)
    closed = sum(map(is_closed, held))
    assert closed == 8, f"{closed} of 40 closed at once; the default share is 32"
    status, _, _ = call(server.port, "GET", "/healthz", source=HONEST, timeout=3)
    assert status == 200
    for sock in held:
        sock.close()


def test_a_request_that_drips_in_is_cut_off_after_the_request_timeout(server):
    sock = connect(server.port, ATTACKER, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode())
    started = time.monotonic()
    while not is_closed(sock) and time.monotonic() - started < 15:
        try:
            sock.send(b"X-Drip: 1\r\n")  # a line every half second: waitress's idle timeout never fires
        except OSError:
            break
        time.sleep(0.5)
    lasted = time.monotonic() - started
    sock.close()
    assert 4.5 <= lasted <= 9, f"closed after {lasted:.1f} s; the default request timeout is 5 s"


def test_with_more_sockets_than_select_can_watch_the_server_keeps_answering(tmp_path):
    many = SELECT_LIMIT + 50
    server = Server(tmp_path / "instance", extra_args=(
        "--max-live", str(many + 100), "--max-connections-per-client", str(2 * many),
        "--request-timeout", "60")).start()
    held: list[socket.socket] = []
    try:
        held = [socket.create_connection(("127.0.0.1", server.port), timeout=5) for _ in range(many)]
        process, deadline = psutil.Process(server.process.pid), time.monotonic() + 20
        while process.num_fds() <= many and time.monotonic() < deadline:
            time.sleep(0.05)
        assert process.num_fds() > many, "the server did not take every connection"
        # Every new socket is numbered past what select() can watch: the server must watch it another way.
        table = open_table(server.port)
        assert tap(server.port, table)[0] == 200
        assert version(server.port, table) == 2
    finally:
        for sock in held:
            sock.close()
        server.stop()


def test_a_live_panel_the_phone_could_not_take_at_once_arrives_once_it_reads_again(server):
    table = open_table(server.port)
    display_page = urllib.parse.urlsplit(table["display_url"])
    display = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    display.request("GET", f"{display_page.path}?{display_page.query}")
    answer = display.getresponse()
    answer.read()
    cookie = answer.getheader("Set-Cookie").split(";", 1)[0]
    display.request("GET", f"/t/{table['token']}/panel?view=display", headers={"Cookie": cookie})
    panel_bytes = len(display.getresponse().read())
    # A phone on a weak link: a small receive window, and it stops reading while the table moves on, for more
    # panels than the server's socket can hold (Linux lets a socket's send buffer grow to tcp_wmem's largest).
    phone = socket.socket()
    phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    phone.settimeout(5)
    phone.connect(("127.0.0.1", server.port))
    phone.sendall(f"GET /t/{table['token']}/live?view=display HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                  f"Cookie: {cookie}\r\n\r\n".encode())
    last = 1
    for i in range(min(1000, 2 * _largest_send_buffer() // panel_bytes)):
        status, data, _ = tap(server.port, table, delta=1 - 2 * (i % 2))  # to and fro: nobody wins
        assert status == 200, data
        last = json.loads(data)["version"]
    time.sleep(0.5)  # the stream has written the newest panel and waits for the next version
    phone.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)  # the link is good again
    received, deadline = b"", time.monotonic() + 3  # well before the next heartbeat (15 s) would push it out
    while f'data-version="{last}"'.encode() not in received[-2 * panel_bytes:] and time.monotonic() < deadline:
        phone.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            chunk = phone.recv(1 << 20)
        except TimeoutError:
            break
        if not chunk:
            break
        received += chunk
    phone.close()
    assert f'data-version="{last}"'.encode() in received, "the newest panel stayed in the server's buffer"


def _largest_send_buffer() -> int:
    """The most a TCP socket's send buffer grows to on this machine (Linux: tcp_wmem's third figure)."""
    try:
        return int(Path("/proc/sys/net/ipv4/tcp_wmem").read_text().split()[2])
    except (OSError, IndexError, ValueError):
        return 4 << 20


def test_an_address_at_its_share_gets_in_by_closing_its_own_longest_idle_connection(server):
    """A browser (or a laptop's several screens) keeps idle sockets open: at its share, a new connection takes the
    place of its oldest idle one instead of being refused."""
    idle = []
    for _ in range(32):
        idle.append(connect(server.port, ATTACKER, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"))
        assert idle[-1] and read_answer(idle[-1]).startswith(b"HTTP/1.1 200")  # answered and kept alive
        if len(idle) == 1:
            time.sleep(0.2)  # the first is plainly the longest idle
    newest = connect(server.port, ATTACKER, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert newest is not None and read_answer(newest).startswith(b"HTTP/1.1 200")
    deadline = time.monotonic() + 3
    while not is_closed(idle[0]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert is_closed(idle[0]), "the longest idle connection makes way"
    assert not any(map(is_closed, idle[1:])), "only one makes way"
    for sock in [*idle, newest]:
        sock.close()


def test_an_address_whose_connections_are_all_busy_is_refused_more(tmp_path):
    server = Server(tmp_path / "instance", extra_args=("--max-connections-per-client", "8")).start()
    table = open_table(server.port)
    streams = [open_stream(server.port, table["token"], ATTACKER)[1] for _ in range(8)]
    assert all(streams), "8 live streams are within the share"
    extra = connect(server.port, ATTACKER, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert extra is None or read_answer(extra) == b"", "a live stream never makes way"
    assert not any(map(is_closed, streams))
    for sock in [*streams, extra]:
        if sock is not None:
            sock.close()
    server.stop()
