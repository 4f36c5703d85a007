"""Live-stream places are given back on every path, and one address cannot hold them all (issue 18, item 2)."""

from __future__ import annotations

import time

from tests.helpers.loopback_clients import ATTACKER, HONEST, call, open_stream, open_table
from tests.helpers.real_server import Server


def started(tmp_path, *args: str) -> Server:
    """The real server with some options."""
    return Server(tmp_path / "instance", extra_args=args).start()


def test_head_on_a_live_stream_is_refused_and_takes_no_place(tmp_path):
    server = started(tmp_path, "--max-live", "3")
    try:
        token = open_table(server.port)["token"]
        for _ in range(6):
            status, _, _ = call(server.port, "HEAD", f"/t/{token}/live")
            assert status == 405
        status, stream = open_stream(server.port, token, HONEST)
        assert status == 200, "a phone still gets a live stream after six HEAD requests"
        stream.close()
    finally:
        server.stop()


def test_a_phone_that_goes_away_gives_its_place_back_within_five_seconds(tmp_path):
    server = started(tmp_path, "--max-live", "2")
    try:
        token = open_table(server.port)["token"]
        streams = [open_stream(server.port, token, source) for source in ("127.0.0.3", "127.0.0.4")]
        assert [status for status, _ in streams] == [200, 200]
        assert open_stream(server.port, token, "127.0.0.5")[0] == 503  # all places taken
        for _, sock in streams:
            sock.close()  # the phones leave without a word (15 s before the next heartbeat)
        gone = time.monotonic()
        while time.monotonic() - gone < 10:
            status, stream = open_stream(server.port, token, "127.0.0.5")
            if status == 200:
                stream.close()
                break
            time.sleep(0.2)
        waited = time.monotonic() - gone
        assert status == 200 and waited <= 5.0, f"a place came free after {waited:.1f} s"
    finally:
        server.stop()


def test_one_address_holds_at_most_its_share_of_live_places(tmp_path):
    server = started(tmp_path, "--max-live", "6", "--max-live-per-client", "2")
    try:
        token = open_table(server.port)["token"]
        mine = [open_stream(server.port, token, ATTACKER) for _ in range(3)]
        assert [status for status, _ in mine] == [200, 200, 503]
        status, other = open_stream(server.port, token, HONEST)
        assert status == 200
        for sock in [other] + [sock for _, sock in mine if sock]:
            sock.close()
    finally:
        server.stop()
