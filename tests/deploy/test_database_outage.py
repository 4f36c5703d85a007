"""PostgreSQL stopped for 20 s under a convention behind nginx and started again: both machines serve again by
themselves and every live stream, on either machine, hears the next tap."""

from __future__ import annotations

import time

from companion.testing.convention import start_convention
from companion.testing.loopback_clients import call, open_table, tap, version
from companion.testing.real_server import wait_for
from tests.helpers.live_screens import Screen

OUTAGE_SECONDS = 20


def test_after_the_database_was_away_20_seconds_both_machines_serve_and_every_stream_hears_the_next_tap(
    own_cluster, tmp_path
):
    convention = start_convention(tmp_path, own_cluster.fresh_database())
    proxy, screens = convention.proxy, []
    try:
        table = open_table(proxy.port)
        assert tap(proxy.port, table)[0] == 200
        owner = convention.owner(table["token"])
        other = convention.other(owner)
        screens = [Screen(proxy.port, table["token"]) for _ in range(3)] + [
            Screen(other.port, table["token"])
        ]
        assert all(screen.hears(2, 10.0) for screen in screens)

        own_cluster.halt()
        halted = time.monotonic()
        assert tap(proxy.port, table, timeout=10)[0] == 503  # refused, not lost: nothing was recorded
        time.sleep(max(0.0, OUTAGE_SECONDS - (time.monotonic() - halted)))
        own_cluster.resume()

        for server in convention.servers:  # /healthz writes, so it says when a machine can save again
            assert wait_for(lambda port=server.port: call(port, "GET", "/healthz")[0] == 200, 10.0)
        for port in (proxy.port, other.port):
            status, data, _ = tap(port, table, timeout=10)
            assert status == 200, data
            newest = version(port, table)
            assert all(screen.hears(newest, 5.0) for screen in screens), (
                newest,
                [screen.newest for screen in screens],
            )
        assert newest == 1 + 3
    finally:
        for screen in screens:
            screen.close()
        convention.stop()
