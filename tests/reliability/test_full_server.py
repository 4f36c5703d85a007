"""Issue 30 items 1 and 2: idle keep-alive sockets, or slow ones spread over many addresses, each address under its
share, fill every connection place; a phone from another address still gets in at once, because the oldest idle or
unfinished connections make room for it, and idle ones are closed after --keepalive-timeout anyway. The real
server, one process and two workers, real sockets from many loopback addresses."""

from __future__ import annotations

import math
import time

import pytest

from companion.testing.loopback_clients import (
    LOADS,
    WAITS,
    Phone,
    call,
    connect,
    is_closed,
    open_stream,
    open_table,
    p50,
    p95,
    read_answer,
    version,
)
from companion.testing.real_server import Server, wait_for

SAMPLES = 40
ALLOWED_SLOW = SAMPLES - math.ceil(0.95 * SAMPLES)  # more than this over a second and the p95 is lost


@pytest.mark.parametrize("workers", [1, 2], ids=["one process", "two workers"])
@pytest.mark.parametrize("load", LOADS)
def test_a_phone_from_another_address_gets_healthz_a_tap_and_its_live_update_within_a_second(
    tmp_path, load, workers
):
    server = Server(tmp_path / "instance", workers=workers).start()
    try:
        table = open_table(server.port)
        with LOADS[load](server.port, workers) as attack, Phone(server.port, table) as phone:
            assert wait_for(lambda: attack.rounds >= 2, 60), "the attack did not get every socket open"
            began = attack.rounds
            while len(phone.timings["tap"]) < SAMPLES and phone.slow(1.0) <= ALLOWED_SLOW:
                phone.round()
                time.sleep(0.1)
            rounds = attack.rounds
        print(
            ", ".join(
                f"{kind} p50 {p50(phone.timings[kind]) * 1000:.0f} ms p95 {p95(phone.timings[kind]) * 1000:.0f} "
                f"ms"
                for kind in WAITS
            )
            + f"; the attacker opened {attack.opened} connections, "
            f"the server closed {attack.closed_by_server}"
        )
        for kind in WAITS:
            assert p95(phone.timings[kind]) < 1.0, (kind, sorted(phone.timings[kind]))
        assert len(phone.timings["tap"]) == SAMPLES
        assert rounds > began, "the attack kept going while the phone was served"
        assert attack.closed_by_server > 0, "the attack filled the server"
        assert phone.timings["stream opened"] == phone.timings["stream opened"][:1], (
            "the phone's live stream was cut"
        )
        assert version(server.port, table) == 1 + SAMPLES  # every tap answered was recorded
    finally:
        server.kill()


def test_a_connection_idle_after_its_answer_is_closed_after_the_keepalive_timeout_and_a_live_stream_is_not(
    tmp_path,
):
    server = Server(tmp_path / "instance", extra_args=("--keepalive-timeout", "2")).start()
    try:
        table = open_table(server.port)
        status, stream = open_stream(server.port, table["token"], "127.0.0.3")
        assert status == 200
        request = f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()
        kept = connect(server.port, "127.0.0.4", request)
        assert read_answer(kept).startswith(b"HTTP/1.1 200")
        answered = time.monotonic()
        while not is_closed(kept) and time.monotonic() - answered < 10:
            time.sleep(0.05)
        lasted = time.monotonic() - answered
        assert 1.8 <= lasted <= 4.5, f"an idle connection was closed after {lasted:.1f} s; the timeout is 2 s"
        assert not is_closed(stream), "a live stream is not idle"
        stream.close()
        kept.close()
    finally:
        server.stop()


def test_a_connection_that_keeps_asking_is_not_idle(tmp_path):
    server = Server(tmp_path / "instance", extra_args=("--keepalive-timeout", "2")).start()
    try:
        sock = connect(server.port, "127.0.0.4")
        for _ in range(8):  # 4 s of requests on one connection, each after a pause shorter than the timeout
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
            assert read_answer(sock).startswith(b"HTTP/1.1 200")
            time.sleep(0.5)
        sock.close()
        assert call(server.port, "GET", "/healthz", source="127.0.0.4")[0] == 200
    finally:
        server.stop()
