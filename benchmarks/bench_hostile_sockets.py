"""Benchmark: what a phone waits for while hostile sockets fill the server (issue 30, items 1 to 3).

Usage: python -m benchmarks.bench_hostile_sockets [--code PATH] [--samples N] [--workers 1,2]

Starts `python -m companion serve` on 127.0.0.1 (from the checkout at PATH if given, e.g. an older commit, else
this one) with its default limits, once for each worker count, and under each load times a phone from another
loopback address: /healthz on a new connection, a tap, the tap's version arriving on the phone's live stream, and
opening that stream. Loads: none; idle keep-alive sockets (200 from 8 addresses per worker, each asked /healthz
once and then stays silent); dripping sockets (480 from 40 addresses, a header line a second); and, with two
workers, 1,200 connections from one address naming one table (the most the workers held at once, the table's taps).
Anything not answered within 3 s counts as 3 s or more (">3000"). Everything talks to 127.0.0.1 only.
Output: one markdown table.
"""

from __future__ import annotations

import argparse
import math
import os
import time

import psutil

from benchmarks.measure import Served, new_table, percentile, served, slack_tap
from companion.testing.loopback_clients import ATTACKER, LOADS, Phone, connect

SHOWN = ("healthz", "tap", "live update", "stream opened")


def ms(seconds: list[float], p: int) -> str:
    """The p-th percentile in milliseconds, or >3000 where it falls among what was not answered in time (inf)."""
    value = percentile(seconds, p)
    return f"{value * 1000:.0f}" if math.isfinite(value) else ">3000"


def phone_under(server: Served, load: str | None, workers: int, samples: int) -> dict[str, list[float]]:
    """The phone's timings while `load` (a name in LOADS, or None) runs against the server."""
    table = new_table(server.url)
    with Phone(server.port, table) as phone:
        if load is None:
            for _ in range(samples):
                phone.round()
                time.sleep(0.1)
            return phone.timings
        with LOADS[load](server.port, workers) as attack:
            begun = time.monotonic()
            while attack.rounds < 2 and time.monotonic() - begun < 60:  # every socket of the load is open
                time.sleep(0.05)
            for _ in range(samples):
                phone.round()
                time.sleep(0.1)
        return phone.timings


def one_address_flood(server: Served, many: int = 1200) -> tuple[int, list[float]]:
    """The most connections from one address the workers held at once while it opened `many`, each naming one
    table, and the taps on that table from another address meanwhile."""
    table = new_table(server.url)
    line = f"GET /t/{table['token']}/version HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n".encode()
    started = time.monotonic()
    held = [sock for sock in (connect(server.port, ATTACKER, line) for _ in range(many)) if sock is not None]
    most, taps = 0, []
    try:
        while time.monotonic() - started < 4:
            now = sum(
                1
                for pid in server.workers()
                for s in psutil.Process(pid).net_connections("tcp")
                if s.raddr and s.raddr.ip == ATTACKER
            )
            most = max(most, now)
            status, _, seconds = slack_tap(server.url, table, 1 - 2 * (len(taps) % 2), timeout=3)
            taps.append(seconds if status == 200 else math.inf)
    finally:
        for sock in held:
            sock.close()
    return most, taps


def main() -> None:
    """Run every load under each worker count and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", help="a checkout whose companion package the server runs")
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--workers", default="1,2", help="worker counts to run, comma-separated")
    options = parser.parse_args()
    if options.code:
        # `python -m companion` finds the companion package of its working folder first.
        os.chdir(options.code)
    print("| workers | load | " + " | ".join(f"{kind} p50 / p95 ms" for kind in SHOWN) + " |")
    print("| --- | --- |" + " --- |" * len(SHOWN))
    for workers in (int(count) for count in options.workers.split(",")):
        for load in (None, *LOADS):
            with served(workers=workers) as server:
                timings = phone_under(server, load, workers, options.samples)
            cells = " | ".join(f"{ms(timings[kind], 50)} / {ms(timings[kind], 95)}" for kind in SHOWN)
            print(f"| {workers} | {load or 'none'} | {cells} |", flush=True)
        if workers > 1:
            with served(workers=workers) as server:
                most, taps = one_address_flood(server)
            print(
                f"| {workers} | 1,200 from one address naming one table: at most {most} held at once | — | "
                f"{ms(taps, 50)} / {ms(taps, 95)} | — | — |",
                flush=True,
            )


if __name__ == "__main__":
    main()
