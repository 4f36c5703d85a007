"""Phones through nginx at two machines on one PostgreSQL: a tap taken by one machine reaches the live streams held
by the other within a second, with the table routed to one machine and with nginx taking turns."""

from __future__ import annotations

from companion.testing.loopback_clients import open_table, tap, version
from companion.testing.real_server import wait_for
from tests.helpers.live_screens import Screen

HEARD_SECONDS = 1.0


def live_routes(convention, token: str) -> list[int]:
    """The machine each finished live stream of the table was held on (nginx logs a stream when it ends)."""
    return [
        tried[-1]
        for method, uri, _status, tried in convention.proxy.routes()
        if method == "GET" and uri == f"/t/{token}/live" and tried
    ]


def test_a_table_is_routed_to_one_machine_and_a_tap_on_the_other_reaches_its_screens(convention):
    proxy = convention.proxy
    table = open_table(proxy.port)
    token = table["token"]
    assert version(proxy.port, table) == 1
    owner = convention.owner(token)
    other = convention.other(owner)
    screens = [Screen(proxy.port, token) for _ in range(3)] + [Screen(other.port, token)]
    try:
        assert all(screen.hears(1, 10.0) for screen in screens)
        # The other machine directly (as a phone whose tap nginx sent there while the owner was away), then nginx.
        for port in (other.port, proxy.port, other.port):
            status, data, _ = tap(port, table)
            assert status == 200, data
            newest = version(owner.port, table)
            assert all(screen.hears(newest, HEARD_SECONDS) for screen in screens), (
                newest,
                [screen.newest for screen in screens],
            )
    finally:
        for screen in screens:
            screen.close()
    assert convention.owner(token) is owner  # every request through nginx went to the table's machine
    assert wait_for_streams_logged(convention, token, 3) == {owner.port}


def test_with_routing_off_taps_and_streams_land_on_both_machines_and_every_screen_hears_every_tap(
    round_robin,
):
    proxy = round_robin.proxy
    table = open_table(proxy.port)
    token = table["token"]
    screens = [Screen(proxy.port, token) for _ in range(4)]
    try:
        assert all(screen.hears(1, 10.0) for screen in screens)
        for _ in range(4):
            status, data, _ = tap(proxy.port, table)
            assert status == 200, data
            newest = version(round_robin.servers[0].port, table)
            assert all(screen.hears(newest, HEARD_SECONDS) for screen in screens), (
                newest,
                [screen.newest for screen in screens],
            )
    finally:
        for screen in screens:
            screen.close()
    ports = {server.port for server in round_robin.servers}
    assert wait_for_streams_logged(round_robin, token, 4) == ports  # logged after the taps were
    taps = {
        tried[-1]
        for method, uri, _status, tried in proxy.routes()
        if method == "POST" and uri.endswith("/actions")
    }
    assert taps == ports, taps


def wait_for_streams_logged(convention, token: str, count: int) -> set[int]:
    """The machines that held the table's streams, once nginx has logged `count` of them as ended."""
    assert wait_for(lambda: len(live_routes(convention, token)) >= count, 10.0), live_routes(
        convention, token
    )
    return set(live_routes(convention, token))
