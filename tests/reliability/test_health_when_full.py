"""Issue 30 item 9: /healthz says what taps find. With the disk full, taps answered 503 while /healthz answered 200:
its write was rolled back before it reached a file. The real server, its files limited to their size at the moment
(RLIMIT_FSIZE: a write past it fails as on a full disk), then given room again."""

from __future__ import annotations

import resource
import time

import psutil

from companion.testing.loopback_clients import call, open_table, tap, version

FRAME = 4096 + 24  # one page in SQLite's write-ahead log


def health(port: int) -> int:
    """The status /healthz answers."""
    return call(port, "GET", "/healthz")[0]


def test_healthz_answers_503_while_the_disk_is_full_and_200_once_there_is_room(server):
    table = open_table(server.port)
    assert tap(server.port, table)[0] == 200
    wal = server.instance / "companion.sqlite-wal"
    process = psutil.Process(server.workers()[0])
    process.rlimit(psutil.RLIMIT_FSIZE, (wal.stat().st_size, resource.RLIM_INFINITY))  # the disk is full now
    try:
        known = version(server.port, table)
        assert tap(server.port, table)[0] == 503
        assert health(server.port) == 503
        time.sleep(1.2)  # longer than a healthy answer may be kept
        assert health(server.port) == 503
        assert version(server.port, table) == known
    finally:
        process.rlimit(psutil.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    assert health(server.port) == 200  # room again: healthy at once
    assert tap(server.port, table)[0] == 200


def test_healthz_polled_in_a_loop_does_not_write_each_time(server):
    wal = server.instance / "companion.sqlite-wal"
    assert health(server.port) == 200
    before, started = wal.stat().st_size, time.monotonic()
    for _ in range(100):
        assert health(server.port) == 200
    seconds = time.monotonic() - started
    assert wal.stat().st_size - before <= (seconds + 1) * 4 * FRAME  # a write a second at most, never one a call
