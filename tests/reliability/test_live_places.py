"""Live-stream places are given back on every path, one address cannot hold them all (issue 18, item 2), and a
handful of addresses cannot keep a phone out (issue 46, item 6)."""

from __future__ import annotations

import time

from companion.live.hub import LivePlaces
from companion.testing.loopback_clients import ATTACKER, HONEST, addresses, call, open_stream, open_table
from companion.testing.real_server import Server


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


def test_a_full_house_gives_the_oldest_place_of_the_fullest_address_to_one_with_fewer():
    places = LivePlaces()
    flood = [places.take(4, client, per_client=4) for client in ("a", "a", "a", "b")]
    assert places.take(4, "c", per_client=4) is not None and flood[0].ended.is_set()  # "a" held the most, 3
    assert not any(place.ended.is_set() for place in flood[1:]) and places.taken() == 4
    assert places.take(4, "d", per_client=4) is not None and flood[1].ended.is_set()  # "a" held 2, "d" none
    assert places.take(4, "e", per_client=4) is None  # everyone holds one or two: taking over would go round
    flood[0].give_back()  # the stream taken over ends: its place was already given, nothing more is
    assert places.taken() == 4


def test_thirty_addresses_with_ten_streams_each_cannot_keep_a_phone_out(tmp_path):
    server = started(tmp_path, "--max-live", "96")
    held = []
    try:
        token = open_table(server.port)["token"]
        for source in addresses(30):
            held += [sock for status, sock in (open_stream(server.port, token, source) for _ in range(10)) if sock]
        assert len(held) >= 96  # every place taken (later addresses took over the fullest ones' oldest)
        status, phone = open_stream(server.port, token, HONEST)
        assert status == 200, "the phone's stream gets in, in place of the fullest address's oldest"
        phone.close()  # the stream ends (the phone's page reconnects, as after its time is up) ...
        deadline = time.monotonic() + 10
        while (status := open_stream(server.port, token, HONEST)[0]) != 200 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert status == 200, "... and comes back"
    finally:
        for sock in held:
            sock.close()
        server.stop()
